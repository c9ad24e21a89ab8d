import { conDatos } from "../con-datos";
import { LOCALE_INTL, type Idioma } from "../idiomas";

/*
 * Counts of plans, apart from the rest of a plan's text: the search's client components write
 * them, and with them would come date-fns and its locale (lib/plans/texto.ts). The words come
 * from the page's catalogue, so no catalogue ships with them.
 */

/** The words of a count of plans in a page's language: buscador.unPlan, buscador.nPlanes and busqueda.masDePlanes. */
export interface PalabrasPlanes {
  idioma: Idioma;
  unPlan: string;
  nPlanes: string;
  masDePlanes: string;
}

/** A count's words from the page's language and its catalogue's namespaces (usePalabras or palabrasDePagina). */
export const palabrasPlanes = (
  idioma: Idioma,
  buscador: { unPlan: string; nPlanes: string },
  busqueda: { masDePlanes: string },
): PalabrasPlanes => ({
  idioma,
  unPlan: buscador.unPlan,
  nPlanes: buscador.nPlanes,
  masDePlanes: busqueda.masDePlanes,
});

/**
 * A count as the pages write it, grouped also for four digits: es-ES's '3.000', where ICU's
 * es-ES writes '3000'; '3,000' in English.
 */
const FORMATOS = Object.fromEntries(
  Object.entries(LOCALE_INTL).map(([idioma, locale]) => [
    idioma,
    new Intl.NumberFormat(locale, { useGrouping: "always" }),
  ]),
) as Record<Idioma, Intl.NumberFormat>;
export const cantidadTexto = (n: number, idioma: Idioma): string => FORMATOS[idioma].format(n);

/**
 * '1 plan', '1.234 planes'; a search's total that is not exact (`exacto` false, `n` is the
 * bound TOPE_TOTAL): 'Más de 3.000 planes'.
 */
export function planesTexto(n: number, p: PalabrasPlanes, exacto = true): string {
  const cantidad = cantidadTexto(n, p.idioma);
  if (!exacto) return conDatos(p.masDePlanes, { n: cantidad });
  return n === 1 ? p.unPlan : conDatos(p.nPlanes, { n: cantidad });
}
