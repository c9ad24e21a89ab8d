import { UUID_PATTERN } from "@/lib/schemas";
import { exigirGestorApi } from "@/lib/admin/acceso";
import { verificarOrganizacion } from "@/lib/admin/organizaciones";
import { verificarSchema } from "@/lib/admin/schemas";
import { ApiError, readJson, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/organizaciones/{id}/verificar { verificada, motivo? } → { mensaje, cambio } (moderator; idempotent). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const { id } = await params;
  // Not an id of ours: no such organization (404), as for a well-formed id that does not exist.
  if (!UUID_PATTERN.test(id)) throw new ApiError(404, mensajes.orgNoEncontrada);
  const { verificada, motivo } = verificarSchema.parse(await readJson(request));
  return Response.json(await verificarOrganizacion(gestor, id, verificada, motivo || null));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
