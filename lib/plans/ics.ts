import { site } from "../site";
import { textoPlano } from "./seo";
import type { PlanApi } from "./plan";

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

/** One VEVENT for an event plan, in a VCALENDAR (text/calendar). Null for plans without a start. */
export function calendarioPlan(plan: PlanApi, ahora: Date = new Date()): string | null {
  if (plan.tipo !== "evento" || !plan.fechaInicio) return null;
  const [lng, lat] = plan.ubicacion.coordinates;
  const fin = plan.fechaFin && new Date(plan.fechaFin) > new Date(plan.fechaInicio) ? plan.fechaFin : null;
  const lineas = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escaparTexto(site().nombre)}//Planes//ES`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${plan._id}@${new URL(plan.urlPlan).hostname}`,
    `DTSTAMP:${fechaUtc(ahora)}`,
    `DTSTART:${fechaUtc(plan.fechaInicio)}`,
    ...(fin ? [`DTEND:${fechaUtc(fin)}`] : []),
    `SUMMARY:${escaparTexto(plan.titulo)}`,
    `LOCATION:${escaparTexto(lugarCalendario(plan))}`,
    `GEO:${lat};${lng}`,
    `DESCRIPTION:${escaparTexto(detallesCalendario(plan))}`,
    `URL:${plan.urlPlan}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lineas.map(plegarLinea).join(CRLF) + CRLF;
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
  // The range keeps its literal slash, as Google documents it.
  return `https://calendar.google.com/calendar/render?${inicio}&dates=${fechaUtc(plan.fechaInicio)}/${fechaUtc(plan.fechaFin ?? plan.fechaInicio)}&${resto}`;
}
