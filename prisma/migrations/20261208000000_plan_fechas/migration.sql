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
    UPDATE "plan" SET "fechas_varias" = 0 WHERE "id" = NEW."id" AND "fechas_varias" <> 0;
    RETURN NULL;
  END IF;
  SELECT count(*) INTO fechas FROM "plan_fecha" WHERE "plan_id" = NEW."id";
  IF fechas = 0 THEN
    -- An event that had none (it was an experience, or had no start).
    INSERT INTO "plan_fecha" ("plan_id", "inicio", "fin") VALUES (NEW."id", NEW."fecha_inicio", NEW."fecha_fin");
  ELSIF fechas = 1 THEN
    UPDATE "plan_fecha" SET "inicio" = NEW."fecha_inicio", "fin" = NEW."fecha_fin"
    WHERE "plan_id" = NEW."id"
      AND ("inicio" IS DISTINCT FROM NEW."fecha_inicio" OR "fin" IS DISTINCT FROM NEW."fecha_fin");
  END IF;
  RETURN NULL;
END $$;

-- New plans get theirs in one statement per INSERT (a source's page writes a thousand at once).
CREATE FUNCTION "plan_fecha_altas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "plan_fecha" ("plan_id", "inicio", "fin")
  SELECT "id", "fecha_inicio", "fecha_fin" FROM nuevos WHERE "tipo" = 'evento' AND "fecha_inicio" IS NOT NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER "plan_fecha_unica_alta" AFTER INSERT ON "plan"
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION "plan_fecha_altas"();
CREATE TRIGGER "plan_fecha_unica_cambio" AFTER UPDATE OF "tipo", "fecha_inicio", "fecha_fin" ON "plan"
  FOR EACH ROW EXECUTE FUNCTION "plan_fecha_unica"();

-- How many dates a plan has when it has several (0 for one, or none): the search looks at a plan's
-- dates only then (lib/busqueda/registro.ts), the index holds them only then.
ALTER TABLE "plan" ADD COLUMN "fechas_varias" smallint NOT NULL DEFAULT 0;

-- A plan of several dates keeps fechas_varias and its span (fecha_inicio, fecha_fin) from its
-- dates, whoever writes them. The one date that plan_fecha_unica keeps in step with the span is
-- left alone (pg_trigger_depth): it changes neither.
CREATE FUNCTION "plan_fechas_varias"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  planes uuid[];
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT plan_id) INTO planes FROM nuevas;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT plan_id) INTO planes FROM viejas;
  ELSE
    SELECT array_agg(DISTINCT plan_id) INTO planes FROM (SELECT plan_id FROM nuevas UNION SELECT plan_id FROM viejas) x;
  END IF;
  WITH cuentas AS (
    -- The span: the first start to the last end (a date without one ends as it starts).
    SELECT a.plan_id, count(f.id)::smallint AS n, min(f.inicio) AS inicio, max(coalesce(f.fin, f.inicio)) AS fin
    FROM unnest(planes) AS a(plan_id) LEFT JOIN "plan_fecha" f ON f.plan_id = a.plan_id GROUP BY a.plan_id)
  UPDATE "plan" p SET
    "fechas_varias" = CASE WHEN c.n > 1 THEN c.n ELSE 0 END,
    "fecha_inicio" = CASE WHEN c.n > 0 THEN c.inicio ELSE p."fecha_inicio" END,
    "fecha_fin" = CASE WHEN c.n > 0 THEN c.fin ELSE p."fecha_fin" END
  FROM cuentas c
  WHERE p.id = c.plan_id AND (c.n > 1 OR p."fechas_varias" > 0)
    AND (p."fechas_varias" IS DISTINCT FROM (CASE WHEN c.n > 1 THEN c.n ELSE 0 END)
      OR (c.n > 0 AND (p."fecha_inicio" IS DISTINCT FROM c.inicio OR p."fecha_fin" IS DISTINCT FROM c.fin))
      -- A change of the dates alone (same count and span) is still a change of the plan: the
      -- search index and the cached pages read plans by their row's change counters.
      OR TG_OP = 'UPDATE');
  RETURN NULL;
END $$;

CREATE TRIGGER "plan_fechas_varias_alta" AFTER INSERT ON "plan_fecha"
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION "plan_fechas_varias"();
CREATE TRIGGER "plan_fechas_varias_cambio" AFTER UPDATE ON "plan_fecha"
  REFERENCING NEW TABLE AS nuevas OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "plan_fechas_varias"();
CREATE TRIGGER "plan_fechas_varias_baja" AFTER DELETE ON "plan_fecha"
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "plan_fechas_varias"();

-- The date order's next moment (planazo_proximo_momento) of an event of several dates: the first
-- of its dates not ended by `desde`, at its start or at `desde` once it has begun. The search
-- index computes the same (lib/busqueda/indice.ts momento).
CREATE FUNCTION planazo_proximo_momento(plan_id uuid, tipo tipo_plan, fecha_inicio timestamptz, desde timestamptz,
  fechas_varias smallint)
RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN tipo = 'evento' AND fechas_varias > 1 THEN (
    SELECT min(greatest(desde, f.inicio)) FROM plan_fecha f
    WHERE f.plan_id = planazo_proximo_momento.plan_id AND coalesce(f.fin, f.inicio) >= desde)
  ELSE planazo_proximo_momento(plan_id, tipo, fecha_inicio, desde) END
$$;
