-- Issue 18: the calendar and Atom feeds answer Last-Modified and If-Modified-Since from the
-- instant the search version last moved on (lib/plans/feeds.ts). The same statement triggers of
-- 20261122020000_search_speed set it with the version: now() is the writing transaction's start.
ALTER TABLE "busqueda_version" ADD COLUMN "cambiada" TIMESTAMPTZ(3) NOT NULL DEFAULT now();

CREATE OR REPLACE FUNCTION planazo_nueva_version_busqueda() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE busqueda_version SET version = version + 1, cambiada = now();
  RETURN NULL;
END $$;
