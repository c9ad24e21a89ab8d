-- First visit (issue 14, item 9).
--
-- 'Usar mi ubicación': the nearest municipality to the browser's position, read by walking this
-- index in distance order (KNN, `<->`) and stopping at the first row. An expression index, so the
-- gazetteer keeps its two plain coordinate columns.
CREATE INDEX "municipio_punto_idx" ON "municipio" USING GIST ((ST_SetSRID(ST_MakePoint("lng", "lat"), 4326)::geography))
  WHERE "lat" IS NOT NULL AND "lng" IS NOT NULL;

-- 'Destacados': the featured plans still listed, soonest first. Few plans are featured, so this
-- small partial index is all the home's first visit reads for them.
CREATE INDEX "plan_destacado_inicio_idx" ON "plan" ("fecha_inicio", "id") WHERE "destacado" AND "visible";

-- 'Pueblos con más planes': a count of the listed plans per municipality, read from this index
-- alone (index-only scan) rather than from the table's rows.
CREATE INDEX "plan_municipio_fin_idx" ON "plan" ("municipio_ine", "fecha_fin") WHERE "visible" AND "municipio_ine" IS NOT NULL;
