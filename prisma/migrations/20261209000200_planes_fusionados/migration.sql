-- A plan merged into another (one show an earlier import made into a plan per day): its address
-- answers 301 to the plan that stayed. A plan merged later into a third is followed there.
CREATE TABLE "plan_fusionado" (
  "id" uuid PRIMARY KEY,
  "plan_id" uuid NOT NULL REFERENCES "plan" ("id") ON DELETE CASCADE,
  "fusionado_en" timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX "plan_fusionado_plan_idx" ON "plan_fusionado" ("plan_id");

-- New plans of several dates (a source's show, its monthly market) are inserted with their count
-- already in fechas_varias and their dates written after: the INSERT gives them no date of its own
-- to take away again, and their row is not rewritten by the count's trigger.
CREATE OR REPLACE FUNCTION "plan_fecha_altas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "plan_fecha" ("plan_id", "inicio", "fin")
  SELECT "id", "fecha_inicio", "fecha_fin" FROM nuevos
  WHERE "tipo" = 'evento' AND "fecha_inicio" IS NOT NULL AND "fechas_varias" = 0;
  RETURN NULL;
END $$;
