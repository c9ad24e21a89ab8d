-- The back-office (issue 15, items 6 and 9): satellite leads can be marked contacted, and the
-- lists of leads and of failed e-mails page newest first by keyset.

-- 1. A lead is new until someone of the team marks it contacted: when, and by whom (e-mail).
ALTER TABLE "solicitud_informacion"
  ADD COLUMN "contactado_en" TIMESTAMPTZ(3),
  ADD COLUMN "contactado_por" VARCHAR(254),
  ADD CONSTRAINT "solicitud_informacion_contactado_check" CHECK (("contactado_en" IS NULL) = ("contactado_por" IS NULL));
CREATE INDEX "solicitud_informacion_creado_idx" ON "solicitud_informacion" ("created_at" DESC, "id" DESC);
CREATE INDEX "solicitud_informacion_nuevas_idx" ON "solicitud_informacion" ("created_at" DESC, "id" DESC) WHERE "contactado_en" IS NULL;

-- 2. The outbox page lists what could not be sent: a small partial index over those rows only.
CREATE INDEX "email_outbox_fallidos_idx" ON "email_outbox" ("created_at" DESC, "id" DESC) WHERE "sent_at" IS NULL AND "attempts" > 0;
