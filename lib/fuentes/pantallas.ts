import "server-only";
import { prisma } from "../db";
import type { PrismaClient } from "../db/client";

/**
 * What the screens show of sources beyond lib/fuentes/fuentes.ts. Where an imported plan came
 * from is read apart from the plan's own select: the plan's API shape (the apps read it) stays
 * the same whether a plan was imported or typed by hand.
 */

export interface OrigenPlan {
  /** The name of the source the plan came from; null for a plan typed here that a source also lists. */
  fuente: string | null;
  /** The original's address at the source, when it has one. */
  url: string | null;
  /** Its owner edited it here: the source no longer overwrites it. */
  editadoPorDuena: boolean;
  /** The other sources that list the same event, linked to this plan instead of duplicating it, by name. */
  tambienEn: string[];
}

/**
 * The plan page's "Publicado desde …" and "También en …" (read from `db`, the page's own
 * reader) and the edit form's notice; null for a plan typed by hand that no source lists.
 */
export async function origenDelPlan(planId: string, db: PrismaClient = prisma): Promise<OrigenPlan | null> {
  const [fila] = await db.$queryRaw<OrigenPlan[]>`
    SELECT f.nombre AS fuente, p.url_original AS url, p.editado_por_duena AS "editadoPorDuena",
           ARRAY(SELECT DISTINCT o.nombre FROM fuente_item i JOIN fuente o ON o.id = i.fuente_id
                 WHERE i.plan_id = p.id AND i.vinculado AND o.eliminada_en IS NULL
                   AND o.id IS DISTINCT FROM p.fuente_id AND o.nombre IS DISTINCT FROM f.nombre
                 ORDER BY o.nombre) AS "tambienEn"
    FROM plan p LEFT JOIN fuente f ON f.id = p.fuente_id
    WHERE p.id = ${planId}::uuid`;
  if (!fila || (!fila.fuente && fila.tambienEn.length === 0)) return null;
  // Only a web address becomes a link.
  return { ...fila, url: fila.fuente && fila.url && /^https?:\/\//i.test(fila.url) ? fila.url : null };
}

/** The ids of a person's plans that came from a source ('Planes Creados' marks them "Importado"). */
export async function importadosDeUsuario(usuarioId: string): Promise<Set<string>> {
  const filas = await prisma.$queryRaw<{ id: string }[]>`
    SELECT p.id FROM plan p WHERE p.usuario_id = ${usuarioId} AND p.fuente_id IS NOT NULL`;
  return new Set(filas.map((f) => f.id));
}

/** The organizations the team may give a source to, by name (the back-office's form). */
export function organizacionesParaFuentes(): Promise<{ id: string; nombre: string }[]> {
  return prisma.organizacion.findMany({
    select: { id: true, nombre: true },
    orderBy: [{ nombre: "asc" }, { id: "asc" }],
  });
}
