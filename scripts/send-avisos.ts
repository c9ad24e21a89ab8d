/**
 * Fans out what happened to plans (published by a followed organization, a saved plan moved or
 * cancelled) and sends the notifications that are due: new ones, retries whose backoff has
 * passed, and those held through the quiet hours. The app already does it right after each
 * change; run this from cron every minute for the rest:
 *   * * * * *  cd /srv/planazo && npm run --silent avisos:send
 * Hosted schedulers can POST /api/tareas/avisos with `Authorization: Bearer $CRON_SECRET`.
 */
import "./lib/load-env";
import { createPrismaClient } from "../lib/db/client";
import { entregarAvisos } from "../lib/avisos/entrega";
import { repartirAvisos } from "../lib/avisos/reparto";
import { deliverPending } from "../lib/mail/outbox";
import { mailTransport } from "../lib/mail/transport";

const prisma = createPrismaClient(undefined, 4);
try {
  const { avisos, envios } = await repartirAvisos(prisma);
  const correo = await deliverPending(prisma, mailTransport(), 500);
  const r = await entregarAvisos(prisma);
  console.log(
    `avisos: ${avisos} changes fanned out into ${envios} notifications; sent ${r.entregados}, ` +
      `${r.reintentos} to retry, ${r.caducados} devices gone, ${r.rechazados} refused; ` +
      `e-mail: ${correo.sent} sent, ${correo.failed} failed`,
  );
} finally {
  await prisma.$disconnect();
}
