-- Purges for a CDN or caching proxy in front of the app (lib/paginas-publicas/purga.ts).
--
-- Public pages and API answers carry tags naming what they show (plan-<id>, municipio-<ine>,
-- provincia-<code>, org-<id>, portada, patrocinios). Every change to a row those pages show
-- writes the tags to purge here, by trigger, whoever makes it: the API, the back-office, the
-- sources sync, retention, a script or SQL by hand. Each app instance drains the table every
-- half second (one at a time, FOR UPDATE SKIP LOCKED) and hands the tags to the purge adapter;
-- a purge that fails stays here for the next turn. What the clock alone changes (a plan ends, a
-- featuring ends) is written by the same drain, from purga_reloj.

CREATE TABLE "purga_pendiente" (
  "id" BIGSERIAL PRIMARY KEY,
  "etiqueta" TEXT NOT NULL,
  "creada" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- The last instant whose clock changes (ends of plans and of featurings) were purged.
CREATE TABLE "purga_reloj" (
  "unica" BOOLEAN PRIMARY KEY DEFAULT true CHECK ("unica"),
  "visto" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
INSERT INTO "purga_reloj" DEFAULT VALUES;

-- The tags of the pages that show a plan: its own, its town's, its province's, its organization's.
CREATE FUNCTION planazo_etiquetas_plan(id uuid, ine text, organizacion uuid) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    'plan-' || id,
    'municipio-' || ine,
    'provincia-' || left(ine, 2),
    'org-' || organizacion
  ], NULL)
$$;

-- One statement's changed plans (before and after), with the home's tag when a plan comes or
-- goes, is shown or hidden, or is featured or stops being so.
CREATE FUNCTION planazo_purgar_planes() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO purga_pendiente (etiqueta)
      SELECT e FROM viejos o, unnest(planazo_etiquetas_plan(o.id, o.municipio_ine, o.organizacion_id)) e
      UNION SELECT e FROM nuevos n, unnest(planazo_etiquetas_plan(n.id, n.municipio_ine, n.organizacion_id)) e
      UNION SELECT 'portada' WHERE EXISTS (
        SELECT 1 FROM viejos o JOIN nuevos n USING (id)
        WHERE o.visible IS DISTINCT FROM n.visible OR o.destacado_hasta IS DISTINCT FROM n.destacado_hasta
      );
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER plan_purga_alta AFTER INSERT ON "plan"
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION planazo_purgar_planes();
CREATE TRIGGER plan_purga_cambio AFTER UPDATE ON "plan"
  REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION planazo_purgar_planes();
CREATE TRIGGER plan_purga_baja AFTER DELETE ON "plan"
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION planazo_purgar_planes();

-- An organization's page (its plans' pages move on through plan.pagina_version's triggers).
CREATE FUNCTION planazo_purgar_organizacion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO purga_pendiente (etiqueta) VALUES ('org-' || OLD.id);
  RETURN NULL;
END $$;

CREATE TRIGGER organizacion_purga AFTER UPDATE OR DELETE ON "organizacion"
  FOR EACH ROW EXECUTE FUNCTION planazo_purgar_organizacion();

-- Sponsor cards are shown in the lists.
CREATE FUNCTION planazo_purgar_patrocinios() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO purga_pendiente (etiqueta) VALUES ('patrocinios');
  RETURN NULL;
END $$;

CREATE TRIGGER patrocinio_purga AFTER INSERT OR UPDATE OR DELETE ON "patrocinio"
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_purgar_patrocinios();
