import { route, otrosMetodos } from "@/lib/http";
import { feedOrganizacion } from "@/lib/difusion/feeds";

/** GET /org/{nombre}/{id}/calendario.ics → the organization's plans of the next 90 days as a calendar to subscribe to. */
export const GET = route<{ params: Promise<{ organizacionId: string }> }>(async (request, { params }) =>
  feedOrganizacion(request, "ics", (await params).organizacionId),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
