import { route, otrosMetodos } from "@/lib/http";
import { feedOrganizacion } from "@/lib/difusion/feeds";

/** GET /org/{nombre}/{id}/feed.atom → the organization's plans of the next 90 days as an Atom feed. */
export const GET = route<{ params: Promise<{ organizacionId: string }> }>(async (request, { params }) =>
  feedOrganizacion(request, "atom", (await params).organizacionId),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
