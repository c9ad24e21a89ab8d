import { pedirSeguimiento, seguimientosDe, seguirComoUsuario } from "@/lib/seguimientos/seguimientos";
import { seguirSchema } from "@/lib/seguimientos/schemas";
import { ApiError, idiomaDeLlamada, listOrNoContent, readJson, route, otrosMetodos } from "@/lib/http";
import { deliverSoon } from "@/lib/mail/send";
import { conDatos, mensajes } from "@/lib/messages";
import { clientIp, enforceLimits, LIMITES } from "@/lib/rate-limit";
import { requireUser, sessionUser } from "@/lib/users/session";
import { canalDePublicaciones } from "@/lib/avisos/preferencias";

/**
 * POST /api/seguimientos { ine, radio, categorias, email? } or { organizacionId, email? }:
 * follow a town or an organization. With a session it
 * is done (200 { mensaje, seguimiento }); without one, `email` gets a confirmation link (202
 * { mensaje }), the same answer whether or not that address already follows.
 */
export const POST = route(async (request) => {
  const datos = seguirSchema.parse(await readJson(request));
  const user = await sessionUser(request.headers);
  if (user) {
    const seguimiento = await seguirComoUsuario(user.id, datos);
    if (!("organizacion" in seguimiento))
      return Response.json({
        mensaje: conDatos(mensajes.seguirHecho, {
          municipio: seguimiento.municipio.nombre,
        }),
        seguimiento,
      });
    // Says how its new plans will reach the person, as their choices and devices stand now.
    const { correo, push } = await canalDePublicaciones(user.id);
    const texto = correo
      ? push
        ? mensajes.seguirOrganizacionAmbos
        : mensajes.seguirOrganizacionCorreo
      : push
        ? mensajes.seguirOrganizacionPush
        : mensajes.seguirOrganizacionSinAviso;
    return Response.json({ mensaje: conDatos(texto, { organizacion: seguimiento.organizacion.nombre }), seguimiento });
  }
  if (!datos.email) throw new ApiError(400, mensajes.seguirCorreoObligatorio);
  await enforceLimits(LIMITES.seguir(clientIp(request), datos.email));
  await pedirSeguimiento(datos.email, datos, idiomaDeLlamada(request));
  deliverSoon();
  return Response.json({ mensaje: mensajes.seguirConfirmaCorreo }, { status: 202 });
});

/** GET /api/seguimientos: the towns and organizations the logged-in user follows (204 when none). */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return listOrNoContent(await seguimientosDe({ usuarioId: user.id }));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET", "POST");
