-- Sources: plans that arrive from iCalendar feeds, pages with schema.org Event and open-data
-- agendas, kept in sync (lib/fuentes/).
--
--  - "fuente": one per URL and owner. Its owner is an organization and its user, or the team's
--    own "Agenda Planazo" account (created below; it has no password and no verified e-mail,
--    and its address is in the reserved .invalid domain, so nobody can log in as it or reset
--    its password). The last result and the conditional-GET validators live on the row;
--    "sincronizando_hasta" is a lease, so two runs (two instances, cron and a button) never
--    sync one source at once. A deleted source keeps its row ("eliminada_en") so its plans
--    keep saying where they came from; they are hidden, not deleted.
--  - "fuente_item": what the source said about each of its items, keyed by (source, item key):
--    the plan it made or was linked to, and a hash of what was written, so an unchanged item
--    costs no write. A row whose plan_id became NULL was deleted by its owner: never recreated.
--  - "plan" gains the source it came from, the original's URL (not enlace_web_exterior: a card
--    with that field opens the external site), and whether its owner edited it (then the
--    source stops overwriting it).
CREATE TYPE "publicacion_fuente" AS ENUM ('directa', 'revision');

CREATE TABLE "fuente" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "nombre" VARCHAR(100) NOT NULL,
    "url" VARCHAR(2000) NOT NULL,
    "tipo" VARCHAR(20) NOT NULL,
    "usuario_id" TEXT NOT NULL,
    "organizacion_id" UUID,
    "categorias" "categoria"[] NOT NULL DEFAULT ARRAY[]::"categoria"[],
    "municipio_ine" CHAR(5),
    "publicacion" "publicacion_fuente" NOT NULL DEFAULT 'directa',
    "intervalo_minutos" INTEGER NOT NULL DEFAULT 60,
    "pausada" BOOLEAN NOT NULL DEFAULT false,
    "eliminada_en" TIMESTAMPTZ(3),
    "etag" VARCHAR(500),
    "last_modified" VARCHAR(100),
    "sincronizada_en" TIMESTAMPTZ(3),
    "proxima_en" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sincronizando_hasta" TIMESTAMPTZ(3),
    "resultado" JSONB,
    "creada_en" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fuente_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "fuente_intervalo_check" CHECK ("intervalo_minutos" BETWEEN 5 AND 10080),
    CONSTRAINT "fuente_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "fuente_organizacion_id_fkey" FOREIGN KEY ("organizacion_id") REFERENCES "organizacion"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "fuente_municipio_ine_fkey" FOREIGN KEY ("municipio_ine") REFERENCES "municipio"("ine") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "fuente_organizacion_id_idx" ON "fuente"("organizacion_id");
CREATE INDEX "fuente_proxima_en_idx" ON "fuente"("proxima_en");

CREATE TABLE "fuente_item" (
    "fuente_id" UUID NOT NULL,
    "clave" VARCHAR(600) NOT NULL,
    "plan_id" UUID,
    "vinculado" BOOLEAN NOT NULL DEFAULT false,
    "huella" CHAR(64) NOT NULL,
    "imagen_url" VARCHAR(2000),
    "pendiente" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "fuente_item_pkey" PRIMARY KEY ("fuente_id", "clave"),
    CONSTRAINT "fuente_item_fuente_id_fkey" FOREIGN KEY ("fuente_id") REFERENCES "fuente"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "fuente_item_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plan"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "fuente_item_plan_id_idx" ON "fuente_item"("plan_id");

ALTER TABLE "plan" ADD COLUMN "fuente_id" UUID,
    ADD COLUMN "url_original" VARCHAR(2000),
    ADD COLUMN "editado_por_duena" BOOLEAN NOT NULL DEFAULT false,
    ADD CONSTRAINT "plan_fuente_id_fkey" FOREIGN KEY ("fuente_id") REFERENCES "fuente"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "plan_fuente_id_idx" ON "plan"("fuente_id");

-- A source's new name shows on its plans' pages ("Publicado desde …"); nothing else of the
-- source does, so its other updates (each sync's result) leave the pages alone.
CREATE FUNCTION planazo_fuente_nueva_version_pagina() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plan SET pagina_version = pagina_version + 1 WHERE fuente_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER fuente_pagina_version AFTER UPDATE OF "nombre" ON "fuente"
  FOR EACH ROW WHEN (OLD."nombre" IS DISTINCT FROM NEW."nombre") EXECUTE FUNCTION planazo_fuente_nueva_version_pagina();

INSERT INTO "usuario" ("id", "name", "email", "email_verified")
VALUES ('agenda-planazo', 'Agenda Planazo', 'agenda@planazo.invalid', false)
ON CONFLICT ("id") DO NOTHING;
