-- Search: nearest first from the GiST index (issue 7).
--
-- The search now reads a page by walking plan_ubicacion_idx (and the featured plans' index) in
-- distance order and stops after the page's rows; the total is one count over the plans within
-- the radius. Neither needs these two indexes, and the planner used to AND them into both:
-- plan_fecha_fin_idx matches almost every listed plan (a bitmap of ~99% of the table for every
-- search) and plan_categorias_idx matches a category in a third of Spain. With them, a count in
-- a dense area took ~235-285 ms and a featured page ~165 ms; without, ~195 ms and ~20 ms
-- (1,000,000 plans, Madrid, 50 km). No other query filters plans by these columns alone.
DROP INDEX IF EXISTS "plan_fecha_fin_idx";
DROP INDEX IF EXISTS "plan_categorias_idx";
