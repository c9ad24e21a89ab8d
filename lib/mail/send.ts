import "server-only";
import { prisma } from "../db";
import { deliverPending } from "./outbox";
import { mailTransport } from "./transport";

/**
 * Delivers what is due now, without making the request wait for the provider. Anything that
 * fails stays queued for `npm run mail:send` (cron) or the next call.
 */
export function deliverSoon(): void {
  deliverPending(prisma, mailTransport()).catch((error) => console.error("[correo] envío aplazado:", error));
}
