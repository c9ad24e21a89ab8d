-- Failed deliveries are retried with backoff: each row knows when it may be tried again.
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
DROP INDEX "email_outbox_pending_idx";
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox"("next_attempt_at") WHERE "sent_at" IS NULL;
