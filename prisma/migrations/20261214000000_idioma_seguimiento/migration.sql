-- The language of the page where an address without an account asked to follow a town or an
-- organization: its confirmation and its Thursday e-mails go in it (a user's is usuario.idioma).
ALTER TABLE "seguimiento" ADD COLUMN "idioma" text NOT NULL DEFAULT 'es'
  CONSTRAINT "seguimiento_idioma_check" CHECK ("idioma" IN ('es', 'ca', 'eu', 'gl', 'en'));
