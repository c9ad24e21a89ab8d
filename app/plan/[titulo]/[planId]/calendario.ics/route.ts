import { ApiError, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { leerPlan } from "@/lib/plans/queries";
import { calendarioPlan, disposicionIcs } from "@/lib/difusion/ics";
import { serializePlan } from "@/lib/plans/plan";

/**
 * GET /plan/{titulo}/{id}/calendario.ics → the event as an iCalendar file, a VEVENT per date; 404
 * for experiences and unknown plans.
 */
export const GET = route<{ params: Promise<{ planId: string }> }>(async (_request, { params }) => {
  const row = await leerPlan((await params).planId);
  const plan = row && serializePlan(row);
  const ics = plan && calendarioPlan(plan, new Date(), row.fechas);
  if (!plan || !ics) throw new ApiError(404, mensajes.planNoEncontrado);
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": disposicionIcs(plan.titulo),
      "Cache-Control": "no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
