import { agregarFavorito } from "@/lib/favoritos/favoritos";
import { route, otrosMetodos } from "@/lib/http";
import { requireUser } from "@/lib/users/session";

/** POST /api/plan/agregar-plan-favorito/{id} → { mensaje } (idempotent). */
export const POST = route<{ params: Promise<{ id: string }> }>(async (request, { params }) => {
  const user = await requireUser(request);
  return Response.json({ mensaje: await agregarFavorito(user.id, (await params).id) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
