import "server-only";
import { Memo } from "../cache";
import { readDb, withOneReadDb } from "../db";
import { nomenclatorMunicipios } from "../geo/municipios";
import { distanciaKm, type MunicipioConRuta } from "../geo/slug";
import { BUSQUEDA_MEMO_TTL_MS, RADIO_DEFAULT_KM, TOPE_TOTAL } from "../plans/constants";
import type { PlanApi } from "../plans/plan";
import { PLAN_LISTED } from "../plans/queries";
import { busquedaSchema } from "../busqueda/schemas";
import { buscarPlanes, soloPlanes, versionBusqueda } from "../busqueda/buscar";
import { ventanaFechas } from "../busqueda/estado";
import { leerEstadoFiltros, parametrosApiDeFiltros, type Parametros } from "../busqueda/filtros-url";

/**
 * A town page (/planes/{provincia}/{municipio}) is another view of the home's search around the
 * town's point within the default radius: three searches through buscarPlanes (the weekend's
 * window, then events and experiences of any date), so it shares the search's memo, its order
 * and its rules.
 */
export const POR_SECCION = 12;

export interface PlanesDelPueblo {
  finde: PlanApi[];
  proximos: PlanApi[];
  experiencias: PlanApi[];
  /** Plans within the radius (any date), as the home counts them. */
  total: number;
  totalExacto: boolean;
}

/**
 * The town's search as API parameters: its point, the default radius, and the page's own filters
 * (?gratis=1, ?accesible=1, ?categorias=…, ?orden=distancia), read as the home reads its URL: a
 * bad value is no filter, and the order is the web's, by date.
 */
function parametrosDelPueblo(m: MunicipioConRuta, filtros: Parametros) {
  return {
    ...parametrosApiDeFiltros(leerEstadoFiltros(filtros)),
    lat: String(m.lat),
    lng: String(m.lng),
    radio: String(RADIO_DEFAULT_KM),
  };
}

/** The town page's search (any date, every type): what an empty town page looks beyond. */
export const busquedaDelPueblo = (m: MunicipioConRuta, filtros: Parametros = {}) =>
  busquedaSchema.parse(parametrosDelPueblo(m, filtros));

export async function planesDelPueblo(
  m: MunicipioConRuta,
  { ahora = new Date(), filtros = {} }: { ahora?: Date; filtros?: Parametros } = {},
): Promise<PlanesDelPueblo> {
  if (m.lat === null || m.lng === null)
    return { finde: [], proximos: [], experiencias: [], total: 0, totalExacto: true };
  const finde = ventanaFechas("finDeSemana", 0, ahora)!;
  const base = parametrosDelPueblo(m, filtros);
  // The sections skip the weekend's plans, so each asks for that many more.
  const seccion = (tipo: "evento" | "experiencia") =>
    buscarPlanes(busquedaSchema.parse({ ...base, tipo, limit: String(2 * POR_SECCION) }));
  const [delFinde, eventos, experiencias] = await Promise.all([
    buscarPlanes(
      busquedaSchema.parse({
        ...base,
        limit: String(POR_SECCION),
        fechaInicioFiltro: finde.desde.toISOString(),
        fechaFinFiltro: finde.hasta.toISOString(),
      }),
    ),
    seccion("evento"),
    seccion("experiencia"),
  ]);
  const enFinde = soloPlanes(delFinde.planes);
  const yaListados = new Set(enFinde.map((p) => p._id));
  const resto = (r: typeof eventos) =>
    soloPlanes(r.planes)
      .filter((p) => !yaListados.has(p._id))
      .slice(0, POR_SECCION);
  // Every plan of the radius is an event or an experience: the home's total for the town, bounded as it is.
  const total = eventos.total + experiencias.total;
  const exacto = eventos.totalExacto && experiencias.totalExacto && total <= TOPE_TOTAL;
  return {
    finde: enFinde,
    proximos: resto(eventos),
    experiencias: resto(experiencias),
    total: exacto ? total : TOPE_TOTAL,
    totalExacto: exacto,
  };
}

