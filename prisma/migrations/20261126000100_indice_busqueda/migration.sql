-- Issue 17: the in-process search index (lib/plans/indice.ts) keeps each instance's copy of the
-- listed plans' search fields current by reading only what changed since its last read.
--
-- plan.cambio numbers every insert and update of a plan, plan_baja every delete, from one
-- sequence. The number is taken while holding busqueda_version's row, which every writer of
-- plans holds until it commits (the statement trigger of 20261122020000_search_speed updates
-- it): so numbers are given in commit order, and whoever reads the largest committed number N
-- has seen every change numbered up to N. (A sequence alone gives numbers in call order: a
-- change committed later with a smaller number would be missed.)
CREATE SEQUENCE "plan_cambio_seq";

ALTER TABLE "plan" ADD COLUMN "cambio" BIGINT NOT NULL DEFAULT 0;
CREATE INDEX "plan_cambio_idx" ON "plan" ("cambio");

-- Deleted plans, until retention (lib/retencion.ts) removes them after a week; an instance
-- whose copy is older than a day reads every plan again instead.
CREATE TABLE "plan_baja" (
  "id" UUID PRIMARY KEY,
  "cambio" BIGINT NOT NULL,
  "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "plan_baja_cambio_idx" ON "plan_baja" ("cambio");
CREATE INDEX "plan_baja_fecha_idx" ON "plan_baja" ("fecha");

-- TRUNCATE fires no row trigger: it moves `recarga` on, and every instance reads every plan again.
ALTER TABLE "busqueda_version" ADD COLUMN "recarga" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION planazo_cambio_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM busqueda_version FOR UPDATE;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO plan_baja (id, cambio) VALUES (OLD.id, nextval('plan_cambio_seq'))
      ON CONFLICT (id) DO UPDATE SET cambio = EXCLUDED.cambio, fecha = now();
    RETURN OLD;
  END IF;
  NEW.cambio := nextval('plan_cambio_seq');
  RETURN NEW;
END $$;

CREATE TRIGGER plan_cambio BEFORE INSERT OR UPDATE OR DELETE ON "plan"
  FOR EACH ROW EXECUTE FUNCTION planazo_cambio_plan();

CREATE FUNCTION planazo_recarga_indice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE busqueda_version SET recarga = recarga + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER plan_recarga AFTER TRUNCATE ON "plan"
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_recarga_indice();

-- Plans written before this migration: numbered once, in any order (nothing reads them yet).
ALTER TABLE "plan" DISABLE TRIGGER USER;
UPDATE "plan" SET "cambio" = nextval('plan_cambio_seq');
ALTER TABLE "plan" ENABLE TRIGGER USER;
