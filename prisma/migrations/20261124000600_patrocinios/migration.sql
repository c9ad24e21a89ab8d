-- Issue 15, item 5: the team runs the sponsor cards from /gestion/patrocinios (admin only).
-- A sponsor card is shown while it is not paused (activo) and today, in Madrid, falls within its
-- days (activo_desde and activo_hasta, both included, either open). Active cards take turns in
-- `orden`: the first page of every search shows the first, the second page the second… (lib/plans/search.ts).
ALTER TABLE "patrocinio"
  ADD COLUMN "activo_desde" DATE,
  ADD COLUMN "activo_hasta" DATE,
  ADD COLUMN "orden" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  ADD CONSTRAINT "patrocinio_fechas_check" CHECK ("activo_desde" IS NULL OR "activo_hasta" IS NULL OR "activo_hasta" >= "activo_desde"),
  ADD CONSTRAINT "patrocinio_orden_check" CHECK ("orden" >= 0);

-- The cards that exist keep the turn they had (by creation).
UPDATE "patrocinio" SET "orden" = n.orden
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id")::int AS orden FROM "patrocinio") n
WHERE n."id" = "patrocinio"."id";

CREATE INDEX "patrocinio_orden_idx" ON "patrocinio" ("orden", "id");
