import { readJson, route } from "@/lib/http";
import { solicitarInformacionEurona } from "@/lib/promotions/requests";
import { euronaSchema } from "@/lib/promotions/schemas";
import { clientIp } from "@/lib/rate-limit";

/** POST /api/emailEurona/ { nombre, telefono } → { mensaje }. */
export const POST = route(async (request) => {
  const datos = euronaSchema.parse(await readJson(request));
  return Response.json({ mensaje: await solicitarInformacionEurona(datos, clientIp(request)) });
});
