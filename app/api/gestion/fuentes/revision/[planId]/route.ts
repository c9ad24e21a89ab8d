import { exigirGestorApi } from "@/lib/admin/acceso";
import { idPlanSchema } from "@/lib/admin/schemas";
import { revisarImportado } from "@/lib/fuentes/fuentes";
import { readJson, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { z } from "@/lib/schemas";
import { yAvisar } from "@/lib/avisos/pronto";

type Ctx = { params: Promise<{ planId: string }> };

const revisionSchema = z.object({ publicar: z.boolean({ error: mensajes.datosNoValidos }) });

/** POST /api/gestion/fuentes/revision/{planId} {publicar} → {mensaje}: an imported plan waiting for review is published or kept hidden. */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const planId = idPlanSchema.parse((await params).planId);
  const { publicar } = revisionSchema.parse(await readJson(request));
  return Response.json(await yAvisar(revisarImportado(gestor, planId, publicar)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
