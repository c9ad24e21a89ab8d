import "server-only";
import { prisma } from "../db";
import { PLAN_JOINS, PLAN_SELECT } from "./queries";
import { UUID_PATTERN } from "./schemas";
import type { PlanRow } from "./serialize";

/** A visible plan by id (finished ones too: their page stays up), or null. */
export async function obtenerPlan(id: string): Promise<PlanRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await prisma.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS} WHERE p.id = ${id}::uuid AND p.visible`;
  return row ?? null;
}
