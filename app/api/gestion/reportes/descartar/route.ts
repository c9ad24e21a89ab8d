import { exigirGestorApi } from "@/lib/admin/acceso";
import { descartarReportes } from "@/lib/admin/moderacion";
import { descartarSchema } from "@/lib/admin/schemas";
import { readJson, route, otrosMetodos } from "@/lib/http";

/** POST /api/gestion/reportes/descartar { planId } | { reporteId }, { motivo? } → { mensaje, cambio } (moderator). */
export const POST = route(async (request) => {
  const gestor = await exigirGestorApi(request);
  const { planId, reporteId, motivo } = descartarSchema.parse(await readJson(request));
  return Response.json(
    await descartarReportes(gestor, planId ? { planId } : { reporteId: reporteId! }, motivo || null),
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
