-- Why a plan was reported, so the team can sort the queue: one of the reasons the report
-- dialog offers (lib/reportes/motivos.ts), and an optional text in the reporter's words. Reports
-- made before reasons existed, and by apps that send none, keep NULL: "sin motivo".
ALTER TABLE "reporte"
  ADD COLUMN "motivo" VARCHAR(20),
  ADD COLUMN "detalle" VARCHAR(300),
  ADD CONSTRAINT "reporte_motivo_check" CHECK (
    "motivo" IS NULL OR "motivo" IN ('falsa', 'inapropiado', 'spam', 'caducado', 'otro'));
