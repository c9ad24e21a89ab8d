-- Issue 15, item 8: the team marks an organization as verified (/gestion/organizaciones); a
-- verified organization shows "Verificada" on its page and its plans. The change is an UPDATE of
-- organizacion, so the statement trigger of 20261122020000_search_speed moves busqueda_version.
ALTER TABLE "organizacion"
  ADD COLUMN "verificada" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "verificada_en" TIMESTAMPTZ(3);

-- The back-office lists organizations newest first (keyset on fecha_creacion, id).
CREATE INDEX "organizacion_fecha_creacion_id_idx" ON "organizacion" ("fecha_creacion" DESC, "id" DESC);
