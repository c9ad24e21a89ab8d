import { after } from "next/server";
import { exigirGestorApi } from "@/lib/admin/acceso";
import { crearFuenteDelEquipo, fuentesDelEquipo, nuevaFuenteSchema } from "@/lib/fuentes/fuentes";
import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import { readJson, route, otrosMetodos } from "@/lib/http";

/** GET /api/gestion/fuentes → the sources with their last result (moderator). */
export const GET = route(async (request) => {
  await exigirGestorApi(request);
  return Response.json(await fuentesDelEquipo());
});

/**
 * POST /api/gestion/fuentes {url, nombre?, organizacionId?, categorias?, municipio?, publicacion?}
 * → 201 {mensaje, fuente}. The URL is fetched once to learn its kind; its first sync runs right
 * after the answer.
 */
export const POST = route(async (request) => {
  const gestor = await exigirGestorApi(request);
  const { fuente, primeraSincronizacion } = await crearFuenteDelEquipo(
    gestor,
    nuevaFuenteSchema.parse(await readJson(request)),
  );
  after(primeraSincronizacion);
  return Response.json({ mensaje: mensajesFuentes.fuenteCreada, fuente }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET", "POST");
