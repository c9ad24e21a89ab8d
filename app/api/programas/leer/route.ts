import { otrosMetodos, readJson, route } from "@/lib/http";
import { MAX_BYTES_JSON, leerProgramaDeEntrada } from "@/lib/programas/llamada";
import { mensajesProgramas } from "@/lib/programas/mensajes";
import { requireUser } from "@/lib/users/session";

/**
 * POST /api/programas/leer {texto, referencia?} → 200 {titulo, categorias, fechas, sinLeer}: a
 * fiesta programme's text read into acts in the shape of a plan's `fechas` (session or bearer
 * token). It writes nothing.
 */
export const POST = route(async (request) => {
  await requireUser(request);
  const cuerpo = await readJson(request, { maxBytes: MAX_BYTES_JSON, demasiado: mensajesProgramas.textoLargo });
  return Response.json(leerProgramaDeEntrada(cuerpo), { headers: { "Cache-Control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
