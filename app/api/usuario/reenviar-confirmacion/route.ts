import { readJson, route, otrosMetodos } from "@/lib/http";
import { clientIp } from "@/lib/rate-limit";
import { reenviarConfirmacion } from "@/lib/users/account";
import { correoSchema } from "@/lib/users/schemas";

/** POST /api/usuario/reenviar-confirmacion { correo } → { mensaje } (the same whether or not it exists). */
export const POST = route(async (request) => {
  const { correo } = correoSchema.parse(await readJson(request));
  return Response.json({ mensaje: await reenviarConfirmacion(correo, clientIp(request)) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
