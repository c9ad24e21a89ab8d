-- An evento's dates: one or more, each a start, an optional end, and optionally its own title (an
-- act of a programme) and its own place in the plan's town. The plan's fecha_inicio/fecha_fin stay
-- the span from the first date's start to the last one's end (what the apps read).
CREATE TABLE "plan_fecha" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "plan_id" uuid NOT NULL REFERENCES "plan" ("id") ON DELETE CASCADE,
  "inicio" timestamptz(3) NOT NULL,
  "fin" timestamptz(3),
  "titulo" varchar(100),
  "direccion" varchar(200),
  "ubicacion" geography(Point, 4326),
  -- The oldest date keeps the plan's own UID in calendars (lib/difusion/ics.ts).
  "creada_en" timestamptz(3) NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT "plan_fecha_fin_check" CHECK ("fin" IS NULL OR "fin" >= "inicio"),
  CONSTRAINT "plan_fecha_lugar_check" CHECK ("ubicacion" IS NULL OR "direccion" IS NOT NULL)
);
CREATE INDEX "plan_fecha_plan_idx" ON "plan_fecha" ("plan_id", "inicio");

INSERT INTO "plan_fecha" ("plan_id", "inicio", "fin")
SELECT "id", "fecha_inicio", "fecha_fin" FROM "plan" WHERE "tipo" = 'evento' AND "fecha_inicio" IS NOT NULL;

-- A plan of one date is written as before, through fecha_inicio/fecha_fin, by every path (the
-- API, the sources, the seed): its one date follows them here. A plan of several dates has its
-- span written from its dates (lib/plans/fechas.ts), which this leaves alone.
CREATE FUNCTION "plan_fecha_unica"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fechas int;
BEGIN
  IF NEW."tipo" <> 'evento' OR NEW."fecha_inicio" IS NULL THEN
    DELETE FROM "plan_fecha" WHERE "plan_id" = NEW."id";
    RETURN NULL;
  END IF;
  SELECT count(*) INTO fechas FROM "plan_fecha" WHERE "plan_id" = NEW."id";
  IF fechas = 0 THEN
    INSERT INTO "plan_fecha" ("plan_id", "inicio", "fin") VALUES (NEW."id", NEW."fecha_inicio", NEW."fecha_fin");
  ELSIF fechas = 1 THEN
    UPDATE "plan_fecha" SET "inicio" = NEW."fecha_inicio", "fin" = NEW."fecha_fin"
    WHERE "plan_id" = NEW."id"
      AND ("inicio" IS DISTINCT FROM NEW."fecha_inicio" OR "fin" IS DISTINCT FROM NEW."fecha_fin");
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "plan_fecha_unica_alta" AFTER INSERT ON "plan" FOR EACH ROW EXECUTE FUNCTION "plan_fecha_unica"();
CREATE TRIGGER "plan_fecha_unica_cambio" AFTER UPDATE OF "tipo", "fecha_inicio", "fecha_fin" ON "plan"
  FOR EACH ROW EXECUTE FUNCTION "plan_fecha_unica"();
