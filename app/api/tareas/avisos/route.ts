import { prisma } from "@/lib/db";
import { entregarAvisos } from "@/lib/avisos/entrega";
import { repartirAvisos } from "@/lib/avisos/reparto";
import { route, otrosMetodos } from "@/lib/http";
import { deliverSoon } from "@/lib/mail/send";
import { exigirSecretoCron } from "@/lib/tareas/secreto";

/**
 * POST /api/tareas/avisos with `Authorization: Bearer $CRON_SECRET`: the every-minute job of
 * notifications for hosted schedulers (the same as `npm run avisos:send`). Without CRON_SECRET
 * the endpoint does not exist.
 */
export const POST = route(async (request) => {
  exigirSecretoCron(request);
  const reparto = await repartirAvisos(prisma);
  const envio = await entregarAvisos(prisma);
  // E-mails the fan-out wrote.
  deliverSoon();
  return Response.json({ ...reparto, ...envio });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
