import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { insertPlan, insertUser } from "@/test-support/plans";
import { borrarMunicipios, municipioDePrueba, tokenDelCorreo } from "@/test-support/seguimientos";
import { call, confirmedUser, freshIp, uniqueEmail } from "@/test-support/users";
import { createPrismaClient } from "@/lib/db/client";
import { diaEnMadrid, instanteEnMadrid, lunesDe, sumarDias } from "@/lib/dates";
import { conDatos, mensajes } from "@/lib/messages";
import { site } from "@/lib/site";
import { aplicarRetencion } from "@/lib/tareas/retencion";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { enviarResumenes, semanaIso } from "./resumen-semanal";
import { seguirSchema } from "./schemas";
import { pedirSeguimiento } from "./seguimientos";

const db = () => process.env.DATABASE_URL!;
const prisma = createPrismaClient(process.env.DATABASE_URL, 2);
const otroPrisma = createPrismaClient(process.env.DATABASE_URL, 2);
const ines: string[] = [];
afterAll(async () => {
  await borrarMunicipios(ines);
  await prisma.$disconnect();
  await otroPrisma.$disconnect();
});

type Correo = { subject: string; text: string; html: string; headers: Record<string, string> | null };
const correos = (to: string) =>
  query<Correo>(db(), `SELECT subject, text, html, headers FROM email_outbox WHERE "to" = $1 ORDER BY created_at`, [
    to,
  ]);
const seguimientos = (donde: string, valor: string) =>
  query<{ id: string; radio: number; categorias: string; confirmado_en: Date | null }>(
    db(),
    `SELECT id, radio, categorias::text, confirmado_en FROM seguimiento WHERE ${donde} = $1 ORDER BY creado_en`,
    [valor],
  );

/** Follows `ine` by e-mail through the API and the confirmation link of the outbox. */
async function seguirPorCorreo(email: string, ine: string, extra: Record<string, unknown> = {}) {
  const r = await call("POST", "/api/seguimientos", { body: { ine, email, radio: 10, ...extra } });
  expect(r.status).toBe(202);
  const token = await tokenDelCorreo(email, "/seguimientos/confirmar/");
  const c = await call("POST", "/api/seguimientos/confirmar", { body: { token } });
  expect(c.status).toBe(200);
  return { token, gestion: String(c.body.gestion).split("/").pop()! };
}

