-- Issue 18, part 4: "follow my town" and its weekly e-mail.

-- A follow: a municipality, a radius and categories (empty: all), for a user or, without an
-- account, for an e-mail address that must confirm it first (double opt-in). The same person
-- following the same town again updates the row (the two unique indexes).
CREATE TABLE "seguimiento" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "usuario_id" TEXT,
    "email" VARCHAR(254),
    "municipio_ine" CHAR(5) NOT NULL,
    "radio" INTEGER NOT NULL,
    "categorias" "categoria"[] NOT NULL DEFAULT ARRAY[]::"categoria"[],
    -- NULL until the address confirms (always set for users): unconfirmed follows get no e-mail.
    "confirmado_en" TIMESTAMPTZ(3),
    -- The pending confirmation link (sha256 of its token), its end, and the radius and
    -- categories it asked for (applied when confirmed, so a stranger typing someone's address
    -- changes nothing).
    "token_hash" VARCHAR(64),
    "token_caduca_en" TIMESTAMPTZ(3),
    "radio_pedido" INTEGER,
    "categorias_pedidas" "categoria"[] NOT NULL DEFAULT ARRAY[]::"categoria"[],
    "creado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actualizado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seguimiento_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "seguimiento_persona_check" CHECK (("usuario_id" IS NULL) <> ("email" IS NULL)),
    CONSTRAINT "seguimiento_radio_check" CHECK ("radio" BETWEEN 0 AND 50 AND ("radio_pedido" IS NULL OR "radio_pedido" BETWEEN 0 AND 50)),
    CONSTRAINT "seguimiento_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "seguimiento_municipio_ine_fkey" FOREIGN KEY ("municipio_ine") REFERENCES "municipio"("ine") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "seguimiento_usuario_municipio_key" ON "seguimiento"("usuario_id", "municipio_ine");
CREATE UNIQUE INDEX "seguimiento_email_municipio_key" ON "seguimiento"("email", "municipio_ine");
CREATE UNIQUE INDEX "seguimiento_token_hash_key" ON "seguimiento"("token_hash");

-- The links of the e-mails to manage or stop one's follows without logging in (sha256 of a
-- random token, for a user or an address), each valid for a while.
CREATE TABLE "seguimiento_enlace" (
    "token_hash" VARCHAR(64) NOT NULL,
    "usuario_id" TEXT,
    "email" VARCHAR(254),
    "caduca_en" TIMESTAMPTZ(3) NOT NULL,
    "creado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seguimiento_enlace_pkey" PRIMARY KEY ("token_hash"),
    CONSTRAINT "seguimiento_enlace_persona_check" CHECK (("usuario_id" IS NULL) <> ("email" IS NULL)),
    CONSTRAINT "seguimiento_enlace_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "seguimiento_enlace_caduca_en_idx" ON "seguimiento_enlace"("caduca_en");

-- One weekly e-mail per person and ISO week: claimed in the transaction that writes its outbox
-- row, so two runs at once send it once. Kept even when there was nothing to say.
CREATE TABLE "resumen_semanal" (
    "persona" VARCHAR(300) NOT NULL,
    "semana" CHAR(8) NOT NULL,
    "enviado" BOOLEAN NOT NULL,
    "creado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resumen_semanal_pkey" PRIMARY KEY ("persona", "semana")
);

-- Extra headers of an e-mail (List-Unsubscribe, List-Unsubscribe-Post), passed to the provider.
ALTER TABLE "email_outbox" ADD COLUMN "headers" JSONB;
