/**
 * E-mails the reminders of saved plans that start tomorrow (once per saved plan), then
 * delivers the outbox. Run it once a day from cron, e.g. at 18:00 Madrid time:
 *   0 18 * * *  cd /srv/planazo && TZ=Europe/Madrid npm run --silent reminders:send
 * Hosted schedulers can POST /api/tareas/recordatorios with `Authorization: Bearer $CRON_SECRET`.
 */
import "./lib/load-env";
import { createPrismaClient } from "../lib/db/client";
import { deliverPending } from "../lib/mail/outbox";
import { mailTransport } from "../lib/mail/transport";
import { enviarRecordatorios } from "../lib/recordatorios/recordatorios";

const prisma = createPrismaClient(undefined, 2);
try {
  const { usuarios, planes } = await enviarRecordatorios(prisma);
  const { sent, failed } = await deliverPending(prisma, mailTransport(), 500);
  console.log(
    `reminders: ${planes} saved plans for ${usuarios} users; e-mail: ${sent} sent, ${failed} failed (will be retried)`,
  );
} finally {
  await prisma.$disconnect();
}
