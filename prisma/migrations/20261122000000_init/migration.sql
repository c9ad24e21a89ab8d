-- Planazo initial schema. Written by hand (see DESIGN.md § Migrations) to match
-- prisma/schema.prisma; lib/db/schema-match.test.ts keeps the two in step.

CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- Lower case, no accents, only letters, digits and single spaces. IMMUTABLE so it can back
-- indexes; unaccent() itself is only STABLE because its dictionary could change, which
-- ours never does.
CREATE FUNCTION planazo_normaliza(texto text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT btrim(regexp_replace(
    lower(public.unaccent('public.unaccent'::regdictionary, texto)),
    '[^a-z0-9]+', ' ', 'g'))
$$;

-- The same without a leading article (El Ejido → ejido, A Coruña → coruna, L'Eliana → eliana).
CREATE FUNCTION planazo_sin_articulo(texto text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT regexp_replace(planazo_normaliza(texto),
    '^(el|la|los|las|lo|l|les|els|o|os|a|as|es|sa|ses|s|na|n) ', '')
$$;

-- ───────────────────────── Enums ─────────────────────────
CREATE TYPE "tipo_plan" AS ENUM ('evento', 'experiencia');
CREATE TYPE "categoria" AS ENUM ('Otros', 'Deporte', 'Fiestas de pueblo', 'Aventura', 'Turismo',
  'Fiesta', 'Infantil', 'Cultura', 'Taller', 'Gastronomía');

-- ───────────────────────── Accounts ─────────────────────────
CREATE TABLE "usuario" (
    "id" TEXT NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "google" BOOLEAN NOT NULL DEFAULT false,
    "recordatorios" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "usuario_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "usuario_name_check" CHECK (btrim("name") <> ''),
    -- E-mails are stored trimmed and lower-cased so uniqueness is case-insensitive.
    CONSTRAINT "usuario_email_check" CHECK ("email" = lower(btrim("email")) AND "email" ~ '^\S+@\S+\.[A-Za-z]{2,}$')
);
CREATE UNIQUE INDEX "usuario_email_key" ON "usuario"("email");

CREATE TABLE "sesion" (
    "id" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sesion_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "sesion_token_key" ON "sesion"("token");
CREATE INDEX "sesion_user_id_idx" ON "sesion"("user_id");

CREATE TABLE "cuenta" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "access_token" TEXT,
    "refresh_token" TEXT,
    "id_token" TEXT,
    "access_token_expires_at" TIMESTAMPTZ(3),
    "refresh_token_expires_at" TIMESTAMPTZ(3),
    "scope" TEXT,
    "password" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "cuenta_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "cuenta_provider_id_account_id_key" ON "cuenta"("provider_id", "account_id");
CREATE INDEX "cuenta_user_id_idx" ON "cuenta"("user_id");

CREATE TABLE "verificacion" (
    "id" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "verificacion_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "verificacion_identifier_idx" ON "verificacion"("identifier");

CREATE TABLE "limite_peticiones" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "last_request" BIGINT NOT NULL,
    CONSTRAINT "limite_peticiones_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "limite_peticiones_key_key" ON "limite_peticiones"("key");

-- ───────────────────────── Files ─────────────────────────
CREATE TABLE "archivo" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "nombre" VARCHAR(255) NOT NULL,
    "path" VARCHAR(500) NOT NULL,
    "url" VARCHAR(1000) NOT NULL,
    "content_type" VARCHAR(100) NOT NULL,
    "md5sum" CHAR(32) NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "variantes" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "archivo_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "archivo_content_type_check" CHECK ("content_type" IN ('image/webp', 'image/jpeg', 'image/png')),
    CONSTRAINT "archivo_dimensiones_check" CHECK ("width" > 0 AND "height" > 0 AND "size" > 0),
    CONSTRAINT "archivo_path_check" CHECK ("path" !~ '(^/|\.\.)')
);
CREATE UNIQUE INDEX "archivo_path_key" ON "archivo"("path");

-- ───────────────────────── Municipalities ─────────────────────────
CREATE TABLE "municipio" (
    "ine" CHAR(5) NOT NULL,
    "nombre" VARCHAR(100) NOT NULL,
    "nombre_oficial" VARCHAR(150) NOT NULL,
    "nombres_alternativos" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "provincia" VARCHAR(60) NOT NULL,
    "comunidad" VARCHAR(60) NOT NULL,
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "poblacion" INTEGER,
    CONSTRAINT "municipio_pkey" PRIMARY KEY ("ine"),
    CONSTRAINT "municipio_ine_check" CHECK ("ine" ~ '^[0-9]{5}$'),
    CONSTRAINT "municipio_coordenadas_check" CHECK (("lat" IS NULL) = ("lng" IS NULL)
      AND ("lat" IS NULL OR ("lat" BETWEEN 27 AND 44.5 AND "lng" BETWEEN -18.5 AND 4.5)))
);

CREATE TABLE "municipio_clave" (
    "ine" CHAR(5) NOT NULL,
    "clave" VARCHAR(150) NOT NULL,
    CONSTRAINT "municipio_clave_pkey" PRIMARY KEY ("ine", "clave"),
    CONSTRAINT "municipio_clave_clave_check" CHECK ("clave" = planazo_normaliza("clave") AND "clave" <> '')
);
CREATE INDEX "municipio_clave_prefijo_idx" ON "municipio_clave"("clave" text_pattern_ops);
CREATE INDEX "municipio_clave_trgm_idx" ON "municipio_clave" USING GIN ("clave" gin_trgm_ops);

-- ───────────────────────── Organizations ─────────────────────────
CREATE TABLE "organizacion" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "nombre" VARCHAR(50) NOT NULL,
    "descripcion" TEXT,
    "direccion" VARCHAR(50) NOT NULL,
    "email_contacto" VARCHAR(50) NOT NULL,
    "telefono_contacto" VARCHAR(50),
    "archivo_logo_id" UUID,
    "usuario_id" TEXT NOT NULL,
    "fecha_creacion" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fecha_actualizacion" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "organizacion_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "organizacion_nombre_check" CHECK (btrim("nombre") <> ''),
    CONSTRAINT "organizacion_email_contacto_check" CHECK ("email_contacto" ~ '^\S+@\S+\.[A-Za-z]{2,}$')
);
CREATE UNIQUE INDEX "organizacion_archivo_logo_id_key" ON "organizacion"("archivo_logo_id");
CREATE INDEX "organizacion_usuario_id_idx" ON "organizacion"("usuario_id");

-- ───────────────────────── Plans ─────────────────────────
CREATE TABLE "plan" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "titulo" VARCHAR(50) NOT NULL,
    "descripcion" TEXT NOT NULL DEFAULT '',
    "tipo" "tipo_plan" NOT NULL,
    "destacado" BOOLEAN NOT NULL DEFAULT false,
    "visible" BOOLEAN NOT NULL DEFAULT true,
    "precio" DECIMAL(10,2),
    "municipio" VARCHAR(100) NOT NULL,
    "municipio_ine" CHAR(5),
    "direccion" VARCHAR(200) NOT NULL,
    "ubicacion" geography(Point,4326) NOT NULL,
    "fecha_inicio" TIMESTAMPTZ(3),
    "fecha_fin" TIMESTAMPTZ(3),
    "categorias" "categoria"[] NOT NULL DEFAULT ARRAY['Otros']::"categoria"[],
    "enlace_web_exterior" VARCHAR(1000),
    "email_contacto" VARCHAR(50),
    "telefono_contacto" VARCHAR(50),
    "archivo_cartel_id" UUID,
    "usuario_id" TEXT NOT NULL,
    "organizacion_id" UUID,
    "fecha_creacion" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fecha_actualizacion" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "plan_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "plan_titulo_check" CHECK (btrim("titulo") <> ''),
    CONSTRAINT "plan_municipio_check" CHECK (btrim("municipio") <> ''),
    CONSTRAINT "plan_precio_check" CHECK ("precio" IS NULL OR "precio" >= 0),
    CONSTRAINT "plan_categorias_check" CHECK (cardinality("categorias") >= 1),
    -- An event has both dates; an experience may have either. Never an end before the start.
    CONSTRAINT "plan_fechas_check" CHECK (
      ("tipo" <> 'evento' OR ("fecha_inicio" IS NOT NULL AND "fecha_fin" IS NOT NULL))
      AND ("fecha_inicio" IS NULL OR "fecha_fin" IS NULL OR "fecha_inicio" <= "fecha_fin")),
    CONSTRAINT "plan_enlace_web_exterior_check" CHECK ("enlace_web_exterior" IS NULL OR "enlace_web_exterior" ~* '^https?://')
);
CREATE UNIQUE INDEX "plan_archivo_cartel_id_key" ON "plan"("archivo_cartel_id");
CREATE INDEX "plan_usuario_id_idx" ON "plan"("usuario_id");
CREATE INDEX "plan_organizacion_id_idx" ON "plan"("organizacion_id");
CREATE INDEX "plan_municipio_ine_idx" ON "plan"("municipio_ine");
CREATE INDEX "plan_ubicacion_idx" ON "plan" USING GIST ("ubicacion");
CREATE INDEX "plan_categorias_idx" ON "plan" USING GIN ("categorias");
CREATE INDEX "plan_fecha_fin_idx" ON "plan"("fecha_fin") WHERE "visible";
CREATE INDEX "plan_titulo_trgm_idx" ON "plan" USING GIN (planazo_normaliza("titulo") gin_trgm_ops);

CREATE TABLE "horario_disponible" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "plan_id" UUID NOT NULL,
    "dia_semana" SMALLINT NOT NULL,
    "hora_inicio" CHAR(5) NOT NULL,
    "hora_fin" CHAR(5) NOT NULL,
    CONSTRAINT "horario_disponible_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "horario_disponible_dia_semana_check" CHECK ("dia_semana" BETWEEN 0 AND 6),
    CONSTRAINT "horario_disponible_horas_check" CHECK (
      "hora_inicio" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
      AND "hora_fin" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
      AND "hora_fin" > "hora_inicio")
);
CREATE INDEX "horario_disponible_plan_id_idx" ON "horario_disponible"("plan_id");

-- ───────────────────────── Favourites, reports, requests ─────────────────────────
CREATE TABLE "favorito" (
    "usuario_id" TEXT NOT NULL,
    "plan_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "recordatorio_enviado" TIMESTAMPTZ(3),
    CONSTRAINT "favorito_pkey" PRIMARY KEY ("usuario_id", "plan_id")
);
CREATE INDEX "favorito_plan_id_idx" ON "favorito"("plan_id");

CREATE TABLE "reporte" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "titulo" VARCHAR(200) NOT NULL,
    "url_archivo" VARCHAR(1000),
    "url_plan" VARCHAR(1000) NOT NULL,
    "plan_id" UUID,
    "usuario_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reporte_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "reporte_plan_id_idx" ON "reporte"("plan_id");

CREATE TABLE "solicitud_destacado" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "telefono" VARCHAR(50) NOT NULL,
    "nombre" VARCHAR(50) NOT NULL,
    "correo" VARCHAR(254) NOT NULL,
    "nombre_plan" VARCHAR(50) NOT NULL,
    "origen" VARCHAR(50) NOT NULL DEFAULT 'Web app',
    "id_user" TEXT,
    "plan_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "solicitud_destacado_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "solicitud_destacado_telefono_check" CHECK (btrim("telefono") <> '')
);

