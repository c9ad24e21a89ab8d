import { readForm, route, otrosMetodos } from "@/lib/http";
import { MAX_FORM_BYTES } from "@/lib/media/upload";
import { actualizarPlan, eliminarPlan } from "@/lib/plans/mutations";
import { requireUser } from "@/lib/users/session";
import { yAvisar } from "@/lib/avisos/pronto";

type Ctx = { params: Promise<{ id: string }> };

/** PATCH /api/plan/{id} (multipart, owner only) → { mensaje, plan }. */
export const PATCH = route<Ctx>(async (request, { params }) => {
  const user = await requireUser(request);
  const { id } = await params;
  const form = await readForm(request, MAX_FORM_BYTES);
  return Response.json(await yAvisar(actualizarPlan(user, id, form)));
});

/** DELETE /api/plan/{id} (owner only) → { mensaje }. */
export const DELETE = route<Ctx>(async (request, { params }) => {
  const user = await requireUser(request);
  return Response.json(await yAvisar(eliminarPlan(user, (await params).id)));
});

export const { GET, POST, PUT, OPTIONS } = otrosMetodos("PATCH", "DELETE");
