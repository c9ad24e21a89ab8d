import { exigirGestorApi } from "@/lib/admin/acceso";
import { idSolicitudSchema, notasSolicitudSchema } from "@/lib/admin/schemas";
import { guardarNotas } from "@/lib/admin/solicitudes";
import { readJson, route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/solicitudes/{id}/notas { notas } → { mensaje, cambio } (moderator; the same text again changes nothing). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const id = idSolicitudSchema.parse((await params).id);
  const { notas } = notasSolicitudSchema.parse(await readJson(request));
  return Response.json(await guardarNotas(gestor, id, notas));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
