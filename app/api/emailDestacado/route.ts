import { readJson, route, otrosMetodos } from "@/lib/http";
import { solicitarDestacado } from "@/lib/solicitudes/destacado";
import { destacadoSchema } from "@/lib/solicitudes/schemas";
import { requireUser } from "@/lib/users/session";

/** POST /api/emailDestacado — a request to feature a plan (login) → { mensaje }. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const datos = destacadoSchema.parse(await readJson(request));
  return Response.json({ mensaje: await solicitarDestacado(user, datos) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
