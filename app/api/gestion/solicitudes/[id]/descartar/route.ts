import { exigirGestorApi } from "@/lib/admin/acceso";
import { idSolicitudSchema, notaSchema } from "@/lib/admin/schemas";
import { pasarSolicitud } from "@/lib/admin/solicitudes";
import { readJson, route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/solicitudes/{id}/descartar { motivo? } → { mensaje, cambio } (moderator; idempotent; 409 once destacada). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const id = idSolicitudSchema.parse((await params).id);
  const { motivo } = notaSchema.parse(await readJson(request));
  return Response.json(await pasarSolicitud(gestor, id, "descartada", motivo || null));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
