import { exigirGestorApi } from "@/lib/admin/acceso";
import { marcarContactado } from "@/lib/admin/contactos";
import { idContactoSchema } from "@/lib/admin/schemas";
import { route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/contactos/{id}/contactado → { mensaje, cambio } (moderator; idempotent). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const id = idContactoSchema.parse((await params).id);
  return Response.json(await marcarContactado(gestor, id));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
