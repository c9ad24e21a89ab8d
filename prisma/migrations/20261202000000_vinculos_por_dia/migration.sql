-- A source's new item is linked to a plan already here that starts the same day in its town or
-- within 1 km: both are looked up by place and day, so that a lookup reads that day's plans
-- there and not every plan the town or the spot has had (a city's centre holds thousands).
CREATE EXTENSION IF NOT EXISTS btree_gist;

DROP INDEX IF EXISTS "plan_municipio_ine_idx";
CREATE INDEX "plan_municipio_inicio_idx" ON "plan" ("municipio_ine", "fecha_inicio");
CREATE INDEX "plan_ubicacion_inicio_idx" ON "plan" USING GIST ("ubicacion", "fecha_inicio");
