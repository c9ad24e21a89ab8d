-- The back-office lists every e-mail of the outbox, newest first, a page at a time.
CREATE INDEX "email_outbox_creado_idx" ON "email_outbox" ("created_at" DESC, "id" DESC);