CREATE TABLE "solicitud_informacion" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "nombre" VARCHAR(50) NOT NULL,
    "telefono" VARCHAR(50) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "solicitud_informacion_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "solicitud_informacion_telefono_check" CHECK (btrim("telefono") <> '')
);

CREATE TABLE "patrocinio" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "empresa" VARCHAR(100) NOT NULL,
    "enlace_empresa" VARCHAR(1000) NOT NULL,
    "titulo" VARCHAR(50) NOT NULL,
    "descripcion" TEXT NOT NULL DEFAULT '',
    "archivo_cartel_id" UUID,
    "activo" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "patrocinio_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "patrocinio_enlace_empresa_check" CHECK ("enlace_empresa" ~* '^https?://')
);
CREATE UNIQUE INDEX "patrocinio_archivo_cartel_id_key" ON "patrocinio"("archivo_cartel_id");

-- ───────────────────────── E-mail outbox ─────────────────────────
CREATE TABLE "email_outbox" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "to" VARCHAR(254) NOT NULL,
    "subject" VARCHAR(500) NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    CONSTRAINT "email_outbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox"("created_at");

-- ───────────────────────── Foreign keys ─────────────────────────
ALTER TABLE "sesion" ADD CONSTRAINT "sesion_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "cuenta" ADD CONSTRAINT "cuenta_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "municipio_clave" ADD CONSTRAINT "municipio_clave_ine_fkey" FOREIGN KEY ("ine") REFERENCES "municipio"("ine") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "organizacion" ADD CONSTRAINT "organizacion_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "organizacion" ADD CONSTRAINT "organizacion_archivo_logo_id_fkey" FOREIGN KEY ("archivo_logo_id") REFERENCES "archivo"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "plan" ADD CONSTRAINT "plan_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "plan" ADD CONSTRAINT "plan_organizacion_id_fkey" FOREIGN KEY ("organizacion_id") REFERENCES "organizacion"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "plan" ADD CONSTRAINT "plan_archivo_cartel_id_fkey" FOREIGN KEY ("archivo_cartel_id") REFERENCES "archivo"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "plan" ADD CONSTRAINT "plan_municipio_ine_fkey" FOREIGN KEY ("municipio_ine") REFERENCES "municipio"("ine") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "horario_disponible" ADD CONSTRAINT "horario_disponible_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "favorito" ADD CONSTRAINT "favorito_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "favorito" ADD CONSTRAINT "favorito_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plan"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "reporte" ADD CONSTRAINT "reporte_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plan"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "reporte" ADD CONSTRAINT "reporte_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "solicitud_destacado" ADD CONSTRAINT "solicitud_destacado_id_user_fkey" FOREIGN KEY ("id_user") REFERENCES "usuario"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "solicitud_destacado" ADD CONSTRAINT "solicitud_destacado_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plan"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "patrocinio" ADD CONSTRAINT "patrocinio_archivo_cartel_id_fkey" FOREIGN KEY ("archivo_cartel_id") REFERENCES "archivo"("id") ON DELETE SET NULL ON UPDATE CASCADE;
