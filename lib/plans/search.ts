import "server-only";
import { Memo } from "../cache";
import { readDb, withOneReadDb } from "../db";
import type { PrismaClient } from "../db/client";
import { diaMadrid } from "../db/sql-fechas";
import { Prisma } from "../generated/prisma/client";
import { geocoder } from "../geo/geocoder";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { PROXIMO_CAMBIO_PATROCINIOS, patrocinioDeLaPagina, type Patrocinado } from "../patrocinios/vigentes";
import { PLAN_DESTACADO, PLAN_ES_DESTACADO, PLAN_JOINS, PLAN_LISTED, PLAN_SELECT } from "./queries";
import { BUSQUEDA_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS, FEED_MEMO_ENTRADAS, TOPE_TOTAL } from "./constants";
import { puntoDelMapa, TOPE_MAPA, type ResultadoMapa } from "./mapa";
import { DiscosDensos } from "./total-denso";
import { indiceAlDia } from "./indice-db";
import type { RespuestaIndice } from "./indice";
import { distanciaEsferaM } from "../geo/distancia";
import type { Busqueda } from "./schemas";
import { distanciaTexto, serializePlan, type PlanApi, type PlanRow } from "./plan";

/**
 * The date window. An event matches when its dates overlap the window. An experience matches
 * when one of its slots' weekdays (plan.dias_semana, a bit mask kept by a trigger) falls on a
 * Madrid date where the window and the experience's own dates overlap.
 */
function filtroFechas(q: Busqueda): Prisma.Sql {
  if (!q.fechaInicioFiltro || !q.fechaFinFiltro) return Prisma.empty;
  const desde = q.fechaInicioFiltro;
  const hasta = q.fechaFinFiltro;
  return Prisma.sql`AND (
    (p.tipo = 'evento' AND p.fecha_inicio <= ${hasta} AND p.fecha_fin >= ${desde})
    OR (p.tipo = 'experiencia' AND p.dias_semana & planazo_mascara_dias(
      ${diaMadrid(Prisma.sql`greatest(${desde}::timestamptz, coalesce(p.fecha_inicio, ${desde}::timestamptz))`)},
      ${diaMadrid(Prisma.sql`least(${hasta}::timestamptz, coalesce(p.fecha_fin, ${hasta}::timestamptz))`)}) <> 0))`;
}

/** Where a page's sponsor item goes: after the fifth plan, or last on a shorter page. */
export const POSICION_PATROCINIO = 5;

/** The search point as a geography. */
const punto = (lng: number, lat: number) => Prisma.sql`ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography`;

function filtrosSinRadio(q: Busqueda): Prisma.Sql {
  const categorias = q.categorias ? Prisma.sql`AND p.categorias && ${q.categorias}::categoria[]` : Prisma.empty;
  const accesible = q.accesible ? Prisma.sql`AND p.accesible` : Prisma.empty;
  const tipo = q.tipo ? Prisma.sql`AND p.tipo = ${q.tipo}::tipo_plan` : Prisma.empty;
  return Prisma.sql`${PLAN_LISTED} ${categorias} ${accesible} ${tipo} ${filtroFechas(q)}`;
}

/**
 * Within `radio` km of the point `pt`, with PostGIS's public functions only, spelt so that the
 * planner can walk the GiST index nearest first (KNN) and stop at a LIMIT:
 * - the index condition is `&&` with a polygon around the circle. ST_Buffer on a geography
 *   draws it in a local projection (UTM; Lambert azimuthal near the poles) as a 32-gon whose
 *   sides fall inside the circle by under 0.5%, and the projection's scale errs by under 2.5%
 *   within 50 km, so 5% more (plus a metre, for a radius of 0) always holds the whole circle;
 * - the exact test is ST_DWithin (on the spheroid, as ST_DWithin always was here), inside
 *   coalesce(…, false), which is the same test in a WHERE but hides it from ST_DWithin's own
 *   row estimate: PostGIS estimates 0.01% of the rows within any radius, so low that the
 *   planner would read and sort every match instead of walking the index for a page. Opaque,
 *   it gets PostgreSQL's default (half), and the `&&` gets its estimate from the column's
 *   statistics. (It was spelt with the internals `_ST_Expand` and `_ST_DWithin` before.)
 * lib/plans/search-sql.test.ts holds both to PostGIS: the same plans as ST_DWithin, and the plan.
 */
function dentroDelRadio(q: Busqueda, pt: Prisma.Sql): Prisma.Sql {
  const metros = q.radio * 1000;
  return Prisma.sql`p.ubicacion && ST_Buffer(${pt}, ${metros * 1.05 + 1}) AND coalesce(ST_DWithin(p.ubicacion, ${pt}, ${metros}), false)`;
}

