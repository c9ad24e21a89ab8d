import { exigirGestorApi } from "@/lib/admin/acceso";
import { ordenarPatrocinio } from "@/lib/admin/patrocinios";
import { ordenSchema } from "@/lib/admin/schemas";
import { readJson, route, otrosMetodos } from "@/lib/http";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/patrocinios/{id}/orden { posicion } → { mensaje, cambio, posicion } (admin; idempotent). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request, "admin");
  const { id } = await params;
  const { posicion } = ordenSchema.parse(await readJson(request));
  return Response.json(await ordenarPatrocinio(gestor, id, posicion));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
