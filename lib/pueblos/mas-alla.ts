import "server-only";
import { distanciaEsferaM } from "../geo/distancia";
import { POR_PAGINA, RADIO_DEFAULT_KM } from "../plans/constants";
import { distanciaTexto, type PlanApi } from "../plans/plan";
import type { PuebloCercano } from "./planes";
import { buscarPlanes, soloPlanes } from "../busqueda/buscar";
import type { Busqueda } from "../busqueda/schemas";

/** How many plans an empty search shows from beyond its radius. */
export const PLANES_MAS_ALLA = 6;
/** How many of the nearest towns with plans are searched around, in turn. */
const PUEBLOS_PROBADOS = 3;
/**
 * How far a search by words looks beyond its radius. Words read the index's postings, not every
 * plan of the radius, so a wide circle costs little and finds a rare word's nearest plans.
 */
export const RADIO_PALABRAS_MAS_ALLA_KM = 300;

/**
 * The `n` nearest listed plans of search `q` beyond its radius, nearest to the point searched
 * first, with their distance from it. A search with a radius of hundreds of kilometres would make
 * the index walk every cell of it, so this searches instead around the nearest towns that have
 * plans (`cercanos`, from memory: PuebloCercano), each with the default radius and the same
 * filters, the one search function and its memo; the first town whose search finds any wins.
 * None when none of them does.
 */
export async function planesMasAlla(
  q: Busqueda,
  punto: { lat: number; lng: number },
  cercanos: readonly PuebloCercano[],
  n = PLANES_MAS_ALLA,
): Promise<PlanApi[]> {
  if (q.q) return masAllaDePalabras(q, punto, n);
  for (const { municipio } of cercanos.slice(0, PUEBLOS_PROBADOS)) {
    if (municipio.lat === null || municipio.lng === null) continue;
    const { planes } = await buscarPlanes({
      ...q,
      lat: municipio.lat,
      lng: municipio.lng,
      municipio: undefined,
      radio: RADIO_DEFAULT_KM,
      orden: "distancia",
      page: 1,
      limit: POR_PAGINA,
    });
    const lista = soloPlanes(planes)
      .map((p) => {
        const [lng, lat] = p.ubicacion.coordinates;
        return { p, m: distanciaEsferaM(punto, { lat, lng }) };
      })
      .filter(({ m }) => m > q.radio * 1000)
      .sort((a, b) => a.m - b.m)
      .slice(0, n)
      // A copy: the search's answer is shared with its memo.
      .map(({ p, m }) => ({ ...p, distancia: distanciaTexto(m) }));
    if (lista.length > 0) return lista;
  }
  return [];
}

/**
 * The nearest plans matching a search's words (and its filters) beyond its radius: one search
 * around the point itself, nearest first, as wide as RADIO_PALABRAS_MAS_ALLA_KM. The radius
 * found none, so every plan it gives is beyond it.
 */
async function masAllaDePalabras(q: Busqueda, punto: { lat: number; lng: number }, n: number): Promise<PlanApi[]> {
  const { planes } = await buscarPlanes({
    ...q,
    lat: punto.lat,
    lng: punto.lng,
    municipio: undefined,
    radio: RADIO_PALABRAS_MAS_ALLA_KM,
    orden: "distancia",
    page: 1,
    limit: n,
  });
  // Featured plans come first in any search's page: here only the distance counts.
  const km = (p: PlanApi) => Number.parseFloat(p.distancia ?? "0");
  return soloPlanes(planes)
    .filter((p) => km(p) >= q.radio)
    .sort((a, b) => km(a) - km(b));
}
