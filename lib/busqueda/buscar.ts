import "server-only";
import { lecturaCompartida, Memo } from "../cache";
import { readDb, withOneReadDb } from "../db";
import { preparada, type PrismaClient } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { geocoder } from "../geo/geocoder";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { PROXIMO_CAMBIO_PATROCINIOS, patrocinioDeLaPagina, type Patrocinado } from "../patrocinios/vigentes";
import { FECHAS_TARJETA, PLAN_DESTACADO, PLAN_JOINS, PLAN_SELECT } from "../plans/queries";
import { CASTELLANO, type LenguaTexto } from "../plans/texto";
import { BUSQUEDA_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS, FEED_MEMO_ENTRADAS, TOPE_TOTAL } from "../plans/constants";
import { puntoDelMapa, TOPE_MAPA, type ResultadoMapa } from "./mapa";
import { titulosParaLeer, tituloDeTarjeta } from "../plans/idiomas";
import { DiscosDensos } from "./total-denso";
import { fechasDeResultado } from "./fecha-buscada";
import type { FechasDeResultado } from "../plans/fechas";
import { indiceAlDia } from "./indice-db";
import type { RespuestaIndice } from "./indice";
import { distanciaEsferaM } from "../geo/distancia";
import type { Busqueda } from "./schemas";
import { distanciaTexto, partesDelPlan, serializePlan, type PlanApi, type PlanRow } from "../plans/plan";
import { compactarEnReposo } from "../memoria";
import { baseDelMomento, claveFiltros } from "./registro";
import { consultaTotal, exacto, filasDePagina, tramoDePagina, type Total } from "./sql";

export { busquedaSql, consultaCercanos, consultaTotal, type Total } from "./sql";

/** Where a page's sponsor item goes: after the fifth plan, or last on a shorter page. */
export const POSICION_PATROCINIO = 5;

/**
 * The cards' rows of the plans the search index lists, by id and row version (plan.cambio,
 * which every change to what a card shows moves on: its own columns, its slots through
 * dias_semana, its organization's name and its poster through pagina_version's triggers; and
 * "d" while featured, as `destacado` is read at the time): a page of plans read before costs no
 * query, and its JSON is written once. The latest used are kept.
 */
const tarjetasPorVersion = new Map<string, Tarjeta>();
const FILAS_EN_CACHE = 20_000;

/** A card of the search index's pages: its row, and its JSON on either side of its distance (once asked). */
interface Tarjeta {
  fila: PlanRow;
  json?: [antes: string, despues: string];
}

/**
 * The card's JSON with its distance and its dates for this search: exactly
 * JSON.stringify({ ...serializePlan(row with distancia_m), ...fechas }), joined from the JSON of the
 * plan's two parts around its distance (partesDelPlan), each written once per card.
 */
function jsonDeTarjeta(t: Tarjeta, distanciaM: number, fechas: FechasDeResultado): string {
  if (!t.json) {
    const [antes, despues] = partesDelPlan(t.fila).map((parte) => JSON.stringify(parte));
    t.json = [antes.slice(0, -1), despues.slice(1, -1)];
  }
  return `${t.json[0]},"distancia":${JSON.stringify(distanciaTexto(distanciaM))},${t.json[1]},${JSON.stringify(fechas).slice(1)}`;
}

