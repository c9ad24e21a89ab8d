import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { diaEnMadrid, sumarDias } from "@/lib/dates";
import { ESPERA_CARTEL } from "@/lib/fuentes/carteles";
import { mensajes } from "@/lib/messages";
import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import { query } from "@/test-support/database";
import { type Persona, persona } from "@/test-support/gestion";
import { databaseFingerprint } from "@/test-support/snapshot";
import { call, confirmedUser, type TestUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const NO_EXISTE = "00000000-0000-4000-8000-000000000000";
const SITIO_AJENO = "https://sitio-malicioso.example";
const IGNORAR = ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"];

function local(dias: number, hora: string): string {
  const d = sumarDias(diaEnMadrid(), dias);
  return `${d.year}${String(d.month).padStart(2, "0")}${String(d.day).padStart(2, "0")}T${hora}00`;
}

const ICS = (prefijo: string) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Asociación Cultural//Agenda//ES",
    `X-WR-CALNAME:Agenda ${prefijo}`,
    ...[3, 10].flatMap((n) => [
      "BEGIN:VEVENT",
      `UID:${prefijo}-${n}@asociacion.example`,
      "DTSTAMP:20261101T090000Z",
      `DTSTART;TZID=Europe/Madrid:${local(n, "1800")}`,
      `DTEND;TZID=Europe/Madrid:${local(n, "2000")}`,
      `SUMMARY:${prefijo} ${n}`,
      "LOCATION:Plaza Mayor\\, Sigüenza (Guadalajara)",
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ].join("\r\n");

const PAGINA_JSONLD = `<!doctype html><html><head><title>Agenda</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Event","name":"Feria medieval",
"startDate":"2027-06-12T11:00:00+02:00","endDate":"2027-06-12T20:00:00+02:00",
"location":{"@type":"Place","name":"Casco histórico","address":{"@type":"PostalAddress","addressLocality":"Sigüenza","addressRegion":"Guadalajara"}}}</script>
</head><body></body></html>`;

let servidor: http.Server;
let base: string;
const rutas: Record<string, { tipo: string; cuerpo: string }> = {};

/** Waits until the source's first sync (run after the answer that created it) has finished. */
async function sincronizada(id: string, cookie: string): Promise<Record<string, unknown>> {
  // A deadline, not a sleep: on two busy cores the sync after the answer may take seconds.
  for (const hasta = Date.now() + 20_000; Date.now() < hasta;) {
    const r = await call("GET", `/api/gestion/fuentes/${id}`, { cookie });
    if (r.body.resultado && !r.body.sincronizando) return r.body;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("la primera sincronización no terminó");
}

describe("sources in the back-office and for organizations", () => {
  let usuaria: Persona;
  let moderadora: Persona;
  let duena: TestUser;
  let otra: TestUser;
  let organizacion: string;
  let fuenteId: string;

  beforeAll(async () => {
    servidor = http.createServer((req, res) => {
      const r = rutas[req.url ?? ""];
      if (!r) return void res.writeHead(404).end();
      res.writeHead(200, { "Content-Type": r.tipo }).end(r.cuerpo);
    });
    await new Promise<void>((ok) => servidor.listen(0, "127.0.0.1", ok));
    base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
    for (const n of ["equipo", "org1", "org2", "org3", "org4"])
      rutas[`/${n}.ics`] = { tipo: "text/calendar", cuerpo: ICS(`Taller ${n}`) };
    rutas["/agenda.html"] = { tipo: "text/html; charset=utf-8", cuerpo: PAGINA_JSONLD };
    rutas["/texto"] = { tipo: "text/plain", cuerpo: "Hola" };
    [usuaria, moderadora, duena, otra] = await Promise.all([
      persona("Usuaria Fuentes", "usuario"),
      persona("Moderadora Fuentes", "moderador"),
      confirmedUser("Dueña de asociación"),
      confirmedUser("Otra persona"),
    ]);
    [{ id: organizacion }] = await query<{ id: string }>(
      db(),
      `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id)
       VALUES ('Asociación Cultural Seguntina', 'Plaza Mayor 1, Sigüenza', 'asoc@example.com', $1) RETURNING id`,
      [duena.id],
    );
  });

  afterAll(async () => {
    await new Promise((ok) => servidor.close(ok));
  });

  it("adds a source for the team, detecting its kind from the answer, and syncs it: its plans belong to Agenda Planazo", async () => {
    const r = await call("POST", "/api/gestion/fuentes", {
      cookie: moderadora.cookie,
      body: { url: `${base}/equipo.ics`, categorias: "Cultura,Taller", publicacion: "directa" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.mensaje).toBe(mensajesFuentes.fuenteCreada);
    const fuente = r.body.fuente as Record<string, unknown>;
    // Its first sync holds it from the answer on: its screens say it is syncing.
    expect(fuente).toMatchObject({
      url: `${base}/equipo.ics`,
      tipo: "ics",
      nombre: "Agenda Taller equipo",
      sincronizando: true,
    });
    fuenteId = fuente._id as string;
    expect(await sincronizada(fuenteId, moderadora.cookie)).toMatchObject({ resultado: { creados: 2 } });
    const planes = await query<{ usuario_id: string; categorias: string[]; municipio: string }>(
      db(),
      "SELECT usuario_id, categorias::text[] AS categorias, municipio FROM plan WHERE fuente_id = $1",
      [fuenteId],
    );
    expect(planes).toEqual([
      { usuario_id: "agenda-planazo", categorias: ["Cultura", "Taller"], municipio: "Sigüenza" },
      { usuario_id: "agenda-planazo", categorias: ["Cultura", "Taller"], municipio: "Sigüenza" },
    ]);

    const s = await call("POST", `/api/gestion/fuentes/${fuenteId}/sincronizar`, { token: moderadora.token });
    expect(s.status).toBe(200);
    expect(s.body).toEqual({
      creados: 0,
      actualizados: 0,
      retirados: 0,
      sinCambios: 2,
      descartados: [],
      leidos: 2,
      vinculados: 0,
      items: { nuevos: 0, cambiados: 0, sinCambios: 2, pasados: 0, descartados: 0 },
    });
    const lista = await call("GET", "/api/gestion/fuentes", { token: moderadora.token });
    expect((lista.body as unknown as { _id: string; planes: number }[]).find((f) => f._id === fuenteId)).toMatchObject({
      planes: 2,
    });
    const acciones = await query<{ accion: string }>(
      db(),
      "SELECT accion FROM auditoria WHERE objeto_id = $1 ORDER BY creado_en, id",
      [fuenteId],
    );
    expect(acciones.map((a) => a.accion)).toEqual(["crear_fuente", "sincronizar_fuente"]);
  });

  it("holds the plans of a 'revision' source in the review queue until a moderator publishes or discards each", async () => {
    rutas["/revision.ics"] = { tipo: "text/calendar", cuerpo: ICS("Revisión") };
    const r = await call("POST", "/api/gestion/fuentes", {
      cookie: moderadora.cookie,
      body: { url: `${base}/revision.ics`, publicacion: "revision", nombre: "Agenda por revisar" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = (r.body.fuente as { _id: string })._id;
    expect(await sincronizada(id, moderadora.cookie)).toMatchObject({ resultado: { creados: 2 }, pendientes: 2 });
    const planes = await query<{ id: string; visible: boolean }>(
      db(),
      "SELECT id, visible FROM plan WHERE fuente_id = $1 ORDER BY fecha_inicio",
      [id],
    );
    expect(planes.map((p) => p.visible)).toEqual([false, false]);
    const publicar = await call("POST", `/api/gestion/fuentes/revision/${planes[0].id}`, {
      cookie: moderadora.cookie,
      body: { publicar: true },
    });
    expect([publicar.status, publicar.body.mensaje]).toEqual([200, mensajesFuentes.planPublicadoDesdeRevision]);
    const descartar = await call("POST", `/api/gestion/fuentes/revision/${planes[1].id}`, {
      cookie: moderadora.cookie,
      body: { publicar: false },
    });
    expect([descartar.status, descartar.body.mensaje]).toEqual([200, mensajesFuentes.planDescartadoDeRevision]);
    const despues = await query<{ visible: boolean }>(
      db(),
      "SELECT visible FROM plan WHERE fuente_id = $1 ORDER BY fecha_inicio",
      [id],
    );
    expect(despues.map((p) => p.visible)).toEqual([true, false]);
    expect((await call("GET", `/api/gestion/fuentes/${id}`, { cookie: moderadora.cookie })).body.pendientes).toBe(0);
    // A later sync neither publishes the discarded one nor hides the published one.
    await call("POST", `/api/gestion/fuentes/${id}/sincronizar`, { cookie: moderadora.cookie });
    const otra = await query<{ visible: boolean }>(
      db(),
      "SELECT visible FROM plan WHERE fuente_id = $1 ORDER BY fecha_inicio",
      [id],
    );
    expect(otra.map((p) => p.visible)).toEqual([true, false]);
    const acciones = await query<{ accion: string }>(
      db(),
      "SELECT accion FROM auditoria WHERE objeto_id = ANY($1::text[]) ORDER BY creado_en, id",
      [planes.map((p) => p.id)],
    );
    expect(acciones.map((a) => a.accion)).toEqual(["publicar_importado", "descartar_importado"]);
  });

  it("says in Spanish why a URL is refused or not a source, and adds nothing", async () => {
    const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
    const casos: [string, number, string | RegExp][] = [
      ["ftp://agenda.example/eventos.ics", 400, mensajesFuentes.urlNoValida],
      ["no es una dirección", 400, mensajesFuentes.urlNoValida],
      [`http://[::1]:${new URL(base).port}/equipo.ics`, 400, /red privada o local/],
      [`http://0.0.0.0:${new URL(base).port}/equipo.ics`, 400, /red privada o local/],
      [`${base}/texto`, 422, mensajesFuentes.formatoNoReconocido],
      [`${base}/equipo.ics`, 409, mensajesFuentes.fuenteRepetida],
    ];
    for (const [url, status, mensaje] of casos) {
      const r = await call("POST", "/api/gestion/fuentes", { cookie: moderadora.cookie, body: { url } });
      expect([url, r.status]).toEqual([url, status]);
      expect(r.body.mensaje).toMatch(mensaje);
    }
    expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
  });

  it("refuses every team call to the wrong person with the right status, and changes nothing", async () => {
    const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
    const llamadas: [string, string, object | undefined][] = [
      ["GET", "/api/gestion/fuentes", undefined],
      ["POST", "/api/gestion/fuentes", { url: `${base}/org4.ics` }],
      ["GET", `/api/gestion/fuentes/${fuenteId}`, undefined],
      ["DELETE", `/api/gestion/fuentes/${fuenteId}`, undefined],
      ["POST", `/api/gestion/fuentes/${fuenteId}/sincronizar`, undefined],
      ["POST", `/api/gestion/fuentes/${fuenteId}/pausar`, undefined],
      ["POST", `/api/gestion/fuentes/${fuenteId}/reanudar`, undefined],
      ["POST", `/api/gestion/fuentes/revision/${NO_EXISTE}`, { publicar: true }],
    ];
    for (const [metodo, ruta, body] of llamadas) {
      const anonima = await call(metodo, ruta, { body });
      expect([metodo, ruta, anonima.status, anonima.body.mensaje]).toEqual([
        metodo,
        ruta,
        401,
        mensajes.loginNecesario,
      ]);
      const simple = await call(metodo, ruta, { body, token: usuaria.token });
      expect([metodo, ruta, simple.status]).toEqual([metodo, ruta, 404]);
      if (metodo !== "GET") {
        const ajena = await call(metodo, ruta, { body, cookie: moderadora.cookie, origin: SITIO_AJENO });
        expect([metodo, ruta, ajena.status, ajena.body.mensaje]).toEqual([
          metodo,
          ruta,
          403,
          mensajes.origenNoPermitido,
        ]);
      }
    }
    expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
  });

  it("lets an organization's owner connect up to 3 iCalendar feeds, only iCalendar, and see and disconnect them", async () => {
    const ruta = `/api/organizaciones/${organizacion}/fuentes`;
    const conectar = (n: string) => call("POST", ruta, { token: duena.token, body: { url: `${base}/${n}` } });
    const jsonld = await conectar("agenda.html");
    expect([jsonld.status, jsonld.body.mensaje]).toEqual([422, mensajesFuentes.soloIcsOrganizacion]);
    const ids: string[] = [];
    for (const n of ["org1.ics", "org2.ics", "org3.ics"]) {
      const r = await conectar(n);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.fuente).toMatchObject({
        tipo: "ics",
        publicacion: "directa",
        organizacion: { _id: organizacion },
        sincronizando: true,
      });
      ids.push((r.body.fuente as { _id: string })._id);
    }
    const cuarta = await conectar("org4.ics");
    expect([cuarta.status, cuarta.body.mensaje]).toEqual([409, mensajesFuentes.maxFuentesOrganizacion]);

    const lista = await call("GET", ruta, { token: duena.token });
    expect((lista.body as unknown as { _id: string }[]).map((f) => f._id).sort()).toEqual([...ids].sort());
    for (const id of ids) await sincronizada(id, moderadora.cookie);
    const [{ n }] = await query<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM plan WHERE fuente_id = $1 AND usuario_id = $2 AND organizacion_id = $3 AND visible",
      [ids[0], duena.id, organizacion],
    );
    expect(n).toBe(2);

    const borrada = await call("DELETE", `${ruta}/${ids[0]}`, { token: duena.token });
    expect([borrada.status, borrada.body.mensaje]).toEqual([200, mensajesFuentes.fuenteEliminada]);
    const ocultos = await query<{ visible: boolean }>(db(), "SELECT visible FROM plan WHERE fuente_id = $1", [ids[0]]);
    expect(ocultos).toEqual([{ visible: false }, { visible: false }]);
    expect((await call("GET", ruta, { token: duena.token })).body).toHaveLength(2);
  });

  it("keeps a Google calendar's embed or share link as the calendar's iCalendar address", async () => {
    const [{ id: pena }] = await query<{ id: string }>(
      db(),
      `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id)
       VALUES ('Peña La Alameda', 'Calle Mayor 3, Sigüenza', 'pena@example.com', $1) RETURNING id`,
      [duena.id],
    );
    const ruta = `/api/organizaciones/${pena}/fuentes`;
    const id = "c_5d2a8f0e4b7c13a9e6f1d0b8c2a4e7f9@group.calendar.google.com";
    // Its Google calendar is connected already: paused, so that no sync (nor the cron's) ever fetches it.
    await query(
      db(),
      `INSERT INTO fuente (nombre, url, tipo, usuario_id, organizacion_id, pausada)
       VALUES ('Fiestas de la peña', $1, 'ics', $2, $3, true)`,
      [`https://calendar.google.com/calendar/ical/${encodeURIComponent(id)}/public/basic.ics`, duena.id, pena],
    );
    // The embed link of its website names that calendar: a repeat, refused before anything is
    // fetched, so nothing here asks calendar.google.com.
    const embed = `https://calendar.google.com/calendar/embed?height=600&wkst=2&ctz=Europe%2FMadrid&src=${encodeURIComponent(id)}&src=ZXMuc3BhaW4jaG9saWRheUBncm91cC52Mi5jYWxlbmRhci5nb29nbGUuY29t&color=%23039BE5`;
    const repetida = await call("POST", ruta, { token: duena.token, body: { url: embed } });
    expect([repetida.status, repetida.body.mensaje]).toEqual([409, mensajesFuentes.fuenteRepetida]);

    // A site's "add to Google Calendar" link names a feed served here: that feed's address is
    // what is fetched, stored and answered.
    rutas["/pena.ics"] = { tipo: "text/calendar", cuerpo: ICS("Peña") };
    const boton = `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(`${base}/pena.ics`)}`;
    const r = await call("POST", ruta, { token: duena.token, body: { url: boton } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.fuente).toMatchObject({ url: `${base}/pena.ics`, nombre: "Agenda Peña" });
    const nueva = (r.body.fuente as { _id: string })._id;
    const guardada = await query<{ url: string }>(db(), "SELECT url FROM fuente WHERE id = $1", [nueva]);
    expect(guardada).toEqual([{ url: `${base}/pena.ics` }]);
    expect(await sincronizada(nueva, moderadora.cookie)).toMatchObject({ resultado: { creados: 2 } });
  });

  it("keeps an organization's sources to its owner: 401 anonymous, 404 to anyone else, 403 from another site; nothing changes", async () => {
    const ruta = `/api/organizaciones/${organizacion}/fuentes`;
    const [{ id: deLaOrg }] = await query<{ id: string }>(
      db(),
      "SELECT id FROM fuente WHERE organizacion_id = $1 AND eliminada_en IS NULL LIMIT 1",
      [organizacion],
    );
    const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
    const llamadas: [string, string, object | undefined][] = [
      ["GET", ruta, undefined],
      ["POST", ruta, { url: `${base}/org4.ics` }],
      ["DELETE", `${ruta}/${deLaOrg}`, undefined],
      // The team's source through this organization's path: not this organization's.
      ["DELETE", `${ruta}/${fuenteId}`, undefined],
    ];
    for (const [metodo, r, body] of llamadas) {
      expect([metodo, r, (await call(metodo, r, { body })).status]).toEqual([metodo, r, 401]);
      expect([metodo, r, (await call(metodo, r, { body, token: otra.token })).status]).toEqual([metodo, r, 404]);
      const ajena = await call(metodo, r, { body, cookie: moderadora.cookie, origin: SITIO_AJENO });
      if (metodo !== "GET") expect([metodo, r, ajena.status]).toEqual([metodo, r, 403]);
    }
    const mia = await call("DELETE", `${ruta}/${fuenteId}`, { token: duena.token });
    expect(mia.status).toBe(404);
    expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
  });

  it("deletes a team source: its plans are hidden, not deleted, and the action is logged", async () => {
    const r = await call("DELETE", `/api/gestion/fuentes/${fuenteId}`, { cookie: moderadora.cookie });
    expect([r.status, r.body.mensaje]).toEqual([200, mensajesFuentes.fuenteEliminada]);
    const planes = await query<{ visible: boolean }>(db(), "SELECT visible FROM plan WHERE fuente_id = $1", [fuenteId]);
    expect(planes).toEqual([{ visible: false }, { visible: false }]);
    expect((await call("GET", `/api/gestion/fuentes/${fuenteId}`, { cookie: moderadora.cookie })).status).toBe(404);
    const [ultima] = await query<{ accion: string }>(
      db(),
      "SELECT accion FROM auditoria WHERE objeto_id = $1 ORDER BY creado_en DESC, id DESC LIMIT 1",
      [fuenteId],
    );
    expect(ultima.accion).toBe("eliminar_fuente");
  });

  it("syncs the sources that are due from the cron route, with its secret only", async () => {
    const sin = await fetch(`${appUrl()}/api/tareas/fuentes`, { method: "POST" });
    expect(sin.status).toBe(401);
    await query(db(), "UPDATE fuente SET proxima_en = now() - interval '1 minute' WHERE organizacion_id = $1", [
      organizacion,
    ]);
    const res = await fetch(`${appUrl()}/api/tareas/fuentes`, {
      method: "POST",
      headers: { Authorization: `Bearer ${inject("cronSecret")}` },
    });
    expect(res.status).toBe(200);
    const { fuentes } = (await res.json()) as { fuentes: { id: string; resultado: { sinCambios: number } | null }[] };
    const vivas = await query<{ id: string }>(
      db(),
      "SELECT id FROM fuente WHERE organizacion_id = $1 AND eliminada_en IS NULL",
      [organizacion],
    );
    for (const { id } of vivas) expect(fuentes.find((f) => f.id === id)?.resultado).toMatchObject({ sinCambios: 2 });
    // After answering, the route draws the posters imported plans lack (of any source): once it
    // has, none is left waiting, and nothing of it runs on into the next file's checks.
    await expect
      .poll(
        async () =>
          (await query<{ n: number }>(db(), `SELECT count(*)::int AS n FROM plan p WHERE ${ESPERA_CARTEL.text}`))[0].n,
        { timeout: 60_000, interval: 250 },
      )
      .toBe(0);
  });
});
