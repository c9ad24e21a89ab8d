import "server-only";
import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { geocoder } from "../geo/geocoder";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { ARCHIVO_JSON, PLAN_JOINS, PLAN_LISTED, PLAN_SELECT } from "./queries";
import type { Busqueda } from "./schemas";
import { serializeArchivo, serializePlan, type ArchivoRow, type PlanRow } from "./serialize";

/**
 * Madrid weekdays (0 Sunday … 6 Saturday) of the days where the window and the experience's
 * own dates overlap; at most a week of days is generated, since a week already holds them all.
 */
const EXPERIENCIA_EN_VENTANA = (desde: Date, hasta: Date) => Prisma.sql`
  EXISTS (
    SELECT 1 FROM horario_disponible h,
      LATERAL (SELECT (greatest(${desde}::timestamptz, coalesce(p.fecha_inicio, ${desde}::timestamptz)) AT TIME ZONE 'Europe/Madrid')::date AS s,
                      (least(${hasta}::timestamptz, coalesce(p.fecha_fin, ${hasta}::timestamptz)) AT TIME ZONE 'Europe/Madrid')::date AS e) r
    WHERE h.plan_id = p.id AND r.s <= r.e
      AND h.dia_semana IN (SELECT extract(dow FROM d)::int FROM generate_series(r.s, least(r.e, r.s + 6), interval '1 day') d))`;

function filtroFechas(q: Busqueda): Prisma.Sql {
  if (!q.fechaInicioFiltro || !q.fechaFinFiltro) return Prisma.empty;
  const desde = q.fechaInicioFiltro;
  const hasta = q.fechaFinFiltro;
  return Prisma.sql`AND (
    (p.tipo = 'evento' AND p.fecha_inicio <= ${hasta} AND p.fecha_fin >= ${desde})
    OR (p.tipo = 'experiencia' AND ${EXPERIENCIA_EN_VENTANA(desde, hasta)}))`;
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

function filtros(q: Busqueda, lng: number, lat: number): Prisma.Sql {
  const categorias = q.categorias ? Prisma.sql`AND p.categorias && ${q.categorias}::text[]::categoria[]` : Prisma.empty;
  return Prisma.sql`
    ${PLAN_LISTED}
    AND ST_DWithin(p.ubicacion, ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography, ${q.radio * 1000})
    ${categorias} ${filtroFechas(q)}`;
}

/**
 * The search query itself (exported so the benchmark can time it inside PostgreSQL). The
 * inner part finds, orders and counts the matches with only what that needs; the plan's full
 * columns (slots, poster, organization) are read for the page's rows alone.
 */
export function consultaBusqueda(q: Busqueda, lng: number, lat: number): Prisma.Sql {
  return Prisma.sql`
    WITH pagina AS (
      SELECT p.id, p.destacado, p.fecha_inicio,
        ST_Distance(p.ubicacion, ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography) AS distancia_m,
        count(*) OVER () AS total
      FROM plan p
      WHERE ${filtros(q, lng, lat)}
      ORDER BY p.destacado DESC, distancia_m, p.fecha_inicio NULLS FIRST, p.id
      LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit})
    SELECT ${PLAN_SELECT}, pg.distancia_m, pg.total
    FROM pagina pg JOIN plan p ON p.id = pg.id ${PLAN_JOINS}
    ORDER BY pg.destacado DESC, pg.distancia_m, pg.fecha_inicio NULLS FIRST, pg.id`;
}

/**
 * GET /api/plan: listed plans within `radio` km of the point, by categories and date window;
 * featured first, then nearest, then soonest start, then id (so pages never overlap).
 */
export async function buscarPlanes(q: Busqueda) {
  let { lat, lng } = q;
  if (lat === undefined || lng === undefined) {
    const [lugar] = await geocoder().search(q.municipio!, 1);
    if (!lugar) throw new ApiError(400, mensajes.ubicacionesNoEncontradas);
    ({ lat, lon: lng } = lugar.position);
  }
  const rows = await prisma.$queryRaw<(PlanRow & { total: bigint })[]>(consultaBusqueda(q, lng, lat));
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && q.page > 1) {
    const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM plan p WHERE ${filtros(q, lng, lat)}`;
    total = Number(n);
  }
  const planes: (ReturnType<typeof serializePlan> | Patrocinado)[] = rows.map(serializePlan);
  if (planes.length > 0) {
    const patrocinio = await patrocinioParaPagina(q.page);
    if (patrocinio) planes.splice(Math.min(POSICION_PATROCINIO, planes.length), 0, patrocinio);
  }
  return total === 0 ? { planes, total, mensaje: mensajes.sinPlanes } : { planes, total };
}
