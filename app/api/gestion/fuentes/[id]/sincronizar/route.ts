import { exigirGestorApi } from "@/lib/admin/acceso";
import { fuente, registrarSincronizacion } from "@/lib/fuentes/fuentes";
import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import { sincronizarFuente } from "@/lib/fuentes/sincronizar";
import { ApiError, route, otrosMetodos } from "@/lib/http";
import { avisarPronto } from "@/lib/avisos/pronto";

type Ctx = { params: Promise<{ id: string }> };

/**
 * POST /api/gestion/fuentes/{id}/sincronizar → 200 {creados, actualizados, retirados, sinCambios,
 * descartados: [{titulo, motivo}], leidos, vinculados, error?}; 409 while another run syncs it.
 */
export const POST = route<Ctx>(async (request, { params }) => {
  const gestor = await exigirGestorApi(request);
  const { _id } = await fuente((await params).id);
  const resultado = await sincronizarFuente(_id);
  avisarPronto();
  if (!resultado) throw new ApiError(409, mensajesFuentes.fuenteOcupada);
  await registrarSincronizacion(gestor, _id, resultado);
  return Response.json(resultado);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
