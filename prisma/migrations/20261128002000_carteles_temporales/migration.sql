-- Posters chosen in the publishing wizard before their plan exists.
--
-- The wizard stores a poster as soon as it is chosen, through the same pipeline as a plan's
-- poster (an "archivo" row and its variants), so a draft resumed days later still has it. This
-- row says whose poster it is and since when. Publishing with it hands the "archivo" row to the
-- new plan and deletes this row in the same transaction; `npm run retencion` deletes the rows
-- older than 7 days with their "archivo" rows and files.
CREATE TABLE "cartel_temporal" (
    "archivo_id" UUID NOT NULL,
    "usuario_id" TEXT NOT NULL,
    "creado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cartel_temporal_pkey" PRIMARY KEY ("archivo_id"),
    CONSTRAINT "cartel_temporal_archivo_id_fkey" FOREIGN KEY ("archivo_id") REFERENCES "archivo"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "cartel_temporal_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "cartel_temporal_usuario_id_creado_en_idx" ON "cartel_temporal"("usuario_id", "creado_en");
CREATE INDEX "cartel_temporal_creado_en_idx" ON "cartel_temporal"("creado_en");
