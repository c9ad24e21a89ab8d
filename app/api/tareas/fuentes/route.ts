import { after } from "next/server";
import { dibujarCartelesPendientes } from "@/lib/fuentes/carteles";
import { sincronizarPendientes } from "@/lib/fuentes/sincronizar";
import { route, otrosMetodos } from "@/lib/http";
import { exigirSecretoCron } from "@/lib/tareas/secreto";
import { avisarPronto } from "@/lib/avisos/pronto";

/**
 * POST /api/tareas/fuentes with `Authorization: Bearer $CRON_SECRET` → {fuentes: [{id, resultado}]}:
 * syncs every source that is due (the same as `npm run fuentes:sincronizar`). A source that
 * another run is syncing is skipped (its resultado is null). The posters of imported plans
 * without an image are drawn after the answer.
 */
export const POST = route(async (request) => {
  exigirSecretoCron(request);
  const fuentes = await sincronizarPendientes();
  after(() => dibujarCartelesPendientes());
  // Moved and cancelled plans tell those who saved them (lib/avisos).
  avisarPronto();
  return Response.json({ fuentes });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