/** The page's cards from the index's ids and versions: cached ones, the others read at once. */
async function tarjetasDelIndice(ids: string[], versiones: string[]): Promise<Tarjeta[]> {
  const claves = ids.map((id, i) => `${id}|${versiones[i]}`);
  const leidas = new Map<string, Tarjeta>();
  const faltan = ids.filter((id, i) => {
    const tarjeta = tarjetasPorVersion.get(claves[i]);
    if (!tarjeta) return true;
    tarjetasPorVersion.delete(claves[i]);
    tarjetasPorVersion.set(claves[i], tarjeta);
    leidas.set(id, tarjeta);
    return false;
  });
  if (faltan.length > 0) {
    const filas = await (
      await readDb()
    ).$queryRaw<(PlanRow & { cambio: bigint })[]>(
      preparada(Prisma.sql`
        SELECT ${PLAN_SELECT}, ${FECHAS_TARJETA} AS fechas_tarjeta, p.cambio
        FROM plan p ${PLAN_JOINS} WHERE p.id = ANY(${faltan}::uuid[])`),
    );
    for (const { cambio, ...fila } of filas) {
      const tarjeta: Tarjeta = { fila };
      leidas.set(fila.id, tarjeta);
      tarjetasPorVersion.set(`${fila.id}|${cambio}${fila.destacado ? "d" : ""}`, tarjeta);
    }
    while (tarjetasPorVersion.size > FILAS_EN_CACHE) tarjetasPorVersion.delete(tarjetasPorVersion.keys().next().value!);
  }
  // A plan deleted since the index read it has no row: it is left out.
  return ids.flatMap((id) => leidas.get(id) ?? []);
}

/** The cards' rows with their distance from the point searched. */
const filasDe = (tarjetas: readonly Tarjeta[], lng: number, lat: number): PlanRow[] =>
  tarjetas.map(({ fila }) => ({ ...fila, distancia_m: distanciaEsferaM({ lng, lat }, fila) }));

/** A plan as a search answers it: with the date its card shows (fecha-buscada.ts). */
export type PlanBuscado = PlanApi & FechasDeResultado;

/** The date each row's card shows for this search (fecha-buscada.ts), at the date order's base instant. */
function fechasDeLaPagina(q: Busqueda, rows: readonly Pick<PlanRow, "fechas_tarjeta">[]): FechasDeResultado[] {
  const buscada = {
    base: baseDelMomento(Date.now(), q.fechaInicioFiltro),
    desde: q.fechaInicioFiltro,
    hasta: q.fechaFinFiltro,
    palabras: q.q,
  };
  return rows.map((r) => fechasDeResultado(r.fechas_tarjeta, buscada));
}

/** GET /api/plan's answer: `total` and `totalExacto` as in Total. */
export type ResultadoBusqueda = {
  planes: (PlanBuscado | Patrocinado)[];
  mensaje?: string;
} & Total;

/** A search's plans without its sponsor cards (lists that are not the search's own page). */
export const soloPlanes = (items: ResultadoBusqueda["planes"]): PlanBuscado[] =>
  items.filter((p): p is PlanBuscado => p.tipo !== "Patrocinado");

/**
 * Answers and totals by search and the search version (which every change to what a search
 * shows moves on, by trigger) and the next featuring's end (versionBusqueda): a repeated search
 * costs one tiny query, and a change or an ended featuring is seen by the next search on every
 * instance. The time to live bounds how long a plan that has just
 * finished can still be listed.
 */
const respuestas = new Memo<{ resultado: ResultadoBusqueda; json: string }>(
  BUSQUEDA_MEMO_ENTRADAS,
  BUSQUEDA_MEMO_TTL_MS,
);
const totales = new Memo<Total>(BUSQUEDA_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS);
/** Where a count has already found more than TOPE_TOTAL, by version (total-denso.ts): a few versions' worth. */
const densos = new DiscosDensos(8, BUSQUEDA_MEMO_TTL_MS);
/** The sponsor card of each page number, by version alone: the same for every search. */
const patrocinios = new Memo<Patrocinado | null>(BUSQUEDA_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS);

/** The search version as read (see leerVersion), and when it last moved on (the feeds' Last-Modified). */
export interface VersionBusqueda {
  version: string;
  cambiada: Date;
}

/**
 * The version part of every search memo key: the search version (planazo_version_busqueda(): the
 * sum of the counters every write moves on; migration 20261127000100_escrituras_sin_cerrojo),
 * plus the next instant the answers change by themselves: a featuring ends (read from plan_destacado_hasta_idx), or a
 * sponsor card's first day begins or its last day ends. No write moves the version on then, so
 * the key changes at that instant instead, and no answer remembered before it is served after it.
 */
