import { createHash, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { diaDeLaSemana, diaEnMadrid, instanteEnMadrid, sumarDias, type Dia } from "@/lib/dates";
import { createPrismaClient } from "@/lib/db/client";
import { fixtureAgenda, FORMAS, servirAgendas } from "@/test-support/agendas";
import { planPath } from "@/lib/plans/plan";
import { coberturaPorProvincia, textoCobertura } from "./cobertura";
import { fuente } from "./fuentes";
import { query } from "@/test-support/database";
import { persona } from "@/test-support/gestion";
import { insertPlan, insertUser } from "@/test-support/plans";
import { appUrl, worker } from "@/test-support/worker";
import { mensajesFuentes } from "./mensajes";
import { NOMBRE_CARTEL_GENERADO } from "../plans/cartel";
import { sincronizarFuente, type OpcionesSincronizacion } from "./sincronizar";
import { mensajes } from "@/lib/messages";

const db = () => process.env.DATABASE_URL!;

/** Fixtures served by a local server (127.0.0.1 only), each answer changeable between syncs. */
interface Ruta {
  status?: number;
  tipo?: string;
  cuerpo: string | Buffer;
  /** Answers with an ETag and honours If-None-Match. */
  etag?: boolean;
  cabeceras?: Record<string, string>;
  /** The answer waits for this, to hold a sync in the middle of its run. */
  retener?: Promise<void>;
}
const rutas = new Map<string, Ruta>();
const peticiones: { ruta: string; condicional: boolean }[] = [];
let servidor: http.Server;
let base: string;

/** A day from today in Madrid as iCalendar's local date-time, e.g. 20261205T190000. */
function local(dias: number, hora = "19:00"): string {
  const d = sumarDias(diaEnMadrid(), dias);
  return `${d.year}${String(d.month).padStart(2, "0")}${String(d.day).padStart(2, "0")}T${hora.replace(":", "")}00`;
}

/** The same day and time as an instant. */
const diaMadrid = (dias: number, hora: string) => instanteEnMadrid(sumarDias(diaEnMadrid(), dias), hora);

/** A town of the gazetteer: its INE code and centre. */
const municipio = async (nombre: string) =>
  (
    await query<{ ine: string; lat: number; lng: number }>(
      db(),
      "SELECT ine, lat, lng FROM municipio WHERE nombre = $1",
      [nombre],
    )
  )[0];

const VTIMEZONE = `BEGIN:VTIMEZONE
TZID:Europe/Madrid
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE`;

/** An iCalendar feed of these VEVENT bodies (without BEGIN/END), with CRLF like real exports. */
function calendario(eventos: string[]): string {
  const cuerpo = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Ayuntamiento de Prueba//Agenda//ES",
    "X-WR-CALNAME:Agenda de prueba",
    VTIMEZONE,
    ...eventos.map((e) => `BEGIN:VEVENT\nDTSTAMP:20261101T090000Z\n${e.trim()}\nEND:VEVENT`),
    "END:VCALENDAR",
  ].join("\n");
  return cuerpo.replace(/\n/g, "\r\n") + "\r\n";
}

const evento = (uid: string, titulo: string, dias: number, extra = "") => `UID:${uid}
DTSTART;TZID=Europe/Madrid:${local(dias, "19:00")}
DTEND;TZID=Europe/Madrid:${local(dias, "21:00")}
SUMMARY:${titulo}
LOCATION:Plaza de España\\, Hervás (Cáceres)
${extra}`;

// Posters are drawn only where a test looks at them: each costs real CPU (lib/fuentes/carteles.ts).
const opciones: OpcionesSincronizacion = { descarga: { permitirLoopback: true }, carteles: false };

async function crearFuente(ruta: string, extra: { publicacion?: string; municipio?: string; usuarioId?: string } = {}) {
  const usuarioId = extra.usuarioId ?? (await insertUser());
  const [{ id }] = await query<{ id: string }>(
    db(),
    `INSERT INTO fuente (nombre, url, tipo, usuario_id, publicacion, municipio_ine)
     VALUES ('Agenda de prueba', $1, 'ics', $2, $3::publicacion_fuente, $4) RETURNING id`,
    [`${base}${ruta}`, usuarioId, extra.publicacion ?? "directa", extra.municipio ?? null],
  );
  return { id, usuarioId };
}

type FilaPlan = {
  id: string;
  clave: string;
  titulo: string;
  tipo: string;
  visible: boolean;
  oculto_motivo: string | null;
  municipio: string;
  descripcion: string;
  fecha_inicio: Date | null;
  url_original: string | null;
  archivo_cartel_id: string | null;
  cambio: string;
  dias: number[];
};

const planesDe = (fuenteId: string) =>
  query<FilaPlan>(
    db(),
    `SELECT p.id, i.clave, p.titulo, p.tipo::text, p.visible, p.oculto_motivo, p.municipio, p.descripcion, p.fecha_inicio,
            p.url_original, p.archivo_cartel_id, p.cambio::text,
            coalesce((SELECT array_agg(h.dia_semana ORDER BY h.dia_semana) FROM horario_disponible h WHERE h.plan_id = p.id), '{}') AS dias
     FROM fuente_item i JOIN plan p ON p.id = i.plan_id WHERE i.fuente_id = $1 ORDER BY i.clave`,
    [fuenteId],
  );

const sincronizar = (id: string, mas: OpcionesSincronizacion = {}) => sincronizarFuente(id, { ...opciones, ...mas });

