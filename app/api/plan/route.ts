import { route, searchParams } from "@/lib/http";
import { busquedaSchema } from "@/lib/plans/schemas";
import { buscarPlanes } from "@/lib/plans/search";

/** GET /api/plan?lng&lat&municipio&radio&categorias&page&limit&fechaInicioFiltro&fechaFinFiltro → { planes, total, mensaje? } */
export const GET = route(async (request) => {
  const busqueda = busquedaSchema.parse(searchParams(request));
  return Response.json(await buscarPlanes(busqueda), { headers: { "Cache-Control": "no-store" } });
});
