import type { PlanApi } from "./plan";

/** The file name of a poster drawn for a plan that had none (lib/fuentes/carteles.ts). */
export const NOMBRE_CARTEL_GENERADO = "cartel-generado.png";

/**
 * The poster a page shows as an image: the plan's own, or none. One drawn here is a file for the
 * apps and link previews, its words in Spanish; a page draws that one itself, in its language
 * (components/plans/CartelGenerado.tsx).
 */
export function cartelPropio(plan: Pick<PlanApi, "archivoCartel">): PlanApi["archivoCartel"] {
  return plan.archivoCartel?.nombre === NOMBRE_CARTEL_GENERADO ? null : plan.archivoCartel;
}
