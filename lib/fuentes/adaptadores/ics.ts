import ICAL from "ical.js";
import { findIana, WINDOWS_TO_IANA_MAP } from "windows-iana";
import { instanteEnMadrid } from "../../dates";
import { sinControl } from "../../text";
import { categoriasDe } from "../categorias";
import { DIAS_ICAL, instanteIcal, pasosIcal, urlAbsoluta, zonaIcal } from "./comun";
import { FormatoNoValido } from "../errores";
import { htmlAMarkdown } from "../html";
import type { Adaptador, ContextoLectura, ItemFuente, Lugar, Ocurrencia, Regla } from "../tipos";

/**
 * iCalendar (RFC 5545) feeds: Google Calendar, Outlook/Exchange, Nextcloud, WordPress plugins…
 * One item per UID: its main VEVENT, with its RECURRENCE-ID overrides applied to the occurrences.
 *
 * Times: a TZID that names a zone of the zone database (IANA, a Windows name such as "Romance
 * Standard Time", or a prefixed one such as "/mozilla.org/…/Europe/Madrid") is read with the
 * database, whatever the file's VTIMEZONE says (generators write partial ones: only the years of
 * their events, or no rules at all). Any other TZID is read with the file's own VTIMEZONE, and
 * without one as Madrid time; floating times are Madrid time too.
 *
 * A VEVENT without DTSTART, or that cannot be read, is left out here: it makes no plan, and
 * nothing of it could be shown.
 */

const MADRID = "Europe/Madrid";
const DIA_MS = 86_400_000;

/** Windows zone ids (Outlook, Exchange) by their lower-case spelling: files write them in any case. */
const IDS_WINDOWS = new Map(WINDOWS_TO_IANA_MAP.map((z) => [z.windowsName.toLowerCase(), z.windowsName]));

/**
 * The database zone of a Windows zone name, by CLDR's table: Spain's when the name covers one
 * ("Romance Standard Time" is Madrid), else the name's main zone. Windows' display name of UTC,
 * which is no id of the table, is read as UTC too: some files name the zone by it.
 */
function zonaWindows(nombre: string): string | null {
  if (/^coordinated universal time$/i.test(nombre)) return "UTC";
  const id = IDS_WINDOWS.get(nombre.toLowerCase());
  return id ? ([...findIana(id, "ES"), ...findIana(id, "001")].find(zonaValida) ?? null) : null;
}

const validas = new Map<string, boolean>();
function zonaValida(nombre: string): boolean {
  let ok = validas.get(nombre);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: nombre });
      ok = true;
    } catch {
      ok = false;
    }
    validas.set(nombre, ok);
  }
  return ok;
}

/** The database zone a TZID names, or null when it names none. */
function zonaDeTzid(tzid: string): string | null {
  const t = tzid.trim().replace(/^"|"$/g, "");
  if (t.includes("/") || /^(utc|gmt)$/i.test(t)) {
    if (zonaValida(t)) return t;
    // "/mozilla.org/20050126_1/Europe/Madrid", "/citadel.org/20190914_1/Europe/Madrid".
    const partes = t.split("/").filter(Boolean);
    for (let n = Math.min(3, partes.length); n >= 2; n--) {
      const cola = partes.slice(-n).join("/");
      if (zonaValida(cola)) return cola;
    }
  }
  return zonaWindows(t);
}

type Jcal = [string, JcalPropiedad[], Jcal[]];
type JcalPropiedad = [string, Record<string, unknown>, string, ...unknown[]];

const CON_FECHA = new Set(["dtstart", "dtend", "due", "exdate", "rdate", "recurrence-id"]);

/**
 * Puts every time of the calendar's VEVENTs in a zone ical.js can read: a TZID of the database
 * goes to that zone; floating times, and a TZID neither the database nor the file defines, go to Madrid.
 */
function normalizarZonas(cal: Jcal): void {
  const propias = new Set(
    cal[2]
      .filter((c) => c[0] === "vtimezone")
      .map((c) => c[1].find((p) => p[0] === "tzid")?.[3])
      .filter((v): v is string => typeof v === "string"),
  );
  for (const comp of cal[2]) {
    if (comp[0] !== "vevent") continue;
    for (const p of comp[1]) {
      const params = p[1];
      const tzid = typeof params.tzid === "string" ? params.tzid : null;
      if (tzid !== null) {
        const iana = zonaDeTzid(tzid);
        if (iana) params.tzid = zonaIcal(iana);
        else if (!propias.has(tzid)) params.tzid = zonaIcal(/canari/i.test(tzid) ? "Atlantic/Canary" : MADRID);
      } else if (CON_FECHA.has(p[0]) && p[2] === "date-time" && typeof p[3] === "string" && !p[3].endsWith("Z")) {
        params.tzid = zonaIcal(MADRID);
      }
    }
  }
}

