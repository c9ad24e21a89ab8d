-- Statement triggers that join a statement's old rows to its new ones, planned for each call.
--
-- PL/pgSQL plans a function's statements on its first call in a session and keeps the plan; a
-- plan made for a transition table of one row (an edit through the API, the usual first call) is
-- a nested loop. Kept for a statement that changes thousands of rows at once (a source deleted
-- sets its plans' source to NULL; a back-office action; a sync's batch; SQL by hand), it reads the
-- new rows once per old row: 5,000 plans took 9 s in these two joins, 25,000 over three minutes.
-- Run through EXECUTE, each call is planned for the rows it has (a hash join for many), at the
-- cost of planning it again (well under a millisecond).

CREATE OR REPLACE FUNCTION planazo_purgar_planes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO purga_pendiente (etiqueta)
      SELECT DISTINCT e FROM nuevos n, unnest(planazo_etiquetas_plan(n.id, n.municipio_ine, n.organizacion_id)) e
      UNION SELECT 'portada' WHERE EXISTS (SELECT 1 FROM nuevos);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO purga_pendiente (etiqueta)
      SELECT DISTINCT e FROM viejos o, unnest(planazo_etiquetas_plan(o.id, o.municipio_ine, o.organizacion_id)) e
      UNION SELECT 'portada' WHERE EXISTS (SELECT 1 FROM viejos);
  ELSE
    -- The home's tag from a join whose every match is kept (UNION drops the repeats): EXISTS
    -- would be planned to find a first match soonest, a nested loop, even for many rows.
    EXECUTE $q$
    INSERT INTO purga_pendiente (etiqueta)
      SELECT e FROM viejos o, unnest(planazo_etiquetas_plan(o.id, o.municipio_ine, o.organizacion_id)) e
      UNION SELECT e FROM nuevos n, unnest(planazo_etiquetas_plan(n.id, n.municipio_ine, n.organizacion_id)) e
      UNION SELECT 'portada' FROM viejos o JOIN nuevos n USING (id)
        WHERE o.visible IS DISTINCT FROM n.visible OR o.destacado_hasta IS DISTINCT FROM n.destacado_hasta
    $q$;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION planazo_vocabulario_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
  SELECT planazo_nuevas_palabras(ARRAY(
    SELECT planazo_texto_plan(n.titulo, n.categorias, n.descripcion, n.direccion, n.municipio, n.organizacion_id,
      n.titulos_fechas)
    FROM nuevas n JOIN viejas v ON v.id = n.id WHERE n.palabras IS DISTINCT FROM v.palabras))
  $q$;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "aviso_fecha_cambio"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    EXECUTE $q$
    INSERT INTO aviso_plan (tipo, plan_id, titulo, municipio, fecha_inicio, fecha_fin, organizacion_id, usuarios,
                            fecha_titulo, fecha_antes)
    SELECT 'fecha_movida', p.id, p.titulo, p.municipio, n.inicio, n.fin, p.organizacion_id, g.usuarios, n.titulo, v.inicio
    FROM nuevas n JOIN viejas v ON v.id = n.id JOIN plan p ON p.id = n.plan_id,
      LATERAL (SELECT array_agg(f.usuario_id) AS usuarios FROM favorito f WHERE f.plan_id = p.id) g
    WHERE (n.inicio IS DISTINCT FROM v.inicio OR n.fin IS DISTINCT FROM v.fin)
      AND p.visible AND coalesce(v.fin, v.inicio) >= now() AND g.usuarios IS NOT NULL
      AND (SELECT count(*) FROM plan_fecha d WHERE d.plan_id = p.id) > 1
    $q$;
  END IF;
  RETURN NULL;
END $$;
