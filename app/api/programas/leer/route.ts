import { otrosMetodos, readJson, route } from "@/lib/http";
import { MAX_BYTES_JSON, leerProgramaDeEntrada, leerProgramaDeFormulario } from "@/lib/programas/llamada";
import { mensajesProgramas } from "@/lib/programas/mensajes";
import { requireUser } from "@/lib/users/session";

/**
 * POST /api/programas/leer, JSON {texto, referencia?, municipio?} or multipart with `archivo`
 * (PDF, Word, PNG, JPEG or WebP) and the same fields → 200 {titulo, municipio, categorias, fechas,
 * sinLeer}: a fiesta programme read into acts in the shape of a plan's `fechas`, and the town it
 * is of (session or bearer token). It writes nothing.
 */
export const POST = route(async (request) => {
  const usuario = await requireUser(request);
  const respuesta = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")
    ? await leerProgramaDeFormulario(request, usuario.id)
    : await leerProgramaDeEntrada(
        await readJson(request, { maxBytes: MAX_BYTES_JSON, demasiado: mensajesProgramas.textoLargo }),
      );
  return Response.json(respuesta, { headers: { "Cache-Control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
