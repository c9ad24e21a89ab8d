import { exigirGestorApi } from "@/lib/admin/acceso";
import { reintentarCorreo } from "@/lib/admin/correos";
import { idCorreoSchema } from "@/lib/admin/schemas";
import { route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/correos/{id}/reintentar → { mensaje, cambio } (moderator): due now, delivery started. */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const id = idCorreoSchema.parse((await params).id);
  return Response.json(await reintentarCorreo(gestor, id));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
