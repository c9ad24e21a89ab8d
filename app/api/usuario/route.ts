import { route, otrosMetodos } from "@/lib/http";
import { eliminarCuenta } from "@/lib/users/account";
import { serializeUsuario } from "@/lib/users/serialize";
import { requireUser } from "@/lib/users/session";
import { yAvisar } from "@/lib/avisos/pronto";

/** GET /api/usuario — the logged-in user (bearer or cookie). */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return Response.json({ usuario: serializeUsuario(user) }, { headers: { "Cache-Control": "no-store" } });
});

/** DELETE /api/usuario — removes the account and everything it owns. */
export const DELETE = route(async (request) => {
  const user = await requireUser(request);
  return Response.json({ mensaje: await yAvisar(eliminarCuenta(user.id)) });
});

export const { POST, PUT, PATCH, OPTIONS } = otrosMetodos("GET", "DELETE");
