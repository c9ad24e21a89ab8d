-- Those who saved a plan of several dates hear of the date that moved or was cancelled, by name
-- ("la verbena del sábado pasa a las 00:30"), not of the plan's span: the plan's own 'movido'
-- stays for a plan of one date. Written, as every aviso_plan row, in the change's own transaction,
-- whoever changes the dates (the forms, a source's sync, raw SQL).
ALTER TABLE "aviso_plan" DROP CONSTRAINT "aviso_plan_tipo_check";
ALTER TABLE "aviso_plan" ADD CONSTRAINT "aviso_plan_tipo_check"
  CHECK ("tipo" IN ('publicado', 'movido', 'cancelado', 'fecha_movida', 'fecha_cancelada'));
-- The date's own title (an act) and its start before the change.
ALTER TABLE "aviso_plan" ADD COLUMN "fecha_titulo" TEXT, ADD COLUMN "fecha_antes" TIMESTAMPTZ(3);

-- Per statement: a source's sync moves many dates at once. A date already over is not news; the
-- one date of a plan of one date follows the plan's own columns (pg_trigger_depth > 1), and the
-- dates a deleted plan takes with it find no plan.
CREATE FUNCTION "aviso_fecha_cambio"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    INSERT INTO aviso_plan (tipo, plan_id, titulo, municipio, fecha_inicio, fecha_fin, organizacion_id, usuarios,
                            fecha_titulo, fecha_antes)
    SELECT 'fecha_cancelada', p.id, p.titulo, p.municipio, v.inicio, v.fin, p.organizacion_id, g.usuarios, v.titulo, v.inicio
    FROM viejas v JOIN plan p ON p.id = v.plan_id,
      LATERAL (SELECT array_agg(f.usuario_id) AS usuarios FROM favorito f WHERE f.plan_id = p.id) g
    WHERE p.visible AND coalesce(v.fin, v.inicio) >= now() AND g.usuarios IS NOT NULL
      AND EXISTS (SELECT 1 FROM plan_fecha d WHERE d.plan_id = p.id);
  ELSE
    INSERT INTO aviso_plan (tipo, plan_id, titulo, municipio, fecha_inicio, fecha_fin, organizacion_id, usuarios,
                            fecha_titulo, fecha_antes)
    SELECT 'fecha_movida', p.id, p.titulo, p.municipio, n.inicio, n.fin, p.organizacion_id, g.usuarios, n.titulo, v.inicio
    FROM nuevas n JOIN viejas v ON v.id = n.id JOIN plan p ON p.id = n.plan_id,
      LATERAL (SELECT array_agg(f.usuario_id) AS usuarios FROM favorito f WHERE f.plan_id = p.id) g
    WHERE (n.inicio IS DISTINCT FROM v.inicio OR n.fin IS DISTINCT FROM v.fin)
      AND p.visible AND coalesce(v.fin, v.inicio) >= now() AND g.usuarios IS NOT NULL
      AND (SELECT count(*) FROM plan_fecha d WHERE d.plan_id = p.id) > 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "plan_fecha_aviso_cambio" AFTER UPDATE ON "plan_fecha"
  REFERENCING NEW TABLE AS nuevas OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "aviso_fecha_cambio"();
CREATE TRIGGER "plan_fecha_aviso_baja" AFTER DELETE ON "plan_fecha"
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION "aviso_fecha_cambio"();

-- The plan's own notices: a plan of several dates (before or after the change) has its dates'
-- instead of 'movido' for its span.
CREATE OR REPLACE FUNCTION "aviso_plan_cambio"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ELSIF OLD.visible AND NEW.visible AND OLD.fechas_varias = 0 AND NEW.fechas_varias = 0
        AND (OLD.fecha_inicio IS DISTINCT FROM NEW.fecha_inicio OR OLD.fecha_fin IS DISTINCT FROM NEW.fecha_fin) THEN
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
