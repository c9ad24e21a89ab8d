import "server-only";
import { readDb } from "../db";
import { diaMadrid } from "../db/sql-fechas";
import { Prisma } from "../generated/prisma/client";
import { TOPE_TOTAL } from "../plans/constants";
import type { PlanRow } from "../plans/plan";
import {
  FECHAS_TARJETA,
  PLAN_DESTACADO,
  PLAN_ES_DESTACADO,
  PLAN_JOINS,
  PLAN_LISTED,
  PLAN_SELECT,
} from "../plans/queries";
import type { Busqueda } from "./schemas";
import {
  baseDelMomento,
  compararPuestos,
  condicionesSql,
  ORDEN,
  type Magnitud,
  type PuestoOrden,
  type Sql,
} from "./registro";

/**
 * PostgreSQL's answer to a search: a page's ids in the search's order and the bounded total, for
 * when the in-process index (indice.ts) is not ready, and as the index's oracle (busquedaSql).
 * The filters' conditions and the order's keys come from the registry (registro.ts).
 */

/** The search point as a geography. */
const punto = (lng: number, lat: number) => Prisma.sql`ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography`;

/** The SQL helpers the registry's conditions are written with. */
const SQL: Sql<Prisma.Sql> = { s: Prisma.sql, diaMadrid };

/** Listed plans that match every filter of the registry (all but the radius). */
function filtrosSinRadio(q: Busqueda): Prisma.Sql {
  const condiciones = condicionesSql(q, SQL);
  return condiciones.length === 0 ? PLAN_LISTED : Prisma.sql`${PLAN_LISTED} ${Prisma.join(condiciones, " ")}`;
}

/** Each magnitude of the orders (registro.ts Magnitud) in SQL, around the point `pt`; its instants in ms. */
function magnitudSql(m: Magnitud, q: Busqueda, pt: Prisma.Sql): Prisma.Sql {
  if (m === "distancia") return Prisma.sql`(p.ubicacion <-> ${pt})`;
  // float8: extract gives numeric, which the driver would hand over as a Decimal.
  if (m === "inicio") return Prisma.sql`(extract(epoch FROM p.fecha_inicio) * 1000)::float8`;
  const base = new Date(baseDelMomento(Date.now(), q.fechaInicioFiltro));
  return Prisma.sql`(extract(epoch FROM planazo_proximo_momento(p.id, p.tipo, p.fecha_inicio, ${base}::timestamptz, p.fechas_varias)) * 1000)::float8`;
}

/** The order's keys as columns k0, k1 of a select list. */
function clavesSql(q: Busqueda, pt: Prisma.Sql): Prisma.Sql {
  const [a, b] = ORDEN[q.orden].claves.map((c) => magnitudSql(c.magnitud, q, pt));
  return Prisma.sql`${a} AS k0, ${b} AS k1`;
}

/** ORDER BY the search's order: featured first, then the order's keys with their NULLS, then id. */
function ordenSql(q: Busqueda): Prisma.Sql {
  const claves = ORDEN[q.orden].claves.map((c, i) =>
    Prisma.raw(`k${i} ${c.nulos === "primero" ? "NULLS FIRST" : "NULLS LAST"}`),
  );
  return Prisma.sql`ORDER BY destacado DESC, ${Prisma.join(claves)}, id`;
}

