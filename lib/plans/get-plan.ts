import "server-only";
import { alcanza } from "../admin/roles";
import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { currentUser, tieneCookieDeSesion } from "../users/session";
import { PLAN_JOINS, PLAN_SELECT } from "./queries";
import { UUID_PATTERN } from "./schemas";
import type { PlanRow } from "./serialize";

/**
 * A visible plan by id (finished ones too: their page stays up), or null. With `ocultos`, a
 * hidden one too (for those who may still see it: its owner and the team).
 */
export async function obtenerPlan(id: string, { ocultos = false }: { ocultos?: boolean } = {}): Promise<PlanRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await prisma.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS} WHERE p.id = ${id}::uuid ${ocultos ? Prisma.empty : Prisma.sql`AND p.visible`}`;
  return row ?? null;
}

/**
 * A hidden plan for whoever is looking, when they may see it (its owner, or the team), with
 * the team's reason; otherwise null, and the page is a 404 like any plan that does not exist.
 */
export async function planOcultoParaQuienMira(id: string): Promise<{ row: PlanRow; motivo: string | null } | null> {
  if (!(await tieneCookieDeSesion())) return null;
  const [user, row] = await Promise.all([currentUser(), obtenerPlan(id, { ocultos: true })]);
  if (!user || !row || row.visible) return null;
  const quien = await prisma.user.findUnique({ where: { id: user.id }, select: { rol: true } });
  if (row.usuario_id !== user.id && !alcanza(quien?.rol ?? "usuario", "moderador")) return null;
  const motivo = await prisma.plan.findUnique({ where: { id }, select: { ocultoMotivo: true } });
  return { row, motivo: motivo?.ocultoMotivo ?? null };
}
