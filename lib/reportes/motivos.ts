import { mensajes } from "../messages";
import { saltosDeLinea, sinControl } from "../text";
import { sinValor } from "../valores";

// Client-safe: the report dialog, the API's reading and the back-office's queue share it.

/** Why a plan is reported: the code the API takes and stores, and its words, in the dialog's order. */
export const MOTIVOS_REPORTE = {
  falsa: mensajes.reporteMotivoFalsa,
  inapropiado: mensajes.reporteMotivoInapropiado,
  spam: mensajes.reporteMotivoSpam,
  caducado: mensajes.reporteMotivoCaducado,
  otro: mensajes.reporteMotivoOtro,
} as const;

export type MotivoReporte = keyof typeof MOTIVOS_REPORTE;

export const CODIGOS_MOTIVO = Object.keys(MOTIVOS_REPORTE) as MotivoReporte[];

/** The back-office filter's value for the reports that carry no reason (older ones, older apps). */
export const SIN_MOTIVO = "ninguno";

/** The back-office's filter by reason: one reason, or the reports that carry none. */
export type FiltroMotivo = MotivoReporte | typeof SIN_MOTIVO;

/** Every value of the filter: the reasons in the dialog's order, then none. */
export const FILTROS_MOTIVO: readonly FiltroMotivo[] = [...CODIGOS_MOTIVO, SIN_MOTIVO];

/** At most this many characters of the reporter's own words are kept. */
export const DETALLE_MAX = 300;

export function esMotivo(valor: unknown): valor is MotivoReporte {
  return typeof valor === "string" && Object.hasOwn(MOTIVOS_REPORTE, valor);
}

/** A reason's words; "Sin motivo" for a report without one (or the filter's value for those). */
export function etiquetaMotivo(motivo: string | null): string {
  return esMotivo(motivo) ? MOTIVOS_REPORTE[motivo] : mensajes.reporteSinMotivo;
}

/** The filter by reason of a URL (`?motivo=`), or null (all) when absent or not one of ours. */
export function leerFiltroMotivo(valor: unknown): FiltroMotivo | null {
  return esMotivo(valor) || valor === SIN_MOTIVO ? valor : null;
}

/** A text as the report keeps it: without control characters, trimmed, empty as null. */
function texto(v: unknown): string | null {
  if (typeof v !== "string" || sinValor(v)) return null;
  return sinControl(saltosDeLinea(v), true).trim() || null;
}

/** The first `max` characters (code points, as PostgreSQL counts them, so no emoji is cut in half). */
function recortar(v: string, max: number): string {
  const letras = Array.from(v);
  return letras.length > max ? letras.slice(0, max).join("").trimEnd() : v;
}

/**
 * A report's `motivo` and `detalle` as the API reads them, liberally, so no report is lost over
 * them: a known code in any case; any other value is `otro`, its text kept at the front of the
 * detail; a detail without a reason is `otro` too; neither is a report without a reason, as
 * before reasons existed. The detail is cut to DETALLE_MAX characters.
 */
export function leerMotivo(
  motivo: unknown,
  detalle: unknown,
): { motivo: MotivoReporte | null; detalle: string | null } {
  const dicho = texto(detalle);
  const sinMotivo = motivo === undefined || motivo === null || (typeof motivo === "string" && sinValor(motivo));
  if (sinMotivo) return { motivo: dicho ? "otro" : null, detalle: dicho && recortar(dicho, DETALLE_MAX) };
  const codigo = texto(motivo)?.toLowerCase();
  if (esMotivo(codigo)) return { motivo: codigo, detalle: dicho && recortar(dicho, DETALLE_MAX) };
  const desconocido = texto(typeof motivo === "number" || typeof motivo === "boolean" ? String(motivo) : motivo);
  const juntos = [desconocido, dicho].filter(Boolean).join(": ");
  return { motivo: "otro", detalle: juntos ? recortar(juntos, DETALLE_MAX) : null };
}
