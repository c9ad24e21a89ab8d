import { readForm, route, otrosMetodos } from "@/lib/http";
import { fileField, MAX_FORM_BYTES } from "@/lib/media/upload";
import { guardarCartelTemporal } from "@/lib/plans/cartel-temporal";
import { requireUser } from "@/lib/users/session";

/**
 * POST /api/plan/cartel-temporal (multipart `archivoCartel`, login) → 201 { _id, urlArchivoTemporal,
 * nombre, caducaEn }: a poster kept for a plan not yet published; POST /api/plan takes its `_id`
 * as `archivoTemporalId` instead of a file.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const form = await readForm(request, MAX_FORM_BYTES);
  return Response.json(await guardarCartelTemporal(user, fileField(form, "archivoCartel")), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
