import "server-only";
import { planParaGuardar } from "./favoritos";
import { leerVuelta, vueltaSinPlan } from "../users/protected-pages";

export interface VueltaConPlan {
  /** Where to go after logging in: a path of this site, "/" by default (spec §4). */
  destino: string;
  /** The plan to save on the way, when there is one and it is still public. */
  guardar: { id: string; titulo: string } | null;
}

/**
 * What the login and registration pages need from their address: the safe way back, and the
 * plan a tap on a heart asked to save, looked up. A plan that no longer exists is dropped, and
 * so is the way back to its page (it would be a 404): the person lands on the home page instead.
 */
export async function vueltaConPlan(params: Record<string, string | string[] | undefined>): Promise<VueltaConPlan> {
  const { destino, guardar } = leerVuelta(params);
  if (!guardar) return { destino, guardar: null };
  const plan = await planParaGuardar(guardar);
  return plan ? { destino, guardar: plan } : { destino: vueltaSinPlan(destino, guardar), guardar: null };
}
