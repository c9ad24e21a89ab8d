import { comprobarEndpoint, darDeBaja, dispositivosDe, suscribir, suscripcionSchema } from "@/lib/avisos/push";
import { ApiError, listOrNoContent, readJson, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { requireUser } from "@/lib/users/session";
import { mensajesAvisos } from "@/lib/avisos/mensajes";

/**
 * POST /api/push/suscripciones { endpoint, keys: { p256dh, auth } } → 201 { mensaje, dispositivo }:
 * this device takes the person's notifications (a session cookie or a bearer token; the same
 * endpoint again answers the same). The device belongs to that session and ends with it.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const pedida = suscripcionSchema.parse(await readJson(request));
  await comprobarEndpoint(pedida.endpoint);
  const dispositivo = await suscribir(
    { usuarioId: user.id, sesionId: user.sessionId, agente: request.headers.get("user-agent") },
    pedida,
  );
  return Response.json({ mensaje: mensajesAvisos.pushSuscrito, dispositivo }, { status: 201 });
});

/**
 * GET /api/push/suscripciones: the person's devices (204 when none), each with its `id`, browser
 * and system, when it was added and when a notification last reached it.
 */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return listOrNoContent(await dispositivosDe(user.id));
});

/** DELETE /api/push/suscripciones { endpoint } → 204: one of the person's own devices stops taking them. */
export const DELETE = route(async (request) => {
  const user = await requireUser(request);
  const { endpoint } = suscripcionSchema.pick({ endpoint: true }).parse(await readJson(request));
  if (!(await darDeBaja(user.id, endpoint))) throw new ApiError(404, mensajes.recursoNoEncontrado);
  return new Response(null, { status: 204 });
});

export const { PUT, PATCH, OPTIONS } = otrosMetodos("GET", "POST", "DELETE");
