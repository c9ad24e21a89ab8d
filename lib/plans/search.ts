import "server-only";
import { Memo } from "../cache";
import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { geocoder } from "../geo/geocoder";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { ARCHIVO_JSON, PLAN_JOINS, PLAN_LISTED, PLAN_SELECT } from "./queries";
import { BUSQUEDA_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS } from "./constants";
import type { Busqueda } from "./schemas";
import { serializeArchivo, serializePlan, type ArchivoRow, type PlanApi, type PlanRow } from "./serialize";

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
      (greatest(${desde}::timestamptz, coalesce(p.fecha_inicio, ${desde}::timestamptz)) AT TIME ZONE 'Europe/Madrid')::date,
      (least(${hasta}::timestamptz, coalesce(p.fecha_fin, ${hasta}::timestamptz)) AT TIME ZONE 'Europe/Madrid')::date) <> 0))`;
}

export interface Patrocinado {
  _id: string;
  tipo: "Patrocinado";
  empresa: string;
  enlaceCompany: string;
  enlaceEmpresa: string;
  titulo: string;
  descripcion: string;
  archivoCartel: ReturnType<typeof serializeArchivo>;
}

/** Active sponsor items, one of which is placed on each page of results (in rotation). */
async function patrocinioParaPagina(page: number): Promise<Patrocinado | null> {
  const rows = await prisma.$queryRaw<{ id: string; empresa: string; enlace_empresa: string; titulo: string; descripcion: string; cartel: ArchivoRow | null }[]>`
    SELECT s.id, s.empresa, s.enlace_empresa, s.titulo, s.descripcion, ${ARCHIVO_JSON} AS cartel
    FROM patrocinio s LEFT JOIN archivo a ON a.id = s.archivo_cartel_id
    WHERE s.activo ORDER BY s.created_at, s.id`;
  if (rows.length === 0) return null;
  const s = rows[(page - 1) % rows.length];
  return {
    _id: s.id,
    tipo: "Patrocinado",
    empresa: s.empresa,
    enlaceCompany: s.enlace_empresa,
    enlaceEmpresa: s.enlace_empresa,
    titulo: s.titulo,
    descripcion: s.descripcion,
    archivoCartel: serializeArchivo(s.cartel),
  };
}

/** Where a page's sponsor item goes: after the fifth plan, or last on a shorter page. */
export const POSICION_PATROCINIO = 5;

/** The search point as a geography. */
const punto = (lng: number, lat: number) => Prisma.sql`ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography`;

function filtros(q: Busqueda, lng: number, lat: number): Prisma.Sql {
  const categorias = q.categorias ? Prisma.sql`AND p.categorias && ${q.categorias}::text[]::categoria[]` : Prisma.empty;
  return Prisma.sql`
    ${PLAN_LISTED}
    AND ST_DWithin(p.ubicacion, ${punto(lng, lat)}, ${q.radio * 1000})
    ${categorias} ${filtroFechas(q)}`;
}

/**
 * The page's rows of the search (exported so the benchmark can time it inside PostgreSQL).
 * The inner part finds and orders the matches with only what that needs; the plan's full
 * columns (slots, poster, organization) are read for the page's rows alone.
 */
export function consultaBusqueda(q: Busqueda, lng: number, lat: number): Prisma.Sql {
  return Prisma.sql`
    WITH pagina AS (
      SELECT p.id, p.destacado, p.fecha_inicio,
        ST_Distance(p.ubicacion, ${punto(lng, lat)}) AS distancia_m
      FROM plan p
      WHERE ${filtros(q, lng, lat)}
      ORDER BY p.destacado DESC, distancia_m, p.fecha_inicio NULLS FIRST, p.id
      LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit})
    SELECT ${PLAN_SELECT}, pg.distancia_m
    FROM pagina pg JOIN plan p ON p.id = pg.id ${PLAN_JOINS}
    ORDER BY pg.destacado DESC, pg.distancia_m, pg.fecha_inicio NULLS FIRST, pg.id`;
}

/** How many plans match the search (all pages). */
export function consultaTotal(q: Busqueda, lng: number, lat: number): Prisma.Sql {
  return Prisma.sql`SELECT count(*) AS n FROM plan p WHERE ${filtros(q, lng, lat)}`;
}

export type ResultadoBusqueda = {
  planes: (PlanApi | Patrocinado)[];
  total: number;
  mensaje?: string;
};

/**
 * Answers and totals by search and `busqueda_version` (which every change to what a search
 * shows moves on, by trigger): a repeated search costs one tiny query, and a change is seen
 * by the next search on every instance. The time to live bounds how long a plan that has just
 * finished can still be listed.
 */
const respuestas = new Memo<{ resultado: ResultadoBusqueda; json: string }>(BUSQUEDA_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS);
const totales = new Memo<number>(BUSQUEDA_MEMO_ENTRADAS, BUSQUEDA_MEMO_TTL_MS);

async function versionBusqueda(): Promise<bigint> {
  const [{ version }] = await prisma.$queryRaw<{ version: bigint }[]>`SELECT version FROM busqueda_version`;
  return version;
}

async function calcularBusqueda(q: Busqueda, lng: number, lat: number, claveTotal: string) {
  const rows = await prisma.$queryRaw<PlanRow[]>(consultaBusqueda(q, lng, lat));
  const offset = (q.page - 1) * q.limit;
  // A page that is neither empty nor full is the last one, so it tells the total itself.
  const total =
    rows.length > 0 && rows.length < q.limit
      ? offset + rows.length
      : rows.length === 0 && q.page === 1
        ? 0
        : await totales.get(claveTotal, async () => {
            const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>(consultaTotal(q, lng, lat));
            return Number(n);
          });
  const planes: ResultadoBusqueda["planes"] = rows.map(serializePlan);
  if (planes.length > 0) {
    const patrocinio = await patrocinioParaPagina(q.page);
    if (patrocinio) planes.splice(Math.min(POSICION_PATROCINIO, planes.length), 0, patrocinio);
  }
  const resultado: ResultadoBusqueda = total === 0 ? { planes, total, mensaje: mensajes.sinPlanes } : { planes, total };
  return { resultado, json: JSON.stringify(resultado) };
}

async function busqueda(q: Busqueda) {
  let { lat, lng } = q;
  if (lat === undefined || lng === undefined) {
    const [lugar] = await geocoder().search(q.municipio!, 1);
    if (!lugar) throw new ApiError(400, mensajes.ubicacionesNoEncontradas);
    ({ lat, lon: lng } = lugar.position);
  }
  const version = await versionBusqueda();
  const claveTotal = JSON.stringify([String(version), lng, lat, q.radio, q.categorias, q.fechaInicioFiltro, q.fechaFinFiltro]);
  return respuestas.get(`${claveTotal}|${q.page}|${q.limit}`, () => calcularBusqueda(q, lng, lat, claveTotal));
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
