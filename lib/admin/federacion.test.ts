import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conDatos, mensajes } from "@/lib/messages";
import { mensajesGestion } from "@/lib/mensajes-gestion";
import { mensajesFederacion } from "@/lib/federacion/mensajes";
import { query } from "@/test-support/database";
import { type Persona, comprobarAccesoPaginas, paginaHtml, persona } from "@/test-support/gestion";
import { databaseFingerprint } from "@/test-support/snapshot";
import { call } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
// Towns no other test puts plans near: followers on made-up servers must never be sent to.
const FORMENTERA = "municipios/07024";
const SANTA_EULARIA = "municipios/07054";
const IGNORAR = ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"];

async function seguidor(actor: string, url: string) {
  const dominio = new URL(url).hostname;
  await query(
    db(),
    `INSERT INTO federacion_seguidor (actor, seguidor, bandeja, bandeja_compartida, dominio)
     VALUES ($1, $2, $2 || '/inbox', 'https://' || $3 || '/inbox', $3)`,
    [actor, url, dominio],
  );
}

/** This file's followers of an actor (other files' may be there too): their servers end in `sufijo`.example. */
const seguidoresDe = async (actor: string, sufijo: string) =>
  (
    await query<{ seguidor: string }>(
      db(),
      "SELECT seguidor FROM federacion_seguidor WHERE actor = $1 AND dominio LIKE $2 ORDER BY 1",
      [actor, `%${sufijo}.example`],
    )
  ).map((f) => f.seguidor);

