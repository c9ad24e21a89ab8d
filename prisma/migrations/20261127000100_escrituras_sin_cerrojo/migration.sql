-- Plan writes without one global row lock.
--
-- Until now every write of a plan (and the statement triggers of horario_disponible,
-- organizacion, archivo and patrocinio) held busqueda_version's one row until it committed:
-- the search version moved on by an UPDATE of that row, and plan.cambio was numbered while
-- holding it so that numbers followed commit order. Every writer waited for the one before it:
-- 10,000 plan inserts went at 1,522/s with 1 writer and 1,899/s with 4 (1.25×; 2.15× with no
-- lock at all, on a 2-core machine: `npm run bench:escritura`).
--
-- 1. The search version is the sum of 16 counters (busqueda_version_parte); a statement moves on
--    a counter no other transaction holds (up to 16 writers never wait for each other). Any
--    committed write raises the sum, so every memo key built on it changes at once; a reader
--    sums the 16 rows in one snapshot (planazo_version_busqueda()).
-- 2. The search index reads what changed by transaction id, not by a number in commit order:
--    every insert, update and delete records its transaction's id (plan.cambio_xid,
--    plan_baja.cambio_xid). An index that read the changes in a snapshot whose oldest running
--    transaction is H has seen every change of every transaction before H (they had all ended);
--    it next reads the changes of transactions from H on (some again: taking a plan twice is
--    harmless). A long transaction only makes that re-read longer; nobody waits for it.
--    plan.cambio stays, from its sequence, as the version of a plan's row (the cards' cache).

CREATE TABLE "busqueda_version_parte" (
  "parte" SMALLINT PRIMARY KEY,
  "version" BIGINT NOT NULL DEFAULT 0,
  "cambiada" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
INSERT INTO "busqueda_version_parte" ("parte", "version", "cambiada")
  SELECT p, CASE WHEN p = 0 THEN v.version ELSE 0 END, v.cambiada
  FROM generate_series(0, 15) p, busqueda_version v;

CREATE OR REPLACE FUNCTION planazo_nueva_version_busqueda() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  libre smallint;
BEGIN
  -- The first counter no other transaction holds, from the backend's own; only with all 16 held
  -- (16 writers at once) does it wait, for its own.
  SELECT parte INTO libre FROM busqueda_version_parte
    ORDER BY (parte + pg_backend_pid()) % 16 LIMIT 1 FOR UPDATE SKIP LOCKED;
  UPDATE busqueda_version_parte SET version = version + 1, cambiada = now()
    WHERE parte = coalesce(libre, pg_backend_pid() % 16);
  RETURN NULL;
END $$;

ALTER TABLE "plan" ADD COLUMN "cambio_xid" xid8 NOT NULL DEFAULT '0';
CREATE INDEX "plan_cambio_xid_idx" ON "plan" ("cambio_xid");
ALTER TABLE "plan_baja" ADD COLUMN "cambio_xid" xid8 NOT NULL DEFAULT '0';
CREATE INDEX "plan_baja_cambio_xid_idx" ON "plan_baja" ("cambio_xid");

CREATE OR REPLACE FUNCTION planazo_cambio_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO plan_baja (id, cambio, cambio_xid) VALUES (OLD.id, nextval('plan_cambio_seq'), pg_current_xact_id())
      ON CONFLICT (id) DO UPDATE SET cambio = EXCLUDED.cambio, cambio_xid = EXCLUDED.cambio_xid, fecha = now();
    RETURN OLD;
  END IF;
  NEW.cambio := nextval('plan_cambio_seq');
  NEW.cambio_xid := pg_current_xact_id();
  RETURN NEW;
END $$;

-- busqueda_version keeps only `recarga` (a TRUNCATE of plan: every index reads every plan again).
ALTER TABLE "busqueda_version" DROP COLUMN "version", DROP COLUMN "cambiada";

-- The search version and when it last moved on, as every reader reads it (one snapshot).
CREATE FUNCTION planazo_version_busqueda(OUT version bigint, OUT cambiada timestamptz)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT sum(version)::bigint, max(cambiada) FROM busqueda_version_parte
$$;
