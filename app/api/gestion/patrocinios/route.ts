import { exigirGestorApi } from "@/lib/admin/acceso";
import { crearPatrocinio } from "@/lib/admin/patrocinios";
import { readForm, route, otrosMetodos } from "@/lib/http";
import { MAX_FORM_BYTES } from "@/lib/media/upload";

/**
 * POST /api/gestion/patrocinios (admin; multipart: empresa, enlaceEmpresa or enlaceCompany,
 * titulo, descripcion?, activoDesde?, activoHasta? as YYYY-MM-DD, archivoCartel)
 * → 201 { mensaje, patrocinio } with the card as searches show it.
 */
export const POST = route(async (request) => {
  const gestor = await exigirGestorApi(request, "admin");
  const form = await readForm(request, MAX_FORM_BYTES);
  return Response.json(await crearPatrocinio(gestor, form), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
