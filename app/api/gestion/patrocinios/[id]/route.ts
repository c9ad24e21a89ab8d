import { exigirGestorApi } from "@/lib/admin/acceso";
import { actualizarPatrocinio, borrarPatrocinio } from "@/lib/admin/patrocinios";
import { notaSchema } from "@/lib/admin/schemas";
import { readForm, readJson, route, otrosMetodos } from "@/lib/http";
import { MAX_FORM_BYTES } from "@/lib/media/upload";

type Ctx = { params: Promise<{ id: string }> };

/** PATCH /api/gestion/patrocinios/{id} (admin; multipart, the fields of POST, each optional) → { mensaje, patrocinio }. */
export const PATCH = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request, "admin");
  const { id } = await params;
  const form = await readForm(request, MAX_FORM_BYTES);
  return Response.json(await actualizarPatrocinio(gestor, id, form));
});

/** DELETE /api/gestion/patrocinios/{id} (admin; JSON { motivo? }) → { mensaje, cambio }; idempotent. */
export const DELETE = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request, "admin");
  const { id } = await params;
  const { motivo } = notaSchema.parse(await readJson(request));
  return Response.json(await borrarPatrocinio(gestor, id, motivo || null));
});

export const { GET, POST, PUT, OPTIONS } = otrosMetodos("PATCH", "DELETE");
