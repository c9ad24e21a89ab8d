import "server-only";
import { prisma } from "../db";
import { PLAN_JOINS, PLAN_SELECT } from "./queries";
import { serializePlan, type PlanRow } from "./plan";

/** Every plan the user created (hidden and finished too: they are theirs to edit), newest first. */
export async function planesDeUsuario(usuarioId: string) {
  const rows = await prisma.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS}
    WHERE p.usuario_id = ${usuarioId}
    ORDER BY p.fecha_creacion DESC, p.id`;
  return rows.map(serializePlan);
}
