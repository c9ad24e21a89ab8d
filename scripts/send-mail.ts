/**
 * Delivers the e-mails that are due (new ones and failed ones whose backoff has passed).
 * The app already tries right after each change; run this from cron to retry the rest:
 *   * * * * *  cd /srv/planazo && npm run --silent mail:send
 */
import "./lib/load-env";
import { createPrismaClient } from "../lib/db/client";
import { deliverPending } from "../lib/mail/outbox";
import { mailTransport } from "../lib/mail/transport";

const prisma = createPrismaClient(undefined, 2);
try {
  const { sent, failed } = await deliverPending(prisma, mailTransport(), 500);
  console.log(`e-mail: ${sent} sent, ${failed} failed (will be retried)`);
} finally {
  await prisma.$disconnect();
}