describe("the fediverse in the back-office (/gestion/federacion)", () => {
  let usuaria: Persona;
  let moderadora: Persona;
  let admin: Persona;
  const sufijo = Date.now().toString(36);
  const masto = `masto-${sufijo}.example`;
  const otro = `otro-${sufijo}.example`;

  beforeAll(async () => {
    [usuaria, moderadora, admin] = await Promise.all([
      persona("Usuaria Fediverso", "usuario"),
      persona("Moderadora Fediverso", "moderador"),
      persona("Admin Fediverso", "admin"),
    ]);
    await seguidor(FORMENTERA, `https://${masto}/users/ana`);
    await seguidor(FORMENTERA, `https://social.${masto}/users/blas`);
    await seguidor(SANTA_EULARIA, `https://${masto}/users/ana`);
    await seguidor(FORMENTERA, `https://${otro}/users/carla`);
    await seguidor(SANTA_EULARIA, `https://${otro}/users/dani`);
    await query(
      db(),
      `INSERT INTO federacion_fallo (dominio, bandeja, actividad, error) VALUES ($1, $2, 'Create', 'Failed to send activity (503 Service Unavailable)')`,
      [otro, `https://${otro}/inbox`],
    );
  });

  // Followers on made-up servers must not outlive the file: a plan written near their towns
  // would be sent to them.
  afterAll(async () => {
    await query(db(), "DELETE FROM federacion_seguidor WHERE dominio LIKE $1", [`%${sufijo}.example`]);
    await query(db(), "DELETE FROM federacion_seguido WHERE dominio LIKE $1", [`%${sufijo}.example`]);
  });

  describe("unauthorized access", () => {
    comprobarAccesoPaginas(["/gestion/federacion"], () => ({ usuaria, moderadora }), /Fediverso|Gestión/);

    it("refuses every action to anyone but an admin, with the right status, and changes nothing", async () => {
      const LLAMADAS = [
        { ruta: "/api/gestion/federacion/bloquear", body: { dominio: masto } },
        { ruta: "/api/gestion/federacion/desbloquear", body: { dominio: masto } },
        { ruta: "/api/gestion/federacion/borrar-seguidores", body: { actor: FORMENTERA } },
        { ruta: "/api/gestion/federacion/seguir", body: { cuenta: `@ana@${masto}` } },
        { ruta: "/api/gestion/federacion/dejar-de-seguir", body: { actor: `https://${masto}/users/ana` } },
      ];
      const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
      for (const c of LLAMADAS) {
        const anonima = await call("POST", c.ruta, { body: c.body });
        expect([c.ruta, anonima.status, anonima.body.mensaje]).toEqual([c.ruta, 401, mensajes.loginNecesario]);
        const comun = await call("POST", c.ruta, { body: c.body, token: usuaria.token });
        expect([c.ruta, comun.status, comun.body.mensaje]).toEqual([c.ruta, 404, mensajes.recursoNoEncontrado]);
        const corta = await call("POST", c.ruta, { body: c.body, token: moderadora.token });
        expect([c.ruta, corta.status, corta.body.mensaje]).toEqual([c.ruta, 403, mensajesGestion.soloAdmin]);
      }
      expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
    });
  });

  it("lists followers by server and the week's failures; an admin blocks a server, which drops its follows and refuses its requests", async () => {
    const html = await paginaHtml("/gestion/federacion", admin.cookie);
    expect(html).toContain("Formentera");
    expect(html).toMatch(new RegExp(`<code>${masto}</code></td><td>1</td>`));
    expect(html).toContain("Failed to send activity (503 Service Unavailable)");
    // A moderator reads it, without the actions.
    expect(await paginaHtml("/gestion/federacion", moderadora.cookie)).not.toContain("Borrar sus seguidores");

    const mal = await call("POST", "/api/gestion/federacion/bloquear", {
      body: { dominio: "no es esto" },
      token: admin.token,
    });
    expect([mal.status, mal.body.mensaje]).toEqual([400, mensajesGestion.dominioNoValido]);
    const nada = await call("POST", "/api/gestion/federacion/otra-cosa", { body: {}, token: admin.token });
    expect(nada.status).toBe(404);

    // Accounts the site follows there and elsewhere (rows only: nothing is sent).
    const seguido = (cuenta: string, dominio: string) =>
      query(
        db(),
        `INSERT INTO federacion_seguido (cuenta, actor, dominio, bandeja) VALUES ($1, 'https://' || $2 || '/users/' || $1, $2, 'https://' || $2 || '/inbox')`,
        [cuenta, dominio],
      );
    await seguido(`agenda-${sufijo}`, `eventos.${masto}`);
    await seguido(`otra-${sufijo}`, otro);

    // Written as one of its accounts: the server, and the servers under it, are blocked.
    const bloqueo = await call("POST", "/api/gestion/federacion/bloquear", {
      body: { dominio: `@ana@${masto}` },
      token: admin.token,
    });
    expect([bloqueo.status, bloqueo.body]).toEqual([
      200,
      { mensaje: conDatos(mensajesGestion.bloqueado, { dominio: masto }), cambio: true, dominio: masto },
    ]);
    expect(await seguidoresDe(FORMENTERA, sufijo)).toEqual([`https://${otro}/users/carla`]);
    expect(await seguidoresDe(SANTA_EULARIA, sufijo)).toEqual([`https://${otro}/users/dani`]);
    expect(
      (
        await query<{ cuenta: string }>(db(), "SELECT cuenta FROM federacion_seguido WHERE cuenta LIKE $1 ORDER BY 1", [
          `%-${sufijo}`,
        ])
      ).map((f) => f.cuenta),
    ).toEqual([`otra-${sufijo}`]);
    const otraVez = await call("POST", "/api/gestion/federacion/bloquear", {
      body: { dominio: masto },
      token: admin.token,
    });
    expect([otraVez.body.mensaje, otraVez.body.cambio]).toEqual([
      conDatos(mensajesGestion.yaBloqueado, { dominio: masto }),
      false,
    ]);
    const registro = await query<{ accion: string; actor_correo: string }>(
      db(),
      "SELECT accion, actor_correo FROM auditoria WHERE objeto_tipo = 'servidor' AND objeto_id = $1 ORDER BY creado_en, id",
      [masto],
    );
    expect(registro).toEqual([
      { accion: "bloquear_servidor", actor_correo: admin.correo },
      { accion: "bloquear_servidor", actor_correo: admin.correo },
    ]);

    // Its signed requests are refused before they are read.
    for (const host of [masto, `social.${masto}`]) {
      const res = await fetch(`${appUrl()}/ap/bandeja`, {
        method: "POST",
        headers: {
          "content-type": "application/activity+json",
          signature: `keyId="https://${host}/users/ana#main-key",algorithm="rsa-sha256",headers="(request-target)",signature="x"`,
        },
        body: "{}",
      });
      expect([host, res.status, ((await res.json()) as { mensaje: string }).mensaje]).toEqual([
        host,
        403,
        mensajesFederacion.servidorBloqueado,
      ]);
    }

    const quitado = await call("POST", "/api/gestion/federacion/desbloquear", {
      body: { dominio: masto },
      token: admin.token,
    });
    expect(quitado.body).toEqual({
      mensaje: conDatos(mensajesGestion.desbloqueado, { dominio: masto }),
      cambio: true,
      dominio: masto,
    });
    expect(await query(db(), "SELECT 1 FROM federacion_bloqueo WHERE dominio = $1", [masto])).toEqual([]);
  });

  it("deletes a town's whole follower list in one action, logged with how many went", async () => {
    const r = await call("POST", "/api/gestion/federacion/borrar-seguidores", {
      body: { actor: SANTA_EULARIA },
      token: admin.token,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ cambio: true, borrados: 1 });
    expect(r.body.mensaje).toBe(
      conDatos(mensajesGestion.seguidoresBorrados, { n: "1", actor: "Santa Eulària des Riu" }),
    );
    expect(await seguidoresDe(SANTA_EULARIA, sufijo)).toEqual([]);
    expect(await seguidoresDe(FORMENTERA, sufijo)).toEqual([`https://${otro}/users/carla`]);
    const otraVez = await call("POST", "/api/gestion/federacion/borrar-seguidores", {
      body: { actor: SANTA_EULARIA },
      token: admin.token,
    });
    expect(otraVez.body).toMatchObject({ cambio: false, borrados: 0 });
  });
});
