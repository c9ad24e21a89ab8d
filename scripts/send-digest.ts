/**
 * The Thursday e-mail of followed towns ("Este finde cerca de …"): once per person and ISO week,
 * then delivers the outbox. Run it on Thursdays from cron, e.g. at 10:00 Madrid time:
 *   0 10 * * 4  cd /srv/planazo && TZ=Europe/Madrid npm run --silent digest:send
 * Hosted schedulers can POST /api/tareas/resumen with `Authorization: Bearer $CRON_SECRET`.
 * Running it twice (or two at once) sends nothing twice.
 */
import "./lib/load-env";
import { prisma } from "../lib/db";
import { enviarResumenes } from "../lib/seguimientos/resumen-semanal";
import { deliverPending } from "../lib/mail/outbox";
import { mailTransport } from "../lib/mail/transport";

try {
  const { personas, enviados, sinPlanes } = await enviarResumenes(prisma);
  const { sent, failed } = await deliverPending(prisma, mailTransport(), 500);
  console.log(
    `digest: ${personas} people follow towns; ${enviados} e-mails written, ${sinPlanes} with nothing to say; e-mail: ${sent} sent, ${failed} failed (will be retried)`,
  );
} finally {
  await prisma.$disconnect();
}