/**
 * The municipalities where listed plans are (by the plan's own municipality), with how many:
 * one grouped index-only scan of plan_municipio_fin_idx, the same read as the home's "Pueblos
 * con más planes" (it grows with the catalogue: docs/performance.md), and remembered the same
 * way, by versionBusqueda: the next town page or sitemap after a change sees it, and until then
 * every town page and the sitemap share one read per instance.
 */
const conPlanes = new Memo<Map<string, number>>(2, BUSQUEDA_MEMO_TTL_MS * 10);

export function municipiosConPlanes(): Promise<Map<string, number>> {
  return withOneReadDb(async () => {
    const version = await versionBusqueda();
    return conPlanes.get(version, async () => {
      const filas = await (
        await readDb()
      ).$queryRaw<{ ine: string; planes: bigint }[]>`
        SELECT p.municipio_ine AS ine, count(*) AS planes FROM plan p
        WHERE p.municipio_ine IS NOT NULL AND ${PLAN_LISTED}
        GROUP BY p.municipio_ine`;
      return new Map(filas.map((f) => [f.ine, Number(f.planes)]));
    });
  });
}

export interface PuebloCercano {
  municipio: MunicipioConRuta;
  km: number;
  planes: number;
}

/** The `n` nearest other municipalities that have listed plans of their own, nearest first. */
export async function pueblosCercanosConPlanes(m: MunicipioConRuta, n = 6): Promise<PuebloCercano[]> {
  if (m.lat === null || m.lng === null) return [];
  return pueblosConPlanesCercaDe({ lat: m.lat, lng: m.lng }, n, m.ine);
}

/**
 * The `n` municipalities with listed plans of their own nearest to a point (but `excluir`), nearest
 * first; with `masAllaDeKm`, only those farther than that (an empty search's radius: a town inside
 * it has nothing more to offer).
 */
export async function pueblosConPlanesCercaDe(
  punto: { lat: number; lng: number },
  n: number,
  excluir?: string,
  masAllaDeKm = 0,
): Promise<PuebloCercano[]> {
  const [nomenclator, ines] = await Promise.all([nomenclatorMunicipios(), municipiosConPlanes()]);
  const cercanos: PuebloCercano[] = [];
  for (const [ine, planes] of ines) {
    const otro = nomenclator.porIne.get(ine);
    if (!otro || ine === excluir || otro.lat === null || otro.lng === null) continue;
    const km = distanciaKm(punto, { lat: otro.lat, lng: otro.lng });
    if (km > masAllaDeKm) cercanos.push({ municipio: otro, km, planes });
  }
  return cercanos.sort((a, b) => a.km - b.km || (a.municipio.ine < b.municipio.ine ? -1 : 1)).slice(0, n);
}

/**
 * The `n` municipalities nearest to a point around which (their own plans and those of the towns
 * within `radioKm` of them) at least `minimo` plans are listed, nearest first: from the
 * per-municipality count, so a town is a candidate before any search. The count is of every
 * listed plan; a search in a window of dates may find fewer.
 */
export async function pueblosConPlanesAlrededor(
  punto: { lat: number; lng: number },
  n: number,
  minimo: number,
  radioKm: number,
): Promise<PuebloCercano[]> {
  const todos = await pueblosConPlanesCercaDe(punto, Number.POSITIVE_INFINITY);
  const elegidos: PuebloCercano[] = [];
  for (const p of todos) {
    if (elegidos.length >= n) break;
    const centro = { lat: p.municipio.lat!, lng: p.municipio.lng! };
    let alrededor = 0;
    for (const otro of todos) {
      if (distanciaKm(centro, { lat: otro.municipio.lat!, lng: otro.municipio.lng! }) <= radioKm)
        alrededor += otro.planes;
      if (alrededor >= minimo) break;
    }
    if (alrededor >= minimo) elegidos.push(p);
  }
  return elegidos;
}

/** The town pages worth listing in the sitemap: those of municipalities with listed plans. */
export async function rutasDePueblosConPlanes(): Promise<string[]> {
  const [nomenclator, ines] = await Promise.all([nomenclatorMunicipios(), municipiosConPlanes()]);
  return [...ines.keys()]
    .map((ine) => nomenclator.porIne.get(ine)?.ruta)
    .filter((r): r is string => Boolean(r))
    .sort();
}
