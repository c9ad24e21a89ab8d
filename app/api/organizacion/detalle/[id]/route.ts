import { ApiError, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { organizacionConPlanes } from "@/lib/organizaciones/organizaciones";

/** GET /api/organizacion/detalle/{id} → the organization with its listed `planes`; no login. */
export const GET = route<{ params: Promise<{ id: string }> }>(async (_request, { params }) => {
  const org = await organizacionConPlanes((await params).id);
  if (!org) throw new ApiError(404, mensajes.orgNoEncontrada);
  return Response.json(org);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