/**
 * Within `radio` km of the point `pt`, with PostGIS's public functions only, spelt so that the
 * planner can walk the GiST index nearest first (KNN) and stop at a LIMIT:
 * - the index condition is `&&` with a polygon around the circle. ST_Buffer on a geography
 *   draws it in a local projection (UTM; Lambert azimuthal near the poles) as a 32-gon whose
 *   sides fall inside the circle by under 0.5%, and the projection's scale errs by under 2.5%
 *   within 50 km, so 5% more (plus a metre, for a radius of 0) always holds the whole circle;
 * - the exact test is ST_DWithin (on the spheroid, like the index's edge test), inside
 *   coalesce(…, false), which is the same test in a WHERE but hides it from ST_DWithin's own
 *   row estimate: PostGIS estimates 0.01% of the rows within any radius, so low that the
 *   planner would read and sort every match instead of walking the index for a page. Opaque,
 *   it gets PostgreSQL's default (half), and the `&&` gets its estimate from the column's
 *   statistics. Only public functions: PostGIS's internals (`_ST_DWithin`…) may change.
 * lib/busqueda/sql.test.ts holds both to PostGIS: the same plans as ST_DWithin, and the plan.
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

export const exacto = (total: number): Total => ({ total, totalExacto: true });

/** A match as the page's ordering sees it: its order keys (NaN for NULL), and `d`, the distance on the sphere (the GiST index's `<->`). */
interface Cercano extends PuestoOrden {
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
    SELECT p.id, ${clavesSql(q, pt)}, p.ubicacion <-> ${pt} AS d
    FROM plan p
    WHERE ${destacado ? PLAN_DESTACADO : Prisma.sql`NOT ${PLAN_ES_DESTACADO}`} AND ${filtrosSinRadio(q)}
      AND ${dentroDelRadio(q, pt)}
    ORDER BY p.ubicacion <-> ${pt}
    LIMIT ${n}`;
}

/** The first `n` matches of a branch in the page's order (see consultaCercanos): nearest-first orders only. */
async function primerosCercanos(
  q: Busqueda,
  lng: number,
  lat: number,
  destacado: boolean,
  n: number,
): Promise<Cercano[]> {
  if (n <= 0) return [];
  const antes = compararPuestos(q.orden);
  // Ask for a few more than needed: when even the last of them is as near as the n-th, ties
  // may go on past it, so ask again for more.
  for (let pedidos = n + 8; ; pedidos *= 4) {
    const filas = (
      await (
        await readDb()
      ).$queryRaw<{ id: string; k0: number | null; k1: number | null; d: number }[]>(
        consultaCercanos(q, lng, lat, destacado, pedidos),
      )
    ).map((f) => ({ id: f.id, d: f.d, k: [f.k0 ?? NaN, f.k1 ?? NaN] }));
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
export function tramoDePagina(q: Busqueda): { desde: number; n: number } {
  const desde = (q.page - 1) * q.limit;
  return { desde, n: Math.max(0, Math.min(q.limit, TOPE_TOTAL - desde)) };
}

/** The page's ids in the search's order, with OFFSET, over every match: deep pages, and orders that are not nearest first. */
async function idsDePaginaProfunda(q: Busqueda, lng: number, lat: number): Promise<string[]> {
  const pt = punto(lng, lat);
  const { desde, n } = tramoDePagina(q);
  const filas = await (
    await readDb()
  ).$queryRaw<{ id: string }[]>`
    SELECT id FROM (
      SELECT p.id, ${PLAN_ES_DESTACADO} AS destacado, ${clavesSql(q, pt)} FROM plan p
      WHERE ${filtrosSinRadio(q)} AND ${dentroDelRadio(q, pt)}) t
    ${ordenSql(q)}
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
export async function filasDePagina(q: Busqueda, lng: number, lat: number): Promise<PlanRow[]> {
  if (tramoDePagina(q).n === 0) return [];
  return filasPorIds(await idsDePagina(q, lng, lat), lng, lat);
}

/** The page's ids from PostgreSQL (see filasDePagina). */
function idsDePagina(q: Busqueda, lng: number, lat: number): Promise<string[]> {
  return ORDEN[q.orden].cercaPrimero && q.page <= PAGINAS_DESDE_EL_INDICE
    ? idsDePaginaCercana(q, lng, lat)
    : idsDePaginaProfunda(q, lng, lat);
}

/** The rows of these plans, in this order, with their distance from the point. */
export async function filasPorIds(ids: string[], lng: number, lat: number): Promise<PlanRow[]> {
  if (ids.length === 0) return [];
  return (await readDb()).$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT}, ${FECHAS_TARJETA} AS fechas_tarjeta, p.ubicacion <-> ${punto(lng, lat)} AS distancia_m
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS pagina(id, orden)
    JOIN plan p ON p.id = pagina.id ${PLAN_JOINS}
    ORDER BY pagina.orden`;
}

/**
 * The same page's ids and count from PostgreSQL alone, remembering nothing: what the index must
 * answer (lib/busqueda/indice.test.ts holds it to this).
 */
export async function busquedaSql(q: Busqueda, lng: number, lat: number): Promise<{ ids: string[]; contados: number }> {
  const ids = tramoDePagina(q).n === 0 ? [] : await idsDePagina(q, lng, lat);
  const [fila] = await (await readDb()).$queryRaw<{ n: bigint }[]>(consultaTotal(q, lng, lat));
  return { ids, contados: Number(fila.n) };
}
