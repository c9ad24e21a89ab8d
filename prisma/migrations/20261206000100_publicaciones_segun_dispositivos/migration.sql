-- E-mail of a followed organization's new plans: NULL until the person chooses, and then it
-- follows their devices (by e-mail while none is subscribed, lib/avisos/preferencias.ts).
-- Until now the column could not tell an untouched choice from a chosen "no"; false was the
-- default nearly everyone still had, so every false becomes untouched.
ALTER TABLE "usuario" ALTER COLUMN "publicaciones_correo" DROP NOT NULL;
ALTER TABLE "usuario" ALTER COLUMN "publicaciones_correo" DROP DEFAULT;
UPDATE "usuario" SET "publicaciones_correo" = NULL WHERE "publicaciones_correo" = false;
