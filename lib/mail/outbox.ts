import type { PrismaClient } from "../db/client";
import type { Email, MailTransport } from "./transport";

/** A Prisma client or an interactive transaction: outbox rows are written with the change. */
type Db = Pick<PrismaClient, "emailOutbox">;

/** Queues an e-mail. Call it inside the transaction of the change that causes it. */
export async function enqueueEmail(db: Db, email: Email): Promise<void> {
  const { headers, ...resto } = email;
  await db.emailOutbox.create({ data: { ...resto, ...(headers && { headers }) } });
}

/** Queues many e-mails in one statement (a notice to thousands who chose e-mail). */
export async function enqueueEmails(db: Db, emails: Email[]): Promise<void> {
  if (emails.length === 0) return;
  await db.emailOutbox.createMany({
    data: emails.map(({ headers, ...resto }) => ({ ...resto, ...(headers && { headers }) })),
  });
}

/** Backoff after the n-th failed attempt: 1 min, 2, 4, … capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

/**
 * Delivers queued e-mails that are due. Each row is claimed with FOR UPDATE SKIP LOCKED, so
 * several app instances (or the cron script) can run this at once without sending twice.
 * A failure records the error and schedules the next attempt; nothing is ever dropped.
 */
export async function deliverPending(
  prisma: PrismaClient,
  transport: MailTransport,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const outcome = await prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<
        {
          id: string;
          to: string;
          subject: string;
          text: string;
          html: string;
          headers: Record<string, string> | null;
          attempts: number;
        }[]
      >`
        SELECT id, "to", subject, text, html, headers, attempts FROM email_outbox
        WHERE sent_at IS NULL AND next_attempt_at <= now()
        ORDER BY next_attempt_at, created_at
        LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!row) return "empty" as const;
      try {
        await transport.send(row);
        await tx.emailOutbox.update({
          where: { id: row.id },
          data: { sentAt: new Date(), attempts: row.attempts + 1, lastError: null },
        });
        return "sent" as const;
      } catch (error) {
        const attempts = row.attempts + 1;
        await tx.emailOutbox.update({
          where: { id: row.id },
          data: {
            attempts,
            lastError: String((error as Error).message ?? error).slice(0, 2000),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          },
        });
        return "failed" as const;
      }
    });
    if (outcome === "empty") break;
    if (outcome === "sent") sent++;
    else failed++;
  }
  return { sent, failed };
}
