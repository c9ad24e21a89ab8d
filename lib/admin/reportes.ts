import "server-only";
import { Prisma } from "../generated/prisma/client";
import { prisma } from "../db";
import { POR_PAGINA_GESTION, paginaKeyset } from "./cursor";

/** The open reports of one plan (or one report that names no plan of ours), for the queue. */
export interface GrupoReportes {
  clave: string;
  plan_id: string | null;
  n: number;
  primero: Date;
  ultimo: Date;
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

/** Open reports grouped by plan, the most recently reported first. */
export async function colaDeReportes(despues: CursorCola | null) {
  const filas = await prisma.$queryRaw<GrupoReportes[]>`
    WITH g AS (
      SELECT coalesce(r.plan_id::text, r.id::text) AS clave, r.plan_id, count(*)::int AS n,
             min(r.created_at) AS primero, max(r.created_at) AS ultimo,
             (array_agg(r.titulo ORDER BY r.created_at DESC))[1] AS titulo_reportado,
             (array_agg(r.url_plan ORDER BY r.created_at DESC))[1] AS url_plan
      FROM reporte r WHERE r.cerrado_en IS NULL
      GROUP BY 1, 2)
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
  cerrado_en: Date;
  cerrado_por: string;
  resolucion: "ocultado" | "descartado";
}

/** Closed reports, the most recently closed first, with who closed them and how. */
export async function reportesCerrados(despues: { cerradoEn: Date; id: string } | null) {
  const filas = await prisma.$queryRaw<ReporteCerrado[]>`
    SELECT r.id, r.titulo, r.url_plan, r.plan_id, p.titulo AS plan_titulo, r.created_at, r.cerrado_en, r.cerrado_por, r.resolucion
    FROM reporte r LEFT JOIN plan p ON p.id = r.plan_id
    WHERE r.cerrado_en IS NOT NULL
      ${despues ? Prisma.sql`AND (r.cerrado_en, r.id) < (${despues.cerradoEn}, ${despues.id}::uuid)` : Prisma.empty}
    ORDER BY r.cerrado_en DESC, r.id DESC
    LIMIT ${POR_PAGINA_GESTION + 1}`;
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ cerradoEn: ultima.cerrado_en, id: ultima.id }));
  return { reportes: pagina, siguiente };
}
