import { readForm, route, otrosMetodos } from "@/lib/http";
import { MAX_FORM_BYTES } from "@/lib/media/upload";
import { crearOrganizacion } from "@/lib/organizaciones/organizaciones";
import { requireUser } from "@/lib/users/session";

/** POST /api/organizacion (multipart, login) → 201 { mensaje, organizacion }. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const form = await readForm(request, MAX_FORM_BYTES);
  return Response.json(await crearOrganizacion(user, form), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
