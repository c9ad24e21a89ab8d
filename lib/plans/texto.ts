import { cuandoEventoTexto, DIAS_SEMANA, diaEtiqueta, fechasTexto, indiceLunes } from "../dates";
import { conDatos, mensajes } from "../messages";
import type { Horario, PlanApi } from "./plan";

/** A plan's own text: its count, its "when" line and days, its price and distance. Dates themselves are written by lib/dates.ts. */

/** A count as the pages write it: es-ES with the thousands dot, also for four digits ('3.000', where ICU's es-ES writes '3000'). */
const CANTIDAD = new Intl.NumberFormat("es-ES", { useGrouping: "always" });
export const cantidadTexto = (n: number): string => CANTIDAD.format(n);

/**
 * '1 plan', '1.234 planes'; a search's total that is not exact (`totalExacto` false, `n` is
 * the bound TOPE_TOTAL): 'Más de 3.000 planes'.
 */
export function planesTexto(n: number, exacto = true): string {
  if (!exacto) return conDatos(mensajes.masDePlanes, { n: cantidadTexto(n) });
  return n === 1 ? "1 plan" : `${cantidadTexto(n)} planes`;
}

/** Slots Monday first (spec shows the week the Spanish way), then by start time. */
export function horariosOrdenados(horarios: readonly Horario[]): Horario[] {
  return [...horarios].sort(
    (a, b) => indiceLunes(a.diaSemana) - indiceLunes(b.diaSemana) || a.horaInicio.localeCompare(b.horaInicio),
  );
}

/** The days an experience is available, as a line of its own: "Sábado y domingo". */
export function diasTexto(horarios: readonly Horario[]): string {
  const dias = [...new Set(horariosOrdenados(horarios).map((h) => h.diaSemana))].map((d, i) =>
    i === 0 ? diaEtiqueta(d) : DIAS_SEMANA[d],
  );
  return dias.length > 1 ? `${dias.slice(0, -1).join(", ")} y ${dias.at(-1)}` : (dias[0] ?? "");
}

/**
 * The one "when" line of a plan (cards, the plan page, its summary, meta descriptions): an
 * event's dates and hours, or the days an experience is open (else its dates).
 */
export function cuandoTexto(
  plan: Pick<PlanApi, "tipo" | "fechaInicio" | "fechaFin" | "horariosDisponibles">,
): string | null {
  if (plan.tipo === "evento") return cuandoEventoTexto(plan.fechaInicio, plan.fechaFin);
  return diasTexto(plan.horariosDisponibles) || fechasTexto(plan.fechaInicio, plan.fechaFin);
}

/** Price in Spanish format, e.g. "12,50 €" (and "Gratis" for 0). */
export function precioTexto(precio: number): string {
  if (precio === 0) return "Gratis";
  return `${precio.toLocaleString("es-ES", { minimumFractionDigits: Number.isInteger(precio) ? 0 : 2, maximumFractionDigits: 2 })} €`;
}

/** Cards hide the distance from 0 to 3 km (spec §9). */
export function distanciaVisible(distancia: string | undefined): string | null {
  if (!distancia) return null;
  const km = Number.parseInt(distancia, 10);
  return Number.isFinite(km) && km > 3 ? distancia.replace("km", " km") : null;
}
