import { cambiarSeguimiento, dejarDeSeguir, personaDeEnlace, type Persona } from "@/lib/seguimientos/seguimientos";
import { cambiarSeguimientoSchema } from "@/lib/seguimientos/schemas";
import { readJson, route, otrosMetodos } from "@/lib/http";
import { conDatos, mensajes } from "@/lib/messages";
import { requireUser } from "@/lib/users/session";

type Ctx = { params: Promise<{ id: string }> };

/**
 * Whose follows: the person of the e-mail's manage link (`?token=`, no login needed; unknown
 * 404, expired 410), or else the logged-in user (401 without a session). Someone else's follow
 * answers 404, like one that does not exist.
 */
async function persona(request: Request): Promise<Persona> {
  const token = new URL(request.url).searchParams.get("token");
  if (token !== null) return personaDeEnlace(token);
  return { usuarioId: (await requireUser(request)).id };
}

/** PATCH /api/seguimientos/{id}[?token=] { radio, categorias } → { mensaje, seguimiento }. */
export const PATCH = route<Ctx>(async (request, { params }) => {
  const quien = await persona(request);
  const cambio = cambiarSeguimientoSchema.parse(await readJson(request));
  const seguimiento = await cambiarSeguimiento(quien, (await params).id, cambio);
  return Response.json({ mensaje: mensajes.seguimientoGuardado, seguimiento });
});

/** DELETE /api/seguimientos/{id}[?token=] → { mensaje }: stop following that town or organization. */
export const DELETE = route<Ctx>(async (request, { params }) => {
  const quien = await persona(request);
  const { nombre, deOrganizacion } = await dejarDeSeguir(quien, (await params).id);
  return Response.json({
    mensaje: deOrganizacion
      ? conDatos(mensajes.seguimientoOrganizacionEliminado, { organizacion: nombre })
      : conDatos(mensajes.seguimientoEliminado, { municipio: nombre }),
  });
});

export const { GET, POST, PUT, OPTIONS } = otrosMetodos("PATCH", "DELETE");
