import { exigirGestorApi } from "@/lib/admin/acceso";
import { idSolicitudSchema } from "@/lib/admin/schemas";
import { pasarSolicitud } from "@/lib/admin/solicitudes";
import { route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/solicitudes/{id}/contactada → { mensaje, cambio } (moderator; idempotent; 409 once destacada or descartada). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const id = idSolicitudSchema.parse((await params).id);
  return Response.json(await pasarSolicitud(gestor, id, "contactada", null));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
