import "server-only";
import { Prisma } from "../generated/prisma/client";
import { prisma } from "../db";
import { FILTROS_MOTIVO, type FiltroMotivo, type MotivoReporte, SIN_MOTIVO } from "../reportes/motivos";
import { POR_PAGINA_GESTION, paginaKeyset } from "./cursor";

/** The condition on a report `r` of the filter by reason. */
function conMotivo(motivo: FiltroMotivo): Prisma.Sql {
  return motivo === SIN_MOTIVO ? Prisma.sql`r.motivo IS NULL` : Prisma.sql`r.motivo = ${motivo}`;
}

/** How many of a group's reports give each reason (and, as `ninguno`, none), in one pass. */
const CUENTA_MOTIVOS = Prisma.sql`jsonb_build_object(${Prisma.join(
  FILTROS_MOTIVO.map((m) => Prisma.sql`${m}::text, count(*) FILTER (WHERE ${conMotivo(m)})`),
)})`;

/** The reporters' own words shown per plan, the newest first. */
const DETALLES_POR_GRUPO = 5;

/** The reporters' addresses shown per plan, the newest first. */
const REPORTADORES_POR_GRUPO = 5;

/** The open reports of one plan (or one report that names no plan of ours), for the queue. */
export interface GrupoReportes {
  clave: string;
  plan_id: string | null;
  n: number;
  primero: Date;
  ultimo: Date;
  /** How many reports give each reason (`ninguno`: none), zeros included. */
  por_motivo: Record<FiltroMotivo, number>;
  /** The newest of the reporters' own words (at most DETALLES_POR_GRUPO), and how many there are. */
  detalles: string[];
  n_detalles: number;
  /** Who reported: the newest reporters' addresses (at most REPORTADORES_POR_GRUPO), how many had an account, how many none. */
  reportadores: string[];
  n_con_cuenta: number;
  anonimos: number;
  /** What the last reporter said, and the address they reported. */
  titulo_reportado: string;
  url_plan: string;
  titulo: string | null;
  visible: boolean | null;
  oculto_motivo: string | null;
  propietario: string | null;
  organizacion: string | null;
  cartel: string | null;
}

/** Keyset cursor of the queue: the last group's (ultimo, clave). */
export interface CursorCola {
  ultimo: Date;
  clave: string;
}

/**
 * Open reports grouped by plan, the most recently reported first, with their reasons; with
 * `motivo`, only the plans with at least one open report of that reason (each still shows all).
 */
export async function colaDeReportes(despues: CursorCola | null, motivo: FiltroMotivo | null = null) {
  const filas = await prisma.$queryRaw<GrupoReportes[]>`
    WITH g AS (
      SELECT coalesce(r.plan_id::text, r.id::text) AS clave, r.plan_id, count(*)::int AS n,
             min(r.created_at) AS primero, max(r.created_at) AS ultimo,
             (array_agg(r.titulo ORDER BY r.created_at DESC))[1] AS titulo_reportado,
             (array_agg(r.url_plan ORDER BY r.created_at DESC))[1] AS url_plan,
             ${CUENTA_MOTIVOS} AS por_motivo,
             coalesce((array_agg(r.detalle ORDER BY r.created_at DESC) FILTER (WHERE r.detalle IS NOT NULL))[1:${Prisma.raw(String(DETALLES_POR_GRUPO))}], '{}') AS detalles,
             count(r.detalle)::int AS n_detalles,
             coalesce((array_agg(ur.email ORDER BY r.created_at DESC) FILTER (WHERE ur.email IS NOT NULL))[1:${Prisma.raw(String(REPORTADORES_POR_GRUPO))}], '{}') AS reportadores,
             count(ur.email)::int AS n_con_cuenta,
             count(*) FILTER (WHERE ur.email IS NULL)::int AS anonimos
      FROM reporte r LEFT JOIN usuario ur ON ur.id = r.usuario_id
      WHERE r.cerrado_en IS NULL
      GROUP BY 1, 2
      ${motivo ? Prisma.sql`HAVING bool_or(${conMotivo(motivo)})` : Prisma.empty})
    SELECT g.*, p.titulo, p.visible, p.oculto_motivo, u.email AS propietario, o.nombre AS organizacion, a.url AS cartel
    FROM g
    LEFT JOIN plan p ON p.id = g.plan_id
    LEFT JOIN usuario u ON u.id = p.usuario_id
    LEFT JOIN organizacion o ON o.id = p.organizacion_id
    LEFT JOIN archivo a ON a.id = p.archivo_cartel_id
    ${despues ? Prisma.sql`WHERE (g.ultimo, g.clave) < (${despues.ultimo}, ${despues.clave})` : Prisma.empty}
    ORDER BY g.ultimo DESC, g.clave DESC
    LIMIT ${POR_PAGINA_GESTION + 1}`;
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ ultimo: ultima.ultimo, clave: ultima.clave }));
  return { grupos: pagina, siguiente };
}

export interface ReporteCerrado {
  id: string;
  titulo: string;
  url_plan: string;
  plan_id: string | null;
  plan_titulo: string | null;
  created_at: Date;
  motivo: MotivoReporte | null;
  detalle: string | null;
  /** The reporter's address; null for a report without an account (or whose account is gone). */
  reportador: string | null;
  cerrado_en: Date;
  cerrado_por: string;
  resolucion: "ocultado" | "descartado";
}

/** Closed reports, the most recently closed first, with their reason, who closed them and how. */
export async function reportesCerrados(
  despues: { cerradoEn: Date; id: string } | null,
  motivo: FiltroMotivo | null = null,
) {
  const filas = await prisma.$queryRaw<ReporteCerrado[]>`
    SELECT r.id, r.titulo, r.url_plan, r.plan_id, p.titulo AS plan_titulo, r.created_at, r.motivo, r.detalle,
           ur.email AS reportador, r.cerrado_en, r.cerrado_por, r.resolucion
    FROM reporte r LEFT JOIN plan p ON p.id = r.plan_id LEFT JOIN usuario ur ON ur.id = r.usuario_id
    WHERE r.cerrado_en IS NOT NULL
      ${motivo ? Prisma.sql`AND ${conMotivo(motivo)}` : Prisma.empty}
      ${despues ? Prisma.sql`AND (r.cerrado_en, r.id) < (${despues.cerradoEn}, ${despues.id}::uuid)` : Prisma.empty}
    ORDER BY r.cerrado_en DESC, r.id DESC
    LIMIT ${POR_PAGINA_GESTION + 1}`;
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ cerradoEn: ultima.cerrado_en, id: ultima.id }));
  return { reportes: pagina, siguiente };
}
