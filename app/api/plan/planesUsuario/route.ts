import { listOrNoContent, route, otrosMetodos } from "@/lib/http";
import { planesDeUsuario } from "@/lib/plans/user-plans";
import { requireUser } from "@/lib/users/session";

/** GET /api/plan/planesUsuario → the user's plans, or 204 with no body. */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return listOrNoContent(await planesDeUsuario(user.id));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
