import { exigirGestorApi } from "@/lib/admin/acceso";
import { reintentarTodos } from "@/lib/admin/correos";
import { route, otrosMetodos } from "@/lib/http";

/** POST /api/gestion/correos/reintentar → { mensaje, cambio, correos } (moderator): every failed e-mail due now. */
export const POST = route(async (request) => {
  const gestor = await exigirGestorApi(request);
  return Response.json(await reintentarTodos(gestor));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
