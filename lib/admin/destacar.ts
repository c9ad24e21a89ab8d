import "server-only";
import type { Prisma } from "../generated/prisma/client";

/**
 * Features the plan until `hasta` (null: not featured). A plan is featured while that instant is
 * in the future (lib/plans/queries.ts PLAN_DESTACADO), so nothing has to run when it ends.
 * Only the row changes; the caller's transaction adds the audit log. True when the row changed:
 * false when the plan does not exist or already had that date (so a repeated action is one change).
 */
export async function destacarPlan(tx: Prisma.TransactionClient, planId: string, hasta: Date | null): Promise<boolean> {
  const { count } = await tx.plan.updateMany({
    where: hasta
      ? { id: planId, OR: [{ destacadoHasta: null }, { destacadoHasta: { not: hasta } }] }
      : { id: planId, destacadoHasta: { not: null } },
    data: { destacadoHasta: hasta },
  });
  return count > 0;
}
