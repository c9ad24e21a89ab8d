import { readJson, route, otrosMetodos } from "@/lib/http";
import { clientIp } from "@/lib/rate-limit";
import { solicitarRestablecer } from "@/lib/users/account";
import { correoSchema } from "@/lib/users/schemas";

/** POST /api/usuario/restablecer-password { correo } → 200 { mensaje } whether or not the address exists. */
export const POST = route(async (request) => {
  const { correo } = correoSchema.parse(await readJson(request));
  return Response.json({ mensaje: await solicitarRestablecer(correo, clientIp(request)) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
