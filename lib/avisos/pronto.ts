import "server-only";
import { prisma } from "../db";
import { deliverPending } from "../mail/outbox";
import { mailTransport } from "../mail/transport";
import { entregarAvisos, proximoAviso } from "./entrega";
import { repartirAvisos } from "./reparto";

let enCurso: Promise<void> | null = null;
let otraVez = false;
let despues: NodeJS.Timeout | null = null;

/** Retries due within this wait in the process (a push service back after a few seconds); later ones, for cron. */
const ESPERA_MAX_MS = 60_000;

/**
 * Fans out what happened to plans and sends the notifications that are due, without making the
 * request wait. One run at a time per process: a call during a run asks for one more round
 * after it, so a burst of changes costs one pass, and nothing that arrives meanwhile waits for
 * cron. A retry due within a minute is waited for here; what is due later stays queued for
 * `npm run avisos:send` (cron) or the next call.
 */
export function avisarPronto(): void {
  if (enCurso) {
    otraVez = true;
    return;
  }
  enCurso = (async () => {
    do {
      otraVez = false;
      const { avisos } = await repartirAvisos(prisma);
      // The fan-out may have written e-mails (those who chose e-mail for a kind of notice).
      if (avisos > 0) await deliverPending(prisma, mailTransport(), 500);
      await entregarAvisos(prisma);
    } while (otraVez);
    const cuando = await proximoAviso(prisma, ESPERA_MAX_MS);
    if (cuando) {
      if (despues) clearTimeout(despues);
      despues = setTimeout(
        () => {
          despues = null;
          avisarPronto();
        },
        // At least a second: a row due now that this run could not take is another sender's.
        Math.max(1_000, cuando.getTime() - Date.now()),
      );
      despues.unref();
    }
  })()
    .catch((error) => console.error("[avisos] envío aplazado:", error))
    .finally(() => {
      enCurso = null;
    });
}

/** Awaits a change that may concern people (a plan published, moved, hidden, deleted), then avisarPronto. */
export async function yAvisar<T>(cambio: Promise<T>): Promise<T> {
  const hecho = await cambio;
  avisarPronto();
  return hecho;
}
