import { ApiError, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { leerPlan } from "@/lib/plans/queries";
import { planFusionadoEn } from "@/lib/plans/fusion";
import { site } from "@/lib/site";
import { serializePlan } from "@/lib/plans/plan";
import { cabecerasDeDetalle } from "@/lib/paginas-publicas/api";

/**
 * GET /api/plan/detalle/{id} → the plan; 404 when unknown or hidden. A plan an import merged into
 * another answers 301 to that one's detail (an app may have kept its id).
 */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const { id } = await params;
  const plan = await leerPlan(id);
  if (!plan) {
    const fusionado = await planFusionadoEn(id);
    if (fusionado)
      return new Response(null, {
        status: 301,
        headers: { Location: `${site().url}/api/plan/detalle/${fusionado.id}` },
      });
    throw new ApiError(404, mensajes.planNoEncontrado);
  }
  const json = JSON.stringify(serializePlan(plan));
  return new Response(json, { headers: await cabecerasDeDetalle(request, json) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
