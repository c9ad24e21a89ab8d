import { exigirGestorApi } from "@/lib/admin/acceso";
import { asignarRol } from "@/lib/admin/asignar-rol";
import { rolSchema } from "@/lib/admin/schemas";
import { prisma } from "@/lib/db";
import { ApiError, readJson, route, otrosMetodos } from "@/lib/http";
import { conDatos, mensajes } from "@/lib/messages";
import { mensajesGestion } from "@/lib/mensajes-gestion";

type Ctx = { params: Promise<{ id: string }> };

/** POST /api/gestion/usuarios/{id}/rol { rol, motivo } → { mensaje } (admin only). */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request, "admin");
  const { rol, motivo } = rolSchema.parse(await readJson(request));
  const antes = await asignarRol(prisma, { id: (await params).id }, rol, gestor, motivo);
  if (antes === null) throw new ApiError(404, mensajes.recursoNoEncontrado);
  return Response.json({ mensaje: conDatos(mensajesGestion.rolAsignado, { rol }) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
