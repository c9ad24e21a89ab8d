-- The purge drain asks every half second, in each instance with a purge adapter, which visible
-- plans ended or stopped being featured since its last turn (lib/paginas-publicas/purga.ts).
-- Without an index on the end that was a sequential scan of every plan (48 ms at 100,000 plans,
-- so about half a second at a million, twice a second); featurings already have
-- plan_destacado_hasta_idx (visible, featured).
CREATE INDEX "plan_fecha_fin_visible_idx" ON "plan" ("fecha_fin") WHERE "visible" AND "fecha_fin" IS NOT NULL;
