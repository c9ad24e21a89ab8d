-- The Android and iOS apps sign in with Google too, each with its own client id: a Google
-- account keeps which platform its latest sign-in came from. Only the known ones are stored.
CREATE TYPE "plataforma_google" AS ENUM ('web', 'android', 'ios');
ALTER TABLE "cuenta" ADD COLUMN "platform" "plataforma_google";
-- Until now only the web button was accepted.
UPDATE "cuenta" SET "platform" = 'web' WHERE "provider_id" = 'google';
