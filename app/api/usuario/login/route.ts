import { jsonWithCookies, readJson, route, otrosMetodos } from "@/lib/http";
import { clientIp } from "@/lib/rate-limit";
import { login } from "@/lib/users/account";
import { loginSchema } from "@/lib/users/schemas";

/** POST /api/usuario/login { correo, password } → { token, usuario } and the session cookie. */
export const POST = route(async (request) => {
  const datos = loginSchema.parse(await readJson(request));
  const { body, setCookies } = await login(datos, clientIp(request), request.headers);
  return jsonWithCookies(body, setCookies);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
