import type { PlanApi } from "./plan";
import { mensajes } from "../messages";

/**
 * What the owner sees of a plan's state in 'Planes Creados' (client-safe). A hidden plan has no
 * public page; a finished one keeps its page but leaves the search.
 */
export type EstadoPlan = "Publicado" | "Oculto" | "Cancelado" | "Finalizado";

/** `canceladoEnLaFuente`: hidden because the source it was imported from cancelled it (people who saved it see so). */
type PlanConEstado = Pick<PlanApi, "visible" | "fechaFin"> & { canceladoEnLaFuente?: boolean };

/** A finished plan (its end is past) keeps its page, but out of search engines. */
export function planTerminado(plan: Pick<PlanApi, "fechaFin">, ahora: Date = new Date()): boolean {
  return plan.fechaFin !== null && new Date(plan.fechaFin).getTime() < ahora.getTime();
}

export function estadoDelPlan(plan: PlanConEstado, ahora: Date = new Date()): EstadoPlan {
  if (!plan.visible) return plan.canceladoEnLaFuente ? "Cancelado" : "Oculto";
  if (planTerminado(plan, ahora)) return "Finalizado";
  return "Publicado";
}

/** Why a plan the public no longer finds is not there, for its owner. */
export const DETALLE_ESTADO: Record<Exclude<EstadoPlan, "Publicado">, string> = {
  Oculto: "No aparece en las búsquedas ni tiene página pública",
  Cancelado: mensajes.canceladoEnLaFuente,
  Finalizado: "Ya ha terminado: no aparece en las búsquedas",
};

const ORDEN: Record<EstadoPlan, number> = { Publicado: 0, Oculto: 1, Cancelado: 1, Finalizado: 2 };
const tiempo = (iso: string | null, siFalta: number) => (iso ? new Date(iso).getTime() : siFalta);

/**
 * The organizer's dashboard order: what people can find now first (soonest start first; an
 * experience without a start date after the dated ones), then hidden plans (newest first), then
 * finished ones (the most recently ended first), as Eventbrite lists upcoming before past events.
 */
export function ordenPanel<P extends PlanConEstado & Pick<PlanApi, "fechaInicio" | "fechaCreacion">>(
  planes: readonly P[],
  ahora: Date = new Date(),
): P[] {
  const clave = (p: P) => {
    const estado = estadoDelPlan(p, ahora);
    const creado = -new Date(p.fechaCreacion).getTime();
    if (estado === "Publicado") return [ORDEN[estado], tiempo(p.fechaInicio, Infinity), creado];
    if (estado === "Oculto" || estado === "Cancelado") return [ORDEN[estado], creado, 0];
    return [ORDEN[estado], -tiempo(p.fechaFin, 0), creado];
  };
  return planes
    .map((p) => ({ p, k: clave(p) }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2])
    .map(({ p }) => p);
}
