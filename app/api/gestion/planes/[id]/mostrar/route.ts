import { exigirGestorApi } from "@/lib/admin/acceso";
import { mostrarPlan } from "@/lib/admin/moderacion";
import { idPlanSchema, notaSchema } from "@/lib/admin/schemas";
import { readJson, route, otrosMetodos } from "@/lib/http";
import { yAvisar } from "@/lib/avisos/pronto";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/planes/{id}/mostrar { motivo? } → { mensaje, cambio } (moderator). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const id = idPlanSchema.parse((await params).id);
  const { motivo } = notaSchema.parse(await readJson(request));
  return Response.json(await yAvisar(mostrarPlan(gestor, id, motivo || null)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
