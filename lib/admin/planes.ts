import "server-only";
import { Prisma } from "../generated/prisma/client";
import { prisma } from "../db";
import { PLAN_DESTACADO } from "../plans/queries";
import { UUID_PATTERN } from "../schemas";
import { dondeFiltros, paginaKeyset, POR_PAGINA_GESTION } from "./cursor";

export const ESTADOS_GESTION = ["todos", "publicados", "ocultos", "destacados"] as const;
export type EstadoGestion = (typeof ESTADOS_GESTION)[number];

export interface PlanGestion {
  id: string;
  titulo: string;
  municipio: string;
  tipo: "evento" | "experiencia";
  visible: boolean;
  oculto_motivo: string | null;
  /** Featured until then (only while it is in the future). */
  destacado_hasta: Date | null;
  fecha_inicio: Date | null;
  fecha_fin: Date | null;
  fecha_creacion: Date;
  propietario: string;
  organizacion: string | null;
  cartel: string | null;
  reportes_abiertos: number;
}

/**
 * Any plan, by id, by its owner's e-mail, or by a piece of its title or town; newest first,
 * by keyset (fecha_creacion, id). The text search uses the trigram indexes, the e-mail the
 * index on lower(email), so each stays fast on a million plans.
 */
export async function buscarPlanesGestion(f: {
  q: string;
  estado: EstadoGestion;
  despues: { fecha: Date; id: string } | null;
}) {
  const q = f.q.trim();
  const condiciones: Prisma.Sql[] = [];
  if (UUID_PATTERN.test(q)) condiciones.push(Prisma.sql`p.id = ${q}::uuid`);
  else if (q.includes("@")) condiciones.push(Prisma.sql`lower(u.email) = ${q.toLowerCase()}`);
  else if (q) {
    // planazo_normaliza keeps letters, digits and spaces only, so the pattern needs no escaping.
    const patron = Prisma.sql`'%' || planazo_normaliza(${q}) || '%'`;
    condiciones.push(
      Prisma.sql`(planazo_normaliza(p.titulo) LIKE ${patron} OR planazo_normaliza(p.municipio) LIKE ${patron})`,
    );
  }
  if (f.estado === "publicados") condiciones.push(Prisma.sql`p.visible`);
  if (f.estado === "ocultos") condiciones.push(Prisma.sql`NOT p.visible`);
  if (f.estado === "destacados") condiciones.push(PLAN_DESTACADO);
  if (f.despues) condiciones.push(Prisma.sql`(p.fecha_creacion, p.id) < (${f.despues.fecha}, ${f.despues.id}::uuid)`);
  const filas = await prisma.$queryRaw<PlanGestion[]>`
    SELECT p.id, p.titulo, p.municipio, p.tipo, p.visible, p.oculto_motivo,
           CASE WHEN ${PLAN_DESTACADO} THEN p.destacado_hasta END AS destacado_hasta, p.fecha_inicio, p.fecha_fin, p.fecha_creacion,
           u.email AS propietario, o.nombre AS organizacion, a.url AS cartel,
           (SELECT count(*)::int FROM reporte r WHERE r.plan_id = p.id AND r.cerrado_en IS NULL) AS reportes_abiertos
    FROM plan p
    JOIN usuario u ON u.id = p.usuario_id
    LEFT JOIN organizacion o ON o.id = p.organizacion_id
    LEFT JOIN archivo a ON a.id = p.archivo_cartel_id
    ${dondeFiltros(condiciones)}
    ORDER BY p.fecha_creacion DESC, p.id DESC
    LIMIT ${POR_PAGINA_GESTION + 1}`;
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ fecha: ultima.fecha_creacion, id: ultima.id }));
  return { planes: pagina, siguiente };
}
