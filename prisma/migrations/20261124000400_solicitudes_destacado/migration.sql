-- Featuring requests in the back-office (issue 15, item 4). A request arrives 'nueva' (POST
-- /api/emailDestacado); the team contacts the person and then features the plan ('destacada')
-- or drops it ('descartada'), with notes on the way. Who acted last and when are kept on the
-- row; every step is also in the audit log. Nothing references solicitud_destacado, so the
-- retention job (lib/tareas/retencion.ts) can still delete old requests.
CREATE TYPE "estado_solicitud" AS ENUM ('nueva', 'contactada', 'destacada', 'descartada');
ALTER TABLE "solicitud_destacado"
  ADD COLUMN "estado" "estado_solicitud" NOT NULL DEFAULT 'nueva',
  ADD COLUMN "notas" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "atendida_por" VARCHAR(254),
  ADD COLUMN "actualizada_en" TIMESTAMPTZ(3);

-- The list: one tab per estado, newest first, paged by keyset (and the "Todas" tab).
CREATE INDEX "solicitud_destacado_estado_idx" ON "solicitud_destacado" ("estado", "created_at" DESC, "id" DESC);
CREATE INDEX "solicitud_destacado_creado_idx" ON "solicitud_destacado" ("created_at" DESC, "id" DESC);
