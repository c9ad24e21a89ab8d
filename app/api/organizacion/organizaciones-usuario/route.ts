import { route, otrosMetodos } from "@/lib/http";
import { organizacionesDeUsuarioConPlanes } from "@/lib/organizaciones/organizaciones";
import { requireUser } from "@/lib/users/session";

/** GET /api/organizacion/organizaciones-usuario → the user's organizations with their planes (an array, maybe empty). */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return Response.json(await organizacionesDeUsuarioConPlanes(user.id), { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
