import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { query } from "@/test-support/database";
import { type Persona, comprobarAccesoPaginas, paginaHtml as pagina, persona } from "@/test-support/gestion";
import { databaseFingerprint } from "@/test-support/snapshot";
import { call } from "@/test-support/users";
import { mensajes } from "@/lib/messages";
import { appUrl } from "@/test-support/worker";
import { mensajesGestion } from "@/lib/mensajes-gestion";

/**
 * The back-office's leads, failed e-mails and the retention job:
 * who may use them, what they do, and that a second run or a second click changes nothing.
 */

const db = () => process.env.DATABASE_URL!;
const NO_EXISTE = "00000000-0000-4000-8000-000000000000";
/** An e-mail whose page the access checks open (its id is known before the test inserts it). */
const CORREO_LEIDO = randomUUID();
const SITIO_AJENO = "https://sitio-malicioso.example";
/** Tables that legitimately move while the refused calls run (rate limits, sessions, deliveries). */
const IGNORAR = ["limite_peticiones", "spatial_ref_sys", "email_outbox", "sesion"];

const auditoria = (objetoId: string) =>
  query<{ accion: string; actor_correo: string; datos: Record<string, unknown> }>(
    db(),
    "SELECT accion, actor_correo, datos FROM auditoria WHERE objeto_id = $1 ORDER BY creado_en, id",
    [objetoId],
  );

const unico = () => Math.random().toString(36).slice(2, 8);

async function nuevoContacto(nombre: string, telefono: string, hace = "1 day"): Promise<string> {
  const [{ id }] = await query<{ id: string }>(
    db(),
    "INSERT INTO solicitud_informacion (nombre, telefono, created_at) VALUES ($1, $2, now() - $3::interval) RETURNING id",
    [nombre, telefono, hace],
  );
  return id;
}

async function correoFallido(asunto: string, texto = "cuerpo"): Promise<string> {
  const [{ id }] = await query<{ id: string }>(
    db(),
    `INSERT INTO email_outbox ("to", subject, text, html, attempts, last_error, next_attempt_at)
     VALUES ($1, $2, $3, $3, 3, 'Resend 503: servicio no disponible', now() + interval '2 hours') RETURNING id`,
    [`${unico()}@example.com`, asunto, texto],
  );
  return id;
}

