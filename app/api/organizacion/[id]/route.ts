import { readForm, route, otrosMetodos } from "@/lib/http";
import { MAX_FORM_BYTES } from "@/lib/media/upload";
import { actualizarOrganizacion, eliminarOrganizacion } from "@/lib/organizaciones/organizaciones";
import { requireUser } from "@/lib/users/session";

type Ctx = { params: Promise<{ id: string }> };

/** PATCH /api/organizacion/{id} (multipart, owner only) → { mensaje, organizacion }. */
export const PATCH = route<Ctx>(async (request, { params }) => {
  const user = await requireUser(request);
  const { id } = await params;
  const form = await readForm(request, MAX_FORM_BYTES);
  return Response.json(await actualizarOrganizacion(user, id, form));
});

/** DELETE /api/organizacion/{id} (owner only) → { mensaje }; its plans stay, without organization. */
export const DELETE = route<Ctx>(async (request, { params }) => {
  const user = await requireUser(request);
  return Response.json(await eliminarOrganizacion(user, (await params).id));
});

export const { GET, POST, PUT, OPTIONS } = otrosMetodos("PATCH", "DELETE");
