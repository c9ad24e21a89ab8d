-- Featuring that ends by itself (issue 15, "Plans"): plan.destacado (a boolean set by hand)
-- becomes plan.destacado_hasta, the instant the featuring ends. A plan is featured while
-- destacado_hasta > now(); nothing has to run at that instant for it to stop. The app's search
-- memo folds the next such instant into its key (lib/plans/search.ts, versionBusqueda), so no
-- cached answer outlives a featuring.
ALTER TABLE "plan" ADD COLUMN "destacado_hasta" TIMESTAMPTZ(3);

-- Backfill. A featured plan was featured "for as long as it runs", with no end agreed: keep it
-- featured until its end (fecha_fin; plans without one are experiences with no end date), and
-- at least from today, plus 30 days, the advertised monthly term. The 30 days past the end
-- change nothing a visitor sees (a finished plan is not listed) but keep the featuring of an
-- owner who moves the dates later. The team can shorten or end any of them in the back-office.
UPDATE "plan" SET "destacado_hasta" = greatest(coalesce("fecha_fin", now()), now()) + interval '30 days'
WHERE "destacado";

DROP INDEX "plan_ubicacion_destacado_idx";
DROP INDEX "plan_destacado_inicio_idx";
ALTER TABLE "plan" DROP COLUMN "destacado";

-- The same partial indexes as before, over the plans ever featured and still visible. A plan
-- whose featuring has ended stays in them (a few rows more in a small index) until the team
-- clears the date; queries test destacado_hasta > now() on top.
-- Search's featured branch: nearest first (KNN) among the featured plans (20261122020000).
CREATE INDEX "plan_ubicacion_destacado_idx" ON "plan" USING GIST ("ubicacion") WHERE "destacado_hasta" IS NOT NULL AND "visible";
-- The home's 'Destacados': soonest first (20261123200000).
CREATE INDEX "plan_destacado_inicio_idx" ON "plan" ("fecha_inicio", "id") WHERE "destacado_hasta" IS NOT NULL AND "visible";
-- The next featuring to end, read with busqueda_version on every search: one index probe.
CREATE INDEX "plan_destacado_hasta_idx" ON "plan" ("destacado_hasta") WHERE "destacado_hasta" IS NOT NULL AND "visible";
