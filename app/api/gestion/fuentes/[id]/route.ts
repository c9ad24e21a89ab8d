import { exigirGestorApi } from "@/lib/admin/acceso";
import { eliminarFuenteDelEquipo, fuente } from "@/lib/fuentes/fuentes";
import { route, otrosMetodos } from "@/lib/http";
import { yAvisar } from "@/lib/avisos/pronto";

type Ctx = { params: Promise<{ id: string }> };

/** GET /api/gestion/fuentes/{id} → the source with its last result (moderator). */
export const GET = route<Ctx>(async (request, { params }) => {
  await exigirGestorApi(request);
  return Response.json(await fuente((await params).id));
});

/** DELETE /api/gestion/fuentes/{id} → {mensaje}: the source stops; its plans are hidden, not deleted. */
export const DELETE = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  return Response.json(await yAvisar(eliminarFuenteDelEquipo(gestor, (await params).id)));
});

export const { POST, PUT, PATCH, OPTIONS } = otrosMetodos("GET", "DELETE");