describe("following a town", () => {
  let pueblo: Awaited<ReturnType<typeof municipioDePrueba>>;
  beforeAll(async () => {
    pueblo = await municipioDePrueba();
    ines.push(pueblo.ine);
  });

  it("follows in one call with a session, and following again changes the same follow", async () => {
    const ana = await confirmedUser("Ana Sigue");
    const r = await call("POST", "/api/seguimientos", {
      token: ana.token,
      body: { ine: pueblo.ine, radio: 10, categorias: ["Deporte", "Fiestas de pueblo"] },
    });
    expect(r.status).toBe(200);
    expect(r.body.mensaje).toBe(conDatos(mensajes.seguirHecho, { municipio: pueblo.nombre }));
    const otra = await call("POST", "/api/seguimientos", {
      token: ana.token,
      body: { ine: pueblo.ine, radio: 25, categorias: ["Otros"] },
    });
    expect(otra.status).toBe(200);
    const filas = await seguimientos("usuario_id", ana.id);
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ radio: 25, categorias: "{}" });
    expect(filas[0].confirmado_en).not.toBeNull();
    const lista = await call("GET", "/api/seguimientos", { token: ana.token });
    expect(lista.status).toBe(200);
    expect(lista.body).toEqual([
      {
        _id: filas[0].id,
        municipio: { ine: pueblo.ine, nombre: pueblo.nombre, provincia: "Provincia de Prueba" },
        radio: 25,
        categorias: [],
      },
    ]);
    expect((await call("GET", "/api/seguimientos")).status).toBe(401);
  });

  it("asks an address to confirm through the link of the outbox, and never tells whether it already follows", async () => {
    const email = uniqueEmail("sigue");
    const primera = await call("POST", "/api/seguimientos", {
      body: { ine: pueblo.ine, email: email.toUpperCase(), radio: 5, categorias: ["Cultura"] },
    });
    expect([primera.status, primera.body]).toEqual([202, { mensaje: mensajes.seguirConfirmaCorreo }]);
    // Unconfirmed: nothing to send to it.
    expect((await seguimientos("email", email))[0].confirmado_en).toBeNull();
    const [correo] = await correos(email);
    expect(correo.subject).toContain(pueblo.nombre);
    const token = await tokenDelCorreo(email, "/seguimientos/confirmar/");
    // Opening the link changes nothing (mail scanners open links): it asks.
    const pagina = await api(`/seguimientos/confirmar/${token}`);
    expect(pagina.status).toBe(200);
    expect(await pagina.text()).toContain(
      conDatos(mensajes.seguimientoConfirmarTitulo, { municipio: pueblo.nombre }).replace(/ /g, " "),
    );
    expect((await seguimientos("email", email))[0].confirmado_en).toBeNull();

    const ok = await call("POST", "/api/seguimientos/confirmar", { body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.body.mensaje).toBe(conDatos(mensajes.seguimientoConfirmado, { municipio: pueblo.nombre }));
    expect(ok.body.gestion).toMatch(/^\/seguimientos\/gestionar\/[A-Za-z0-9_-]{43}$/);
    const [fila] = await seguimientos("email", email);
    expect(fila).toMatchObject({ radio: 5, categorias: "{Cultura}" });
    expect(fila.confirmado_en).not.toBeNull();
    // A used link is gone.
    const otraVez = await call("POST", "/api/seguimientos/confirmar", { body: { token } });
    expect([otraVez.status, otraVez.body]).toEqual([404, { mensaje: mensajes.seguimientoEnlaceNoValido }]);
    expect((await api(`/seguimientos/confirmar/${token}`)).status).toBe(404);

    // The same address again: the same answer, a new link, and nothing changes until it is opened.
    const repetida = await call("POST", "/api/seguimientos", { body: { ine: pueblo.ine, email, radio: 40 } });
    expect([repetida.status, repetida.body]).toEqual([202, { mensaje: mensajes.seguirConfirmaCorreo }]);
    expect(await correos(email)).toHaveLength(2);
    expect((await seguimientos("email", email))[0]).toMatchObject({ radio: 5, categorias: "{Cultura}" });
    const nuevo = await tokenDelCorreo(email, "/seguimientos/confirmar/");
    expect((await call("POST", "/api/seguimientos/confirmar", { body: { token: nuevo } })).status).toBe(200);
    expect(await seguimientos("email", email)).toMatchObject([{ radio: 40, categorias: "{}" }]);
  });

  it("answers an expired confirmation link with 410, and the retention task forgets the address", async () => {
    const email = uniqueEmail("caduca");
    expect((await call("POST", "/api/seguimientos", { body: { ine: pueblo.ine, email } })).status).toBe(202);
    const token = await tokenDelCorreo(email, "/seguimientos/confirmar/");
    await query(db(), "UPDATE seguimiento SET token_caduca_en = now() - interval '1 minute' WHERE email = $1", [email]);
    const r = await call("POST", "/api/seguimientos/confirmar", { body: { token } });
    expect([r.status, r.body]).toEqual([410, { mensaje: mensajes.seguimientoEnlaceCaducado }]);
    const pagina = await api(`/seguimientos/confirmar/${token}`);
    expect(await pagina.text()).toContain(mensajes.seguimientoEnlaceCaducado);
    expect((await seguimientos("email", email))[0].confirmado_en).toBeNull();
    const retencion = await aplicarRetencion(prisma);
    expect(retencion.seguimientosSinConfirmar).toBeGreaterThanOrEqual(1);
    await expect(seguimientos("email", email)).resolves.toEqual([]);
  });

  it("refuses bad input with a Spanish message and writes nothing", async () => {
    const email = uniqueEmail("mal");
    const casos: [Record<string, unknown>, string][] = [
      [{ email }, mensajes.seguirMunicipioNoValido],
      [{ ine: "abc", email }, mensajes.seguirMunicipioNoValido],
      [{ ine: "99999x", email }, mensajes.seguirMunicipioNoValido],
      [{ ine: pueblo.ine, email, radio: 99 }, mensajes.seguirRadioNoValido],
      [{ ine: pueblo.ine, email, radio: "diez" }, mensajes.seguirRadioNoValido],
      [{ ine: pueblo.ine, email, radio: 2.5 }, mensajes.seguirRadioNoValido],
      [{ ine: pueblo.ine, email, categorias: ["Petanca"] }, mensajes.categoriaNoValida],
      [{ ine: pueblo.ine, email, categorias: "Deporte" }, mensajes.categoriaNoValida],
      [{ ine: pueblo.ine }, mensajes.seguirCorreoObligatorio],
      [{ ine: pueblo.ine, email: "no-es-un-correo" }, mensajes.correoFormato],
    ];
    for (const [body, mensaje] of casos) {
      const r = await call("POST", "/api/seguimientos", { body });
      expect([r.status, r.body], JSON.stringify(body)).toEqual([400, { mensaje }]);
    }
    // A town that is not in the gazetteer.
    const sinPueblo = await call("POST", "/api/seguimientos", { body: { ine: "00000", email } });
    expect([sinPueblo.status, sinPueblo.body]).toEqual([400, { mensaje: mensajes.seguirMunicipioNoValido }]);
    const malJson = await call("POST", "/api/seguimientos", { body: "{no" });
    expect(malJson.status).toBe(400);
    await expect(seguimientos("email", email)).resolves.toEqual([]);
    await expect(correos(email)).resolves.toEqual([]);
  });

  it("limits the confirmation e-mails to one address", async () => {
    const email = uniqueEmail("limite");
    const estados: number[] = [];
    for (let i = 0; i < 6; i++) {
      estados.push(
        (await call("POST", "/api/seguimientos", { body: { ine: pueblo.ine, email }, ip: freshIp() })).status,
      );
    }
    expect(estados).toEqual([202, 202, 202, 202, 202, 429]);
    expect(await correos(email)).toHaveLength(5);
  });

  it("counts one mailbox however its address is tagged or dotted", async () => {
    const [local, dominio] = uniqueEmail("buzon").split("@");
    const gmail = `${local.replace(/[^a-z0-9]/gi, "")}@gmail.com`;
    const variantes = [
      `${local}+1@${dominio}`,
      `${local}+fiestas@${dominio}`,
      `${local}@${dominio}`,
      `${local}+2@${dominio}`,
      `${local}+3@${dominio}`,
      `${local}+4@${dominio}`,
    ];
    const estados: number[] = [];
    for (const email of variantes)
      estados.push(
        (await call("POST", "/api/seguimientos", { body: { ine: pueblo.ine, email }, ip: freshIp() })).status,
      );
    expect(estados).toEqual([202, 202, 202, 202, 202, 429]);
    const deGmail: number[] = [];
    for (let i = 0; i < 6; i++) {
      const email = `${gmail.slice(0, i + 1)}.${gmail.slice(i + 1).replace("@", `+${i}@`)}`;
      deGmail.push(
        (await call("POST", "/api/seguimientos", { body: { ine: pueblo.ine, email }, ip: freshIp() })).status,
      );
    }
    expect(deGmail).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("refuses a follow from another site's page", async () => {
    const email = uniqueEmail("csrf");
    const r = await call("POST", "/api/seguimientos", {
      body: { ine: pueblo.ine, email },
      origin: "https://malvado.example",
    });
    expect(r.status).toBe(403);
    await expect(seguimientos("email", email)).resolves.toEqual([]);
  });
});

describe("following an organization by e-mail", () => {
  it("confirms with a subject of ours alone, and names the organization in the body as a link to its page", async () => {
    // Whoever renames an organization chooses its name: it must not reach the subject of an
    // e-mail to an address that asked nothing of us.
    const nombre = "GANA 500€ YA en premio-evil.example";
    const [{ id }] = await query<{ id: string }>(
      db(),
      `INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ($1, 'Calle Mayor 3', 'org@example.com', $2) RETURNING id`,
      [nombre, await insertUser()],
    );
    const email = uniqueEmail("sigue-org");
    await pedirSeguimiento(email, seguirSchema.parse({ organizacionId: id, email }));
    const [correo] = await correos(email);
    expect(correo.subject).not.toMatch(/GANA|premio-evil/);
    expect(correo.subject).toBe(`Confirma que quieres recibir los planes de una organización · ${site().nombre}`);
    const pagina = `${site().url}${organizacionPath(nombre, id)}`;
    const despues = (texto: string) => texto.slice(texto.indexOf("Alguien (seguramente tú) ha pedido"));
    expect(despues(correo.text)).toContain(`${nombre}: ${pagina}`);
    const literal = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(despues(correo.html)).toMatch(new RegExp(`<a href="${literal(pagina)}"[^>]*>${literal(nombre)}</a>`));
    expect(await tokenDelCorreo(email, "/seguimientos/confirmar/")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("the Thursday e-mail", () => {
  // The Thursday of this week (or of the next one when it has passed), 10:00 in Madrid: its
  // weekend is still to come, so the search lists its plans.
  const hoy = diaEnMadrid();
  let jueves = sumarDias(lunesDe(hoy), 3);
  if (instanteEnMadrid(jueves, "10:00") < new Date()) jueves = sumarDias(jueves, 7);
  const ahora = instanteEnMadrid(jueves, "10:00");
  const sabado = sumarDias(jueves, 2);
  const miercoles = sumarDias(jueves, 6);
  const evento = (dia: typeof sabado) => ({
    fechaInicio: instanteEnMadrid(dia, "12:00"),
    fechaFin: instanteEnMadrid(dia, "14:00"),
  });

  let pueblo: Awaited<ReturnType<typeof municipioDePrueba>>;
  let vacio: Awaited<ReturnType<typeof municipioDePrueba>>;
  let otro: Awaited<ReturnType<typeof municipioDePrueba>>;
  beforeAll(async () => {
    [pueblo, vacio, otro] = [await municipioDePrueba(), await municipioDePrueba(), await municipioDePrueba()];
    ines.push(pueblo.ine, vacio.ine, otro.ine);
    const autora = await insertUser();
    const plan = (titulo: string, extra: Partial<Parameters<typeof insertPlan>[0]>) =>
      insertPlan({ usuarioId: autora, origin: pueblo, titulo, categorias: ["Deporte"], ...evento(sabado), ...extra });
    await plan("Carrera del sábado", { distanciaM: 1000 });
    await plan("Ruta lejana", { distanciaM: 30_000 });
    await plan("Teatro del sábado", { categorias: ["Cultura"] });
    await plan("Torneo del miércoles", evento(miercoles));
    const viejo = await plan("Liga de siempre", evento(miercoles));
    await query(db(), "UPDATE plan SET fecha_creacion = now() - interval '20 days' WHERE id = $1", [viejo]);
    await plan("Escalada de fin de semana", {
      tipo: "experiencia",
      fechaInicio: null,
      fechaFin: null,
      horarios: [{ diaSemana: 6, horaInicio: "10:00", horaFin: "13:00" }],
    });
    await insertPlan({
      usuarioId: autora,
      origin: otro,
      titulo: "Fiesta del otro pueblo",
      categorias: ["Fiesta"],
      ...evento(sabado),
    });
  });

  it("sends each person one e-mail a week, even with two runs at once, with the weekend's and the week's new plans", async () => {
    const ana = await confirmedUser("Ana Jueves");
    for (const [ine, radio] of [
      [pueblo.ine, 10],
      [otro.ine, 5],
      [vacio.ine, 50],
    ] as const) {
      const r = await call("POST", "/api/seguimientos", {
        token: ana.token,
        body: { ine, radio, categorias: ["Deporte", "Fiesta"] },
      });
      expect(r.status).toBe(200);
    }
    const bea = uniqueEmail("bea");
    await seguirPorCorreo(bea, pueblo.ine, { radio: 10, categorias: [] });
    const nadie = uniqueEmail("nadie");
    await seguirPorCorreo(nadie, vacio.ine);
    const sinConfirmar = uniqueEmail("sinconfirmar");
    expect((await call("POST", "/api/seguimientos", { body: { ine: pueblo.ine, email: sinConfirmar } })).status).toBe(
      202,
    );
    const antes = {
      ana: (await correos(ana.correo)).length,
      bea: (await correos(bea)).length,
      nadie: (await correos(nadie)).length,
      sinConfirmar: (await correos(sinConfirmar)).length,
    };

    const [una, otra] = await Promise.all([enviarResumenes(prisma, ahora), enviarResumenes(otroPrisma, ahora)]);
    expect(una.enviados + otra.enviados).toBeGreaterThanOrEqual(2);
    await enviarResumenes(prisma, ahora);

    const deAna = (await correos(ana.correo)).slice(antes.ana);
    const deBea = (await correos(bea)).slice(antes.bea);
    expect(deAna).toHaveLength(1);
    expect(deBea).toHaveLength(1);
    // Nothing to say: no e-mail, but the week is taken all the same.
    expect(await correos(nadie)).toHaveLength(antes.nadie);
    expect(await correos(sinConfirmar)).toHaveLength(antes.sinConfirmar);
    const semana = semanaIso(jueves);
    await expect(
      query(db(), "SELECT enviado FROM resumen_semanal WHERE persona = $1 AND semana = $2", [`e:${nadie}`, semana]),
    ).resolves.toEqual([{ enviado: false }]);

    // Ana: one e-mail, a section per town with plans (two of her three), in one subject.
    const [correo] = deAna;
    expect(correo.subject).toBe(conDatos(mensajes.resumenAsuntoVarios, { municipio: pueblo.nombre, n: "1" }));
    expect(correo.text).toContain(`Cerca de ${pueblo.nombre} (a 10 km)`);
    expect(correo.text).toContain(`Cerca de ${otro.nombre} (a 5 km)`);
    expect(correo.text).not.toContain(vacio.nombre);
    const [finde, nuevos] = correo.text.split(`Cerca de ${pueblo.nombre}`)[1].split("Nuevos esta semana:");
    expect(finde).toContain("Carrera del sábado");
    expect(finde).toContain("Escalada de fin de semana");
    expect(finde).not.toContain("Ruta lejana");
    expect(finde).not.toContain("Teatro del sábado");
    expect(finde).not.toContain("Torneo del miércoles");
    expect(nuevos.split("==")[0]).toContain("Torneo del miércoles");
    expect(nuevos).not.toContain("Liga de siempre");
    expect(correo.html).toContain("Carrera del sábado");

    // Bea follows all categories: the theatre too, in an e-mail of one town.
    const [deB] = deBea;
    expect(deB.subject).toBe(conDatos(mensajes.resumenAsunto, { municipio: pueblo.nombre }));
    expect(deB.text).toContain("Teatro del sábado");

    // RFC 8058: the one-click unsubscribe headers travel with the row.
    const baja = deB.headers?.["List-Unsubscribe"] ?? "";
    expect(baja).toMatch(new RegExp(`^<${site().url}/api/seguimientos/baja\\?token=[A-Za-z0-9_-]{43}>$`));
    expect(deB.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(deB.text).toContain(baja.slice(1, -1));
  });

  it("writes to an address in the language of the page where it followed, and to a user in their profile's", async () => {
    const [ca, eu] = [(await import("@/mensajes/ca.json")).default, (await import("@/mensajes/eu.json")).default];
    // From a Catalan page (lib/cliente/api.ts sends its language): the answer and the confirmation in Catalan.
    const jordi = uniqueEmail("jordi");
    const r = await call("POST", "/api/seguimientos", {
      body: { ine: pueblo.ine, email: jordi, radio: 10 },
      headers: { "x-planazo-idioma": "ca" },
    });
    expect(r.status).toBe(202);
    expect(r.body.mensaje).toBe(ca.seguir.seguirConfirmaCorreo);
    const [confirmacion] = await correos(jordi);
    expect(confirmacion.subject).toBe(
      `${conDatos(ca.correo.seguir.asuntoPueblo, { municipio: pueblo.nombre })} · ${site().nombre}`,
    );
    expect(confirmacion.html).toContain('<html lang="ca">');
    expect(confirmacion.text).toMatch(/https?:\/\/[^/\s]+\/ca\/seguimientos\/confirmar\//);
    const token = await tokenDelCorreo(jordi, "/seguimientos/confirmar/");
    // The confirmation's answer, a message with the town in it, in the language of its page.
    expect(
      await call("POST", "/api/seguimientos/confirmar", { body: { token }, headers: { "x-planazo-idioma": "ca" } }),
    ).toMatchObject({
      status: 200,
      body: { mensaje: conDatos(ca.seguir.seguimientoConfirmado, { municipio: pueblo.nombre }) },
    });
    // A user who chose Basque in the profile, following by session.
    const miren = await confirmedUser("Miren Ostegun");
    await query(db(), "UPDATE usuario SET idioma = 'eu' WHERE id = $1", [miren.id]);
    await call("POST", "/api/seguimientos", { token: miren.token, body: { ine: pueblo.ine, radio: 10 } });

    await enviarResumenes(prisma, ahora);
    const [deJordi] = (await correos(jordi)).slice(1);
    expect(deJordi.subject).toBe(conDatos(ca.seguir.resumenAsunto, { municipio: pueblo.nombre }));
    expect(deJordi.text).toContain(`${ca.correo.resumen.finde}:`);
    expect(deJordi.text).toMatch(/https?:\/\/[^/\s]+\/ca\/seguimientos\/gestionar\//);
    expect(deJordi.html).toContain('<html lang="ca">');
    const [deMiren] = (await correos(miren.correo)).slice(-1);
    expect(deMiren.subject).toBe(conDatos(eu.seguir.resumenAsunto, { municipio: pueblo.nombre }));
    expect(deMiren.text).toContain(eu.correo.resumen.entrada.replace("{sitio}", site().nombre));
  });

  it("shows the posters of the plans as absolute URLs of their card image", async () => {
    const cartel = await municipioDePrueba();
    ines.push(cartel.ine);
    const autora = await insertUser();
    const id = await insertPlan({ usuarioId: autora, origin: cartel, titulo: "Con cartel", ...evento(sabado) });
    const [{ id: archivo }] = await query<{ id: string }>(
      db(),
      `INSERT INTO archivo (url, nombre, path, content_type, md5sum, hash, width, height, size)
       VALUES ('/media/carteles/' || $1 || '/original.webp', 'cartel.png', 'carteles/' || $1 || '/original.webp', 'image/webp',
               repeat('a', 32), repeat('b', 64), 600, 800, 1000)
       RETURNING id`,
      [cartel.ine],
    );
    await query(db(), "UPDATE plan SET archivo_cartel_id = $1 WHERE id = $2", [archivo, id]);
    const email = uniqueEmail("cartel");
    await seguirPorCorreo(email, cartel.ine);
    await enviarResumenes(prisma, ahora);
    const [, digest] = await correos(email);
    expect(digest.html).toContain(`src="${site().url}/media/carteles/${cartel.ine}/tarjeta.webp"`);
  });

  it("lets the e-mail's link manage the follows without a login, and only that person's", async () => {
    const email = uniqueEmail("gestiona");
    await seguirPorCorreo(email, pueblo.ine);
    await enviarResumenes(prisma, ahora);
    const token = await tokenDelCorreo(email, "/seguimientos/gestionar/");
    const [propio] = await seguimientos("email", email);
    const ajena = await confirmedUser("Otra Persona");
    await call("POST", "/api/seguimientos", { token: ajena.token, body: { ine: pueblo.ine, radio: 7 } });
    const [suyo] = await seguimientos("usuario_id", ajena.id);

    const pagina = await api(`/seguimientos/gestionar/${token}`);
    expect(pagina.status).toBe(200);
    expect(await pagina.text()).toContain(pueblo.nombre);

    const cambio = await call("PATCH", `/api/seguimientos/${propio.id}?token=${token}`, {
      body: { radio: 20, categorias: ["Infantil"] },
    });
    expect([cambio.status, cambio.body.mensaje]).toEqual([200, mensajes.seguimientoGuardado]);
    expect((await seguimientos("email", email))[0]).toMatchObject({ radio: 20, categorias: "{Infantil}" });
    const malo = await call("PATCH", `/api/seguimientos/${propio.id}?token=${token}`, { body: { radio: 80 } });
    expect([malo.status, malo.body]).toEqual([400, { mensaje: mensajes.seguirRadioNoValido }]);

    // Someone else's follow, with this link, a session of another user, or none: not found / not allowed.
    const intentos = [
      await call("PATCH", `/api/seguimientos/${suyo.id}?token=${token}`, { body: { radio: 1, categorias: [] } }),
      await call("DELETE", `/api/seguimientos/${suyo.id}?token=${token}`),
      await call("PATCH", `/api/seguimientos/${propio.id}`, { token: ajena.token, body: { radio: 1, categorias: [] } }),
      await call("DELETE", `/api/seguimientos/${propio.id}`, { token: ajena.token }),
      await call("DELETE", `/api/seguimientos/no-es-un-id`, { token: ajena.token }),
    ];
    expect(intentos.map((r) => [r.status, r.body.mensaje])).toEqual(
      Array(5).fill([404, mensajes.seguimientoNoEncontrado]),
    );
    const sinNadie = await call("DELETE", `/api/seguimientos/${propio.id}`);
    expect([sinNadie.status, sinNadie.body]).toEqual([401, { mensaje: mensajes.loginNecesario }]);
    const otroToken = await call("DELETE", `/api/seguimientos/${propio.id}?token=${"x".repeat(43)}`);
    expect([otroToken.status, otroToken.body]).toEqual([404, { mensaje: mensajes.seguimientoEnlaceNoValido }]);
    expect((await api(`/seguimientos/gestionar/${"x".repeat(43)}`)).status).toBe(404);
    expect((await seguimientos("usuario_id", ajena.id))[0].radio).toBe(7);
    expect((await seguimientos("email", email))[0].radio).toBe(20);

    const fuera = await call("DELETE", `/api/seguimientos/${propio.id}?token=${token}`);
    expect([fuera.status, fuera.body]).toEqual([
      200,
      { mensaje: conDatos(mensajes.seguimientoEliminado, { municipio: pueblo.nombre }) },
    ]);
    await expect(seguimientos("email", email)).resolves.toEqual([]);

    // An expired link: 410, on the page too.
    await query(db(), "UPDATE seguimiento_enlace SET caduca_en = now() - interval '1 minute' WHERE email = $1", [
      email,
    ]);
    const caducado = await call("PATCH", `/api/seguimientos/${propio.id}?token=${token}`, {
      body: { radio: 1, categorias: [] },
    });
    expect([caducado.status, caducado.body]).toEqual([410, { mensaje: mensajes.seguimientoEnlaceCaducado }]);
    expect(await (await api(`/seguimientos/gestionar/${token}`)).text()).toContain(mensajes.seguimientoEnlaceCaducado);
  });

  it("unsubscribes with the one-click POST of RFC 8058 from any origin, and never on GET", async () => {
    const email = uniqueEmail("baja");
    await seguirPorCorreo(email, pueblo.ine);
    await seguirPorCorreo(email, otro.ine);
    await enviarResumenes(prisma, ahora);
    const token = await tokenDelCorreo(email, "/api/seguimientos/baja?token=");

    // A link scanner's GET: sent to the page that asks, nothing changes.
    const get = await api(`/api/seguimientos/baja?token=${token}`);
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toBe(`/seguimientos/baja/${token}`);
    const pagina = await api(`/seguimientos/baja/${token}`);
    expect(pagina.status).toBe(200);
    expect(await pagina.text()).toContain(mensajes.bajaBoton);
    expect(await seguimientos("email", email)).toHaveLength(2);

    // The mail provider's POST: no cookie, no session, its own Origin (or none).
    const post = await api(`/api/seguimientos/baja?token=${token}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://mail.proveedor.example",
        "Sec-Fetch-Site": "cross-site",
      },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual({ mensaje: mensajes.bajaHecha });
    await expect(seguimientos("email", email)).resolves.toEqual([]);

    const malo = await api(`/api/seguimientos/baja?token=${"y".repeat(43)}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect([malo.status, await malo.json()]).toEqual([404, { mensaje: mensajes.seguimientoEnlaceNoValido }]);
    expect((await api(`/seguimientos/baja/${"y".repeat(43)}`)).status).toBe(404);
  });

  it("runs from a scheduler only with the secret", async () => {
    expect((await api("/api/tareas/resumen", { method: "POST" })).status).toBe(401);
    const mal = await api("/api/tareas/resumen", {
      method: "POST",
      headers: { Authorization: "Bearer otro-secreto-x" },
    });
    expect([mal.status, await mal.json()]).toEqual([401, { mensaje: mensajes.noAutorizado }]);
    const bien = await api("/api/tareas/resumen", {
      method: "POST",
      headers: { Authorization: `Bearer ${inject("cronSecret")}` },
    });
    expect(bien.status).toBe(200);
    expect(Object.keys(await bien.json()).sort()).toEqual(["avisos", "enviados", "personas", "sinPlanes"]);
  });
});

describe("semanaIso", () => {
  it("names ISO weeks, across the turn of the year", () => {
    expect(semanaIso({ year: 2026, month: 11, day: 26 })).toBe("2026-W48");
    expect(semanaIso({ year: 2027, month: 1, day: 1 })).toBe("2026-W53");
    expect(semanaIso({ year: 2024, month: 12, day: 30 })).toBe("2025-W01");
  });
});
