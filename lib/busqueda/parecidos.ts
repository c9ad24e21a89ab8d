import "server-only";
import { CATEGORIAS } from "../plans/constants";
import { planesAlrededor } from "./alrededor";
import { ventanaFechas } from "./estado";
import type { PlanApi } from "../plans/plan";

/** How many plans a plan page offers around it, in each of its lists. */
export const PLANES_PARECIDOS = 4;

/**
 * "Más planes cerca": listed plans around a plan, soonest first within the default radius, those
 * of its own categories first, never the plan itself nor those of `aparte` (already on its page).
 * The same search function (and its per-version memo), so a plan page costs at most two
 * remembered searches for it. For an ended plan, what to do instead.
 */
export async function planesParecidos(
  plan: PlanApi,
  n = PLANES_PARECIDOS,
  aparte: readonly PlanApi[] = [],
): Promise<PlanApi[]> {
  const [lng, lat] = plan.ubicacion.coordinates;
  const propias = CATEGORIAS.filter((c) => c !== "Otros" && plan.categorias.includes(c));
  // One more than needed: the plan itself is never listed once it has ended, but may be in the
  // memo's answer for a few seconds after it ends.
  const extra = 1 + aparte.length;
  const suyas = propias.length > 0 ? await planesAlrededor({ lng, lat, categorias: propias, n: n + extra }) : [];
  const todas = suyas.length >= n + extra ? [] : await planesAlrededor({ lng, lat, n: n + extra + suyas.length });
  const vistos = new Set([plan._id, ...aparte.map((p) => p._id)]);
  const lista: PlanApi[] = [];
  for (const p of [...suyas, ...todas]) {
    if (vistos.has(p._id)) continue;
    vistos.add(p._id);
    lista.push(p);
  }
  return lista.slice(0, n);
}

/**
 * "Este finde en {municipio}": this weekend's listed plans around a plan (what is left of it from
 * today), by date, without the plan itself.
 */
export async function planesDelFindeCerca(plan: PlanApi, n = PLANES_PARECIDOS, ahora = new Date()): Promise<PlanApi[]> {
  const [lng, lat] = plan.ubicacion.coordinates;
  const finde = ventanaFechas("finDeSemana", 0, ahora)!;
  const planes = await planesAlrededor({ lng, lat, n: n + 1, ventana: finde });
  return planes.filter((p) => p._id !== plan._id).slice(0, n);
}
