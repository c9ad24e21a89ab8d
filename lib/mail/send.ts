import "server-only";
import { prisma } from "../db";
import { deliverPending } from "./outbox";
import { mailTransport } from "./transport";
import { avisarPronto } from "../avisos/pronto";

/**
 * Delivers what is due now, e-mails and notifications (lib/avisos/pronto.ts), without making the
 * request wait for the provider. Anything that fails stays queued for `npm run mail:send` and
 * `npm run avisos:send` (cron) or the next call.
 */
export function deliverSoon(): void {
  deliverPending(prisma, mailTransport()).catch((error) => console.error("[correo] envío aplazado:", error));
  avisarPronto();
}
