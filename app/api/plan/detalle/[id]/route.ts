import { ApiError, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { leerPlan } from "@/lib/plans/queries";
import { serializePlan } from "@/lib/plans/plan";
import { cabecerasDeDetalle } from "@/lib/paginas-publicas/api";

/** GET /api/plan/detalle/{id} → the plan; 404 when unknown or hidden. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const plan = await leerPlan((await params).id);
  if (!plan) throw new ApiError(404, mensajes.planNoEncontrado);
  const json = JSON.stringify(serializePlan(plan));
  return new Response(json, { headers: await cabecerasDeDetalle(request, json) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
