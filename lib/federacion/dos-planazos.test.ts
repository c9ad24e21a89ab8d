import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { planPath } from "@/lib/plans/plan";
import { startAppServer, type AppServer } from "@/test-support/app-server";
import { createScratchDatabase, query } from "@/test-support/database";
import { insertPlan, insertUser } from "@/test-support/plans";
import { call, confirmedUser } from "@/test-support/users";
import { appUrl, worker } from "@/test-support/worker";

const AP = "application/activity+json";
const db = () => process.env.DATABASE_URL!;

interface Recibida {
  tipo: string;
  actor: string;
  objeto: string | null;
  actividad: Record<string, unknown> & { object: Record<string, unknown> | string };
}

/** Until `cumple` answers something (activities go through both queues), for at most 15 s. */
async function hasta<T>(cumple: () => Promise<T | undefined>): Promise<T> {
  const limite = Date.now() + 15_000;
  for (;;) {
    const valor = await cumple();
    if (valor !== undefined || Date.now() > limite) return valor as T;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Two Planazos on this machine: the worker's app (host2, where plans are published) and another
 * with a database of its own (host1), whose site follows host2's town, organization and
 * instance actor from its back-office.
 */
describe("two Planazos on the fediverse", () => {
  let host1: AppServer;
  let db1: Awaited<ReturnType<typeof createScratchDatabase>>;
  let admin1: { token: string; cookie: string };

  beforeAll(async () => {
    db1 = await createScratchDatabase({ template: inject("templateDatabaseUrl") });
    host1 = await startAppServer({
      ...worker().appEnv,
      DATABASE_URL: db1.url,
      STORAGE_DIR: mkdtempSync(path.join(tmpdir(), "planazo-host1-")),
    });
    const admin = await confirmedUser("Admin Host1", host1.url, db1.url);
    await query(db1.url, "UPDATE usuario SET rol = 'admin' WHERE id = $1", [admin.id]);
    const login = await call("POST", "/api/usuario/login", {
      base: host1.url,
      body: { correo: admin.correo, password: admin.password },
    });
    admin1 = { token: admin.token, cookie: login.setCookie.map((c) => c.split(";")[0]).join("; ") };
  }, 60_000);
  afterAll(async () => {
    await host1?.stop();
    await query(db(), "DELETE FROM federacion_seguidor WHERE dominio = '127.0.0.1'");
    await db1?.drop();
  });

  const recibidas = (tipo: string) =>
    query<Recibida>(db1.url, "SELECT tipo, actor, objeto, actividad FROM federacion_recibida WHERE tipo = $1", [tipo]);

  it("follows a town, an organization and the instance actor by WebFinger, and gets their plans' Create, Announce, Update and Delete, signed", async () => {
    const host2 = new URL(appUrl()).host;
    const usuarioId = await insertUser();
    const nombre = `Peña El Chorro ${randomUUID().slice(0, 6)}`;
    const [{ id: org }] = await query<{ id: string }>(
      db(),
      "INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ($1, 'Plaza Mayor, 1', 'chorro@example.com', $2) RETURNING id",
      [nombre, usuarioId],
    );
    const handleOrg = nombre.toLowerCase().replace("ñ", "n").replaceAll(" ", "-");

    const noExiste = await call("POST", "/api/gestion/federacion/seguir", {
      base: host1.url,
      token: admin1.token,
      body: { cuenta: `@nadie-de-nada@${host2}` },
    });
    expect(noExiste.status).toBe(422);
    for (const cuenta of [`@vinuesa@${host2}`, `@${handleOrg}@${host2}`, `@relay@${host2}`]) {
      const r = await call("POST", "/api/gestion/federacion/seguir", {
        base: host1.url,
        token: admin1.token,
        body: { cuenta },
      });
      expect([cuenta, r.status]).toEqual([cuenta, 200]);
    }
    const aceptadas = await hasta(async () => {
      const filas = await query<{ actor: string }>(
        db1.url,
        "SELECT actor FROM federacion_seguido WHERE aceptado IS NOT NULL ORDER BY actor",
      );
      return filas.length === 3 ? filas.map((f) => f.actor) : undefined;
    });
    expect(aceptadas).toEqual(
      [`${appUrl()}/ap/municipios/42215`, `${appUrl()}/ap/organizaciones/${org}`, `${appUrl()}/ap/sitio`].sort(),
    );

    // host2 publishes a plan of the organization in Vinuesa.
    const id = await insertPlan({
      usuarioId,
      origin: { lat: 41.912, lng: -2.759 },
      titulo: "Verbena de la peña",
      municipio: "Vinuesa",
      municipioIne: "42215",
      organizacionId: org,
      categorias: ["Fiesta"],
    });
    const objeto = `${appUrl()}/ap/planes/${id}`;
    const creada = await hasta(async () => (await recibidas("Create")).find((r) => r.objeto === objeto));
    expect(creada.actor).toBe(`${appUrl()}/ap/organizaciones/${org}`);
    expect(creada.actividad.object).toMatchObject({
      id: objeto,
      type: "Event",
      name: "Verbena de la peña",
      attributedTo: `${appUrl()}/ap/organizaciones/${org}`,
      url: `${appUrl()}${planPath("Verbena de la peña", id)}`,
      location: { type: "Place", latitude: expect.closeTo(41.912, 1), longitude: expect.closeTo(-2.759, 1) },
      tag: [expect.objectContaining({ name: "#Vinuesa" }), expect.objectContaining({ name: "#Soria" })],
    });
    const evento = creada.actividad.object as Record<string, string>;
    expect(evento.summary).toMatch(/^\p{Lu}\p{Ll}{2} \d{1,2} \p{Ll}{3} · \d\d:\d\d · Plaza Mayor, 1, Vinuesa$/u);
    expect(evento.startTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The town and the instance actor (which Mobilizon lists remote events by) announce it.
    const anuncios = await hasta(async () => {
      const filas = (await recibidas("Announce")).filter((r) => r.objeto === objeto).map((r) => r.actor);
      return filas.length === 2 ? filas.sort() : undefined;
    });
    expect(anuncios).toEqual([`${appUrl()}/ap/municipios/42215`, `${appUrl()}/ap/sitio`]);

    await query(db(), "UPDATE plan SET titulo = 'Verbena de la peña, con orquesta' WHERE id = $1", [id]);
    const cambiada = await hasta(async () =>
      (await recibidas("Update")).find(
        (r) => r.objeto === objeto && (r.actividad.object as { name?: string }).name !== "Verbena de la peña",
      ),
    );
    expect(cambiada.actividad.object).toMatchObject({ id: objeto, name: "Verbena de la peña, con orquesta" });

    await query(db(), "DELETE FROM plan WHERE id = $1", [id]);
    const borrada = await hasta(async () => (await recibidas("Delete")).find((r) => r.objeto === objeto));
    expect(borrada.actor).toBe(`${appUrl()}/ap/organizaciones/${org}`);
    // Each came once, though host1 follows three of host2's actors (one shared inbox).
    const conNombreNuevo = (await recibidas("Update")).filter(
      (r) =>
        r.objeto === objeto && (r.actividad.object as { name?: string }).name === "Verbena de la peña, con orquesta",
    );
    expect(conNombreNuevo).toHaveLength(1);
    expect(await query(db(), "SELECT 1 FROM federacion_plan_enviado WHERE plan_id = $1", [id])).toEqual([]);

    // host1's back-office shows what it follows and what came.
    const pagina = await fetch(`${host1.url}/gestion/federacion`, { headers: { cookie: admin1.cookie } });
    const html = (await pagina.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`@${handleOrg}@${host2}`);
    expect(html).toContain("Cambiado: Verbena de la peña, con orquesta");
    expect(html).toContain("Borrado: Verbena de la peña, con orquesta");

    // host1's inbox takes only signed activities.
    const sinFirma = await fetch(`${host1.url}/ap/bandeja`, {
      method: "POST",
      headers: { "content-type": AP },
      body: JSON.stringify({ ...creada.actividad, id: `${creada.actividad.id}-copia` }),
    });
    expect(sinFirma.status).toBe(401);
  });
});