const texto = (v: unknown): string => (typeof v === "string" ? sinControl(v, true) : "");

/** One line: the title as people read it (no line breaks, no runs of spaces). */
const unaLinea = (v: unknown): string => texto(v).replace(/\s+/g, " ").trim();

function descripcionDe(c: ICAL.Component): string {
  const alt = c
    .getAllProperties("x-alt-desc")
    .find((p) => /^text\/html/i.test(String(p.getParameter("fmttype") ?? "")));
  const html = alt ? texto(alt.getFirstValue()) : "";
  return htmlAMarkdown(html.trim() ? html : texto(c.getFirstPropertyValue("description")));
}

function lugarDe(c: ICAL.Component): Lugar {
  const geo = c.getFirstPropertyValue("geo");
  let lat: number | null = null;
  let lng: number | null = null;
  if (Array.isArray(geo) && geo.length === 2) {
    const [a, b] = geo.map(Number);
    if (Number.isFinite(a) && Number.isFinite(b) && Math.abs(a) <= 90 && Math.abs(b) <= 180 && (a !== 0 || b !== 0)) {
      lat = a;
      lng = b;
    }
  }
  const texto = unaLinea(c.getFirstPropertyValue("location"));
  return { texto: texto || null, direccion: null, municipio: null, provincia: null, lat, lng };
}

