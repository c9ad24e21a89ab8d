import { eliminarFavorito } from "@/lib/favoritos/favoritos";
import { route, otrosMetodos } from "@/lib/http";
import { requireUser } from "@/lib/users/session";

/** PATCH /api/plan/eliminar-plan-favorito/{id} → { mensaje } (idempotent). */
export const PATCH = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const user = await requireUser(request);
  return Response.json({ mensaje: await eliminarFavorito(user.id, (await params).id) });
});

export const { GET, POST, PUT, DELETE, OPTIONS } = otrosMetodos("PATCH");
