import { quitarDispositivo } from "@/lib/avisos/push";
import { ApiError, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { requireUser } from "@/lib/users/session";

/**
 * DELETE /api/push/suscripciones/{id} → 204: one of the person's devices, from any of their
 * sessions (the profile's list), stops taking notifications. 404 for another person's.
 */
export const DELETE = route(async (request, { params }: { params: Promise<{ id: string }> }) => {
  const user = await requireUser(request);
  const { id } = await params;
  if (!(await quitarDispositivo(user.id, id))) throw new ApiError(404, mensajes.recursoNoEncontrado);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otrosMetodos("DELETE");
