import { jsonWithCookies, route, otrosMetodos } from "@/lib/http";
import { logout } from "@/lib/users/account";
import { requireUser } from "@/lib/users/session";

/** POST /api/usuario/logout — revokes the current session and clears its cookie. */
export const POST = route(async (request) => {
  await requireUser(request);
  const { body, setCookies } = await logout(request.headers);
  return jsonWithCookies(body, setCookies);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
