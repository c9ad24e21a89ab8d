import { Memo } from "../cache";
import { distanciaEsferaM } from "../geo/distancia";
import { incluidos, type Filtros } from "./registro";

export { incluidos, type Filtros } from "./registro";

/**
 * "More than TOPE_TOTAL" without counting again, from a count nearby.
 *
 * A bounded count (consultaTotal) that finds more than TOPE_TOTAL matches around a point p also
 * tells how far the (TOPE_TOTAL + 1)-th nearest of them is: D metres. Those TOPE_TOTAL + 1 plans
 * lie within D of p, so, by the triangle inequality, within d(p, p′) + D of any other point p′.
 * A search with the same filters around p′ whose radius r holds that whole disc (d(p, p′) + D ≤
 * r, with a margin) finds them all: more than TOPE_TOTAL, without reading a row. So do searches
 * with looser filters (each filter of registro.ts says which of its values are looser: all
 * categories or more of them, a wider date window or none, not only accessible plans, both
 * types…): every plan the count found matches them too. In a city, the
 * first count around it answers the total of every search whose circle holds that disc, each of
 * which would otherwise cost a count of thousands of rows.
 *
 * Distances here are on PostGIS's sphere (the GiST index's `<->` on geography), the radius test
 * is ST_DWithin on the spheroid: the two differ by under 0.5% (lib/busqueda/sql.test.ts
 * checks the margin against PostGIS at the worst bearing), so the disc must fit in 99% of the radius.
 */

/** Within this share of the radius, a disc is inside the search's circle on the spheroid too. */
export const HOLGURA_ESFERA = 0.99;

/** The (TOPE_TOTAL + 1) nearest matches of a count with `filtros`: around (lng, lat), within `metros`. */
export interface DiscoDenso {
  lng: number;
  lat: number;
  metros: number;
  filtros: Filtros;
}

/** Whether a search around (lng, lat) within `radioM` metres holds the whole disc. */
export function cubre(disco: DiscoDenso, lng: number, lat: number, radioM: number): boolean {
  return distanciaEsferaM(disco, { lng, lat }) + disco.metros <= HOLGURA_ESFERA * radioM;
}

/** Discs kept per version: the latest ones (a city needs one per filters searched there). */
const DISCOS_POR_VERSION = 128;

/**
 * The dense discs found by counts, by search version: a write moves the version on, so a disc
 * is never used after any change to what searches see.
 */
export class DiscosDensos {
  private readonly porVersion: Memo<DiscoDenso[]>;

  constructor(entradas: number, ttlMs: number) {
    this.porVersion = new Memo(entradas, ttlMs);
  }

  private lista(version: string): Promise<DiscoDenso[]> {
    return this.porVersion.get(version, async () => []);
  }

  /** Whether a disc already found proves more than the bound for a search with `filtros` within its circle. */
  async masDelTope(version: string, filtros: Filtros, lng: number, lat: number, radioM: number): Promise<boolean> {
    // The geometry first: a disc elsewhere is left without comparing its filters.
    return (await this.lista(version)).some((d) => cubre(d, lng, lat, radioM) && incluidos(d.filtros, filtros));
  }

  async anotar(version: string, disco: DiscoDenso): Promise<void> {
    const lista = await this.lista(version);
    lista.push(disco);
    if (lista.length > DISCOS_POR_VERSION) lista.shift();
  }
}