/**
 * How many plans match the search (all pages), counted up to TOPE_TOTAL + 1 at most: nearest
 * first from the GiST index, so a dense area stops after the nearest TOPE_TOTAL + 1 matches
 * instead of reading every plan within the radius; more than TOPE_TOTAL means "more than".
 * `d` is the distance of the farthest counted (on the sphere, in metres): see total-denso.ts.
 */
export function consultaTotal(q: Busqueda, lng: number, lat: number): Prisma.Sql {
  const pt = punto(lng, lat);
  return Prisma.sql`SELECT count(*) AS n, max(t.d) AS d FROM (
    SELECT p.ubicacion <-> ${pt} AS d FROM plan p WHERE ${filtrosSinRadio(q)} AND ${dentroDelRadio(q, pt)}
    ORDER BY p.ubicacion <-> ${pt} LIMIT ${TOPE_TOTAL + 1}) t`;
}

/** A search's total: exact, or TOPE_TOTAL when more plans match (`totalExacto` false). */
export interface Total {
  total: number;
  totalExacto: boolean;
}

const exacto = (total: number): Total => ({ total, totalExacto: true });

/** A match as the page's ordering sees it: `d` is the distance on the sphere (the GiST index's `<->`). */
interface Cercano {
  id: string;
  fecha_inicio: Date | null;
  d: number;
}

/**
 * The `n` nearest matches among the featured plans or among the others, nearest first, plus
 * any further ones at exactly the distance of the last (so ties are complete), or fewer when
 * fewer match. It walks the GiST index in distance order (KNN) and stops there: a full page in
 * a dense area reads a few dozen rows, not every plan within the radius (see dentroDelRadio).
 * Exported so the benchmark can time it inside PostgreSQL.
 */
export function consultaCercanos(q: Busqueda, lng: number, lat: number, destacado: boolean, n: number): Prisma.Sql {
  const pt = punto(lng, lat);
  return Prisma.sql`
    SELECT p.id, p.fecha_inicio, p.ubicacion <-> ${pt} AS d
    FROM plan p
    WHERE ${destacado ? PLAN_DESTACADO : Prisma.sql`NOT ${PLAN_ES_DESTACADO}`} AND ${filtrosSinRadio(q)}
      AND ${dentroDelRadio(q, pt)}
    ORDER BY p.ubicacion <-> ${pt}
    LIMIT ${n}`;
}

