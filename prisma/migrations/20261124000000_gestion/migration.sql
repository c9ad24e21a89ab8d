-- The back-office (issue 15): roles, moderation state on the rows it governs, and the audit log.

-- 1. Who may use /gestion: usuario (everyone) < moderador < admin.
CREATE TYPE "rol" AS ENUM ('usuario', 'moderador', 'admin');
ALTER TABLE "usuario" ADD COLUMN "rol" "rol" NOT NULL DEFAULT 'usuario';

-- 2. Why the team hid a plan (shown to its owner; null when visible or hidden before this).
ALTER TABLE "plan" ADD COLUMN "oculto_motivo" VARCHAR(500);

-- 3. A report is open until the team closes it: the plan hidden ('ocultado') or the report
--    dismissed ('descartado'), by whom and when. Closed reports stay.
ALTER TABLE "reporte"
  ADD COLUMN "cerrado_en" TIMESTAMPTZ(3),
  ADD COLUMN "cerrado_por" VARCHAR(254),
  ADD COLUMN "resolucion" VARCHAR(20),
  ADD CONSTRAINT "reporte_resolucion_check" CHECK (
    ("cerrado_en" IS NULL AND "cerrado_por" IS NULL AND "resolucion" IS NULL)
    OR ("cerrado_en" IS NOT NULL AND "cerrado_por" IS NOT NULL AND "resolucion" IN ('ocultado', 'descartado')));
CREATE INDEX "reporte_abiertos_idx" ON "reporte" ("plan_id", "created_at") WHERE "cerrado_en" IS NULL;

-- 4. The audit log: who did what to which object, when, and why. Written in the same
--    transaction as the change. Rows never change and are never deleted (the trigger refuses),
--    and they name the person by id and e-mail without a foreign key, so deleting an account
--    keeps its trail.
CREATE TABLE "auditoria" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "creado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "actor_id" TEXT NOT NULL,
  "actor_correo" VARCHAR(254) NOT NULL,
  "accion" VARCHAR(50) NOT NULL,
  "objeto_tipo" VARCHAR(30) NOT NULL,
  "objeto_id" VARCHAR(100) NOT NULL,
  "motivo" VARCHAR(500),
  "datos" JSONB NOT NULL DEFAULT '{}',
  CONSTRAINT "auditoria_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "auditoria_creado_idx" ON "auditoria" ("creado_en" DESC, "id" DESC);
CREATE INDEX "auditoria_actor_idx" ON "auditoria" ("actor_id", "creado_en" DESC);
CREATE INDEX "auditoria_objeto_idx" ON "auditoria" ("objeto_tipo", "objeto_id", "creado_en" DESC);

CREATE FUNCTION planazo_auditoria_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'auditoria: las entradas no se cambian ni se borran';
END $$;
CREATE TRIGGER auditoria_inmutable BEFORE UPDATE OR DELETE ON "auditoria"
  FOR EACH ROW EXECUTE FUNCTION planazo_auditoria_inmutable();
CREATE TRIGGER auditoria_sin_truncate BEFORE TRUNCATE ON "auditoria"
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_auditoria_inmutable();

-- 5. The back-office finds any plan by a piece of its title (the trigram index of the init
--    migration) or of its town (the same, here), accents and case aside, and pages newest first
--    by keyset; an owner by e-mail.
CREATE INDEX "plan_municipio_trgm_idx" ON "plan" USING GIN (planazo_normaliza("municipio") gin_trgm_ops);
CREATE INDEX "plan_creacion_idx" ON "plan" ("fecha_creacion" DESC, "id" DESC);
CREATE INDEX "usuario_email_lower_idx" ON "usuario" (lower("email"));
CREATE INDEX "usuario_creado_idx" ON "usuario" ("created_at");
