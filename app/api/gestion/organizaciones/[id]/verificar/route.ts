import { exigirGestorApi } from "@/lib/admin/acceso";
import { verificarOrganizacion } from "@/lib/admin/organizaciones";
import { idOrganizacionSchema, verificarSchema } from "@/lib/admin/schemas";
import { readJson, route } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/organizaciones/{id}/verificar { verificada, motivo? } → { mensaje, cambio } (moderator; idempotent). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const id = idOrganizacionSchema.parse((await params).id);
  const { verificada, motivo } = verificarSchema.parse(await readJson(request));
  return Response.json(await verificarOrganizacion(gestor, id, verificada, motivo || null));
});
