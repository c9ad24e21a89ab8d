import { prisma } from "@/lib/db";
import { enviarResumenes } from "@/lib/seguimientos/resumen-semanal";
import { route, otrosMetodos } from "@/lib/http";
import { deliverSoon } from "@/lib/mail/send";
import { exigirSecretoCron } from "@/lib/tareas/secreto";
import { avisarPronto } from "@/lib/avisos/pronto";

/**
 * POST /api/tareas/resumen with `Authorization: Bearer $CRON_SECRET`: the Thursday e-mail of
 * followed towns for hosted schedulers (the same as `npm run digest:send`). Without CRON_SECRET
 * the endpoint does not exist.
 */
export const POST = route(async (request) => {
  exigirSecretoCron(request);
  const resultado = await enviarResumenes(prisma);
  deliverSoon();
  avisarPronto();
  return Response.json(resultado);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
