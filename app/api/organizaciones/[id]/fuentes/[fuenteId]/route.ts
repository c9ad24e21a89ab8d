import { desconectarCalendario } from "@/lib/fuentes/fuentes";
import { route, otrosMetodos } from "@/lib/http";
import { requireUser } from "@/lib/users/session";
import { yAvisar } from "@/lib/avisos/pronto";

type Ctx = { params: Promise<{ id: string; fuenteId: string }> };

/** DELETE /api/organizaciones/{id}/fuentes/{fuenteId} → {mensaje}: its imported plans are hidden (the owner only). */
export const DELETE = route<Ctx>(async (request, { params }) => {
  const user = await requireUser(request);
  const { id, fuenteId } = await params;
  return Response.json(await yAvisar(desconectarCalendario(user.id, id, fuenteId)));
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otrosMetodos("DELETE");