async function leerVersion(db: PrismaClient): Promise<VersionBusqueda> {
  const [{ version, cambiada, proximo }] = await db.$queryRaw<
    { version: bigint; cambiada: Date; proximo: Date | null }[]
  >(
    preparada(Prisma.sql`
      SELECT v.version, v.cambiada, least((SELECT min(p.destacado_hasta) FROM plan p WHERE ${PLAN_DESTACADO} AND p.visible), ${PROXIMO_CAMBIO_PATROCINIOS}) AS proximo
      FROM planazo_version_busqueda() v`),
  );
  return { version: proximo ? `${version}@${proximo.getTime()}` : String(version), cambiada };
}

/** For each server a search reads from (readDb: the primary, or the replica), its shared read of the version. */
const lecturasVersion = new WeakMap<PrismaClient, () => Promise<VersionBusqueda>>();

/**
 * The version (above) with the instant it last moved on, read once for every caller that asked
 * the same server while the previous read was on its way (lecturaCompartida): each caller gets a
 * read that began after it asked (and after readDb chose a server that holds the caller's own
 * writes), so it sees every write committed before it asked.
 */
export async function versionBusquedaConFecha(): Promise<VersionBusqueda> {
  const db = await readDb();
  let leer = lecturasVersion.get(db);
  if (!leer) lecturasVersion.set(db, (leer = lecturaCompartida(() => leerVersion(db))));
  return leer();
}

/** The version part of every search memo key (see versionBusquedaConFecha). */
export async function versionBusqueda(): Promise<string> {
  return (await versionBusquedaConFecha()).version;
}

const mapas = new Memo<ResultadoMapa>(BUSQUEDA_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS);

const masDelTope: Total = { total: TOPE_TOTAL, totalExacto: false };

/**
 * How many plans match, from a page's rows when they tell it (a page neither empty nor full is
 * the last one: the count is never run for a town with less than a page), else "more than" when
 * an earlier count nearby proves it (total-denso.ts), else counted up to the bound (consultaTotal).
 */
async function totalDe(
  q: Busqueda,
  lng: number,
  lat: number,
  version: string,
  claveTotal: string,
  rows: readonly unknown[],
): Promise<Total> {
  const { desde, n } = tramoDePagina(q);
  if (rows.length > 0 && rows.length < n) return exacto(desde + rows.length);
  if (rows.length === 0 && q.page === 1) return exacto(0);
  return totales.get(claveTotal, async () => {
    if (await densos.masDelTope(version, q, lng, lat, q.radio * 1000)) return masDelTope;
    const [fila] = await (await readDb()).$queryRaw<{ n: bigint; d: number | null }[]>(consultaTotal(q, lng, lat));
    const contados = Number(fila.n);
    if (contados <= TOPE_TOTAL) return exacto(contados);
    await densos.anotar(version, { lng, lat, metros: fila.d!, filtros: q });
    return masDelTope;
  });
}

/**
 * The page's ids and the count (up to TOPE_TOTAL + 1) from the in-process search index
 * (lib/busqueda/indice.ts), with no query; null while the index is not ready (or is off).
 */
async function desdeElIndice(q: Busqueda, lng: number, lat: number, version: string): Promise<RespuestaIndice | null> {
  const indice = await indiceAlDia(await readDb(), version);
  if (!indice) return null;
  const { desde, n } = tramoDePagina(q);
  const radioM = q.radio * 1000;
  // Dense discs (total-denso.ts) by the index's own generation: any change it takes forgets them.
  const generacion = `indice ${indice.generacion}`;
  const sabido = await densos.masDelTope(generacion, q, lng, lat, radioM);
  const r = indice.buscar({ ...q, lng, lat, radioM, desde, hasta: desde + n }, Date.now(), !sabido);
  if (r.alcanceM !== undefined) await densos.anotar(generacion, { lng, lat, metros: r.alcanceM, filtros: q });
  return r;
}

