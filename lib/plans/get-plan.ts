import "server-only";
import { alcanza } from "../users/roles";
import { currentUser, rolDe, tieneCookieDeSesion } from "../users/session";
import type { PlanRow } from "./plan";
import { leerPlan } from "./queries";

/**
 * A hidden plan for whoever is looking, when they may see it (its owner, or the team), with
 * the team's reason; otherwise null, and the page is a 404 like any plan that does not exist.
 */
export async function planOcultoParaQuienMira(id: string): Promise<{ row: PlanRow; motivo: string | null } | null> {
  if (!(await tieneCookieDeSesion())) return null;
  const [user, row] = await Promise.all([currentUser(), leerPlan(id, { ocultos: true })]);
  if (!user || !row || row.visible) return null;
  if (row.usuario_id !== user.id && !alcanza(await rolDe(user.id), "moderador")) return null;
  return { row, motivo: row.oculto_motivo };
}
