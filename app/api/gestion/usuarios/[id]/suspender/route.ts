import { exigirGestorApi } from "@/lib/admin/acceso";
import { ocultarSchema } from "@/lib/admin/schemas";
import { suspenderUsuario } from "@/lib/admin/usuarios";
import { readJson, route, otrosMetodos } from "@/lib/http";
import { yAvisar } from "@/lib/avisos/pronto";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/usuarios/{id}/suspender { motivo } → { mensaje, cambio } (moderator). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const { motivo } = ocultarSchema.parse(await readJson(request));
  return Response.json(await yAvisar(suspenderUsuario(gestor, (await params).id, motivo)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
