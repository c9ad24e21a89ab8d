import { exigirGestorApi } from "@/lib/admin/acceso";
import { pausarFuente } from "@/lib/fuentes/fuentes";
import { route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/fuentes/{id}/pausar → {mensaje} (moderator). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  return Response.json(await pausarFuente(gestor, (await params).id, true));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
