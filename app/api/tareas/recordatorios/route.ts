import { prisma } from "@/lib/db";
import { route, otrosMetodos } from "@/lib/http";
import { deliverSoon } from "@/lib/mail/send";
import { enviarRecordatorios } from "@/lib/recordatorios/recordatorios";
import { exigirSecretoCron } from "@/lib/tareas/secreto";
import { avisarPronto } from "@/lib/avisos/pronto";

/**
 * POST /api/tareas/recordatorios with `Authorization: Bearer $CRON_SECRET`: the daily reminder
 * job for hosted schedulers (the same as `npm run reminders:send`). Without CRON_SECRET the
 * endpoint does not exist.
 */
export const POST = route(async (request) => {
  exigirSecretoCron(request);
  const resultado = await enviarRecordatorios(prisma);
  deliverSoon();
  avisarPronto();
  return Response.json(resultado);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