/** The page's order within a branch: nearest, then soonest start (none first), then id. */
function antes(a: Cercano, b: Cercano): number {
  if (a.d !== b.d) return a.d - b.d;
  const fa = a.fecha_inicio?.getTime() ?? -Infinity;
  const fb = b.fecha_inicio?.getTime() ?? -Infinity;
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The first `n` matches of a branch in the page's order (see consultaCercanos). */
async function primerosCercanos(
  q: Busqueda,
  lng: number,
  lat: number,
  destacado: boolean,
  n: number,
): Promise<Cercano[]> {
  if (n <= 0) return [];
  // Ask for a few more than needed: when even the last of them is as near as the n-th, ties
  // may go on past it, so ask again for more.
  for (let pedidos = n + 8; ; pedidos *= 4) {
    const filas = await (await readDb()).$queryRaw<Cercano[]>(consultaCercanos(q, lng, lat, destacado, pedidos));
    if (filas.length < pedidos || filas[n - 1].d !== filas[filas.length - 1].d) return filas.sort(antes).slice(0, n);
  }
}

/**
 * Pages up to this one are read nearest first from the index; deeper ones (rarely asked, and
 * up to the last of thousands) are ordered by PostgreSQL itself, which sends only the page's
 * rows instead of every row before them.
 */
const PAGINAS_DESDE_EL_INDICE = 10;

/**
 * The matches a page shows: from `desde` (its offset), `n` of them. Pages end at TOPE_TOTAL,
 * where a total that is not exact stops: a page past it is past the end (no rows).
 */
function tramoDePagina(q: Busqueda): { desde: number; n: number } {
  const desde = (q.page - 1) * q.limit;
  return { desde, n: Math.max(0, Math.min(q.limit, TOPE_TOTAL - desde)) };
}

/** The page's ids when the page is deep: the same order, with OFFSET, over every match. */
async function idsDePaginaProfunda(q: Busqueda, lng: number, lat: number): Promise<string[]> {
  const pt = punto(lng, lat);
  const { desde, n } = tramoDePagina(q);
  const filas = await (
    await readDb()
  ).$queryRaw<{ id: string }[]>`
    SELECT p.id FROM plan p
    WHERE ${filtrosSinRadio(q)} AND ${dentroDelRadio(q, pt)}
    ORDER BY ${PLAN_ES_DESTACADO} DESC, p.ubicacion <-> ${pt}, p.fecha_inicio NULLS FIRST, p.id
    LIMIT ${n} OFFSET ${desde}`;
  return filas.map((f) => f.id);
}

/** The page's ids from the two nearest-first branches: the featured plans, then the others. */
async function idsDePaginaCercana(q: Busqueda, lng: number, lat: number): Promise<string[]> {
  const { desde, n } = tramoDePagina(q);
  const hasta = desde + n;
  // Both branches at once, each for the whole stretch: the others' branch reads as many rows as
  // it would after few featured plans, and the page waits for one round trip instead of two.
  const [destacados, otros] = await Promise.all([
    primerosCercanos(q, lng, lat, true, hasta),
    primerosCercanos(q, lng, lat, false, hasta),
  ]);
  // A featuring that ends between the two queries would list its plan in both: keep the first.
  return [...new Set([...destacados, ...otros].map((c) => c.id))].slice(desde, hasta);
}

/**
 * The page's rows of the search: featured plans first, then the others, each nearest first,
 * then soonest start, then id (a total order, so pages never overlap). The full columns (slots,
 * poster, organization) are read for the page's rows alone, with the distance shown: the same
 * sphere distance that orders them, so the cards' kilometres never go down along the list.
 */
async function filasDePagina(q: Busqueda, lng: number, lat: number): Promise<PlanRow[]> {
  if (tramoDePagina(q).n === 0) return [];
  return filasPorIds(await idsDePagina(q, lng, lat), lng, lat);
}

/** The page's ids from PostgreSQL (see filasDePagina). */
function idsDePagina(q: Busqueda, lng: number, lat: number): Promise<string[]> {
  return q.page <= PAGINAS_DESDE_EL_INDICE ? idsDePaginaCercana(q, lng, lat) : idsDePaginaProfunda(q, lng, lat);
}

/** The rows of these plans, in this order, with their distance from the point. */
async function filasPorIds(ids: string[], lng: number, lat: number): Promise<PlanRow[]> {
  if (ids.length === 0) return [];
  return (await readDb()).$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT}, p.ubicacion <-> ${punto(lng, lat)} AS distancia_m
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS pagina(id, orden)
    JOIN plan p ON p.id = pagina.id ${PLAN_JOINS}
    ORDER BY pagina.orden`;
}

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
 * The card's JSON with its distance: exactly JSON.stringify(serializePlan(row with distancia_m)),
 * from the card's JSON without a distance cut where serializePlan puts it (before fechaInicio;
 * a quote inside a string value is escaped, so the cut cannot fall inside one).
 */
function jsonDeTarjeta(t: Tarjeta, distanciaM: number): string {
  if (!t.json) {
    const sin = JSON.stringify(serializePlan({ ...t.fila, distancia_m: null }));
    const corte = sin.indexOf(',"fechaInicio":');
    t.json = [sin.slice(0, corte), sin.slice(corte)];
  }
  return `${t.json[0]},"distancia":${JSON.stringify(distanciaTexto(distanciaM))}${t.json[1]}`;
}

/** The page's rows from the index's ids and versions: cached ones, the others read at once; with their distance. */
async function filasDelIndice(
  ids: string[],
  versiones: string[],
  lng: number,
  lat: number,
): Promise<{ rows: PlanRow[]; tarjetas: Tarjeta[] }> {
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
    ).$queryRaw<(PlanRow & { cambio: bigint })[]>`
      SELECT ${PLAN_SELECT}, p.cambio FROM plan p ${PLAN_JOINS} WHERE p.id = ANY(${faltan}::uuid[])`;
    for (const { cambio, ...fila } of filas) {
      const tarjeta: Tarjeta = { fila };
      leidas.set(fila.id, tarjeta);
      tarjetasPorVersion.set(`${fila.id}|${cambio}${fila.destacado ? "d" : ""}`, tarjeta);
    }
    while (tarjetasPorVersion.size > FILAS_EN_CACHE) tarjetasPorVersion.delete(tarjetasPorVersion.keys().next().value!);
  }
  // A plan deleted since the index read it has no row: it is left out.
  const tarjetas = ids.flatMap((id) => leidas.get(id) ?? []);
  const rows = tarjetas.map(({ fila }) => ({ ...fila, distancia_m: distanciaEsferaM({ lng, lat }, fila) }));
  return { rows, tarjetas };
}

/** GET /api/plan's answer: `total` and `totalExacto` as in Total. */
export type ResultadoBusqueda = {
  planes: (PlanApi | Patrocinado)[];
  mensaje?: string;
} & Total;

/**
 * Answers and totals by search and `busqueda_version` (which every change to what a search
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

/** The search version as read (see leerVersion), and when `busqueda_version` last moved on (the feeds' Last-Modified). */
export interface VersionBusqueda {
  version: string;
  cambiada: Date;
}

/**
 * The version part of every search memo key: `busqueda_version`, plus the next instant the
 * answers change by themselves: a featuring ends (read from plan_destacado_hasta_idx), or a
 * sponsor card's first day begins or its last day ends. No write moves the version on then, so
 * the key changes at that instant instead, and no answer remembered before it is served after it.
 */
async function leerVersion(db: PrismaClient): Promise<VersionBusqueda> {
  const [{ version, cambiada, proximo }] = await db.$queryRaw<
    { version: bigint; cambiada: Date; proximo: Date | null }[]
  >`
    SELECT v.version, v.cambiada, least((SELECT min(p.destacado_hasta) FROM plan p WHERE ${PLAN_DESTACADO} AND p.visible), ${PROXIMO_CAMBIO_PATROCINIOS}) AS proximo
    FROM busqueda_version v`;
  return { version: proximo ? `${version}@${proximo.getTime()}` : String(version), cambiada };
}

/**
 * For each server a search reads from (readDb: the primary, or the replica), the read of the
 * version on its way and the one that starts when it ends (see versionBusqueda).
 */
type Lecturas = { enCurso?: Promise<VersionBusqueda>; siguiente?: Promise<VersionBusqueda> };
const lecturasVersion = new WeakMap<PrismaClient, Lecturas>();

function empezarLecturaVersion(db: PrismaClient, lecturas: Lecturas): Promise<VersionBusqueda> {
  const lectura = leerVersion(db);
  const fin = () => {
    if (lecturas.enCurso === lectura) lecturas.enCurso = undefined;
  };
  lectura.then(fin, fin);
  return (lecturas.enCurso = lectura);
}

const nada = () => {};

/**
 * The version (above) with the instant it last moved on, read once for every caller that asked
 * the same server while the previous read was on its way: each caller gets a read that began
 * after it asked (and after readDb chose a server that holds the caller's own writes), so it
 * sees every write committed before it asked, and at 32 searches at once the database answers
 * about one read per round trip instead of one per search.
 */
export async function versionBusquedaConFecha(): Promise<VersionBusqueda> {
  const db = await readDb();
  let lecturas = lecturasVersion.get(db);
  if (!lecturas) lecturasVersion.set(db, (lecturas = {}));
  const enCurso = lecturas.enCurso;
  if (!enCurso) return empezarLecturaVersion(db, lecturas);
  const de = lecturas;
  return (de.siguiente ??= enCurso.then(nada, nada).then(() => {
    de.siguiente = undefined;
    return empezarLecturaVersion(db, de);
  }));
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
 * (lib/plans/indice.ts), with no query; null while the index is not ready (or is off).
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

/** The page's rows and the search's total: from the search index when it is ready, else from PostgreSQL. */
async function paginaYTotal(
  q: Busqueda,
  lng: number,
  lat: number,
  version: string,
  claveTotal: string,
): Promise<{ rows: PlanRow[]; total: Total; tarjetas?: Tarjeta[] }> {
  const delIndice = await desdeElIndice(q, lng, lat, version);
  if (delIndice) {
    const { ids, versiones, contados } = delIndice;
    return {
      ...(await filasDelIndice(ids, versiones, lng, lat)),
      total: contados > TOPE_TOTAL ? masDelTope : exacto(contados),
    };
  }
  const rows = await filasDePagina(q, lng, lat);
  return { rows, total: await totalDe(q, lng, lat, version, claveTotal, rows) };
}

/**
 * The same page's ids and count from PostgreSQL alone, remembering nothing: what the index must
 * answer (lib/plans/indice.test.ts holds it to this).
 */
export async function busquedaSql(q: Busqueda, lng: number, lat: number): Promise<{ ids: string[]; contados: number }> {
  const ids = tramoDePagina(q).n === 0 ? [] : await idsDePagina(q, lng, lat);
  const [fila] = await (await readDb()).$queryRaw<{ n: bigint }[]>(consultaTotal(q, lng, lat));
  return { ids, contados: Number(fila.n) };
}

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
  const { rows, total, tarjetas } = await paginaYTotal(q, lng, lat, version, claveTotal);
  const patrocinio =
    rows.length > 0 ? await patrocinios.get(`${version}|${q.page}`, () => patrocinioDeLaPagina(q.page)) : null;
  const posicion = Math.min(POSICION_PATROCINIO, rows.length);
  const resto = { ...total, ...(total.total === 0 && { mensaje: mensajes.sinPlanes }) };
  let resultado: ResultadoBusqueda | undefined;
  const objetos = (): ResultadoBusqueda => {
    if (resultado) return resultado;
    const planes: ResultadoBusqueda["planes"] = rows.map(serializePlan);
    if (patrocinio) planes.splice(posicion, 0, patrocinio);
    return (resultado = { planes, ...resto });
  };
  if (!tarjetas) return { resultado: objetos(), json: JSON.stringify(objetos()) };
  const planes = tarjetas.map((t, i) => jsonDeTarjeta(t, rows[i].distancia_m!));
  if (patrocinio) planes.splice(posicion, 0, JSON.stringify(patrocinio));
  return {
    get resultado() {
      return objetos();
    },
    json: `{"planes":[${planes.join(",")}],${JSON.stringify(resto).slice(1)}`,
  };
}

/** The search's point (the town's, when only its name is given) and the key of its matches in the memos. */
async function puntoYClave(q: Busqueda): Promise<{ lng: number; lat: number; version: string; claveTotal: string }> {
  let { lat, lng } = q;
  if (lat === undefined || lng === undefined) {
    const [lugar] = await geocoder().search(q.municipio!, 1);
    if (!lugar) throw new ApiError(400, mensajes.ubicacionesNoEncontradas);
    ({ lat, lon: lng } = lugar.position);
  }
  const version = await versionBusqueda();
  return {
    lng,
    lat,
    version,
    claveTotal: JSON.stringify([
      version,
      lng,
      lat,
      q.radio,
      q.categorias,
      q.accesible,
      q.tipo,
      q.fechaInicioFiltro,
      q.fechaFinFiltro,
    ]),
  };
}

/** One server answers a whole search (withOneReadDb): its memo key and the rows kept under it agree. */
function busqueda(q: Busqueda) {
  return withOneReadDb(() => busquedaEnUnServidor(q));
}

async function busquedaEnUnServidor(q: Busqueda) {
  const { lng, lat, version, claveTotal } = await puntoYClave(q);
  return respuestas.get(`${claveTotal}|${q.page}|${q.limit}`, () => calcularBusqueda(q, lng, lat, version, claveTotal));
}

/**
 * The home map's view of the same search: its first TOPE_MAPA plans in the search's own order
 * (featured, then nearest), as map points, with the point searched around and the total. The
 * same query as the list's pages, with a larger first page; `page` and `limit` are ignored.
 */
export function buscarPlanesMapa(q: Busqueda): Promise<ResultadoMapa> {
  return withOneReadDb(() => mapaEnUnServidor(q));
}

async function mapaEnUnServidor(q: Busqueda): Promise<ResultadoMapa> {
  const { lng, lat, version, claveTotal } = await puntoYClave(q);
  return mapas.get(claveTotal, async () => {
    const { rows, total } = await paginaYTotal({ ...q, page: 1, limit: TOPE_MAPA }, lng, lat, version, claveTotal);
    return { centro: { lat, lng }, puntos: rows.map((r) => puntoDelMapa(serializePlan(r))), total: total.total };
  });
}

/** Feeds' rows (up to FEED_MAX_PLANES each, so fewer entries than the pages' memo). */
const feeds = new Memo<PlanRow[]>(FEED_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS);

/**
 * The calendar and Atom feeds' view of the same search (lib/plans/feeds.ts): its first `limite`
 * plans in the search's own order, as rows (with fecha_actualizacion); `page` and `limit` are
 * ignored. The caller bounds the date window.
 */
export function buscarPlanesFeed(q: Busqueda, limite: number): Promise<PlanRow[]> {
  return withOneReadDb(async () => {
    const { lng, lat, version, claveTotal } = await puntoYClave(q);
    return feeds.get(`${claveTotal}|${limite}`, async () => {
      const primeros = { ...q, page: 1, limit: limite };
      const delIndice = await desdeElIndice(primeros, lng, lat, version);
      return delIndice
        ? (await filasDelIndice(delIndice.ids, delIndice.versiones, lng, lat)).rows
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