/** The CSV export as the moderator downloads it: raw bytes, and its rows parsed by a real CSV parser. */
async function exportar(cookie: string, estado?: string) {
  const res = await fetch(`${appUrl()}/api/gestion/contactos.csv${estado ? `?estado=${estado}` : ""}`, {
    headers: { Cookie: cookie },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const texto = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const filas: string[][] = parse(texto, { delimiter: ";", bom: true, relax_column_count: false });
  return { res, bytes, texto, filas };
}

/** dd/MM/yyyy HH:mm in Madrid, worked out with Intl (not with the code under test). */
function enMadrid(instante: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Madrid",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instante)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

describe("leads, failed e-mails and retention in the back-office", () => {
  let usuaria: Persona;
  let moderadora: Persona;
  let otraModeradora: Persona;

  beforeAll(async () => {
    [usuaria, moderadora, otraModeradora] = await Promise.all([
      persona("Usuaria Contactos", "usuario"),
      persona("Moderadora Contactos", "moderador"),
      persona("Otra Moderadora", "moderador"),
    ]);
    await query(
      db(),
      `INSERT INTO email_outbox (id, "to", subject, text, html) VALUES ($1, 'c@example.com', 'Planes del finde', 'x', 'x')`,
      [CORREO_LEIDO],
    );
  });

  describe("unauthorized access", () => {
    comprobarAccesoPaginas(
      [
        "/gestion/contactos",
        "/gestion/contactos?estado=contactados",
        "/gestion/correos",
        "/gestion/correos?estado=fallidos",
        `/gestion/correos/${CORREO_LEIDO}`,
      ],
      () => ({ usuaria, moderadora }),
      /Gestión|Contactos|Correos por estado|Eurona/,
    );

    it("refuses every call to the wrong person with the right status and changes nothing", async () => {
      const contacto = await nuevoContacto("Contacto intocable", "600 111 222");
      const correo = await correoFallido(`Intocable ${unico()}`);
      const CALLS = [
        { metodo: "POST", ruta: `/api/gestion/contactos/${contacto}/contactado` },
        { metodo: "POST", ruta: `/api/gestion/correos/${correo}/reintentar` },
        { metodo: "POST", ruta: "/api/gestion/correos/reintentar" },
        { metodo: "GET", ruta: "/api/gestion/contactos.csv" },
      ];
      const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
      const [correoAntes] = await query(
        db(),
        "SELECT next_attempt_at, attempts, sent_at FROM email_outbox WHERE id = $1",
        [correo],
      );
      for (const c of CALLS) {
        const body = c.metodo === "POST" ? {} : undefined;
        const anonima = await call(c.metodo, c.ruta, { body });
        expect([c.ruta, anonima.status, anonima.body.mensaje]).toEqual([c.ruta, 401, mensajes.loginNecesario]);
        const comun = await call(c.metodo, c.ruta, { body, token: usuaria.token });
        expect([c.ruta, comun.status, comun.body.mensaje]).toEqual([c.ruta, 404, mensajes.recursoNoEncontrado]);
        const ajena = await call(c.metodo, c.ruta, { body, cookie: moderadora.cookie, origin: SITIO_AJENO });
        expect([c.ruta, ajena.status, ajena.body.mensaje]).toEqual([c.ruta, 403, mensajes.origenNoPermitido]);
      }
      expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
      await expect(
        query(db(), "SELECT next_attempt_at, attempts, sent_at FROM email_outbox WHERE id = $1", [correo]),
      ).resolves.toEqual([correoAntes]);
    });

    it("refuses the retention call without the secret or with a wrong one, deleting nothing", async () => {
      const viejo = await nuevoContacto("Contacto de hace dos años", "600 000 001", "2 years");
      const antes = await databaseFingerprint(db(), { ignorar: IGNORAR });
      const tarea = (auth?: string) =>
        fetch(`${appUrl()}/api/tareas/retencion`, {
          method: "POST",
          headers: auth ? { Authorization: auth } : {},
        });
      for (const auth of [
        undefined,
        "Bearer otro-secreto-cualquiera",
        inject("cronSecret"),
        `Basic ${inject("cronSecret")}`,
      ]) {
        const res = await tarea(auth);
        expect([auth, res.status, (await res.json()).mensaje]).toEqual([auth, 401, mensajes.noAutorizado]);
      }
      expect(await databaseFingerprint(db(), { ignorar: IGNORAR })).toEqual(antes);
      await expect(query(db(), "SELECT 1 FROM solicitud_informacion WHERE id = $1", [viejo])).resolves.toHaveLength(1);
    });
  });

  it("lists a lead from the /eurona form as new, marks it contacted once (two clicks, two log rows) and files it under 'Contactados'", async () => {
    const nombre = `Lead ${unico()}`;
    const envio = await call("POST", "/api/emailEurona", { body: { nombre, telefono: "+34 611 222 333" } });
    expect(envio.status).toBe(200);
    const [{ id }] = await query<{ id: string }>(db(), "SELECT id FROM solicitud_informacion WHERE nombre = $1", [
      nombre,
    ]);

    const nuevos = await pagina("/gestion/contactos", moderadora.cookie);
    expect(nuevos).toContain(nombre);
    expect(nuevos).toContain('href="tel:+34611222333"');
    expect(nuevos).toContain(`Marcar como contactado a ${nombre}`);

    const noExiste = await call("POST", `/api/gestion/contactos/${NO_EXISTE}/contactado`, {
      body: {},
      token: moderadora.token,
    });
    expect([noExiste.status, noExiste.body.mensaje]).toEqual([404, mensajesGestion.contactoNoEncontrado]);

    const [a, b] = await Promise.all([
      call("POST", `/api/gestion/contactos/${id}/contactado`, { body: {}, token: moderadora.token }),
      call("POST", `/api/gestion/contactos/${id}/contactado`, { body: {}, token: otraModeradora.token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.cambio, b.body.cambio].sort()).toEqual([false, true]);
    expect([a.body.mensaje, b.body.mensaje].sort()).toEqual(
      [mensajesGestion.contactoMarcado, mensajesGestion.contactoYaMarcado].sort(),
    );
    const quien = a.body.cambio ? moderadora.correo : otraModeradora.correo;
    const [fila] = await query<{ contactado_por: string; contactado_en: Date }>(
      db(),
      "SELECT contactado_por, contactado_en FROM solicitud_informacion WHERE id = $1",
      [id],
    );
    expect(fila.contactado_por).toBe(quien);
    const log = await auditoria(id);
    expect(log.map((f) => [f.accion, f.datos.cambio]).sort()).toEqual([
      ["marcar_contactado", false],
      ["marcar_contactado", true],
    ]);

    expect(await pagina("/gestion/contactos", moderadora.cookie)).not.toContain(nombre);
    const contactados = await pagina("/gestion/contactos?estado=contactados", moderadora.cookie);
    expect(contactados).toContain(nombre);
    expect(contactados).toContain(`Contactado por ${quien} el ${enMadrid(fila.contactado_en)}`);
    expect(await pagina(`/gestion/registro?objetoId=${id}`, moderadora.cookie)).toContain("Marcar como contactado");
  });

  it("counts the new leads on the summary and links them to their page", async () => {
    const [{ n }] = await query<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM solicitud_informacion WHERE contactado_en IS NULL",
    );
    const resumen = await pagina("/gestion", moderadora.cookie);
    expect(resumen).toMatch(
      new RegExp(
        `<a href="/gestion/contactos"><strong[^>]*>${n.toLocaleString("es-ES")}</strong> contactos de Eurona nuevos</a>`,
      ),
    );
    expect(resumen).toContain('<a href="/gestion/correos?estado=fallidos">');
  });

  it("exports the leads as CSV that Spanish Excel opens right: BOM, ';', a header, quoted and formula-safe cells", async () => {
    const marca = unico();
    const recibido = new Date(Date.now() - 3 * 86_400_000);
    const peligroso = await nuevoContacto(`=HYPERLINK("http://x.example";"${marca}")`, "+34 600 000 000");
    const conComillas = await nuevoContacto(`Peña; "la Niña" ${marca}`, "@600");
    const normal = await nuevoContacto(`José Ñúñez ${marca}`, "600 123 456");
    await query(db(), "UPDATE solicitud_informacion SET created_at = $1 WHERE id = ANY($2::uuid[])", [
      recibido,
      [peligroso, conComillas, normal],
    ]);
    await call("POST", `/api/gestion/contactos/${normal}/contactado`, { body: {}, token: moderadora.token });

    const { res, bytes, texto, filas } = await exportar(moderadora.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contactos-eurona-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(texto.slice(1).split("\r\n")[0]).toBe("Nombre;Teléfono;Fecha;Contactado");
    expect(filas[0]).toEqual(["Nombre", "Teléfono", "Fecha", "Contactado"]);
    expect(filas.every((f) => f.length === 4)).toBe(true);

    const mias = filas.filter((f) => f[0].includes(marca));
    const [fila] = await query<{ contactado_en: Date }>(
      db(),
      "SELECT contactado_en FROM solicitud_informacion WHERE id = $1",
      [normal],
    );
    // The three arrived at the same instant: newest first falls back on the id, so any order.
    expect(mias).toEqual(
      expect.arrayContaining([
        [`'=HYPERLINK("http://x.example";"${marca}")`, "'+34 600 000 000", enMadrid(recibido), "No"],
        [`Peña; "la Niña" ${marca}`, "'@600", enMadrid(recibido), "No"],
        [
          `José Ñúñez ${marca}`,
          "600 123 456",
          enMadrid(recibido),
          `Sí, ${enMadrid(fila.contactado_en)} (${moderadora.correo})`,
        ],
      ]),
    );
    expect(mias).toHaveLength(3);
    // Quoted where it has to be, so Excel keeps the cells whole.
    expect(texto).toContain(`"Peña; ""la Niña"" ${marca}"`);

    // The filters export what the tabs show.
    const nuevos = await exportar(moderadora.cookie, "nuevos");
    expect(nuevos.filas.filter((f) => f[0].includes(marca)).map((f) => f[1])).toEqual(
      expect.arrayContaining(["'+34 600 000 000", "'@600"]),
    );
    expect(nuevos.filas.some((f) => f[0] === `José Ñúñez ${marca}`)).toBe(false);
    const contactados = await exportar(moderadora.cookie, "contactados");
    expect(contactados.filas.filter((f) => f[0].includes(marca)).map((f) => f[0])).toEqual([`José Ñúñez ${marca}`]);
  });

  it("lists every e-mail newest first and opens one as sent, its personal links hidden", async () => {
    const marca = unico();
    const clave = "Zk3_qP9aXw2LmN7vB4tR8yC1dE6fG0hJ5sK2uV9wXy";
    const texto = [
      "Hola, Ana:",
      `Confirma tu cuenta: https://planazo.es/confirmar-cuenta/${clave}`,
      `Gestionar: https://planazo.es/seguimientos/gestionar/${clave}`,
      `Baja: https://planazo.es/api/seguimientos/baja?token=abc`,
      "Mira los planes: https://planazo.es/plan/0b6f9c1e-2d3a-4e5f-8a9b-1c2d3e4f5a6b y https://planazo.es/pueblos/hervas-caceres",
    ].join("\n");
    const html = `<p><a href="https://planazo.es/restablecer-password/${clave}">Elegir contraseña</a></p><p><a href="https://planazo.es/pueblos/hervas-caceres">Hervás</a></p>`;
    const [{ id: viejo }] = await query<{ id: string }>(
      db(),
      `INSERT INTO email_outbox ("to", subject, text, html, attempts, sent_at, created_at)
       VALUES ('ana@example.com', $1, 'x', 'x', 1, now() - interval '2 seconds', now() - interval '2 seconds') RETURNING id`,
      [`Anterior ${marca}`],
    );
    const [{ id: enviado }] = await query<{ id: string }>(
      db(),
      `INSERT INTO email_outbox ("to", subject, text, html, attempts, sent_at, created_at)
       VALUES ('ana@example.com', $1, $2, $3, 1, now(), now() - interval '1 second') RETURNING id`,
      [`Confirma tu cuenta ${marca}`, texto, html],
    );
    const [{ id: pendiente }] = await query<{ id: string }>(
      db(),
      `INSERT INTO email_outbox ("to", subject, text, html, next_attempt_at) VALUES ('b@example.com', $1, 'x', 'x', now() + interval '1 day') RETURNING id`,
      [`Pendiente ${marca}`],
    );

    const lista = await pagina("/gestion/correos", moderadora.cookie);
    const posiciones = [`Pendiente ${marca}`, `Confirma tu cuenta ${marca}`, `Anterior ${marca}`].map((a) =>
      lista.indexOf(a),
    );
    expect(posiciones.every((p) => p > 0)).toBe(true);
    expect(posiciones).toEqual([...posiciones].sort((a, b) => a - b));
    expect(lista).toContain(`href="/gestion/correos/${enviado}"`);
    expect(lista).toContain("pendiente de enviar");
    expect(lista).not.toContain(clave);
    const fallidos = await pagina("/gestion/correos?estado=fallidos", moderadora.cookie);
    for (const id of [viejo, enviado, pendiente]) expect(fallidos).not.toContain(`/gestion/correos/${id}`);

    const leido = await pagina(`/gestion/correos/${enviado}`, moderadora.cookie);
    expect(leido).toContain(`Confirma tu cuenta ${marca}`);
    expect(leido).toContain("Para ana@example.com");
    expect(leido).not.toContain(clave);
    expect(leido).not.toContain("token=abc");
    const textoLeido = leido.match(/<pre[^>]*>([\s\S]*?)<\/pre>/)![1];
    expect(textoLeido.match(/\[enlace personal oculto\]/g)).toHaveLength(3);
    expect(textoLeido).toContain("Confirma tu cuenta: [enlace personal oculto]");
    const srcdoc = leido.match(/<iframe[^>]*srcDoc="([^"]*)"/i)![1];
    expect(srcdoc).toContain("href=&quot;[enlace personal oculto]&quot;");
    // Links without a key stay as sent: the team can see which plan or town the e-mail was about.
    expect(leido).toContain("https://planazo.es/plan/0b6f9c1e-2d3a-4e5f-8a9b-1c2d3e4f5a6b");
    expect(leido).toContain("https://planazo.es/pueblos/hervas-caceres");
    expect(leido).toMatch(/<iframe[^>]*sandbox=""/);
    expect(
      (await fetch(`${appUrl()}/gestion/correos/${NO_EXISTE}`, { headers: { Cookie: moderadora.cookie } })).status,
    ).toBe(404);
  });

  it("lists failed e-mails without their body, and retries one and then all of them, logged", async () => {
    const asunto = `Confirma tu cuenta ${unico()}`;
    const fallido = await correoFallido(asunto, "https://planazo.es/confirmar-cuenta/token-secreto-123");
    const [{ id: enviado }] = await query<{ id: string }>(
      db(),
      `INSERT INTO email_outbox ("to", subject, text, html, attempts, sent_at) VALUES ('a@example.com', $1, 'x', 'x', 1, now()) RETURNING id`,
      [`Enviado ${unico()}`],
    );
    const [{ id: pendiente }] = await query<{ id: string }>(
      db(),
      `INSERT INTO email_outbox ("to", subject, text, html, next_attempt_at) VALUES ('b@example.com', $1, 'x', 'x', now() + interval '1 day') RETURNING id`,
      [`Pendiente ${unico()}`],
    );

    const html = await pagina("/gestion/correos?estado=fallidos", moderadora.cookie);
    expect(html).toContain(asunto);
    expect(html).toContain("Último error: <code>Resend 503: servicio no disponible</code>");
    expect(html).toContain("3 intentos");
    expect(html).not.toContain("token-secreto-123");
    expect(html).not.toContain("Enviado ");
    expect(html).not.toContain("Pendiente ");

    const noExiste = await call("POST", `/api/gestion/correos/${NO_EXISTE}/reintentar`, {
      body: {},
      token: moderadora.token,
    });
    expect([noExiste.status, noExiste.body.mensaje]).toEqual([404, mensajesGestion.correoNoEncontrado]);
    const ya = await call("POST", `/api/gestion/correos/${enviado}/reintentar`, { body: {}, token: moderadora.token });
    expect([ya.status, ya.body]).toEqual([200, { mensaje: mensajesGestion.correoYaEnviado, cambio: false }]);

    const uno = await call("POST", `/api/gestion/correos/${fallido}/reintentar`, { body: {}, token: moderadora.token });
    expect([uno.status, uno.body]).toEqual([200, { mensaje: mensajesGestion.correoReintentado, cambio: true }]);
    // Due now, and delivered straight away (the test server's transport always succeeds).
    await expect
      .poll(
        async () =>
          (await query<{ sent_at: Date | null }>(db(), "SELECT sent_at FROM email_outbox WHERE id = $1", [fallido]))[0]
            .sent_at,
        { timeout: 10_000 },
      )
      .not.toBeNull();
    expect(await auditoria(fallido)).toEqual([
      { accion: "reintentar_correo", actor_correo: moderadora.correo, datos: { cambio: true } },
    ]);
    expect(await pagina("/gestion/correos?estado=fallidos", moderadora.cookie)).not.toContain(asunto);

    const otros = [await correoFallido(`Otro fallido ${unico()}`), await correoFallido(`Otro fallido ${unico()}`)];
    const todos = await call("POST", "/api/gestion/correos/reintentar", { body: {}, token: moderadora.token });
    expect(todos.status).toBe(200);
    expect(todos.body.correos).toBeGreaterThanOrEqual(2);
    const filas = await query<{ vencido: boolean }>(
      db(),
      "SELECT next_attempt_at <= now() AS vencido FROM email_outbox WHERE id = ANY($1::uuid[])",
      [otros],
    );
    expect(filas).toEqual([{ vencido: true }, { vencido: true }]);
    const [log] = await query<{ datos: { correos: number } }>(
      db(),
      "SELECT datos FROM auditoria WHERE accion = 'reintentar_correos' AND actor_correo = $1",
      [moderadora.correo],
    );
    expect(log.datos.correos).toBe(todos.body.correos);
    // The pending e-mail, never tried, was not touched.
    const [p] = await query<{ pronto: boolean }>(
      db(),
      "SELECT next_attempt_at > now() + interval '23 hours' AS pronto FROM email_outbox WHERE id = $1",
      [pendiente],
    );
    expect(p.pronto).toBe(true);
  });

  it("deletes leads and featuring requests older than a year, keeps the recent ones, and a second run deletes nothing", async () => {
    const viejo = await nuevoContacto("Contacto caducado", "600 000 002", "366 days");
    const reciente = await nuevoContacto("Contacto reciente", "600 000 003", "364 days");
    const [{ id: solicitudVieja }] = await query<{ id: string }>(
      db(),
      "INSERT INTO solicitud_destacado (telefono, nombre, correo, nombre_plan, created_at) VALUES ('600', 'Vieja', 'v@example.com', 'Plan viejo', now() - interval '400 days') RETURNING id",
    );
    const [{ id: solicitudReciente }] = await query<{ id: string }>(
      db(),
      "INSERT INTO solicitud_destacado (telefono, nombre, correo, nombre_plan, created_at) VALUES ('600', 'Reciente', 'r@example.com', 'Plan nuevo', now() - interval '30 days') RETURNING id",
    );
    // Notices handled long ago go; recent ones stay (a device gets each key once).
    const avisos = await query<{ id: string }>(
      db(),
      `INSERT INTO aviso_plan (tipo, plan_id, titulo, municipio, repartido_en)
       VALUES ('cancelado', gen_random_uuid(), 'Viejo', 'Soria', now() - interval '15 days'),
              ('cancelado', gen_random_uuid(), 'Reciente', 'Soria', now() - interval '13 days')
       RETURNING id::text`,
    );
    const [{ n: logAntes }] = await query<{ n: number }>(
      db(),
      "SELECT count(*)::int AS n FROM auditoria WHERE accion = 'retencion'",
    );

    // `npm run retencion` from the command line…
    const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/retencion.ts"], {
      env: { ...process.env, DATABASE_URL: db() },
    });
    const [, contactos, solicitudes] =
      stdout.match(/retención: (\d+) contactos de Eurona y (\d+) solicitudes para destacar borrados/) ?? [];
    expect(Number(contactos)).toBeGreaterThanOrEqual(1);
    expect(Number(solicitudes)).toBeGreaterThanOrEqual(1);
    await expect(
      query(db(), "SELECT id FROM solicitud_informacion WHERE id = ANY($1::uuid[])", [[viejo, reciente]]),
    ).resolves.toEqual([{ id: reciente }]);
    await expect(
      query(db(), "SELECT id FROM solicitud_destacado WHERE id = ANY($1::uuid[])", [
        [solicitudVieja, solicitudReciente],
      ]),
    ).resolves.toEqual([{ id: solicitudReciente }]);
    await expect(
      query(db(), "SELECT id::text FROM aviso_plan WHERE id = ANY($1::bigint[])", [avisos.map((a) => a.id)]),
    ).resolves.toEqual([avisos[1]]);
    const log = await query<{ actor_id: string; actor_correo: string; datos: object }>(
      db(),
      "SELECT actor_id, actor_correo, datos FROM auditoria WHERE accion = 'retencion' ORDER BY creado_en DESC LIMIT 1",
    );
    expect(log).toEqual([
      {
        actor_id: "tarea",
        actor_correo: "tarea",
        datos: { contactos: Number(contactos), solicitudes: Number(solicitudes) },
      },
    ]);

    // …and again from the scheduler's call: nothing left to delete, nothing logged.
    const res = await fetch(`${appUrl()}/api/tareas/retencion`, {
      method: "POST",
      headers: { Authorization: `Bearer ${inject("cronSecret")}` },
    });
    expect([res.status, await res.json()]).toEqual([
      200,
      {
        avisos: 0,
        contactos: 0,
        solicitudes: 0,
        seguimientosSinConfirmar: 0,
        enlacesCaducados: 0,
        resumenes: 0,
        bajasIndice: 0,
        cartelesTemporales: 0,
        // Another file on this database may let a session expire between the two runs.
        sesionesCaducadas: expect.any(Number),
      },
    ]);
    await expect(query(db(), "SELECT count(*)::int AS n FROM auditoria WHERE accion = 'retencion'")).resolves.toEqual([
      { n: logAntes + 1 },
    ]);
  }, 60_000);
});
