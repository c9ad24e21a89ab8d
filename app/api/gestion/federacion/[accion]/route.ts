import { exigirGestorApi } from "@/lib/admin/acceso";
import { ACCIONES_FEDERACION } from "@/lib/admin/federacion";
import { ApiError, readJson, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";

type Ctx = { params: Promise<{ accion: string }> };

/**
 * POST /api/gestion/federacion/{accion} → { mensaje, cambio, … } (admin), the back-office's
 * governance of the fediverse: bloquear / desbloquear { dominio } a server, borrar-seguidores
 * { actor } of one of ours, seguir { cuenta } / dejar-de-seguir { actor } an account.
 */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request, "admin");
  const { accion } = await params;
  const hacer = Object.hasOwn(ACCIONES_FEDERACION, accion)
    ? ACCIONES_FEDERACION[accion as keyof typeof ACCIONES_FEDERACION]
    : null;
  if (!hacer) throw new ApiError(404, mensajes.paginaNoEncontrada);
  return Response.json(await hacer(gestor, await readJson(request)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