beforeAll(async () => {
  servidor = http.createServer(async (req, res) => {
    const ruta = rutas.get(req.url ?? "");
    peticiones.push({ ruta: req.url ?? "", condicional: Boolean(req.headers["if-none-match"]) });
    await ruta?.retener;
    if (!ruta) {
      res.writeHead(404).end();
      return;
    }
    const cuerpo = typeof ruta.cuerpo === "string" ? Buffer.from(ruta.cuerpo) : ruta.cuerpo;
    const etag = `"${createHash("sha1").update(cuerpo).digest("hex")}"`;
    if (ruta.etag && req.headers["if-none-match"] === etag) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    res.writeHead(ruta.status ?? 200, {
      "Content-Type": ruta.tipo ?? "text/calendar; charset=utf-8",
      ...(ruta.etag ? { ETag: etag } : {}),
      ...ruta.cabeceras,
    });
    res.end(cuerpo);
  });
  await new Promise<void>((ok) => servidor.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((ok) => servidor.close(ok));
});

beforeEach(() => {
  peticiones.length = 0;
});

describe("syncing an iCalendar source", () => {
  it("creates an event, a weekly experience and one event with the dates of a monthly rule, each once, from the source's own town", async () => {
    const ruta = `/agenda-${randomUUID()}.ics`;
    rutas.set(ruta, {
      etag: true,
      cuerpo: calendario([
        evento("concierto@prueba", "Concierto de la banda municipal", 5, "URL:https://ayto.example/concierto"),
        `UID:mercadillo@prueba
DTSTART;TZID=Europe/Madrid:${local(-20, "09:00")}
DTEND;TZID=Europe/Madrid:${local(-20, "14:00")}
RRULE:FREQ=WEEKLY;BYDAY=TH,SA
SUMMARY:Mercadillo semanal
LOCATION:Plaza de España\\, Hervás`,
        `UID:ruta@prueba
DTSTART;TZID=Europe/Madrid:${local(-40, "11:00")}
DTEND;TZID=Europe/Madrid:${local(-40, "13:00")}
RRULE:FREQ=MONTHLY;BYDAY=1SA
SUMMARY:Ruta guiada por la judería
LOCATION:Oficina de turismo\\, Hervás`,
      ]),
    });
    const { id } = await crearFuente(ruta);
    const r = await sincronizar(id);
    expect(r).toMatchObject({ actualizados: 0, retirados: 0, sinCambios: 0, descartados: [] });
    const planes = await planesDe(id);
    // One concert, one market, and one route on every first Saturday of the next 90 days still to
    // come (two or three, by where today falls).
    expect(r!.creados).toBe(planes.length);
    expect(planes).toHaveLength(3);
    const ruta3 = planes.find((p) => p.titulo === "Ruta guiada por la judería")!;
    expect(ruta3).toMatchObject({ clave: "ruta@prueba", tipo: "evento" });
    const sabados = await query<{ inicio: Date }>(
      db(),
      "SELECT inicio FROM plan_fecha WHERE plan_id = $1 ORDER BY inicio",
      [ruta3.id],
    );
    const ahora = Date.now();
    const primerosSabados = Array.from({ length: 91 }, (_, n) => sumarDias(diaEnMadrid(), n)).filter((d) => {
      const inicio = instanteEnMadrid(d, "11:00").getTime();
      return d.day <= 7 && diaDeLaSemana(d) === 6 && inicio > ahora && inicio < ahora + 90 * 86_400_000;
    });
    expect(primerosSabados.length).toBeGreaterThanOrEqual(2);
    expect(sabados.map((f) => new Date(f.inicio).getTime())).toEqual(
      primerosSabados.map((d) => instanteEnMadrid(d, "11:00").getTime()),
    );
    const concierto = planes.find((p) => p.clave === "concierto@prueba")!;
    expect(concierto).toMatchObject({ tipo: "evento", visible: true, municipio: "Hervás" });
    expect(concierto.url_original).toBe("https://ayto.example/concierto");
    expect(planes.find((p) => p.clave === "mercadillo@prueba")).toMatchObject({ tipo: "experiencia", dias: [4, 6] });
    const [f] = await query<{ tipo: string; resultado: { creados: number }; sincronizando_hasta: Date | null }>(
      db(),
      "SELECT tipo, resultado, sincronizando_hasta FROM fuente WHERE id = $1",
      [id],
    );
    expect(f).toMatchObject({ tipo: "ics", resultado: { creados: planes.length }, sincronizando_hasta: null });

    // Nothing changed: one conditional request answered 304, and no plan row touched.
    const r2 = await sincronizar(id);
    expect(r2).toMatchObject({ creados: 0, actualizados: 0, retirados: 0, sinCambios: planes.length });
    expect(peticiones).toEqual([
      { ruta, condicional: false },
      { ruta, condicional: true },
    ]);
    expect((await planesDe(id)).map((p) => p.cambio)).toEqual(planes.map((p) => p.cambio));
  });

  it("counts each item read once, by what became of it, so the figures add up; plans apart", async () => {
    const ruta = `/cuentas-${randomUUID()}.ics`;
    const eventos = (tituloConcierto: string) =>
      calendario([
        evento("concierto@cuentas", tituloConcierto, 5),
        `UID:ruta@cuentas
DTSTART;TZID=Europe/Madrid:${local(-40, "11:00")}
DTEND;TZID=Europe/Madrid:${local(-40, "13:00")}
RRULE:FREQ=MONTHLY;BYDAY=1SA
SUMMARY:Ruta de los castaños centenarios
LOCATION:Oficina de turismo\\, Hervás`,
        evento("pasado@cuentas", "Concierto de otoño", -10),
        evento("sintitulo@cuentas", "", 4).replace("SUMMARY:\n", ""),
        evento("francia@cuentas", "Festival de jazz", 6).replace(
          /LOCATION:.*/,
          "LOCATION:Casino municipal\\, Biarritz\\, Francia",
        ),
        evento("nada@cuentas", "Charla de astronomía", 7).replace(/LOCATION:.*/, "LOCATION:Salón de actos"),
        evento("lejos@cuentas", "Fiestas del año que viene", 400),
      ]);
    rutas.set(ruta, { cuerpo: eventos("Concierto de la coral de cámara") });
    const { id } = await crearFuente(ruta);
    const suma = (r: { items?: Record<string, number> }) => Object.values(r.items!).reduce((a, b) => a + b, 0);
    const r = (await sincronizar(id))!;
    expect(r.leidos).toBe(7);
    expect(r.items).toEqual({ nuevos: 2, cambiados: 0, sinCambios: 0, pasados: 1, descartados: 4 });
    expect(suma(r)).toBe(r.leidos);
    // Plans apart: the concert, and the monthly route, one plan of several dates.
    expect(r.creados).toBe(2);
    expect(r.descartados.map((d) => d.motivo).sort()).toEqual(
      [mensajesFuentes.fueraDeEspana, mensajesFuentes.masDeUnAno, mensajesFuentes.sinMunicipio, "sin título"].sort(),
    );
    expect(r.descartados.find((d) => d.motivo === mensajesFuentes.fueraDeEspana)?.titulo).toBe("Festival de jazz");

    rutas.set(ruta, { cuerpo: eventos("Concierto de la coral de cámara en Hervás") });
    const r2 = (await sincronizar(id))!;
    expect(r2.items).toEqual({ nuevos: 0, cambiados: 1, sinCambios: 1, pasados: 1, descartados: 4 });
    expect(suma(r2)).toBe(r2.leidos);
    expect(r2).toMatchObject({ creados: 0, actualizados: 1, sinCambios: 1 });
  });

  it("changes nothing on a second sync of an unchanged feed served without validators", async () => {
    const ruta = `/sin-etag-${randomUUID()}.ics`;
    rutas.set(ruta, { cuerpo: calendario([evento("a@sin-etag", "Teatro de calle", 3)]) });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id)).toMatchObject({ creados: 1 });
    const antes = await planesDe(id);
    expect(await sincronizar(id)).toMatchObject({ creados: 0, actualizados: 0, sinCambios: 1 });
    expect((await planesDe(id))[0].cambio).toBe(antes[0].cambio);
  });

  it("updates a changed item, hides a cancelled or vanished one as 'Cancelado en la fuente', and shows it again when it comes back", async () => {
    const ruta = `/cambios-${randomUUID()}.ics`;
    const base3 = [
      evento("uno@cambios", "Cuentacuentos", 4, "SEQUENCE:0"),
      evento("dos@cambios", "Taller de cerámica", 6, "SEQUENCE:0"),
      evento("tres@cambios", "Baile de la castaña", 8, "SEQUENCE:0"),
    ];
    rutas.set(ruta, { cuerpo: calendario(base3) });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id)).toMatchObject({ creados: 3 });

    rutas.set(ruta, {
      cuerpo: calendario([
        evento("uno@cambios", "Cuentacuentos en la biblioteca", 4, "SEQUENCE:1"),
        evento("dos@cambios", "Taller de cerámica", 6, "SEQUENCE:1\nSTATUS:CANCELLED"),
      ]),
    });
    expect(await sincronizar(id)).toMatchObject({ creados: 0, actualizados: 1, retirados: 2 });
    const planes = await planesDe(id);
    expect(planes.map((p) => [p.clave, p.titulo, p.visible, p.oculto_motivo])).toEqual([
      ["dos@cambios", "Taller de cerámica", false, mensajes.canceladoEnLaFuente],
      ["tres@cambios", "Baile de la castaña", false, mensajes.canceladoEnLaFuente],
      ["uno@cambios", "Cuentacuentos en la biblioteca", true, null],
    ]);

    rutas.set(ruta, { cuerpo: calendario([base3[0].replace("SEQUENCE:0", "SEQUENCE:1"), base3[2]]) });
    const r = await sincronizar(id);
    expect(r).toMatchObject({ creados: 0, actualizados: 2 });
    const vuelta = await planesDe(id);
    expect(vuelta.find((p) => p.clave === "tres@cambios")).toMatchObject({ visible: true, oculto_motivo: null });
    expect(vuelta.find((p) => p.clave === "uno@cambios")).toMatchObject({ titulo: "Cuentacuentos" });
  });

  it("tells people who saved a plan that its source cancelled it, on their saved plans, without a link to a page that is gone", async () => {
    const ruta = `/guardado-${randomUUID()}.ics`;
    rutas.set(ruta, { cuerpo: calendario([evento("guardado@cancelado", "Festival de jotas", 6)]) });
    const { id } = await crearFuente(ruta);
    await sincronizar(id);
    const [plan] = await planesDe(id);
    const lucia = await persona("Lucía Guardadora", "usuario");
    await query(db(), "INSERT INTO favorito (usuario_id, plan_id) VALUES ($1, $2)", [lucia.id, plan.id]);
    rutas.set(ruta, { cuerpo: calendario([evento("guardado@cancelado", "Festival de jotas", 6, "STATUS:CANCELLED")]) });
    expect(await sincronizar(id)).toMatchObject({ retirados: 1 });
    const html = (
      await (await fetch(`${appUrl()}/planes-favoritos`, { headers: { Cookie: lucia.cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(html).toContain("Festival de jotas");
    expect(html).toContain(mensajes.canceladoEnLaFuente);
    expect(html).not.toContain(`/plan/Festival-de-jotas/${plan.id}`);
  });

  it("never overwrites a plan its owner edited, never brings back one its owner deleted, and keeps hidden one the team hid", async () => {
    const ruta = `/duena-${randomUUID()}.ics`;
    rutas.set(ruta, {
      cuerpo: calendario([
        evento("editado@duena", "Feria del queso", 10),
        evento("borrado@duena", "Feria del vino", 11),
        evento("oculto@duena", "Feria del aceite", 12),
      ]),
    });
    const { id } = await crearFuente(ruta);
    await sincronizar(id);
    const [editado, borrado, oculto] = ["editado@duena", "borrado@duena", "oculto@duena"].map((c) =>
      (async () => (await planesDe(id)).find((p) => p.clave === c)!)(),
    );
    await query(db(), "UPDATE plan SET titulo = 'Feria del queso (nuestra)', editado_por_duena = true WHERE id = $1", [
      (await editado).id,
    ]);
    await query(db(), "DELETE FROM plan WHERE id = $1", [(await borrado).id]);
    await query(db(), "UPDATE plan SET visible = false, oculto_motivo = 'Publicidad encubierta' WHERE id = $1", [
      (await oculto).id,
    ]);

    rutas.set(ruta, {
      cuerpo: calendario([
        evento("editado@duena", "Feria del queso y la miel", 10),
        evento("borrado@duena", "Feria del vino", 11),
        evento("oculto@duena", "Feria del aceite de oliva", 12),
      ]),
    });
    const r = await sincronizar(id);
    expect(r).toMatchObject({ creados: 0, retirados: 0 });
    const planes = await planesDe(id);
    expect(planes.map((p) => [p.clave, p.titulo, p.visible, p.oculto_motivo])).toEqual([
      ["editado@duena", "Feria del queso (nuestra)", true, null],
      ["oculto@duena", "Feria del aceite de oliva", false, "Publicidad encubierta"],
    ]);
    // Cancelled at the source: the owner's plan stays theirs.
    rutas.set(ruta, { cuerpo: calendario([evento("editado@duena", "Feria del queso", 10, "STATUS:CANCELLED")]) });
    await sincronizar(id);
    expect((await planesDe(id)).find((p) => p.clave === "editado@duena")).toMatchObject({ visible: true });
  });

  it("links an item to the same plan typed by hand (same title, day and town) instead of duplicating it, and never edits or hides it", async () => {
    const titulo = `Romería de San Gregorio ${randomUUID().slice(0, 6)}`;
    const ruta = `/vincular-${randomUUID()}.ics`;
    rutas.set(ruta, { cuerpo: calendario([evento("romeria@vincular", titulo.toUpperCase(), 9)]) });
    const hervas = await municipio("Hervás");
    // Typed by hand for that day at 10:00 in Madrid; the feed says 19:00.
    const aMano = await insertPlan({
      usuarioId: await insertUser(),
      titulo,
      municipio: "Hervás",
      municipioIne: hervas.ine,
      origin: hervas,
      distanciaM: 0,
      fechaInicio: diaMadrid(9, "10:00"),
      fechaFin: diaMadrid(9, "12:00"),
    });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id)).toMatchObject({ creados: 0, sinCambios: 1 });
    const [item] = await query<{ plan_id: string; vinculado: boolean }>(
      db(),
      "SELECT plan_id, vinculado FROM fuente_item WHERE fuente_id = $1",
      [id],
    );
    expect(item).toEqual({ plan_id: aMano, vinculado: true });
    rutas.set(ruta, { cuerpo: calendario([evento("romeria@vincular", titulo, 9, "STATUS:CANCELLED")]) });
    expect(await sincronizar(id)).toMatchObject({ retirados: 0 });
    const [plan] = await query<{ visible: boolean; titulo: string }>(
      db(),
      "SELECT visible, titulo FROM plan WHERE id = $1",
      [aMano],
    );
    expect(plan).toEqual({ visible: true, titulo });
  });

  it("links by start day and place: within 1 km across a town's line, never a day apart", async () => {
    const titulo = `Concierto de la banda municipal ${randomUUID().slice(0, 6)}`;
    const usuarioId = await insertUser();
    const [hervas, banos] = await Promise.all([municipio("Hervás"), municipio("Baños de Montemayor")]);
    // Typed by hand as in the next town, 300 m from Hervás's centre, the same day; and in Hervás
    // the day after the second item.
    const aMano = (dias: number, pueblo: string, ine: string, distanciaM: number) =>
      insertPlan({
        usuarioId,
        titulo,
        municipio: pueblo,
        municipioIne: ine,
        origin: hervas,
        distanciaM,
        fechaInicio: diaMadrid(dias, "20:00"),
        fechaFin: diaMadrid(dias, "21:00"),
      });
    const vecino = await aMano(9, "Baños de Montemayor", banos.ine, 300);
    const diaDespues = await aMano(12, "Hervás", hervas.ine, 0);
    const ruta = `/por-dia-${randomUUID()}.ics`;
    rutas.set(ruta, {
      cuerpo: calendario([evento("a@por-dia", titulo, 9), evento("b@por-dia", titulo, 11)]),
    });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id)).toMatchObject({ creados: 1, vinculados: 1 });
    const items = await query<{ clave: string; plan_id: string; vinculado: boolean }>(
      db(),
      "SELECT clave, plan_id, vinculado FROM fuente_item WHERE fuente_id = $1 ORDER BY clave",
      [id],
    );
    expect(items[0]).toEqual({ clave: "a@por-dia", plan_id: vecino, vinculado: true });
    expect(items[1]).toMatchObject({ clave: "b@por-dia", vinculado: false });
    expect(items[1].plan_id).not.toBe(diaDespues);
  });

  it("discards an item whose place names no town ('sin municipio') unless the source has a default town", async () => {
    const ruta = `/sin-municipio-${randomUUID()}.ics`;
    rutas.set(ruta, {
      cuerpo: calendario([
        `UID:online@sin-municipio
DTSTART;TZID=Europe/Madrid:${local(3, "18:00")}
DTEND;TZID=Europe/Madrid:${local(3, "19:00")}
SUMMARY:Charla por videollamada
LOCATION:En línea`,
      ]),
    });
    const sin = await crearFuente(ruta);
    expect(await sincronizar(sin.id)).toMatchObject({
      creados: 0,
      descartados: [{ titulo: "Charla por videollamada", motivo: mensajesFuentes.sinMunicipio }],
    });
    const [teruel] = await query<{ ine: string }>(db(), "SELECT ine FROM municipio WHERE nombre = 'Teruel'");
    const con = await crearFuente(ruta, { municipio: teruel.ine });
    expect(await sincronizar(con.id)).toMatchObject({ creados: 1, descartados: [] });
    expect((await planesDe(con.id))[0].municipio).toBe("Teruel");
  });

  it("reads a feed in the charset its Content-Type names (windows-1252, as older exports are)", async () => {
    const ruta = `/latin1-${randomUUID()}.ics`;
    rutas.set(ruta, {
      tipo: "text/calendar; charset=windows-1252",
      cuerpo: Buffer.from(calendario([evento("latin1@prueba", "Fiesta de la castaña", 5)]), "latin1"),
    });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id)).toMatchObject({ creados: 1 });
    expect((await planesDe(id))[0].titulo).toBe("Fiesta de la castaña");
  });

  it("turns an HTML description into markdown with no script or tag left", async () => {
    const ruta = `/html-${randomUUID()}.ics`;
    rutas.set(ruta, {
      cuerpo: calendario([
        evento(
          "html@prueba",
          "Noche de astronomía",
          7,
          "DESCRIPTION:Mira las estrellas\nX-ALT-DESC;FMTTYPE=text/html:<p>Mira las <b>estrellas</b></p><script>alert('x')</script><img src=x onerror=alert(1)>",
        ),
      ]),
    });
    const { id } = await crearFuente(ruta);
    await sincronizar(id);
    const [plan] = await planesDe(id);
    expect(plan.descripcion).toContain("**estrellas**");
    expect(plan.descripcion).not.toMatch(/<|>|alert|script/);
  });

  it("takes out of imported text what the API refuses in typed text, and keeps the item", async () => {
    // Bidirectional overrides and isolates, and other control characters, in every text field a
    // form checks, raw or as entities (a schema.org page, whose reader keeps them).
    const ruta = `/limpio-${randomUUID()}.html`;
    const d = sumarDias(diaEnMadrid(), 9);
    const evento = {
      "@context": "https://schema.org",
      "@type": "Event",
      "@id": `https://agenda.example/e/${randomUUID()}`,
      name: "\u202EFiesta\u0001 de\u2067 San Juan\u007f",
      description: "<p>Con &#x202E;charanga y &#x2066;verbena&#x2069;</p>",
      startDate: `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}T19:00`,
      location: {
        "@type": "Place",
        name: "\u202BPlaza Mayor\u202C",
        address: { "@type": "PostalAddress", streetAddress: "Calle Real\u202D, 1", addressLocality: "Hervás\u2069" },
      },
    };
    rutas.set(ruta, {
      tipo: "text/html; charset=utf-8",
      cuerpo: `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(evento)}</script></head><body></body></html>`,
    });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id)).toMatchObject({ creados: 1, descartados: [] });
    const [plan] = await planesDe(id);
    expect(plan).toMatchObject({
      titulo: "Fiesta de San Juan",
      descripcion: "Con charanga y verbena",
      municipio: "Hervás",
    });
    const [{ direccion }] = await query<{ direccion: string }>(db(), "SELECT direccion FROM plan WHERE id = $1", [
      plan.id,
    ]);
    expect(direccion).toBe("Calle Real, 1");
  });

  it("brings an item's image as its poster, through the same fetcher and checks as an upload", async () => {
    const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    const imagen = `/cartel-${randomUUID()}.png`;
    rutas.set(imagen, { tipo: "image/png", cuerpo: png });
    const ruta = `/imagen-${randomUUID()}.ics`;
    const conImagen = evento(
      "con@imagen",
      "Concierto con cartel",
      5,
      `IMAGE;VALUE=URI;DISPLAY=BADGE;FMTTYPE=image/png:${base}${imagen}`,
    );
    rutas.set(ruta, { cuerpo: calendario([conImagen, evento("sin@imagen", "Concierto sin cartel", 6)]) });
    const { id } = await crearFuente(ruta);
    await sincronizar(id, { carteles: true });
    const carteles = async () =>
      new Map(
        (
          await query<{ clave: string; archivo: string; nombre: string; path: string }>(
            db(),
            `SELECT i.clave, a.id AS archivo, a.nombre, a.path FROM fuente_item i
             JOIN plan p ON p.id = i.plan_id JOIN archivo a ON a.id = p.archivo_cartel_id WHERE i.fuente_id = $1`,
            [id],
          )
        ).map((r) => [r.clave, r]),
      );
    const antes = await carteles();
    expect(antes.get("con@imagen")!.nombre).toBe(imagen.slice(1));
    // Without an image: the card the pages draw, drawn once as an image, its words in the brand's face.
    const generado = antes.get("sin@imagen")!;
    expect(generado.nombre).toBe(NOMBRE_CARTEL_GENERADO);
    const meta = await sharp(readFileSync(path.join(worker().storageDir, generado.path))).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 800]);

    // Its title changes at the source: the drawn poster goes, files and all, and a new one is drawn.
    rutas.set(ruta, { cuerpo: calendario([conImagen, evento("sin@imagen", "Concierto sin cartel, nueva hora", 6)]) });
    expect(await sincronizar(id, { carteles: true })).toMatchObject({ actualizados: 1 });
    const despues = await carteles();
    expect(despues.get("con@imagen")).toEqual(antes.get("con@imagen"));
    expect(despues.get("sin@imagen")!.nombre).toBe(NOMBRE_CARTEL_GENERADO);
    expect(despues.get("sin@imagen")!.archivo).not.toBe(generado.archivo);
    expect(existsSync(path.join(worker().storageDir, generado.path))).toBe(false);
  });

  it("brings at most the cap of upcoming plans, the soonest, and says so", async () => {
    const ruta = `/tope-${randomUUID()}.ics`;
    rutas.set(ruta, {
      cuerpo: calendario([1, 2, 3, 4].map((n) => evento(`n${n}@tope`, `Sesión ${n} del ciclo`, n * 3))),
    });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id, { maxPlanes: 2 })).toMatchObject({ creados: 2, limite: 2 });
    expect((await planesDe(id)).map((p) => p.clave)).toEqual(["n1@tope", "n2@tope"]);
    // The ones beyond the cap are not "gone": nothing is retired.
    expect(await sincronizar(id, { maxPlanes: 2 })).toMatchObject({ retirados: 0, sinCambios: 2 });
  });

  it("writes new plans in batches, and a plan the database refuses keeps no other of its batch out", async () => {
    const ruta = `/rechazo-${randomUUID()}.ics`;
    rutas.set(ruta, {
      cuerpo: calendario([
        evento("a@rechazo", "Taller de cerámica", 3),
        evento("b@rechazo", "Función que la base de datos rechaza", 4),
        evento("c@rechazo", "Charla de astronomía", 5),
      ]),
    });
    const { id } = await crearFuente(ruta);
    await query(db(), "ALTER TABLE plan ADD CONSTRAINT prueba_rechazo CHECK (titulo NOT LIKE '%rechaza%') NOT VALID");
    try {
      const r = await sincronizar(id);
      expect(r!.error).toBe(mensajesFuentes.errorInesperado);
    } finally {
      await query(db(), "ALTER TABLE plan DROP CONSTRAINT prueba_rechazo");
    }
    expect((await planesDe(id)).map((p) => p.clave)).toEqual(["a@rechazo", "c@rechazo"]);
    // The next sync brings what is left.
    expect(await sincronizar(id)).toMatchObject({ creados: 1, sinCambios: 2 });
  });

  it("keeps plans of a 'revision' source hidden until the team publishes them", async () => {
    const ruta = `/revision-${randomUUID()}.ics`;
    rutas.set(ruta, { cuerpo: calendario([evento("r@revision", "Concurso de pinchos", 4)]) });
    const { id } = await crearFuente(ruta, { publicacion: "revision" });
    expect(await sincronizar(id)).toMatchObject({ creados: 1 });
    const [plan] = await planesDe(id);
    expect(plan.visible).toBe(false);
    const [item] = await query<{ pendiente: boolean }>(db(), "SELECT pendiente FROM fuente_item WHERE fuente_id = $1", [
      id,
    ]);
    expect(item.pendiente).toBe(true);
  });

  it("lets only one of two concurrent syncs of a source run", async () => {
    // The feed answers only once the first of the two runs has returned, so the run holding the
    // lease is still in the middle of its sync when the other one asks for it, however slow the
    // machine is. Should both take the lease, the feed opens after 10 s and the counts below fail.
    let abrir!: () => void;
    const retener = new Promise<void>((ok) => (abrir = ok));
    const seguro = setTimeout(abrir, 10_000);
    const ruta = `/concurrentes-${randomUUID()}.ics`;
    rutas.set(ruta, { cuerpo: calendario([evento("c@concurrentes", "Carrera popular", 5)]), retener });
    const { id } = await crearFuente(ruta);
    const corridas = [sincronizar(id), sincronizar(id)];
    const primera = await Promise.race(corridas);
    abrir();
    clearTimeout(seguro);
    const resultados = await Promise.all(corridas);
    expect(primera).toBeNull();
    expect(resultados.filter((r) => r === null)).toHaveLength(1);
    expect(resultados.find((r) => r !== null)).toMatchObject({ creados: 1 });
    expect(peticiones.filter((p) => p.ruta === ruta)).toHaveLength(1);
    expect(await planesDe(id)).toHaveLength(1);
  });
});

