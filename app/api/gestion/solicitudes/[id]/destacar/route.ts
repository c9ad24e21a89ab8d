import { exigirGestorApi } from "@/lib/admin/acceso";
import { destacarSolicitudSchema, idSolicitudSchema } from "@/lib/admin/schemas";
import { destacarSolicitud } from "@/lib/admin/solicitudes";
import { readJson, route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/**
 * POST /api/gestion/solicitudes/{id}/destacar { periodo: semana|mes } → { mensaje, cambio, hasta }
 * (moderator): features the plan and marks the request destacada, together; 409 when descartada
 * or its plan no longer exists.
 */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const id = idSolicitudSchema.parse((await params).id);
  const { periodo } = destacarSolicitudSchema.parse(await readJson(request));
  return Response.json(await destacarSolicitud(gestor, id, periodo));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
