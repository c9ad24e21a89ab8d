-- Suspended accounts (issue 15, item 7). A suspension hides the person's visible plans through
-- the one flag every reader already honours (plan.visible), and marks which ones it hid, so a
-- restore brings back exactly those: a plan the team had hidden for its own reason stays hidden.
ALTER TABLE "usuario"
  ADD COLUMN "suspendido_en" TIMESTAMPTZ(3),
  ADD COLUMN "suspendido_motivo" VARCHAR(500);
ALTER TABLE "plan" ADD COLUMN "oculto_por_suspension" BOOLEAN NOT NULL DEFAULT false;
