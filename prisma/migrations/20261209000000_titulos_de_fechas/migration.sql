-- A programme's acts are searched by their words: "verbena" finds the fiestas whose programme has
-- one. plan.titulos_fechas holds the distinct titles of a plan's dates, kept by the dates' own
-- statement triggers, and is one more part of the text a plan is searched by (planazo_texto_plan),
-- so PostgreSQL and the search index, which both read plan.palabras, find the plan by them alike.
ALTER TABLE "plan" ADD COLUMN "titulos_fechas" text;

CREATE FUNCTION planazo_texto_plan(titulo text, categorias categoria[], descripcion text, direccion text,
                                   municipio text, organizacion_id uuid, titulos_fechas text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', titulo, array_to_string(categorias::text[], ' '), descripcion, direccion, municipio,
                   (SELECT o.nombre FROM organizacion o WHERE o.id = organizacion_id), titulos_fechas)
$$;

CREATE OR REPLACE FUNCTION planazo_palabras_de_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.palabras := planazo_palabras_texto(planazo_texto_plan(NEW.titulo, NEW.categorias, NEW.descripcion, NEW.direccion,
    NEW.municipio, NEW.organizacion_id, NEW.titulos_fechas));
  RETURN NEW;
END $$;
DROP TRIGGER plan_palabras ON "plan";
CREATE TRIGGER plan_palabras BEFORE INSERT OR UPDATE OF titulo, categorias, descripcion, direccion, municipio,
  organizacion_id, titulos_fechas ON "plan" FOR EACH ROW EXECUTE FUNCTION planazo_palabras_de_plan();

CREATE OR REPLACE FUNCTION planazo_vocabulario_alta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM planazo_nuevas_palabras(ARRAY(
    SELECT planazo_texto_plan(n.titulo, n.categorias, n.descripcion, n.direccion, n.municipio, n.organizacion_id,
      n.titulos_fechas)
    FROM nuevas n));
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION planazo_vocabulario_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM planazo_nuevas_palabras(ARRAY(
    SELECT planazo_texto_plan(n.titulo, n.categorias, n.descripcion, n.direccion, n.municipio, n.organizacion_id,
      n.titulos_fechas)
    FROM nuevas n JOIN viejas v ON v.id = n.id WHERE n.palabras IS DISTINCT FROM v.palabras));
  RETURN NULL;
END $$;
DROP FUNCTION planazo_texto_plan(text, categoria[], text, text, text, uuid);

-- The dates' statement triggers keep the titles with the count and the span.
CREATE OR REPLACE FUNCTION "plan_fechas_varias"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- The acts' titles apart, and only where they changed: writing the column recomputes the
  -- plan's words (plan_palabras), which a moved date leaves as they were.
  WITH titulos AS (
    SELECT a.plan_id, string_agg(DISTINCT f.titulo, ' ' ORDER BY f.titulo) AS titulos
    FROM unnest(planes) AS a(plan_id) LEFT JOIN "plan_fecha" f ON f.plan_id = a.plan_id GROUP BY a.plan_id)
  UPDATE "plan" p SET "titulos_fechas" = t.titulos
  FROM titulos t
  WHERE p.id = t.plan_id AND p."titulos_fechas" IS DISTINCT FROM t.titulos;
  RETURN NULL;
END $$;

UPDATE "plan" p SET "titulos_fechas" = t.titulos
FROM (SELECT plan_id, string_agg(DISTINCT titulo, ' ' ORDER BY titulo) AS titulos
      FROM "plan_fecha" WHERE titulo IS NOT NULL GROUP BY plan_id) t
WHERE p.id = t.plan_id;