/**
 * The page and the search's total: from the search index when it is ready (its cards), else from
 * PostgreSQL (its rows, with their distance).
 */
async function paginaYTotal(
  q: Busqueda,
  lng: number,
  lat: number,
  version: string,
  claveTotal: string,
): Promise<{ total: Total } & ({ tarjetas: Tarjeta[] } | { rows: PlanRow[] })> {
  const delIndice = await desdeElIndice(q, lng, lat, version);
  if (delIndice) {
    const { ids, versiones, contados } = delIndice;
    return {
      tarjetas: await tarjetasDelIndice(ids, versiones),
      total: contados > TOPE_TOTAL ? masDelTope : exacto(contados),
    };
  }
  const rows = await filasDePagina(q, lng, lat);
  return { rows, total: await totalDe(q, lng, lat, version, claveTotal, rows) };
}

/** The page's rows with their distance, however paginaYTotal read them. */
const filasDePaginaYTotal = (p: Awaited<ReturnType<typeof paginaYTotal>>, lng: number, lat: number): PlanRow[] =>
  "rows" in p ? p.rows : filasDe(p.tarjetas, lng, lat);

/**
 * The answer as objects (the pages' server rendering) and as JSON (the API). From the search
 * index, the JSON is joined from the cards' own (jsonDeTarjeta) and the objects are only built
 * when asked: the API, most of the load, serializes nothing but the distances.
 */
async function calcularBusqueda(
  q: Busqueda,
  lng: number,
  lat: number,
  version: string,
  claveTotal: string,
): Promise<{ resultado: ResultadoBusqueda; json: string }> {
  const pagina = await paginaYTotal(q, lng, lat, version, claveTotal);
  const { total } = pagina;
  const filas = "rows" in pagina ? pagina.rows : pagina.tarjetas.map((t) => t.fila);
  const patrocinio =
    filas.length > 0 ? await patrocinios.get(`${version}|${q.page}`, () => patrocinioDeLaPagina(q.page)) : null;
  const posicion = Math.min(POSICION_PATROCINIO, filas.length);
  const resto = { ...total, ...(total.total === 0 && { mensaje: mensajes.sinPlanes }) };
  const fechas = fechasDeLaPagina(q, filas);
  let resultado: ResultadoBusqueda | undefined;
  const objetos = (): ResultadoBusqueda => {
    if (resultado) return resultado;
    const planes: ResultadoBusqueda["planes"] = filasDePaginaYTotal(pagina, lng, lat).map((r, i) => ({
      ...serializePlan(r),
      ...fechas[i],
    }));
    if (patrocinio) planes.splice(posicion, 0, patrocinio);
    return (resultado = { planes, ...resto });
  };
  if (!("tarjetas" in pagina)) return { resultado: objetos(), json: JSON.stringify(objetos()) };
  const planes = pagina.tarjetas.map((t, i) => jsonDeTarjeta(t, distanciaEsferaM({ lng, lat }, t.fila), fechas[i]));
  if (patrocinio) planes.splice(posicion, 0, JSON.stringify(patrocinio));
  return {
    get resultado() {
      return objetos();
    },
    json: `{"planes":[${planes.join(",")}],${JSON.stringify(resto).slice(1)}`,
  };
}

/**
 * The search's point (the town's, when only its name is given) and the keys of its matches in
 * the memos: `claveTotal` (the point, radius and every filter: the registry's parts) and
 * `clave`, with the order too (the date order's with its base instant, which moves on every
 * quarter hour).
 */
async function puntoYClave(
  q: Busqueda,
): Promise<{ lng: number; lat: number; version: string; claveTotal: string; clave: string }> {
  let { lat, lng } = q;
  if (lat === undefined || lng === undefined) {
    const [lugar] = await geocoder().search(q.municipio!, 1);
    if (!lugar) throw new ApiError(400, mensajes.ubicacionesNoEncontradas);
    ({ lat, lon: lng } = lugar.position);
  }
  const version = await versionBusqueda();
  const claveTotal = JSON.stringify([version, lng, lat, q.radio, ...claveFiltros(q)]);
  const orden = q.orden === "fecha" ? `fecha@${baseDelMomento(Date.now(), q.fechaInicioFiltro)}` : q.orden;
  return { lng, lat, version, claveTotal, clave: `${claveTotal}|${orden}` };
}

