import { exigirGestorApi } from "@/lib/admin/acceso";
import { notaSchema } from "@/lib/admin/schemas";
import { restaurarUsuario } from "@/lib/admin/usuarios";
import { readJson, route, otrosMetodos } from "@/lib/http";
import { yAvisar } from "@/lib/avisos/pronto";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/usuarios/{id}/restaurar { motivo? } → { mensaje, cambio } (moderator). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const { motivo } = notaSchema.parse(await readJson(request));
  return Response.json(await yAvisar(restaurarUsuario(gestor, (await params).id, motivo || null)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
