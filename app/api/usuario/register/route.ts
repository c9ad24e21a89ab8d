import { readJson, route, otrosMetodos } from "@/lib/http";
import { clientIp } from "@/lib/rate-limit";
import { registrar } from "@/lib/users/account";
import { registroSchema } from "@/lib/users/schemas";

/** POST /api/usuario/register { nombre, correo, password } → 201 { mensaje } and a confirmation e-mail. */
export const POST = route(async (request) => {
  const datos = registroSchema.parse(await readJson(request));
  return Response.json({ mensaje: await registrar(datos, clientIp(request)) }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
