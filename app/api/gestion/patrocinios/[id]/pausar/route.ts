import { exigirGestorApi } from "@/lib/admin/acceso";
import { pausarPatrocinio } from "@/lib/admin/patrocinios";
import { pausarSchema } from "@/lib/admin/schemas";
import { readJson, route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/patrocinios/{id}/pausar { pausado, motivo? } → { mensaje, cambio } (admin; idempotent). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request, "admin");
  const { id } = await params;
  const { pausado, motivo } = pausarSchema.parse(await readJson(request));
  return Response.json(await pausarPatrocinio(gestor, id, pausado, motivo || null));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
