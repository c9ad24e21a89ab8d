import "server-only";
import { CATEGORIAS, RADIO_DEFAULT_KM, type Categoria } from "./constants";
import { busquedaSchema } from "../busqueda/schemas";
import { buscarPlanes } from "../busqueda/buscar";
import type { PlanApi } from "./plan";

/** How many plans an ended plan's page offers instead. */
export const PLANES_PARECIDOS = 4;

/** The first listed plans of the search around a point, without sponsor items. */
async function alrededor(lng: number, lat: number, categorias: Categoria[] | null, n: number): Promise<PlanApi[]> {
  // Through the API's own reading: every filter of the registry at its default.
  const q = busquedaSchema.parse({
    lng: String(lng),
    lat: String(lat),
    radio: String(RADIO_DEFAULT_KM),
    categorias: categorias?.join(",") ?? "",
    limit: String(n),
  });
  const { planes } = await buscarPlanes(q);
  return planes.filter((p): p is PlanApi => p.tipo !== "Patrocinado");
}

/**
 * What to do instead of a plan that has ended: listed plans around it, in the home search's
 * order and default radius, those of its own categories first. The same search function (and
 * its per-version memo), so an ended page costs at most two remembered searches.
 */
export async function planesParecidos(plan: PlanApi, n = PLANES_PARECIDOS): Promise<PlanApi[]> {
  const [lng, lat] = plan.ubicacion.coordinates;
  const propias = CATEGORIAS.filter((c) => c !== "Otros" && plan.categorias.includes(c));
  // One more than needed: the plan itself is never listed once it has ended, but may be in the
  // memo's answer for a few seconds after it ends.
  const suyas = propias.length > 0 ? await alrededor(lng, lat, propias, n + 1) : [];
  const todas = suyas.length > n ? [] : await alrededor(lng, lat, null, n + 1 + suyas.length);
  const vistos = new Set([plan._id]);
  const lista: PlanApi[] = [];
  for (const p of [...suyas, ...todas]) {
    if (vistos.has(p._id)) continue;
    vistos.add(p._id);
    lista.push(p);
  }
  return lista.slice(0, n);
}