/** RFC 7986 IMAGE (a URI), else an ATTACH whose FMTTYPE is an image. */
function imagenDe(c: ICAL.Component, base: string): string | null {
  for (const p of c.getAllProperties("image")) {
    if (p.type !== "uri" && String(p.getParameter("value") ?? "").toLowerCase() !== "uri") continue;
    const u = urlAbsoluta(p.getFirstValue(), base);
    if (u) return u;
  }
  for (const p of c.getAllProperties("attach")) {
    if (!/^image\//i.test(String(p.getParameter("fmttype") ?? ""))) continue;
    if (p.getParameter("encoding")) continue;
    const u = urlAbsoluta(p.getFirstValue(), base);
    if (u) return u;
  }
  return null;
}

function organizadorDe(c: ICAL.Component): string | null {
  const cn = c.getFirstProperty("organizer")?.getParameter("cn");
  let nombre = texto(Array.isArray(cn) ? cn[0] : cn);
  // WordPress' The Events Calendar writes the name percent-encoded (CN="Casa%20de%20Cultura").
  if (/%[0-9a-f]{2}/i.test(nombre)) {
    try {
      nombre = decodeURIComponent(nombre);
    } catch {
      // Not an encoding after all: the name as written.
    }
  }
  nombre = nombre.replace(/^"|"$/g, "").replace(/\s+/g, " ").trim();
  return nombre || null;
}

function categoriasIcs(c: ICAL.Component) {
  const nombres = c.getAllProperties("categories").flatMap((p) => p.getValues().map((v) => texto(v)));
  // Some generators write them as one text with commas of its own.
  return categoriasDe(nombres.flatMap((n) => n.split(",")));
}

function reglaDe(c: ICAL.Component): Regla | null {
  const reglas = c.getAllProperties("rrule");
  if (reglas.length === 0) return null;
  const r = reglas[0].getFirstValue() as ICAL.Recur;
  const partes = Object.keys(r.parts ?? {});
  const byday = ((r.parts?.BYDAY as string[] | undefined) ?? []).map((d) => String(d).toUpperCase());
  const simples = byday.every((d) => DIAS_ICAL.includes(d));
  return {
    frecuencia: r.freq as Regla["frecuencia"],
    intervalo: r.interval || 1,
    dias: simples ? [...new Set(byday.map((d) => DIAS_ICAL.indexOf(d)))].sort((a, b) => a - b) : [],
    hasta: r.until ? instanteIcal(r.until) : null,
    cuenta: r.count ?? null,
    // RDATEs, or a second RRULE, add dates a weekly timetable cannot say.
    simple:
      reglas.length === 1 && c.getAllProperties("rdate").length === 0 && partes.every((p) => p === "BYDAY") && simples,
  };
}

function fechas(c: ICAL.Component, nombre: string): Date[] {
  return c
    .getAllProperties(nombre)
    .flatMap((p) => p.getValues())
    .filter((v): v is ICAL.Time => v instanceof ICAL.Time)
    .map(instanteIcal);
}

/** An item's end: an all-day one's exclusive day after; DTEND, else DTSTART + DURATION, else null. */
function finDe(c: ICAL.Component, inicio: ICAL.Time): Date | null {
  const dtend = c.getFirstPropertyValue("dtend");
  const duracion = c.getFirstPropertyValue("duration");
  let fin: ICAL.Time | null = null;
  if (dtend instanceof ICAL.Time) fin = dtend;
  else if (duracion instanceof ICAL.Duration) {
    fin = inicio.clone();
    fin.addDuration(duracion);
  }
  const desde = instanteIcal(inicio);
  if (inicio.isDate) {
    const f = fin ? instanteIcal(fin) : null;
    // A missing or broken end of an all-day item: that one day.
    return f && f > desde
      ? f
      : instanteEnMadrid({ year: inicio.year, month: inicio.month, day: inicio.day + 1 }, "00:00");
  }
  if (!fin) return null;
  const f = instanteIcal(fin);
  return f >= desde ? f : null;
}

/** How far past `hasta` original dates are still walked, for an override moved into the window. */
const MARGEN_MS = 31 * DIA_MS;

function generadorOcurrencias(
  evento: ICAL.Event,
  maestro: { titulo: string; descripcion: string; lugar: Lugar; fin: Date | null; base: string },
) {
  const conRegla = evento.component.hasProperty("rrule");
  const inicioMaestro = evento.startDate;
  return (desde: Date, hasta: Date, max: number): Ocurrencia[] => {
    const lista: Ocurrencia[] = [];
    const vistas = new Set<string>();
    const anadir = (original: ICAL.Time) => {
      const clave = instanteIcal(original).toISOString();
      if (vistas.has(clave)) return;
      vistas.add(clave);
      const det = evento.getOccurrenceDetails(original);
      const inicio = instanteIcal(det.startDate);
      if (inicio < desde || inicio >= hasta) return;
      const o: Ocurrencia = { clave, inicio, fin: null };
      const excepcion = det.item && det.item !== evento ? det.item.component : null;
      if (excepcion) {
        const fin = finDe(excepcion, det.startDate);
        o.fin = fin ?? (maestro.fin ? instanteIcal(det.endDate) : null);
        const titulo = unaLinea(excepcion.getFirstPropertyValue("summary"));
        if (titulo && titulo !== maestro.titulo) o.titulo = titulo;
        const descripcion = descripcionDe(excepcion);
        if (descripcion && descripcion !== maestro.descripcion) o.descripcion = descripcion;
        const lugar = lugarDe(excepcion);
        if (
          (lugar.texto && lugar.texto !== maestro.lugar.texto) ||
          (lugar.lat !== null && (lugar.lat !== maestro.lugar.lat || lugar.lng !== maestro.lugar.lng))
        )
          o.lugar = { ...maestro.lugar, ...lugar, texto: lugar.texto ?? maestro.lugar.texto };
        if (texto(excepcion.getFirstPropertyValue("status")).toUpperCase() === "CANCELLED") o.cancelado = true;
      } else if (maestro.fin) {
        o.fin = instanteIcal(det.endDate);
      }
      lista.push(o);
    };
    // With RDATEs alone, ical.js's expansion does not give DTSTART, which RFC 5545 counts as the first.
    if (!conRegla) anadir(inicioMaestro);
    for (const t of pasosIcal(evento.iterator(), hasta.getTime() + MARGEN_MS)) {
      if (lista.length >= max) break;
      anadir(t);
    }
    return lista.sort((a, b) => a.inicio.getTime() - b.inicio.getTime()).slice(0, max);
  };
}

const secuencia = (c: ICAL.Component) => Number(c.getFirstPropertyValue("sequence")) || 0;

function uidDe(c: ICAL.Component): string {
  const uid = unaLinea(c.getFirstPropertyValue("uid"));
  if (uid) return uid;
  // Without a UID (not valid, but written): its start and title name it.
  const inicio = c.getFirstPropertyValue("dtstart");
  return `sin-uid:${inicio instanceof ICAL.Time ? inicio.toString() : ""}:${unaLinea(c.getFirstPropertyValue("summary"))}`;
}

function itemDe(
  principal: ICAL.Component,
  excepciones: ICAL.Component[],
  id: string,
  ctx: ContextoLectura,
): ItemFuente {
  const evento = new ICAL.Event(principal, { exceptions: excepciones });
  const dtstart = evento.startDate;
  const inicio = instanteIcal(dtstart);
  if (Number.isNaN(inicio.getTime())) throw new Error("DTSTART");
  const titulo = unaLinea(principal.getFirstPropertyValue("summary"));
  const descripcion = descripcionDe(principal);
  const lugar = lugarDe(principal);
  const fin = finDe(principal, dtstart);
  const recurrente = principal.hasProperty("rrule") || principal.hasProperty("rdate");
  return {
    id,
    titulo,
    descripcion,
    cancelado: texto(principal.getFirstPropertyValue("status")).toUpperCase() === "CANCELLED",
    inicio,
    fin,
    todoElDia: dtstart.isDate,
    regla: reglaDe(principal),
    excluidas: fechas(principal, "exdate"),
    ocurrencias: recurrente ? generadorOcurrencias(evento, { titulo, descripcion, lugar, fin, base: ctx.url }) : null,
    lugar,
    gratis: null,
    precio: null,
    imagen: imagenDe(principal, ctx.url),
    url: urlAbsoluta(principal.getFirstPropertyValue("url"), ctx.url),
    organizador: organizadorDe(principal),
    categorias: categoriasIcs(principal),
  };
}

/** The calendars of a text (one VCALENDAR, or several one after the other). */
function calendarios(t: string): Jcal[] {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(t);
  } catch (e) {
    throw new FormatoNoValido(`El calendario no se puede leer: ${e instanceof Error ? e.message : String(e)}.`);
  }
  const lista = (Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal : [jcal]) as Jcal[];
  const cals = lista.filter((c) => Array.isArray(c) && c[0] === "vcalendar");
  if (cals.length === 0) throw new FormatoNoValido("El calendario no se puede leer: no es un archivo iCalendar.");
  return cals;
}

