-- Issue 17: plan pages are served from a cache in each instance (lib/plans/pagina-cache.ts),
-- keyed by plan.pagina_version, which every change to what the page shows moves on, by trigger,
-- so a change made anywhere (the API, the back-office, a script, SQL by hand) is seen by the very
-- next request on every instance: each request reads the version in one primary-key lookup.
--
--  - Any UPDATE of the plan row (an edit, hiding or showing it, featuring, a new poster; a
--    cascade from a deleted organization or poster file; the slots too, whose triggers of
--    20261122020000_search_speed update plan.dias_semana on every change).
--  - An organization's new name or verification, and a poster file's new variants: the plans
--    that show them.
--  - A deleted plan has no row, so no page to serve.
ALTER TABLE "plan" ADD COLUMN "pagina_version" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION planazo_plan_nueva_version_pagina() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.pagina_version := OLD.pagina_version + 1;
  RETURN NEW;
END $$;

CREATE TRIGGER plan_pagina_version BEFORE UPDATE ON "plan"
  FOR EACH ROW EXECUTE FUNCTION planazo_plan_nueva_version_pagina();

-- The plans that show a changed row of another table: those whose column TG_ARGV[0] holds its id.
CREATE FUNCTION planazo_planes_nueva_version_pagina() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE plan SET pagina_version = pagina_version + 1 WHERE %I IN (SELECT id FROM cambiados)', TG_ARGV[0]);
  RETURN NULL;
END $$;

CREATE TRIGGER organizacion_pagina_version AFTER UPDATE ON "organizacion"
  REFERENCING NEW TABLE AS cambiados FOR EACH STATEMENT EXECUTE FUNCTION planazo_planes_nueva_version_pagina('organizacion_id');
CREATE TRIGGER archivo_pagina_version AFTER UPDATE ON "archivo"
  REFERENCING NEW TABLE AS cambiados FOR EACH STATEMENT EXECUTE FUNCTION planazo_planes_nueva_version_pagina('archivo_cartel_id');
