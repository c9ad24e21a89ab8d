-- Following organizations, and notifications on the phone (Web Push) besides e-mail.

-- A follow holds a town (with its radius) or an organization, never both.
ALTER TABLE "seguimiento" ALTER COLUMN "municipio_ine" DROP NOT NULL;
ALTER TABLE "seguimiento" ALTER COLUMN "radio" DROP NOT NULL;
ALTER TABLE "seguimiento" ADD COLUMN "organizacion_id" UUID
  REFERENCES "organizacion" ("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "seguimiento" ADD CONSTRAINT "seguimiento_objeto_check"
  CHECK (("municipio_ine" IS NULL) <> ("organizacion_id" IS NULL) AND ("municipio_ine" IS NULL OR "radio" IS NOT NULL));
CREATE UNIQUE INDEX "seguimiento_usuario_organizacion_key" ON "seguimiento" ("usuario_id", "organizacion_id");
CREATE UNIQUE INDEX "seguimiento_email_organizacion_key" ON "seguimiento" ("email", "organizacion_id");
-- The followers of an organization, read when it publishes.
CREATE INDEX "seguimiento_organizacion_idx" ON "seguimiento" ("organizacion_id") WHERE "organizacion_id" IS NOT NULL;

-- How each person wants each kind of notice: by e-mail, on their devices, both or neither.
-- "recordatorios" (the saved plan's reminder by e-mail) already exists.
ALTER TABLE "usuario"
  ADD COLUMN "recordatorios_push" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "publicaciones_correo" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "publicaciones_push" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "cambios_correo" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "cambios_push" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "resumen_correo" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "resumen_push" BOOLEAN NOT NULL DEFAULT true;

-- What happened to a plan that someone should hear about: an organization with followers
-- published it, or a plan someone saved was moved or cancelled. Written by the trigger below, so
-- every path (the owner's form, moderation, a suspension, a source's sync, raw SQL) is covered,
-- inside the change's own transaction; read and fanned out to people by lib/avisos/reparto.ts.
-- The savers are copied at the change: deleting a plan deletes its favourites.
CREATE TABLE "aviso_plan" (
  "id" BIGSERIAL PRIMARY KEY,
  "tipo" TEXT NOT NULL CHECK ("tipo" IN ('publicado', 'movido', 'cancelado')),
  "plan_id" UUID NOT NULL,
  "titulo" TEXT NOT NULL,
  "municipio" TEXT NOT NULL,
  "fecha_inicio" TIMESTAMPTZ(3),
  "fecha_fin" TIMESTAMPTZ(3),
  "organizacion_id" UUID,
  "usuarios" TEXT[] NOT NULL DEFAULT '{}',
  "creado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "repartido_en" TIMESTAMPTZ(3),
  -- Failed fan-outs: after a few the row is set aside (repartido_en, with the error) so the
  -- rows after it go on.
  "intentos" INTEGER NOT NULL DEFAULT 0,
  "ultimo_error" TEXT
);
CREATE INDEX "aviso_plan_pendiente_idx" ON "aviso_plan" ("id") WHERE "repartido_en" IS NULL;
-- A plan is announced once: shown again after being hidden (or re-listed by its source), it is
-- not news.
CREATE UNIQUE INDEX "aviso_plan_publicado_key" ON "aviso_plan" ("plan_id") WHERE "tipo" = 'publicado';

CREATE FUNCTION "aviso_plan_cambio"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p plan;
  cambio TEXT;
  guardado TEXT[];
BEGIN
  p := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  -- Nothing to say about a plan that is over.
  IF p.tipo = 'evento' AND p.fecha_fin < now() AND (TG_OP = 'INSERT' OR OLD.fecha_fin < now()) THEN
    RETURN p;
  END IF;
  -- Published (or approved after review): for its organization's followers, once per plan and device.
  IF TG_OP <> 'DELETE' AND NEW.visible AND (TG_OP = 'INSERT' OR NOT OLD.visible)
     AND NEW.organizacion_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM seguimiento s WHERE s.organizacion_id = NEW.organizacion_id) THEN
    INSERT INTO aviso_plan (tipo, plan_id, titulo, municipio, fecha_inicio, fecha_fin, organizacion_id)
    VALUES ('publicado', NEW.id, NEW.titulo, NEW.municipio, NEW.fecha_inicio, NEW.fecha_fin, NEW.organizacion_id)
    ON CONFLICT (plan_id) WHERE tipo = 'publicado' DO NOTHING;
  END IF;
  IF TG_OP = 'INSERT' THEN
    RETURN p;
  END IF;
  -- A plan already hidden was already cancelled for those who saved it.
  IF (TG_OP = 'DELETE' AND OLD.visible) OR (TG_OP = 'UPDATE' AND OLD.visible AND NOT NEW.visible) THEN
    cambio := 'cancelado';
  ELSIF OLD.visible AND NEW.visible AND (OLD.fecha_inicio IS DISTINCT FROM NEW.fecha_inicio
                                         OR OLD.fecha_fin IS DISTINCT FROM NEW.fecha_fin) THEN
    cambio := 'movido';
  ELSE
    RETURN p;
  END IF;
  guardado := ARRAY(SELECT f.usuario_id FROM favorito f WHERE f.plan_id = OLD.id);
  IF cardinality(guardado) > 0 THEN
    INSERT INTO aviso_plan (tipo, plan_id, titulo, municipio, fecha_inicio, fecha_fin, organizacion_id, usuarios)
    VALUES (cambio, p.id, p.titulo, p.municipio, p.fecha_inicio, p.fecha_fin, p.organizacion_id, guardado);
  END IF;
  RETURN p;
END $$;

-- BEFORE DELETE: the favourites are still there (the cascade removes them after).
CREATE TRIGGER "plan_aviso_borrado" BEFORE DELETE ON "plan" FOR EACH ROW EXECUTE FUNCTION "aviso_plan_cambio"();
CREATE TRIGGER "plan_aviso_alta" AFTER INSERT ON "plan" FOR EACH ROW EXECUTE FUNCTION "aviso_plan_cambio"();
CREATE TRIGGER "plan_aviso_cambio" AFTER UPDATE OF "visible", "fecha_inicio", "fecha_fin" ON "plan"
  FOR EACH ROW EXECUTE FUNCTION "aviso_plan_cambio"();

-- One notification for one device: written with the change that causes it (or by the fan-out
-- of aviso_plan), sent by lib/avisos/entrega.ts with retries, once: "clave" names what it says
-- ('publicado:<plan>', 'recordatorio:<plan>'…), unique per device.
CREATE TABLE "push_envio" (
  "id" BIGSERIAL PRIMARY KEY,
  "suscripcion_id" UUID NOT NULL REFERENCES "push_suscripcion" ("id") ON DELETE CASCADE,
  "clave" VARCHAR(200) NOT NULL,
  "carga" JSONB NOT NULL,
  "intentos" INTEGER NOT NULL DEFAULT 0,
  -- Not before: a retry's backoff, or 09:00 after the quiet hours.
  "proximo_intento_en" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- Taken by a sender until then (a sender that dies frees it when this passes).
  "reservado_hasta" TIMESTAMPTZ(3),
  "enviado_en" TIMESTAMPTZ(3),
  "ultimo_error" TEXT,
  "creado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "push_envio_suscripcion_clave_key" UNIQUE ("suscripcion_id", "clave")
);
CREATE INDEX "push_envio_pendiente_idx" ON "push_envio" ("proximo_intento_en") WHERE "enviado_en" IS NULL;