describe("a source the fetcher refuses or cannot read writes nothing and says why", () => {
  const sinPlanes = async (id: string) => expect(await planesDe(id)).toEqual([]);

  it("refuses a redirect to a link-local address without following it", async () => {
    const ruta = `/redirige-${randomUUID()}`;
    rutas.set(ruta, { status: 302, cuerpo: "", cabeceras: { Location: "http://169.254.169.254/latest/meta-data/" } });
    const { id } = await crearFuente(ruta);
    const conexiones: string[] = [];
    const r = await sincronizar(id, {
      descarga: { permitirLoopback: true, conectar: (_h, _p, a) => conexiones.push(a) },
    });
    expect(r!.error).toMatch(/red privada o local/);
    expect(conexiones).toEqual(["127.0.0.1"]);
    await sinPlanes(id);
  });

  it("refuses a name that resolves to a private address, before connecting", async () => {
    const { id } = await crearFuente(`/nombre-${randomUUID()}`);
    await query(db(), "UPDATE fuente SET url = 'http://agenda.ayuntamiento.example/eventos.ics' WHERE id = $1", [id]);
    const conexiones: string[] = [];
    const r = await sincronizar(id, {
      descarga: {
        permitirLoopback: true,
        resolver: async () => [{ address: "10.0.0.7", family: 4 }],
        conectar: (_h, _p, a) => conexiones.push(a),
      },
    });
    expect(r!.error).toMatch(/red privada o local/);
    expect(conexiones).toEqual([]);
    await sinPlanes(id);
  });

  it("refuses a feed over the size cap", async () => {
    const ruta = `/grande-${randomUUID()}.ics`;
    rutas.set(ruta, {
      cuerpo: calendario(Array.from({ length: 200 }, (_, n) => evento(`g${n}@grande`, `Evento ${n}`, 5))),
    });
    const { id } = await crearFuente(ruta);
    const r = await sincronizar(id, { descarga: { permitirLoopback: true, maxBytes: 4096 } });
    expect(r!.error).toBeTruthy();
    await sinPlanes(id);
  });

  it("says an answer of no known format is not a source, and keeps the plans it had", async () => {
    const ruta = `/formato-${randomUUID()}`;
    rutas.set(ruta, { cuerpo: calendario([evento("f@formato", "Verbena", 5)]) });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id)).toMatchObject({ creados: 1 });
    rutas.set(ruta, { tipo: "text/plain", cuerpo: "Estamos de mantenimiento" });
    expect(await sincronizar(id)).toMatchObject({ error: mensajesFuentes.formatoNoReconocido, retirados: 0 });
    expect(await planesDe(id)).toMatchObject([{ visible: true }]);
  });
});

