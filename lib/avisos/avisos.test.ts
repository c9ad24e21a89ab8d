import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api, htmlVisible } from "@/test-support/api";
import { query } from "@/test-support/database";
import { enviarFormulario, formulario, publicarEvento } from "@/test-support/forms";
import { freshOrigin, insertPlan } from "@/test-support/plans";
import { iniciarServicioPush, type ServicioPush, type SuscripcionDePrueba } from "@/test-support/servicio-push";
import { borrarMunicipios, municipioDePrueba, tokenDelCorreo } from "@/test-support/seguimientos";
import { call, confirmedUser, cookieDeSesionNueva, uniqueEmail, type TestUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";
import { createPrismaClient } from "@/lib/db/client";
import { diaEnMadrid, instanteEnMadrid, lunesDe, sumarDias } from "@/lib/dates";
import { conDatos, mensajes } from "@/lib/messages";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { planPath } from "@/lib/plans/plan";
import { enviarRecordatorios } from "@/lib/recordatorios/recordatorios";
import { enviarResumenes } from "@/lib/seguimientos/resumen-semanal";
import { site } from "@/lib/site";
import { COMO_DEJARLOS, encolarPush } from "./cola";
import { entregarAvisos } from "./entrega";
import { repartirAvisos } from "./reparto";
import { mensajesAvisos } from "@/lib/avisos/mensajes";
import es from "@/mensajes/es.json";

const db = () => process.env.DATABASE_URL!;
const prisma = createPrismaClient(process.env.DATABASE_URL, 2);
let servicio: ServicioPush;
const ines: string[] = [];

beforeAll(async () => {
  servicio = await iniciarServicioPush();
});
afterAll(async () => {
  await servicio.cerrar();
  await borrarMunicipios(ines);
  await prisma.$disconnect();
});

const cookie = async (u: TestUser) => {
  const { name, value } = await cookieDeSesionNueva(u.id);
  return `${name}=${value}`;
};

/** An organization of `duena`, straight in the database. */
async function organizacion(duena: TestUser, nombre = "Peña El Cierzo"): Promise<{ _id: string; nombre: string }> {
  const [{ id }] = await query<{ id: string }>(
    db(),
    `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ($1, 'Calle Mayor 3', 'pena@example.com', $2) RETURNING id`,
    [nombre, duena.id],
  );
  return { _id: id, nombre };
}

/** A device of `u` on the stand-in, given through the API as a browser does. */
async function dispositivo(u: TestUser): Promise<SuscripcionDePrueba> {
  const s = servicio.nuevaSuscripcion();
  const r = await call("POST", "/api/push/suscripciones", {
    token: u.token,
    body: { endpoint: s.endpoint, keys: s.keys },
  });
  expect(r.status).toBe(201);
  return s;
}

/** What the stand-in got for a device, waiting up to `ms` for `n` of them. */
async function recibidos(s: SuscripcionDePrueba, n = 1, ms = 15_000) {
  const hasta = Date.now() + ms;
  for (;;) {
    const suyos = servicio.recibidos.filter((r) => r.endpoint === s.endpoint);
    if (suyos.length >= n || Date.now() > hasta) return suyos;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("following an organization", () => {
  it("follows with a session or by a confirmed address, lists it beside towns, and tells only the owner how many", async () => {
    const [duena, ana, bea] = await Promise.all([
      confirmedUser("Dueña Peña"),
      confirmedUser("Ana Sigue"),
      confirmedUser("Bea Mira"),
    ]);
    const org = await organizacion(duena);
    const pueblo = await municipioDePrueba();
    ines.push(pueblo.ine);

    const r = await call("POST", "/api/seguimientos", { token: ana.token, body: { organizacionId: org._id } });
    expect(r.status).toBe(200);
    const seguimiento = r.body.seguimiento as { _id: string };
    expect(r.body).toEqual({
      mensaje: conDatos(mensajes.seguirOrganizacionCorreo, { organizacion: org.nombre }),
      seguimiento: { _id: seguimiento._id, organizacion: org, categorias: [] },
    });
    // Again: the same follow.
    const otra = await call("POST", "/api/seguimientos", { token: ana.token, body: { organizacionId: org._id } });
    expect((otra.body.seguimiento as { _id: string })._id).toBe(seguimiento._id);
    await call("POST", "/api/seguimientos", { token: ana.token, body: { ine: pueblo.ine, radio: 10 } });
    const lista = await call("GET", "/api/seguimientos", { token: ana.token });
    expect(lista.body).toEqual([
      {
        _id: expect.any(String),
        municipio: { ine: pueblo.ine, nombre: pueblo.nombre, provincia: "Provincia de Prueba" },
        radio: 10,
        categorias: [],
      },
      { _id: seguimiento._id, organizacion: org, categorias: [] },
    ]);

    // Without an account: a confirmation link, as for towns.
    const correo = uniqueEmail("sigue-org");
    const anonimo = await call("POST", "/api/seguimientos", { body: { organizacionId: org._id, email: correo } });
    expect(anonimo).toMatchObject({ status: 202, body: { mensaje: mensajes.seguirConfirmaCorreo } });
    const token = await tokenDelCorreo(correo, "/seguimientos/confirmar/");
    const confirmado = await call("POST", "/api/seguimientos/confirmar", { body: { token } });
    expect(confirmado.body.mensaje).toBe(conDatos(mensajes.seguirOrganizacionConfirmado, { organizacion: org.nombre }));

    // Bad input: a clear message, and nothing written.
    const antes = await query(db(), "SELECT id FROM seguimiento");
    for (const [body, status, mensaje] of [
      [{ organizacionId: "00000000-0000-4000-8000-000000000000" }, 404, mensajes.orgNoEncontrada],
      [{ organizacionId: "abc" }, 400, mensajes.orgNoEncontrada],
      [{ organizacionId: org._id, ine: pueblo.ine }, 400, mensajes.seguirMunicipioNoValido],
    ] as const) {
      expect(await call("POST", "/api/seguimientos", { token: bea.token, body })).toMatchObject({
        status,
        body: { mensaje },
      });
    }
    expect(await call("POST", "/api/seguimientos", { body: { organizacionId: org._id } })).toMatchObject({
      status: 400,
      body: { mensaje: mensajes.seguirCorreoObligatorio },
    });
    expect(await query(db(), "SELECT id FROM seguimiento")).toHaveLength(antes.length);

    // The page: "Seguir" for everyone, "Siguiendo" for a follower, the count for its owner only.
    const ruta = organizacionPath(org.nombre, org._id);
    const pagina = async (u?: TestUser) =>
      (await api(ruta, u ? { headers: { Cookie: await cookie(u) } } : undefined)).text();
    const [deDuena, deAna, deBea, deNadie] = await Promise.all([pagina(duena), pagina(ana), pagina(bea), pagina()]);
    expect(deDuena).toContain(conDatos(es.perfil.seguidores, { n: "2" }));
    expect(deAna).toContain(`aria-pressed="true"`);
    expect(deAna).toContain(es.perfil.seguirOrganizacionSiguiendo);
    for (const html of [deAna, deBea, deNadie]) expect(htmlVisible(html)).not.toContain("siguen esta organización");
    expect(deBea).toContain(`aria-pressed="false"`);
    expect(deNadie).toContain(`aria-expanded="false"`);

    // The Thursday e-mail of the confirmed address: the organization's new plan, and how to stop.
    // A Thursday weeks ahead, so no other test's week is claimed; the plan published the day before.
    const ahora = new Date(Date.now() + 35 * 86_400_000);
    const planId = await insertPlan({
      usuarioId: duena.id,
      origin: await freshOrigin(),
      titulo: "Taller de jota",
      fechaInicio: new Date(ahora.getTime() + 86_400_000),
      fechaFin: new Date(ahora.getTime() + 90_000_000),
    });
    await query(db(), "UPDATE plan SET organizacion_id = $1, fecha_creacion = $3 WHERE id = $2", [
      org._id,
      planId,
      new Date(ahora.getTime() - 86_400_000),
    ]);
    await enviarResumenes(prisma, ahora);
    const [jueves] = await query<{ subject: string; text: string }>(
      db(),
      `SELECT subject, text FROM email_outbox WHERE "to" = $1 AND subject = $2`,
      [correo, conDatos(mensajes.resumenAsuntoOrganizacion, { organizacion: org.nombre })],
    );
    expect(jueves.text).toContain(`== ${org.nombre} ==`);
    expect(jueves.text).toContain("Taller de jota");
    expect(jueves.text).toMatch(/Darte de baja de este correo: \S+\/api\/seguimientos\/baja\?token=/);

    // Someone else's follow looks like none; its own ends it.
    expect((await call("DELETE", `/api/seguimientos/${seguimiento._id}`, { token: bea.token })).status).toBe(404);
    const fin = await call("DELETE", `/api/seguimientos/${seguimiento._id}`, { token: ana.token });
    expect(fin.body.mensaje).toBe(conDatos(mensajes.seguimientoOrganizacionEliminado, { organizacion: org.nombre }));
  });
});

describe("how a followed organization's new plans reach a person", () => {
  it("by e-mail while an untouched choice has no device, by notification once one is, and as set once chosen", async () => {
    const [duena, ana] = await Promise.all([confirmedUser("Dueña Canal"), confirmedUser("Ana Canal")]);
    const org = await organizacion(duena, "Coral Los Arcos");
    const seguir = async () =>
      (await call("POST", "/api/seguimientos", { token: ana.token, body: { organizacionId: org._id } })).body.mensaje;
    const publicaciones = async () =>
      (await call("GET", "/api/usuario/avisos", { token: ana.token })).body.publicaciones as {
        correo: boolean;
        push: boolean;
      };
    const correosDe = async (titulo: string) =>
      (await query(db(), `SELECT 1 FROM email_outbox WHERE "to" = $1 AND text LIKE $2`, [ana.correo, `%${titulo}%`]))
        .length;
    const mensaje = (texto: string) => conDatos(texto, { organizacion: org.nombre });

    // No device: e-mail, and the follow says so; a publication is e-mailed.
    expect(await publicaciones()).toEqual({ correo: true, push: true });
    expect(await seguir()).toBe(mensaje(mensajes.seguirOrganizacionCorreo));
    await publicarEvento(duena.token, "Concierto de Santa Cecilia", { organizacionId: org._id });
    await expect.poll(() => correosDe("Concierto de Santa Cecilia")).toBe(1);

    // A device: the notification instead of e-mail.
    const movil = await dispositivo(ana);
    expect(await publicaciones()).toEqual({ correo: false, push: true });
    expect(await seguir()).toBe(mensaje(mensajes.seguirOrganizacionPush));
    await publicarEvento(duena.token, "Ensayo abierto de villancicos", { organizacionId: org._id });
    expect(await recibidos(movil)).toHaveLength(1);
    expect(await correosDe("Ensayo abierto de villancicos")).toBe(0);

    // The last device goes: e-mail again.
    await query(db(), "DELETE FROM push_suscripcion WHERE usuario_id = $1", [ana.id]);
    expect(await publicaciones()).toEqual({ correo: true, push: true });

    // Chosen, it stays as chosen, with or without devices.
    const patch = (body: unknown) => call("PATCH", "/api/usuario/avisos", { token: ana.token, body });
    expect((await patch({ publicaciones: { correo: false } })).status).toBe(200);
    expect(await publicaciones()).toEqual({ correo: false, push: true });
    expect(await seguir()).toBe(mensaje(mensajes.seguirOrganizacionSinAviso));
    const otro = await dispositivo(ana);
    expect((await patch({ publicaciones: { correo: true } })).status).toBe(200);
    expect(await publicaciones()).toEqual({ correo: true, push: true });
    expect(await seguir()).toBe(mensaje(mensajes.seguirOrganizacionAmbos));
    await publicarEvento(duena.token, "Misa de gallo cantada", { organizacionId: org._id });
    await expect.poll(() => correosDe("Misa de gallo cantada")).toBe(1);
    expect(await recibidos(otro)).toHaveLength(1);
  });
});

describe("notifications", () => {
  it("reach a follower's device when the organization publishes, and those who saved a plan when it moves or is cancelled", async () => {
    const [duena, ana] = await Promise.all([confirmedUser("Dueña Avisos"), confirmedUser("Ana Avisos")]);
    const org = await organizacion(duena, "Asociación La Vega");
    await call("POST", "/api/seguimientos", { token: ana.token, body: { organizacionId: org._id } });
    const movil = await dispositivo(ana);

    const titulo = "Fiestas de San Roque";
    const id = (await publicarEvento(duena.token, titulo, { organizacionId: org._id })).id;
    const [publicado] = await recibidos(movil);
    expect(publicado?.carga).toEqual({
      titulo: conDatos(mensajesAvisos.avisoPublicado, { organizacion: org.nombre }),
      cuerpo: expect.stringContaining(titulo),
      url: `${appUrl()}${planPath(titulo, id)}`,
      icono: `${appUrl()}/icono/192.png`,
    });
    expect((publicado.carga as { cuerpo: string }).cuerpo.endsWith(COMO_DEJARLOS)).toBe(true);
    expect(publicado.tema).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    // Ana saves it; the owner moves it: a notification and an e-mail (both on by default).
    expect((await call("POST", `/api/plan/agregar-plan-favorito/${id}`, { token: ana.token })).status).toBeLessThan(
      300,
    );
    const inicio = new Date(Date.now() + 5 * 86_400_000);
    const cambio = await enviarFormulario(
      "PATCH",
      `/api/plan/${id}`,
      formulario({ fechaInicio: inicio.toISOString(), fechaFin: new Date(inicio.getTime() + 3_600_000).toISOString() }),
      duena.token,
    );
    expect(cambio.status).toBe(200);
    const [, movido] = await recibidos(movil, 2);
    expect(movido?.carga).toMatchObject({
      titulo: mensajesAvisos.avisoMovido,
      url: `${appUrl()}${planPath(titulo, id)}`,
    });
    const correos = await query<{ subject: string }>(db(), `SELECT subject FROM email_outbox WHERE "to" = $1`, [
      ana.correo,
    ]);
    expect(correos.map((c) => c.subject)).toContain(`${mensajesAvisos.avisoMovido} · ${site().nombre}`);

    // The device is gone at its push service (410): cancelling the plan deletes its subscription.
    servicio.caducar(movil.id);
    expect((await call("DELETE", `/api/plan/${id}`, { token: duena.token })).status).toBe(200);
    const hasta = Date.now() + 15_000;
    while ((await query(db(), "SELECT 1 FROM push_suscripcion WHERE usuario_id = $1", [ana.id])).length > 0) {
      expect(Date.now()).toBeLessThan(hasta);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(servicio.rechazos).toEqual([]);
    expect(await recibidos(movil, 3, 0)).toHaveLength(2);
  });

  it("retries a failing push service with backoff, sends each notice once, and refuses a private address at delivery", async () => {
    const ana = await confirmedUser("Ana Reintentos");
    const movil = await dispositivo(ana);
    const carga = {
      titulo: "Prueba",
      cuerpo: "Reintento",
      url: `${site().url}/`,
      icono: `${site().url}/icono/192.png`,
    };
    expect(await encolarPush(prisma, [ana.id], "prueba:reintento", carga)).toBe(1);
    expect(await encolarPush(prisma, [ana.id], "prueba:reintento", carga)).toBe(0);
    // A device whose endpoint now points at a private address (as DNS could make it): never connected to.
    const [{ id: privada }] = await query<{ id: string }>(
      db(),
      `INSERT INTO push_suscripcion (usuario_id, sesion_id, endpoint, p256dh, auth)
       SELECT $1, id, 'https://10.0.0.1/push/x', $2, $3 FROM sesion WHERE token = $4 RETURNING id`,
      [ana.id, movil.keys.p256dh, movil.keys.auth, ana.token],
    );
    await encolarPush(prisma, [ana.id], "prueba:privada", carga);
    const fila = () =>
      query<{ intentos: number; enviado: boolean; proximo: Date; error: string | null }>(
        db(),
        `SELECT e.intentos, e.enviado_en IS NOT NULL AS enviado, e.proximo_intento_en AS proximo, e.ultimo_error AS error
         FROM push_envio e JOIN push_suscripcion s ON s.id = e.suscripcion_id
         WHERE s.endpoint = $1 AND e.clave = 'prueba:reintento'`,
        [movil.endpoint],
      );
    // The device has two notices queued (each of Ana's devices gets each): both fail twice.
    servicio.fallar(4);
    for (let i = 1; i <= 3; i++) {
      await entregarAvisos(prisma);
      const [f] = await fila();
      expect(f.intentos).toBe(i);
      if (i < 3) {
        expect(f.enviado).toBe(false);
        expect(f.proximo.getTime()).toBeGreaterThan(Date.now());
        // Due now, without waiting out the backoff.
        await query(
          db(),
          "UPDATE push_envio SET proximo_intento_en = now() WHERE enviado_en IS NULL AND intentos = $1 AND proximo_intento_en < 'infinity'",
          [i],
        );
      } else expect(f.enviado).toBe(true);
    }
    await entregarAvisos(prisma);
    expect((await recibidos(movil, 3, 0)).map((r) => (r.carga as { cuerpo: string }).cuerpo)).toEqual([
      "Reintento",
      "Reintento",
    ]);
    const [p] = await query<{ intentos: number; error: string; proximo: string }>(
      db(),
      `SELECT intentos, ultimo_error AS error, proximo_intento_en::text AS proximo FROM push_envio WHERE suscripcion_id = $1`,
      [privada],
    );
    expect(p).toMatchObject({ intentos: 1, proximo: "infinity" });
    expect(p.error).toContain("red privada");

    // A notice that could not be delivered within its day is not tried again ("Mañana…" would be late).
    await encolarPush(prisma, [ana.id], "prueba:vieja", carga);
    await query(db(), "UPDATE push_envio SET creado_en = now() - interval '25 hours' WHERE clave = 'prueba:vieja'");
    servicio.fallar(1);
    await entregarAvisos(prisma);
    const [vieja] = await query<{ proximo: string; enviado: boolean }>(
      db(),
      "SELECT proximo_intento_en::text AS proximo, enviado_en IS NOT NULL AS enviado FROM push_envio WHERE clave = 'prueba:vieja' AND suscripcion_id <> $1",
      [privada],
    );
    expect(vieja).toEqual({ proximo: "infinity", enviado: false });
  });

  it("tell those who saved a plan of several dates which date moved or went, and remind them of the next one", async () => {
    const [duena, ana] = await Promise.all([confirmedUser("Dueña Fechas"), confirmedUser("Ana Fechas")]);
    const dia = (n: number, h: number) =>
      instanteEnMadrid(diaEnMadrid(new Date(Date.now() + (n + 20) * 86_400_000)), `${String(h).padStart(2, "0")}:00`);
    const { id } = await publicarEvento(duena.token, "Fiestas de la Virgen", {
      fechas: JSON.stringify([
        { inicio: dia(5, 12), fin: dia(5, 13), titulo: "Pregón" },
        { inicio: dia(6, 22), fin: dia(6, 23), titulo: "Verbena con la orquesta Sirena" },
        { inicio: dia(7, 18), fin: dia(7, 19), titulo: "Concurso de disfraces" },
      ]),
    });
    expect((await call("POST", `/api/plan/agregar-plan-favorito/${id}`, { token: ana.token })).status).toBeLessThan(
      300,
    );
    const fechas = (await (await api(`/api/plan/detalle/${id}`)).json()).fechas as { id: string; titulo: string }[];
    // The verbena moves to midnight and the contest goes: two notices naming them, none for the span.
    const cambio = await enviarFormulario(
      "PATCH",
      `/api/plan/${id}`,
      formulario({
        fechas: JSON.stringify([
          { ...fechas[0] },
          { ...fechas[1], inicio: dia(7, 0).toISOString(), fin: dia(7, 2).toISOString() },
        ]),
      }),
      duena.token,
    );
    expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
    // The app fans the change out by itself after answering: a notice it holds at this moment is
    // skipped here (SKIP LOCKED) and reaches the outbox when its run commits.
    await repartirAvisos(prisma);
    const leerCorreos = () =>
      query<{ subject: string; text: string }>(
        db(),
        `SELECT subject, text FROM email_outbox WHERE "to" = $1 ORDER BY created_at`,
        [ana.correo],
      );
    await expect
      .poll(async () => (await leerCorreos()).map((c) => c.subject.replace(` · ${site().nombre}`, "")).sort())
      .toEqual([mensajesAvisos.avisoFechaCancelada, mensajesAvisos.avisoFechaMovida].sort());
    const correos = await leerCorreos();
    const texto = (asunto: string) => correos.find((c) => c.subject.startsWith(asunto))!.text;
    expect(texto(mensajesAvisos.avisoFechaMovida)).toContain("«Fiestas de la Virgen» (Verbena con la orquesta Sirena)");
    expect(texto(mensajesAvisos.avisoFechaMovida)).toMatch(/a las 22:00 pasa al .* a las 00:00/);
    expect(texto(mensajesAvisos.avisoFechaCancelada)).toContain("(Concurso de disfraces)");

    // Its first act over before it was saved: the reminder comes the day before the next one, naming it.
    await query(db(), "UPDATE plan_fecha SET inicio = $2, fin = $3 WHERE id = $1", [
      fechas[0].id,
      dia(-1, 12),
      dia(-1, 13),
    ]);
    const recordado = async () =>
      (
        await query<{ recordatorio_enviado: Date | null }>(
          db(),
          "SELECT recordatorio_enviado FROM favorito WHERE usuario_id = $1 AND plan_id = $2",
          [ana.id, id],
        )
      )[0].recordatorio_enviado;
    await enviarRecordatorios(prisma, dia(4, 10));
    expect(await recordado()).toBeNull();
    await enviarRecordatorios(prisma, dia(6, 10));
    expect(await recordado()).not.toBeNull();
    const [recordatorio] = await query<{ text: string }>(
      db(),
      `SELECT text FROM email_outbox WHERE "to" = $1 AND text LIKE '%Verbena%' AND text LIKE '%00:00%' ORDER BY created_at DESC LIMIT 1`,
      [ana.correo],
    );
    expect(recordatorio?.text).toContain("Fiestas de la Virgen: Verbena con la orquesta Sirena");
  });

  it("comes with the reminder of a saved plan and the Thursday e-mail, once, as each person chose", async () => {
    const [ana, bea] = await Promise.all([confirmedUser("Ana Mañana"), confirmedUser("Bea Correo")]);
    await Promise.all([dispositivo(ana), dispositivo(bea)]);
    // Bea wants reminders by e-mail only.
    const elegir = await call("PATCH", "/api/usuario/avisos", {
      token: bea.token,
      body: { recordatorios: { push: false }, resumen: { push: false } },
    });
    expect(elegir.status).toBe(200);
    expect((elegir.body.avisos as Record<string, unknown>).recordatorios).toEqual({ correo: true, push: false });

    const pueblo = await municipioDePrueba();
    ines.push(pueblo.ine);
    const jueves = instanteEnMadrid(
      sumarDias(lunesDe(diaEnMadrid(new Date(Date.now() + 14 * 86_400_000))), 3),
      "10:00",
    );
    const sabado = instanteEnMadrid(sumarDias(diaEnMadrid(jueves), 2), "18:00");
    const [{ id: planId }] = await query<{ id: string }>(
      db(),
      `INSERT INTO plan (titulo, tipo, municipio, municipio_ine, direccion, ubicacion, fecha_inicio, fecha_fin, categorias, usuario_id)
       VALUES ('Concierto en la plaza', 'evento', $1, $2, 'Plaza', ST_SetSRID(ST_MakePoint($3, $4), 4326)::geography, $5, $6, '{Cultura}', $7)
       RETURNING id`,
      [pueblo.nombre, pueblo.ine, pueblo.lng, pueblo.lat, sabado, new Date(sabado.getTime() + 7_200_000), ana.id],
    );
    for (const u of [ana, bea]) {
      await call("POST", `/api/plan/agregar-plan-favorito/${planId}`, { token: u.token });
      await call("POST", "/api/seguimientos", { token: u.token, body: { ine: pueblo.ine, radio: 5 } });
    }
    const viernes = new Date(sabado.getTime() - 86_400_000);
    const recordatorios = await enviarRecordatorios(prisma, viernes);
    expect(recordatorios).toMatchObject({ usuarios: 2, planes: 2, avisos: 1 });
    expect(await enviarRecordatorios(prisma, viernes)).toMatchObject({ planes: 0, avisos: 0 });

    await enviarResumenes(prisma, jueves);
    await enviarResumenes(prisma, jueves);
    const filas = await query<{ usuario_id: string; clave: string; carga: { titulo: string } }>(
      db(),
      `SELECT s.usuario_id, e.clave, e.carga FROM push_envio e JOIN push_suscripcion s ON s.id = e.suscripcion_id
       WHERE s.usuario_id = ANY($1::text[]) ORDER BY e.id`,
      [[ana.id, bea.id]],
    );
    expect(filas.map((f) => [f.usuario_id, f.clave.split(":")[0], f.carga.titulo])).toEqual([
      [ana.id, "recordatorio", mensajesAvisos.avisoManana],
      [ana.id, "finde", conDatos(mensajesAvisos.avisoFindeUno, { municipio: pueblo.nombre })],
    ]);
  });

  it("tells of many plans of one organization at once in one notice, of a plan shown again never, and of a cancelled plan once", async () => {
    const [duena, ana] = await Promise.all([confirmedUser("Dueña Calendario"), confirmedUser("Ana Calendario")]);
    const org = await organizacion(duena, "Ayuntamiento de Prueba");
    await call("POST", "/api/seguimientos", { token: ana.token, body: { organizacionId: org._id } });
    const movil = await dispositivo(ana);
    const origin = await freshOrigin();
    // A connected calendar's first sync: three plans in one go.
    const ids: string[] = [];
    for (const titulo of ["Cine de verano", "Mercado medieval", "Concierto de la banda"]) {
      const id = await insertPlan({ usuarioId: duena.id, origin, titulo, visible: false });
      ids.push(id);
    }
    await query(db(), "UPDATE plan SET organizacion_id = $1, visible = true WHERE id = ANY($2::uuid[])", [
      org._id,
      ids,
    ]);
    await repartirAvisos(prisma);
    await entregarAvisos(prisma);
    const [varios] = await recibidos(movil);
    expect(varios?.carga).toMatchObject({
      titulo: conDatos(mensajesAvisos.avisoPublicados, { organizacion: org.nombre, n: "3" }),
      url: `${site().url}${organizacionPath(org.nombre, org._id)}`,
    });
    // Hidden and shown again: not news. Saved, hidden (cancelled), then deleted: told once.
    await query(db(), "INSERT INTO favorito (usuario_id, plan_id) VALUES ($1, $2)", [ana.id, ids[0]]);
    await query(db(), "UPDATE plan SET visible = false WHERE id = $1", [ids[1]]);
    await query(db(), "UPDATE plan SET visible = true WHERE id = $1", [ids[1]]);
    await query(db(), "UPDATE plan SET visible = false WHERE id = $1", [ids[0]]);
    await query(db(), "DELETE FROM plan WHERE id = $1", [ids[0]]);
    const filas = await query<{ tipo: string; plan_id: string }>(
      db(),
      "SELECT tipo, plan_id::text FROM aviso_plan WHERE plan_id = ANY($1::uuid[]) ORDER BY id",
      [ids],
    );
    expect(filas.map((f) => `${f.tipo} ${ids.indexOf(f.plan_id)}`)).toEqual([
      "publicado 0",
      "publicado 1",
      "publicado 2",
      "cancelado 0",
    ]);
  });

  it("keeps the choices to their owner: 401 without a session, 400 for nonsense, and nothing changed", async () => {
    const ana = await confirmedUser("Ana Elige");
    for (const metodo of ["GET", "PATCH"]) {
      expect(
        await call(metodo, "/api/usuario/avisos", {
          body: metodo === "PATCH" ? { cambios: { push: false } } : undefined,
        }),
      ).toMatchObject({
        status: 401,
        body: { mensaje: expect.any(String) },
      });
    }
    for (const body of [{ cambios: { push: "no" } }, { cambios: "sí" }, []]) {
      expect(await call("PATCH", "/api/usuario/avisos", { token: ana.token, body })).toMatchObject({
        status: 400,
        body: { mensaje: mensajesAvisos.avisosNoValidos },
      });
    }
    const r = await call("GET", "/api/usuario/avisos", { token: ana.token });
    // Untouched and with no device: a followed organization's plans by e-mail.
    expect(r.body).toEqual({
      publicaciones: { correo: true, push: true },
      cambios: { correo: true, push: true },
      recordatorios: { correo: true, push: true },
      resumen: { correo: true, push: true },
    });
    expect((await call("POST", "/api/tareas/avisos")).status).toBe(401);
    const tarea = await call("POST", "/api/tareas/avisos", { token: inject("cronSecret") });
    expect(tarea.status).toBe(200);
  });
});
