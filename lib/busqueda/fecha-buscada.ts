/**
 * The date of an event a search result shows (its card's line, the API's `proximaFecha`): what is
 * relevant to what was searched, computed from the page's rows whichever path found them (the
 * search index or PostgreSQL).
 */
import { numeroDiaMadrid } from "../dates";
import type { ConsultaPalabras } from "./palabras-consulta";
import { palabrasEnElTexto } from "./resaltar";
import type { FechaTarjetaFila, FechasDeResultado } from "../plans/fechas";

const SIN_FECHAS: FechasDeResultado = { proximaFecha: null, numeroFechas: 0, fechasDelDia: [] };

/**
 * A row's dates as numbers: each start and end (its start when it has none) in ms and the Madrid
 * day of its start, and each start as the API writes it once it has been shown. Worked out once
 * per row: a card's row kept by the search (buscar.ts) is read by every search that lists it, and
 * a programme has up to 200 dates, of which a card shows a few.
 */
interface FechasEnNumeros {
  inicio: Float64Array;
  fin: Float64Array;
  dia: Int32Array;
  inicioIso: (string | undefined)[];
}
const enNumeros = new WeakMap<readonly FechaTarjetaFila[], FechasEnNumeros>();

function numerosDe(filas: readonly FechaTarjetaFila[]): FechasEnNumeros {
  let n = enNumeros.get(filas);
  if (n) return n;
  const inicio = new Float64Array(filas.length);
  const fin = new Float64Array(filas.length);
  const dia = new Int32Array(filas.length);
  filas.forEach((f, i) => {
    inicio[i] = Date.parse(f[1]);
    fin[i] = f[2] === null ? inicio[i] : Date.parse(f[2]);
    dia[i] = numeroDiaMadrid(inicio[i]);
  });
  enNumeros.set(filas, (n = { inicio, fin, dia, inicioIso: [] }));
  return n;
}

const iso = (ms: number) => new Date(ms).toISOString();

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
  const { inicio, fin, dia, inicioIso } = numerosDe(filas);
  const ventana = desde && hasta ? { desde: desde.getTime(), hasta: hasta.getTime() } : null;
  let elegida = -1;
  let mejor = 0;
  for (let i = 0; i < filas.length; i++) {
    if (fin[i] < base || (ventana && (inicio[i] > ventana.hasta || fin[i] < ventana.desde))) continue;
    if (elegida < 0) elegida = i;
    const titulo = filas[i][3];
    if (palabras && titulo) {
      const n = palabrasEnElTexto(titulo, palabras);
      if (n > mejor) [mejor, elegida] = [n, i];
    }
  }
  if (elegida < 0) elegida = filas.length - 1;
  const [id, , finTexto, titulo] = filas[elegida];
  const fechasDelDia: string[] = [];
  for (let i = 0; i < filas.length; i++)
    if (dia[i] === dia[elegida]) fechasDelDia.push((inicioIso[i] ??= iso(inicio[i])));
  return {
    proximaFecha: {
      id,
      inicio: (inicioIso[elegida] ??= iso(inicio[elegida])),
      fin: finTexto && iso(fin[elegida]),
      titulo,
    },
    numeroFechas: filas.length,
    fechasDelDia,
  };
}
