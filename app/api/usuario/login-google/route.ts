import { jsonWithCookies, readJson, route, otrosMetodos } from "@/lib/http";
import { clientIp } from "@/lib/rate-limit";
import { loginGoogle } from "@/lib/users/account";
import { googleSchema } from "@/lib/users/schemas";

/** POST /api/usuario/login-google { id_token, platform } → { token, usuario } and the session cookie. */
export const POST = route(async (request) => {
  const { id_token, platform } = googleSchema.parse(await readJson(request));
  const { body, setCookies } = await loginGoogle(id_token, platform, clientIp(request), request.headers);
  return jsonWithCookies(body, setCookies);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
