import { conDatos, mensajes } from "../messages";

/*
 * Counts of plans, apart from the rest of a plan's text: the search's client components write
 * them, and with them would come date-fns and its locale (lib/plans/texto.ts).
 */

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
