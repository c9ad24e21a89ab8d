import "server-only";
import { prisma } from "../db";
import { PLAN_JOINS, PLAN_SELECT } from "./queries";
import { UUID_PATTERN } from "./schemas";
import { serializePlan, type PlanRow } from "./serialize";

/** Every plan the user created (hidden and finished too: they are theirs to edit), newest first. */
export async function planesDeUsuario(usuarioId: string) {
  const rows = await prisma.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS}
    WHERE p.usuario_id = ${usuarioId}
    ORDER BY p.fecha_creacion DESC, p.id`;
  return rows.map(serializePlan);
}

/** One plan of the user's, hidden or finished too; null when it is not theirs or does not exist. */
export async function planDeUsuario(usuarioId: string, planId: string) {
  if (!UUID_PATTERN.test(planId)) return null;
  const [row] = await prisma.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS}
    WHERE p.id = ${planId}::uuid AND p.usuario_id = ${usuarioId}`;
  return row ? serializePlan(row) : null;
}
