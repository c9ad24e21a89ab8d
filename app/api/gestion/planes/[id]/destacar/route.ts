import { exigirGestorApi } from "@/lib/admin/acceso";
import { destacar } from "@/lib/admin/moderacion";
import { destacarSchema, idPlanSchema } from "@/lib/admin/schemas";
import { readJson, route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/planes/{id}/destacar { periodo: semana|mes|quitar, motivo? } → { mensaje, cambio, hasta } (moderator). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const id = idPlanSchema.parse((await params).id);
  const { periodo, motivo } = destacarSchema.parse(await readJson(request));
  return Response.json(await destacar(gestor, id, periodo, motivo || null));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
