import { Memo } from "../cache";

/**
 * "More than TOPE_TOTAL" without counting again, from a count nearby.
 *
 * A bounded count (consultaTotal) that finds more than TOPE_TOTAL matches around a point p also
 * tells how far the (TOPE_TOTAL + 1)-th nearest of them is: D metres. Those TOPE_TOTAL + 1 plans
 * lie within D of p, so, by the triangle inequality, within d(p, p′) + D of any other point p′.
 * A search with the same filters around p′ whose radius r holds that whole disc (d(p, p′) + D ≤
 * r, with a margin) finds them all: more than TOPE_TOTAL, without reading a row. In a city, the
 * first count around it answers the total of every search whose circle holds that disc: every
 * search of a dense area that was costing the database a count of thousands of rows.
 *
 * Distances here are on PostGIS's sphere (the GiST index's `<->` on geography), the radius test
 * is ST_DWithin on the spheroid: the two differ by under 0.5% (lib/plans/search-sql.test.ts
 * checks the margin against PostGIS at the worst bearing), so the disc must fit in 99% of the radius.
 */

/** Within this share of the radius, a disc is inside the search's circle on the spheroid too. */
export const HOLGURA_ESFERA = 0.99;

/** PostGIS's sphere for geography (the mean radius of WGS 84). */
const RADIO_ESFERA_M = 6_371_008.771_4;

/** The (TOPE_TOTAL + 1) nearest matches of a count: around (lng, lat), within `metros`. */
export interface DiscoDenso {
  lng: number;
  lat: number;
  metros: number;
}

/** Great-circle distance on PostGIS's sphere, in metres. */
export function distanciaEsferaM(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * RADIO_ESFERA_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a search around (lng, lat) within `radioM` metres holds the whole disc. */
export function cubre(disco: DiscoDenso, lng: number, lat: number, radioM: number): boolean {
  return distanciaEsferaM(disco, { lng, lat }) + disco.metros <= HOLGURA_ESFERA * radioM;
}

/** Discs kept per filters: the latest ones (a city needs one; a few cities' worth at most). */
const DISCOS_POR_FILTROS = 32;

/**
 * The dense discs found by counts, by the search's filters and version (everything in the
 * total's key but the point and the radius): a write moves the version on, so a disc is never
 * used after any change to what searches see.
 */
export class DiscosDensos {
  private readonly porFiltros: Memo<DiscoDenso[]>;

  constructor(entradas: number, ttlMs: number) {
    this.porFiltros = new Memo(entradas, ttlMs);
  }

  private lista(claveFiltros: string): Promise<DiscoDenso[]> {
    return this.porFiltros.get(claveFiltros, async () => []);
  }

  /** Whether a disc already found with these filters proves more than the bound within the search's circle. */
  async masDelTope(claveFiltros: string, lng: number, lat: number, radioM: number): Promise<boolean> {
    return (await this.lista(claveFiltros)).some((d) => cubre(d, lng, lat, radioM));
  }

  async anotar(claveFiltros: string, disco: DiscoDenso): Promise<void> {
    const lista = await this.lista(claveFiltros);
    lista.push(disco);
    if (lista.length > DISCOS_POR_FILTROS) lista.shift();
  }
}