/** One server answers a whole search (withOneReadDb): its memo key and the rows kept under it agree. */
function busqueda(q: Busqueda) {
  compactarEnReposo();
  return withOneReadDb(() => busquedaEnUnServidor(q));
}

async function busquedaEnUnServidor(q: Busqueda) {
  const { lng, lat, version, claveTotal, clave } = await puntoYClave(q);
  return respuestas.get(`${clave}|${q.page}|${q.limit}`, () => calcularBusqueda(q, lng, lat, version, claveTotal));
}

/**
 * The home map's view of the same search: its first TOPE_MAPA plans in the search's own order
 * (featured, then nearest), as map points, with the point searched around and the total. The
 * same query as the list's pages, with a larger first page; `page` and `limit` are ignored. The
 * points' texts in `lengua`'s language (one memo entry per language).
 */
export function buscarPlanesMapa(q: Busqueda, lengua: LenguaTexto = CASTELLANO): Promise<ResultadoMapa> {
  return withOneReadDb(() => mapaEnUnServidor(q, lengua));
}

async function mapaEnUnServidor(q: Busqueda, lengua: LenguaTexto): Promise<ResultadoMapa> {
  const { lng, lat, version, claveTotal, clave } = await puntoYClave(q);
  return mapas.get(`${clave}|${lengua.idioma}`, async () => {
    const pagina = await paginaYTotal({ ...q, page: 1, limit: TOPE_MAPA }, lng, lat, version, claveTotal);
    const rows = filasDePaginaYTotal(pagina, lng, lat);
    const fechas = fechasDeLaPagina(q, rows);
    const titulos = await titulosParaLeer(
      rows.map((r) => r.id),
      lengua.idioma,
      await readDb(),
    );
    return {
      centro: { lat, lng },
      puntos: rows.map((r, i) => {
        const plan = { ...serializePlan(r), ...fechas[i] };
        return puntoDelMapa(plan, lengua, tituloDeTarjeta(plan, titulos, lengua.idioma));
      }),
      total: pagina.total.total,
    };
  });
}

/** Feeds' rows (up to FEED_MAX_PLANES each, so fewer entries than the pages' memo). */
const feeds = new Memo<PlanRow[]>(FEED_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS);

/**
 * The calendar and Atom feeds' view of the same search (lib/difusion/feeds.ts): its first `limite`
 * plans in the search's own order, as rows (with fecha_actualizacion); `page` and `limit` are
 * ignored. The caller bounds the date window.
 */
export function buscarPlanesFeed(q: Busqueda, limite: number): Promise<PlanRow[]> {
  return withOneReadDb(async () => {
    const { lng, lat, version, clave } = await puntoYClave(q);
    return feeds.get(`${clave}|${limite}`, async () => {
      const primeros = { ...q, page: 1, limit: limite };
      const delIndice = await desdeElIndice(primeros, lng, lat, version);
      return delIndice
        ? filasDe(await tarjetasDelIndice(delIndice.ids, delIndice.versiones), lng, lat)
        : filasDePagina(primeros, lng, lat);
    });
  });
}

/**
 * Listed plans within `radio` km of the point, by categories and date window; featured first,
 * then nearest, then soonest start, then id (so pages never overlap). The answer is shared
 * with other callers: read it, never change it.
 */
export async function buscarPlanes(q: Busqueda): Promise<ResultadoBusqueda> {
  return (await busqueda(q)).resultado;
}

/** GET /api/plan's body: the same answer, already as JSON. */
export async function buscarPlanesJson(q: Busqueda): Promise<string> {
  return (await busqueda(q)).json;
}
