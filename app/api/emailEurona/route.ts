import { readJson, route, otrosMetodos } from "@/lib/http";
import { solicitarInformacionEurona } from "@/lib/solicitudes/destacado";
import { euronaSchema } from "@/lib/solicitudes/schemas";
import { clientIp } from "@/lib/rate-limit";

/** POST /api/emailEurona/ { nombre, telefono } → { mensaje }. */
export const POST = route(async (request) => {
  const datos = euronaSchema.parse(await readJson(request));
  return Response.json({ mensaje: await solicitarInformacionEurona(datos, clientIp(request)) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