const sinBom = (t: string) => t.replace(/^\uFEFF/, "").trimStart();

function leer(entrada: string, ctx: ContextoLectura): ItemFuente[] {
  const t = sinBom(entrada);
  if (!/^BEGIN:VCALENDAR/i.test(t)) {
    throw new FormatoNoValido("El calendario no se puede leer: no empieza por BEGIN:VCALENDAR.");
  }
  const principales = new Map<string, ICAL.Component>();
  const excepciones = new Map<string, ICAL.Component[]>();
  for (const jcal of calendarios(t)) {
    normalizarZonas(jcal);
    const cal = new ICAL.Component(jcal);
    for (const c of cal.getAllSubcomponents("vevent")) {
      const uid = uidDe(c);
      if (c.hasProperty("recurrence-id")) {
        excepciones.set(uid, [...(excepciones.get(uid) ?? []), c]);
        continue;
      }
      const antes = principales.get(uid);
      // The same UID twice: the higher SEQUENCE is the current version (the later one on a tie).
      if (!antes || secuencia(c) >= secuencia(antes)) principales.set(uid, c);
    }
  }
  const items: ItemFuente[] = [];
  for (const [uid, c] of principales) {
    if (!c.hasProperty("dtstart")) continue;
    try {
      items.push(itemDe(c, excepciones.get(uid) ?? [], uid, ctx));
    } catch {
      // A VEVENT whose dates cannot be read makes no plan.
    }
  }
  // Overrides whose series is not in the file: each is one event of its own.
  for (const [uid, lista] of excepciones) {
    if (principales.has(uid)) continue;
    for (const c of lista) {
      if (!c.hasProperty("dtstart")) continue;
      try {
        const rid = c.getFirstPropertyValue("recurrence-id");
        const clave = rid instanceof ICAL.Time ? instanteIcal(rid).toISOString() : "";
        items.push(itemDe(c, [], `${uid}@${clave}`, ctx));
      } catch {
        // As above.
      }
    }
  }
  return items;
}

export const adaptadorIcs: Adaptador = {
  tipo: "ics",
  etiqueta: "Calendario iCalendar",
  tiposMime: ["text/calendar", "application/ics", "text/x-vcalendar", "application/x-ical"],
  reconoce: (t) => /^BEGIN:VCALENDAR/i.test(sinBom(t)),
  leer,
};