describe("a plan of several dates from a source", () => {
  /** A Madrid day as iCalendar's local date-time. */
  const localDe = (d: Dia, hora: string) =>
    `${d.year}${String(d.month).padStart(2, "0")}${String(d.day).padStart(2, "0")}T${hora.replace(":", "")}00`;
  /** The same day `meses` months later (a day of the month every month has). */
  const primero = (() => {
    const d = sumarDias(diaEnMadrid(), 3);
    return d.day > 28 ? sumarDias(d, 32 - d.day) : d;
  })();
  const mes = (meses: number): Dia => {
    const m = primero.month - 1 + meses;
    return { year: primero.year + Math.floor(m / 12), month: (m % 12) + 1, day: primero.day };
  };
  const fechasDe = (planId: string) =>
    query<{ id: string; inicio: Date; fin: Date | null; titulo: string | null }>(
      db(),
      "SELECT id, inicio, fin, titulo FROM plan_fecha WHERE plan_id = $1 ORDER BY inicio",
      [planId],
    );
  const iso = (d: Date | null) => d?.toISOString() ?? null;

  /** A monthly market: its first three months, the second excluded, the third moved to the next day at 10:00; and one more day. */
  const mercado = (uid: string, movido = 1) => [
    `UID:${uid}
DTSTART;TZID=Europe/Madrid:${localDe(mes(0), "09:00")}
DTEND;TZID=Europe/Madrid:${localDe(mes(0), "14:00")}
RRULE:FREQ=MONTHLY;COUNT=3
EXDATE;TZID=Europe/Madrid:${localDe(mes(1), "09:00")}
RDATE;TZID=Europe/Madrid:${localDe(sumarDias(mes(0), 7), "09:00")}
SUMMARY:Mercado de artesanía
LOCATION:Plaza Mayor\\, Hervás`,
    `UID:${uid}
RECURRENCE-ID;TZID=Europe/Madrid:${localDe(mes(2), "09:00")}
DTSTART;TZID=Europe/Madrid:${localDe(sumarDias(mes(2), movido), "10:00")}
DTEND;TZID=Europe/Madrid:${localDe(sumarDias(mes(2), movido), "14:00")}
SUMMARY:Mercado de artesanía
LOCATION:Plaza Mayor\\, Hervás`,
  ];

  it("makes a monthly market one plan with a date a market day: EXDATE honoured, a moved occurrence moves its date", async () => {
    const ruta = `/mercado-${randomUUID()}.ics`;
    rutas.set(ruta, { cuerpo: calendario(mercado("mercado@fechas")) });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id)).toMatchObject({ creados: 1, descartados: [] });
    const [plan] = await planesDe(id);
    expect(plan).toMatchObject({ clave: "mercado@fechas", tipo: "evento", titulo: "Mercado de artesanía" });
    const fechas = await fechasDe(plan.id);
    const esperadas = [
      [instanteEnMadrid(mes(0), "09:00"), instanteEnMadrid(mes(0), "14:00")],
      [instanteEnMadrid(sumarDias(mes(0), 7), "09:00"), instanteEnMadrid(sumarDias(mes(0), 7), "14:00")],
      [instanteEnMadrid(sumarDias(mes(2), 1), "10:00"), instanteEnMadrid(sumarDias(mes(2), 1), "14:00")],
    ];
    expect(fechas.map((f) => [iso(f.inicio), iso(f.fin)])).toEqual(esperadas.map(([a, b]) => [iso(a), iso(b)]));
    const [span] = await query<{ fecha_inicio: Date; fecha_fin: Date; fechas_varias: number }>(
      db(),
      "SELECT fecha_inicio, fecha_fin, fechas_varias FROM plan WHERE id = $1",
      [plan.id],
    );
    expect([iso(span.fecha_inicio), iso(span.fecha_fin), span.fechas_varias]).toEqual([
      iso(esperadas[0][0]),
      iso(esperadas[2][1]),
      3,
    ]);

    // The market moved again: that date moves, keeping its id, and so do the others theirs.
    rutas.set(ruta, { cuerpo: calendario(mercado("mercado@fechas", 2)) });
    expect(await sincronizar(id)).toMatchObject({ creados: 0, actualizados: 1 });
    const despues = await fechasDe(plan.id);
    expect(despues.map((f) => f.id)).toEqual(fechas.map((f) => f.id));
    expect(iso(despues[2].inicio)).toBe(iso(instanteEnMadrid(sumarDias(mes(2), 2), "10:00")));
    expect(await sincronizar(id)).toMatchObject({ actualizados: 0, sinCambios: 1 });
  });

  it("merges the plans an earlier import made of each market day into the oldest: 301 from the others, their favourites moved", async () => {
    const ruta = `/fusion-${randomUUID()}.ics`;
    const uid = `mercado-${randomUUID().slice(0, 8)}@fusion`;
    rutas.set(ruta, { cuerpo: calendario(mercado(uid)) });
    const { id, usuarioId } = await crearFuente(ruta);
    const hervas = await municipio("Hervás");
    // What the earlier import wrote: a plan a day, each its item keyed by the occurrence.
    const dias = [mes(0), mes(2)];
    const [viejo, otro] = await Promise.all(
      dias.map((d) =>
        insertPlan({
          usuarioId,
          titulo: "Mercado de artesanía",
          municipio: "Hervás",
          municipioIne: hervas.ine,
          origin: hervas,
          distanciaM: 0,
          fechaInicio: instanteEnMadrid(d, "09:00"),
          fechaFin: instanteEnMadrid(d, "14:00"),
        }),
      ),
    );
    await query(
      db(),
      "UPDATE plan SET fuente_id = $1, fecha_creacion = fecha_creacion - interval '1 day' WHERE id = $2",
      [id, viejo],
    );
    await query(db(), "UPDATE plan SET fuente_id = $1 WHERE id = $2", [id, otro]);
    for (const [i, planId] of [viejo, otro].entries())
      await query(db(), "INSERT INTO fuente_item (fuente_id, clave, plan_id, huella) VALUES ($1, $2, $3, 'x')", [
        id,
        `${uid}@${instanteEnMadrid(dias[i], "09:00").toISOString()}`,
        planId,
      ]);
    // Ana saved both; Bea the second only.
    const [ana, bea] = await Promise.all([insertUser(), insertUser()]);
    for (const [u, p] of [
      [ana, viejo],
      [ana, otro],
      [bea, otro],
    ])
      await query(db(), "INSERT INTO favorito (usuario_id, plan_id) VALUES ($1, $2)", [u, p]);

    const r = await sincronizar(id);
    expect(r).toMatchObject({ creados: 0, actualizados: 1, retirados: 0 });
    const planes = await planesDe(id);
    expect(planes.map((p) => [p.id, p.clave])).toEqual([[viejo, uid]]);
    expect(await fechasDe(viejo)).toHaveLength(3);
    expect(await query(db(), "SELECT 1 FROM plan WHERE id = $1", [otro])).toEqual([]);
    const favoritos = await query<{ usuario_id: string; plan_id: string }>(
      db(),
      "SELECT usuario_id, plan_id FROM favorito WHERE usuario_id = ANY($1) ORDER BY usuario_id",
      [[ana, bea]],
    );
    expect(favoritos).toEqual([ana, bea].sort().map((u) => ({ usuario_id: u, plan_id: viejo })));
    // Nobody is told a plan they saved was cancelled: it was merged.
    expect(await query(db(), "SELECT 1 FROM aviso_plan WHERE plan_id = $1 AND tipo = 'cancelado'", [otro])).toEqual([]);
    const res = await fetch(`${appUrl()}/plan/mercado-de-artesania/${otro}`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location")!, appUrl()).pathname).toBe(planPath("Mercado de artesanía", viejo));
    // The next sync finds one plan, as it left it.
    expect(await sincronizar(id)).toMatchObject({ creados: 0, actualizados: 0, sinCambios: 1 });
  });

  it("links an item to a plan of several dates already on Planazo by any of its dates, not only its first", async () => {
    const titulo = `Ciclo de teatro en la calle ${randomUUID().slice(0, 6)}`;
    const hervas = await municipio("Hervás");
    // Typed by hand: the 9th and the 16th day from today.
    const aMano = await insertPlan({
      usuarioId: await insertUser(),
      titulo,
      municipio: "Hervás",
      municipioIne: hervas.ine,
      origin: hervas,
      distanciaM: 0,
      fechaInicio: diaMadrid(9, "19:00"),
      fechaFin: diaMadrid(16, "21:00"),
      fechas: [
        { inicio: diaMadrid(9, "19:00"), fin: diaMadrid(9, "21:00") },
        { inicio: diaMadrid(16, "19:00"), fin: diaMadrid(16, "21:00") },
      ],
    });
    const ruta = `/varias-${randomUUID()}.ics`;
    rutas.set(ruta, { cuerpo: calendario([evento("teatro@varias", titulo, 16)]) });
    const { id } = await crearFuente(ruta);
    expect(await sincronizar(id)).toMatchObject({ creados: 0, vinculados: 1 });
    const [item] = await query<{ plan_id: string; vinculado: boolean }>(
      db(),
      "SELECT plan_id, vinculado FROM fuente_item WHERE fuente_id = $1",
      [id],
    );
    expect(item).toEqual({ plan_id: aMano, vinculado: true });
  });

  it("makes an agenda's show on three days (three items, two pages) one plan of three dates, and a day gone goes from it", async () => {
    const servidor = await servirAgendas({}, 2);
    try {
      const [muestra] = fixtureAgenda("kulturklik", servidor.base);
      const hoy = diaEnMadrid();
      const diaIso = (n: number) => {
        const d = sumarDias(hoy, n);
        return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}T00:00:00Z`;
      };
      const titulo = `Teatro: La casa de Bernarda Alba ${randomUUID().slice(0, 6)}`;
      const funcion = (id: string, n: number) => ({
        ...muestra,
        id,
        nameEs: titulo,
        nameEu: titulo,
        startDate: diaIso(n),
        endDate: diaIso(n),
        urlEventEs: `https://www.ordiziaekintzak.eus/${id}`,
      });
      const otra = { ...funcion("otra", 3), nameEs: `Cine en el jardín ${titulo}`, nameEu: "Zinema" };
      const registros = [funcion("f1", 2), otra, funcion("f2", 3), funcion("f3", 4)];
      servidor.agendas.kulturklik = { registros, cap: 2, fallo: null, peticiones: [] };
      const cobertura = async () => {
        const prisma = createPrismaClient(db(), 1);
        try {
          return (await coberturaPorProvincia(prisma)).find((f) => f.provincia === "Gipuzkoa")!;
        } finally {
          await prisma.$disconnect();
        }
      };
      const antes = await cobertura();
      const [{ id }] = await query<{ id: string }>(
        db(),
        `INSERT INTO fuente (nombre, url, tipo, usuario_id) VALUES ('Kulturklik', $1, 'kulturklik', $2) RETURNING id`,
        [servidor.base + FORMAS.kulturklik.ejemplo, await insertUser()],
      );
      const r = (await sincronizar(id))!;
      expect(r).toMatchObject({ creados: 2, actualizados: 0, leidos: 4, descartados: [] });
      expect(r.items).toMatchObject({ nuevos: 4, descartados: 0 });
      const planes = await planesDe(id);
      const obra = planes.find((p) => p.titulo === titulo)!;
      const fechas = await fechasDe(obra.id);
      expect(fechas.map((f) => iso(f.inicio))).toEqual([2, 3, 4].map((n) => iso(diaMadrid(n, "20:30"))));
      // The coverage report and the back-office count plans and dates apart.
      const despues = await cobertura();
      expect([despues.planes - antes.planes, despues.fechas - antes.fechas]).toEqual([2, 4]);
      expect(textoCobertura([despues])).toContain(mensajesFuentes.planesYFechas(despues.planes, despues.fechas));
      expect(await fuente(id)).toMatchObject({ planes: 2, fechas: 4 });

      // The second day is no longer listed: its date goes, the others keep theirs.
      servidor.agendas.kulturklik.registros = registros.filter((x) => x.id !== "f2");
      expect(await sincronizar(id)).toMatchObject({ creados: 0, actualizados: 1, retirados: 0, sinCambios: 1 });
      const quedan = await fechasDe(obra.id);
      expect(quedan.map((f) => f.id)).toEqual([fechas[0].id, fechas[2].id]);
      expect(await planesDe(id)).toHaveLength(2);
      expect(await sincronizar(id)).toMatchObject({ actualizados: 0, sinCambios: 2 });
    } finally {
      await servidor.cerrar();
    }
  });
});
