/**
 * The date of an event a search result shows (its card's line, the API's `proximaFecha`): what is
 * relevant to what was searched, computed from the page's rows whichever path found them (the
 * search index or PostgreSQL).
 */
import { diaEnMadrid, diaIso } from "../dates";
import type { ConsultaPalabras } from "./palabras-consulta";
import { palabrasEnElTexto } from "./resaltar";
import type { FechaTarjetaFila, FechasDeResultado } from "../plans/fechas";

const SIN_FECHAS: FechasDeResultado = { proximaFecha: null, numeroFechas: 0, fechasDelDia: [] };

const iso = (t: string) => new Date(t).toISOString();

/**
 * The date a search result shows, among those not over by `base` (the date order's base instant,
 * lib/busqueda/registro.ts baseDelMomento, so the card shows the date the plan was ordered by)
 * and, with a date filter, overlapping its window: the one whose title holds most of the
 * searched words (an act found by a word: "verbena"), else the first. With none left (a plan
 * listed by its span's last minutes), its last date.
 */
export function fechasDeResultado(
  filas: readonly FechaTarjetaFila[] | null | undefined,
  { base, desde, hasta, palabras }: { base: number; desde?: Date; hasta?: Date; palabras?: ConsultaPalabras | null },
): FechasDeResultado {
  if (!filas || filas.length === 0) return SIN_FECHAS;
  const fin = (f: FechaTarjetaFila) => Date.parse(f[2] ?? f[1]);
  const vigentes = filas.filter(
    (f) => fin(f) >= base && (!desde || !hasta || (Date.parse(f[1]) <= hasta.getTime() && fin(f) >= desde.getTime())),
  );
  let elegida = vigentes[0] ?? filas[filas.length - 1];
  if (palabras && vigentes.length > 1) {
    let mejor = 0;
    for (const f of vigentes) {
      const n = f[3] ? palabrasEnElTexto(f[3], palabras) : 0;
      if (n > mejor) [mejor, elegida] = [n, f];
    }
  }
  const dia = diaIso(diaEnMadrid(new Date(elegida[1])));
  return {
    proximaFecha: { id: elegida[0], inicio: iso(elegida[1]), fin: elegida[2] && iso(elegida[2]), titulo: elegida[3] },
    numeroFechas: filas.length,
    fechasDelDia: filas.filter((f) => diaIso(diaEnMadrid(new Date(f[1]))) === dia).map((f) => iso(f[1])),
  };
}
