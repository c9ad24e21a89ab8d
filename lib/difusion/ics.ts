import {
  diaDeLaSemana,
  diaEnMadrid,
  diaIso,
  diasDelPlan,
  instanteEnMadrid,
  sumarDias,
  todoElDia,
  type Dia,
} from "../dates";
import { site } from "../site";
import { textoPlano } from "../text";
import { horariosOrdenados } from "../plans/texto";
import type { PlanApi } from "../plans/plan";
import type { FechaFila } from "../plans/fechas";

const CRLF = "\r\n";
const bytes = new TextEncoder();

/** An instant in the compact UTC form of iCalendar and Google Calendar: 20261205T190000Z. */
export function fechaUtc(instante: string | Date): string {
  return new Date(instante)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escaparTexto(texto: string): string {
  return texto
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space; a UTF-8
 * character is never split (the leading space counts towards the next line's 75).
 */
export function plegarLinea(linea: string): string {
  const partes: string[] = [];
  let actual = "";
  let octetos = 0;
  let limite = 75;
  for (const caracter of linea) {
    const n = bytes.encode(caracter).length;
    if (octetos + n > limite) {
      partes.push(actual);
      actual = "";
      octetos = 0;
      limite = 74;
    }
    actual += caracter;
    octetos += n;
  }
  partes.push(actual);
  return partes.join(`${CRLF} `);
}

/** The text a calendar entry and a calendar link describe a plan with: its description, then its page. */
export function detallesCalendario(plan: PlanApi, max = 1500): string {
  const texto = textoPlano(plan.descripcion);
  return `${texto.length > max ? `${texto.slice(0, max - 1).trimEnd()}…` : texto}\n\n${plan.urlPlan}`.trim();
}

export function lugarCalendario(plan: Pick<PlanApi, "direccion" | "municipio">): string {
  return plan.direccion.includes(plan.municipio) ? plan.direccion : `${plan.direccion}, ${plan.municipio}`;
}

/** The time zone of every wall-clock time the feeds write (DESIGN.md § Data: all calendar logic is Madrid's). */
export const ZONA_CALENDARIO = "Europe/Madrid";

/**
 * Europe/Madrid as a VTIMEZONE (RFC 5545 §3.6.5): CET, and CEST from the last Sunday of March at
 * 02:00 to the last Sunday of October at 03:00 (the EU rule since 1996), so a client without
 * its own zone database still expands a weekly rule to the right local hours across the change.
 */
const VTIMEZONE_MADRID = [
  "BEGIN:VTIMEZONE",
  `TZID:${ZONA_CALENDARIO}`,
  `X-LIC-LOCATION:${ZONA_CALENDARIO}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** RFC 5545 weekday codes by diaSemana (0 = Sunday). */
const DIAS_ICS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

const uidDe = (plan: PlanApi, sufijo = "") => `UID:${plan._id}${sufijo}@${new URL(plan.urlPlan).hostname}`;

/**
 * One time of a plan in a calendar: an event's own start and end, or one of its dates (with its
 * own title and place when it has them, and its own UID but for the plan's oldest date).
 */
interface Tramo {
  inicio: string;
  fin: string | null;
  sufijo: string;
  titulo: string | null;
  direccion: string | null;
  punto: [lng: number, lat: number] | null;
}

/** What every VEVENT of a plan says besides its times (a date's own title and place first). */
function lineasComunes(plan: PlanApi, tramo?: Tramo): string[] {
  const [lng, lat] = tramo?.punto ?? plan.ubicacion.coordinates;
  const titulo = tramo?.titulo ? `${tramo.titulo} · ${plan.titulo}` : plan.titulo;
  const lugar = lugarCalendario({ direccion: tramo?.direccion ?? plan.direccion, municipio: plan.municipio });
  return [
    `SUMMARY:${escaparTexto(titulo)}`,
    `LOCATION:${escaparTexto(lugar)}`,
    `GEO:${lat};${lng}`,
    `DESCRIPTION:${escaparTexto(detallesCalendario(plan))}`,
    ...(plan.categorias.length > 0 ? [`CATEGORIES:${plan.categorias.map(escaparTexto).join(",")}`] : []),
    `URL:${plan.urlPlan}`,
  ];
}

/**
 * An all-day plan's days as iCalendar DATEs (RFC 5545 §3.6.1): its first day and the day after
 * its last, as DTEND is exclusive. Null for a plan with times (todoElDia).
 */
export function diasCalendario(
  plan: Pick<PlanApi, "fechaInicio" | "fechaFin">,
): { desde: string; hasta: string } | null {
  if (!plan.fechaInicio || !plan.fechaFin || !todoElDia(plan)) return null;
  const { primero, ultimo } = diasDelPlan(plan.fechaInicio, plan.fechaFin);
  const fecha = (d: Dia) => diaIso(d).replace(/-/g, "");
  return { desde: fecha(primero), hasta: fecha(sumarDias(ultimo, 1)) };
}

/**
 * An event's VEVENTs, in UTC, or as days when all day: one, or one per date when it has several
 * (`fechas`, as lib/plans/queries.ts reads them), so a changed hour updates the event already in
 * a person's calendar. Empty for a plan without a start.
 */
function veventsEvento(plan: PlanApi, ahora: Date, fechas?: readonly FechaFila[] | null): string[] {
  if (!plan.fechaInicio) return [];
  const tramos: Tramo[] =
    fechas && fechas.length > 1
      ? fechas.map((f) => ({
          inicio: f.inicio,
          fin: f.fin,
          sufijo: f.principal ? "" : `-${f.id}`,
          titulo: f.titulo,
          direccion: f.direccion,
          punto: f.lng === null || f.lat === null ? null : [f.lng, f.lat],
        }))
      : [{ inicio: plan.fechaInicio, fin: plan.fechaFin, sufijo: "", titulo: null, direccion: null, punto: null }];
  return tramos.flatMap((t) => {
    const fin = t.fin && new Date(t.fin) > new Date(t.inicio) ? t.fin : null;
    const dias = diasCalendario({ fechaInicio: t.inicio, fechaFin: t.fin });
    return [
      "BEGIN:VEVENT",
      uidDe(plan, t.sufijo),
      `DTSTAMP:${fechaUtc(ahora)}`,
      ...(dias
        ? [`DTSTART;VALUE=DATE:${dias.desde}`, `DTEND;VALUE=DATE:${dias.hasta}`]
        : [`DTSTART:${fechaUtc(t.inicio)}`, ...(fin ? [`DTEND:${fechaUtc(fin)}`] : [])]),
      ...lineasComunes(plan, t),
      "END:VEVENT",
    ];
  });
}

const dosCifras = (n: number) => String(n).padStart(2, "0");
/** A Madrid day and "HH:mm" as a local DATE-TIME: 20260328T100000. */
const fechaLocal = (d: Dia, hora: string) =>
  `${d.year}${dosCifras(d.month)}${dosCifras(d.day)}T${hora.replace(":", "").padEnd(4, "0")}00`;

/**
 * An experience's VEVENTs: one per distinct slot time (start and end), repeating weekly on the
 * days that have it (RRULE:FREQ=WEEKLY;BYDAY=…), in Madrid time (TZID, with the VTIMEZONE of the
 * calendar), from its first day on or after the experience's start (or its publication) and
 * UNTIL its end when it has one.
 */
function veventsExperiencia(plan: PlanApi, ahora: Date): string[] {
  const grupos = new Map<string, { horaInicio: string; horaFin: string; dias: number[] }>();
  for (const h of horariosOrdenados(plan.horariosDisponibles)) {
    const clave = `${h.horaInicio}-${h.horaFin}`;
    const g = grupos.get(clave) ?? { horaInicio: h.horaInicio, horaFin: h.horaFin, dias: [] };
    if (!g.dias.includes(h.diaSemana)) g.dias.push(h.diaSemana);
    grupos.set(clave, g);
  }
  const desde = diaEnMadrid(new Date(plan.fechaInicio ?? plan.fechaCreacion));
  const hasta = plan.fechaFin ? new Date(plan.fechaFin) : null;
  const lineas: string[] = [];
  for (const g of grupos.values()) {
    // The first day on or after the start that has this slot: DTSTART is the rule's first occurrence.
    let primero = desde;
    while (!g.dias.includes(diaDeLaSemana(primero))) primero = sumarDias(primero, 1);
    if (hasta && instanteEnMadrid(primero, g.horaInicio) > hasta) continue;
    const finAlDiaSiguiente = g.horaFin <= g.horaInicio;
    lineas.push(
      "BEGIN:VEVENT",
      uidDe(plan, `-${g.horaInicio.replace(":", "")}${g.horaFin.replace(":", "")}`),
      `DTSTAMP:${fechaUtc(ahora)}`,
      `DTSTART;TZID=${ZONA_CALENDARIO}:${fechaLocal(primero, g.horaInicio)}`,
      `DTEND;TZID=${ZONA_CALENDARIO}:${fechaLocal(finAlDiaSiguiente ? sumarDias(primero, 1) : primero, g.horaFin)}`,
      `RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=${g.dias.map((d) => DIAS_ICS[d]).join(",")}${hasta ? `;UNTIL=${fechaUtc(hasta)}` : ""}`,
      ...lineasComunes(plan),
      "END:VEVENT",
    );
  }
  return lineas;
}

/** The VEVENTs of a plan: an event's (one per date), or an experience's weekly ones. */
export function veventsPlan(plan: PlanApi, ahora: Date, fechas?: readonly FechaFila[] | null): string[] {
  return plan.tipo === "evento" ? veventsEvento(plan, ahora, fechas) : veventsExperiencia(plan, ahora);
}

/** A VCALENDAR around its lines: folded, CRLF-terminated (RFC 5545 §3.1). */
function vcalendar(cabecera: string[], cuerpo: string[]): string {
  const lineas = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escaparTexto(site().nombre)}//Planes//ES`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...cabecera,
    ...cuerpo,
    "END:VCALENDAR",
  ];
  return lineas.map(plegarLinea).join(CRLF) + CRLF;
}

/**
 * An event plan in a VCALENDAR (text/calendar): a VEVENT per date. Null for plans without a start.
 */
export function calendarioPlan(
  plan: PlanApi,
  ahora: Date = new Date(),
  fechas?: readonly FechaFila[] | null,
): string | null {
  if (plan.tipo !== "evento" || !plan.fechaInicio) return null;
  return vcalendar([], veventsEvento(plan, ahora, fechas));
}

/**
 * A calendar to subscribe to (the feeds of a search or an organization): its name, how often a
 * client should ask again, Madrid's VTIMEZONE, and the VEVENTs of every plan (an event's dates by
 * `fechasDe`). `ahora` is the DTSTAMP: the feed's Last-Modified, so the same version of a feed is
 * the same bytes.
 */
export function calendarioPlanes(
  planes: readonly PlanApi[],
  { nombre, url, ahora }: { nombre: string; url: string; ahora: Date },
  fechasDe: (id: string) => readonly FechaFila[] | null | undefined = () => null,
): string {
  const cabecera = [
    `NAME:${escaparTexto(nombre)}`,
    `X-WR-CALNAME:${escaparTexto(nombre)}`,
    `X-WR-TIMEZONE:${ZONA_CALENDARIO}`,
    `SOURCE;VALUE=URI:${url}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...VTIMEZONE_MADRID,
  ];
  return vcalendar(
    cabecera,
    planes.flatMap((p) => veventsPlan(p, ahora, fechasDe(p._id))),
  );
}

/** A Content-Disposition for the downloaded file: an ASCII name plus the exact UTF-8 one. */
export function disposicionIcs(titulo: string): string {
  const ascii =
    titulo
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "plan";
  return `attachment; filename="${ascii}.ics"; filename*=UTF-8''${encodeURIComponent(`${titulo.trim()}.ics`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Google Calendar's event template link (spec §7 'calendar template': title, start/end, location). */
export function enlaceGoogleCalendar(plan: PlanApi): string | null {
  if (plan.tipo !== "evento" || !plan.fechaInicio) return null;
  const inicio = new URLSearchParams({ action: "TEMPLATE", text: plan.titulo });
  const resto = new URLSearchParams({ details: detallesCalendario(plan, 800), location: lugarCalendario(plan) });
  // The range keeps its literal slash, as Google documents it; whole days are dates (end exclusive).
  const dias = diasCalendario(plan);
  const rango = dias
    ? `${dias.desde}/${dias.hasta}`
    : `${fechaUtc(plan.fechaInicio)}/${fechaUtc(plan.fechaFin ?? plan.fechaInicio)}`;
  return `https://calendar.google.com/calendar/render?${inicio}&dates=${rango}&${resto}`;
}
