-- Search speed (issue 4).
--
-- 1. plan.dias_semana: the weekdays of an experience's slots as a bit mask (bit d = dia_semana
--    d, 0 Sunday … 6 Saturday), kept by triggers on horario_disponible. The date-window test
--    becomes one AND of two masks instead of a subquery per row.
ALTER TABLE "plan" ADD COLUMN "dias_semana" SMALLINT NOT NULL DEFAULT 0;

CREATE FUNCTION planazo_recalcula_dias_semana() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plan p SET dias_semana = coalesce(
      (SELECT bit_or(1 << h.dia_semana) FROM horario_disponible h WHERE h.plan_id = p.id), 0)
  WHERE p.id IN (SELECT DISTINCT plan_id FROM cambiados);
  RETURN NULL;
END $$;

CREATE TRIGGER horario_disponible_dias_insert AFTER INSERT ON "horario_disponible"
  REFERENCING NEW TABLE AS cambiados FOR EACH STATEMENT EXECUTE FUNCTION planazo_recalcula_dias_semana();
CREATE TRIGGER horario_disponible_dias_update AFTER UPDATE ON "horario_disponible"
  REFERENCING NEW TABLE AS cambiados FOR EACH STATEMENT EXECUTE FUNCTION planazo_recalcula_dias_semana();
CREATE TRIGGER horario_disponible_dias_delete AFTER DELETE ON "horario_disponible"
  REFERENCING OLD TABLE AS cambiados FOR EACH STATEMENT EXECUTE FUNCTION planazo_recalcula_dias_semana();

UPDATE "plan" p SET dias_semana = s.mascara
FROM (SELECT plan_id, bit_or(1 << dia_semana)::smallint AS mascara FROM horario_disponible GROUP BY plan_id) s
WHERE s.plan_id = p.id;

-- The weekdays (same bits) of the Madrid dates desde … hasta; 0 when the range is empty.
CREATE FUNCTION planazo_mascara_dias(desde date, hasta date) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN hasta < desde THEN 0
    WHEN hasta - desde >= 6 THEN 127
    -- n consecutive bits from the first weekday, wrapped past Saturday (PostgreSQL gives
    -- <<, >>, | and & one precedence, hence the parentheses).
    ELSE ((((1 << (hasta - desde + 1)) - 1) << extract(dow FROM desde)::int)
          | ((((1 << (hasta - desde + 1)) - 1) << extract(dow FROM desde)::int) >> 7)) & 127
  END
$$;

-- 2. Featured plans are a few percent of all; their own index finds them near a point
--    without walking every plan in the radius.
CREATE INDEX "plan_ubicacion_destacado_idx" ON "plan" USING GIST ("ubicacion") WHERE "destacado" AND "visible";

-- 3. busqueda_version counts the changes to anything a search answer shows (plans, their
--    slots, organization names, posters, sponsor items). The app caches answers per version,
--    so a change is seen by the very next search on every instance.
CREATE TABLE "busqueda_version" (
  "id" BOOLEAN PRIMARY KEY DEFAULT true CHECK ("id"),
  "version" BIGINT NOT NULL DEFAULT 0
);
INSERT INTO "busqueda_version" DEFAULT VALUES;

CREATE FUNCTION planazo_nueva_version_busqueda() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE busqueda_version SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER plan_busqueda_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plan"
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_nueva_version_busqueda();
CREATE TRIGGER horario_disponible_busqueda_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "horario_disponible"
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_nueva_version_busqueda();
CREATE TRIGGER organizacion_busqueda_version AFTER UPDATE OR DELETE OR TRUNCATE ON "organizacion"
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_nueva_version_busqueda();
CREATE TRIGGER archivo_busqueda_version AFTER UPDATE OR DELETE OR TRUNCATE ON "archivo"
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_nueva_version_busqueda();
CREATE TRIGGER patrocinio_busqueda_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "patrocinio"
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_nueva_version_busqueda();
