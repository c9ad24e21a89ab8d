import { confirmarSeguimiento } from "@/lib/seguimientos/seguimientos";
import { readJson, route, otrosMetodos } from "@/lib/http";
import { conDatos, mensajes } from "@/lib/messages";
import { z } from "@/lib/schemas";

const cuerpo = z.object({ token: z.string().max(200).catch("") });

/**
 * POST /api/seguimientos/confirmar { token } → { mensaje, gestion }: the double opt-in link's
 * button. `gestion` is the path of the page to manage one's follows. Unknown or used: 404; expired: 410.
 */
export const POST = route(async (request) => {
  const { token } = cuerpo.parse(await readJson(request));
  const { nombre, deOrganizacion, gestion } = await confirmarSeguimiento(token);
  return Response.json({
    mensaje: deOrganizacion
      ? conDatos(mensajes.seguirOrganizacionConfirmado, { organizacion: nombre })
      : conDatos(mensajes.seguimientoConfirmado, { municipio: nombre }),
    gestion: `/seguimientos/gestionar/${gestion}`,
  });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
