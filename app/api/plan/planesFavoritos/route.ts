import { planesFavoritos } from "@/lib/favoritos/favoritos";
import { listOrNoContent, route, otrosMetodos } from "@/lib/http";
import { requireUser } from "@/lib/users/session";

/** GET /api/plan/planesFavoritos → the user's saved plans, or 204 with no body. */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return listOrNoContent(await planesFavoritos(user.id));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
