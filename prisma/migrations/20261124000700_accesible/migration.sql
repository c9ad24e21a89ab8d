-- Issue 16: a plan says whether people with reduced mobility can attend ("Accesible para
-- personas con movilidad reducida"): shown on its page and in its schema.org data, and a search
-- filter ("Accesible", ?accesible=1). Not known means not said: false.
ALTER TABLE "plan" ADD COLUMN "accesible" BOOLEAN NOT NULL DEFAULT false;
