import "server-only";
import { RADIO_DEFAULT_KM, type Categoria } from "../plans/constants";
import type { PlanApi } from "../plans/plan";
import { buscarPlanes, soloPlanes } from "./buscar";
import { busquedaSchema } from "./schemas";

/**
 * The first `n` listed plans around a point within `radio` km (the default radius), soonest first (the web's
 * order), of `categorias` (all when none) and in `ventana` (any date when none), without sponsor
 * cards: a plan page's lists of plans near it and the first visit's feed. Through the API's own
 * reading (every other filter of the registry at its default) and the one search function, so
 * they share its memo.
 */
export async function planesAlrededor({
  lng,
  lat,
  n,
  categorias = null,
  ventana = null,
  radio = RADIO_DEFAULT_KM,
}: {
  lng: number;
  lat: number;
  n: number;
  categorias?: readonly Categoria[] | null;
  ventana?: { desde: Date; hasta: Date } | null;
  radio?: number;
}): Promise<PlanApi[]> {
  const q = busquedaSchema.parse({
    lng: String(lng),
    lat: String(lat),
    radio: String(radio),
    categorias: categorias?.join(",") ?? "",
    limit: String(n),
    orden: "fecha",
    ...(ventana && { fechaInicioFiltro: ventana.desde.toISOString(), fechaFinFiltro: ventana.hasta.toISOString() }),
  });
  return soloPlanes((await buscarPlanes(q)).planes);
}
