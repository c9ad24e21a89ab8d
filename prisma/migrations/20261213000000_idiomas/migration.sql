-- A plan's text in the languages it came with. plan.idioma is the language its publisher wrote
-- it in (Spanish unless said); plan.textos holds its other languages' title and description, as
-- {"eu": {"titulo": "…", "descripcion": "…"}}. The page shows the reader's language when the
-- plan has it, else Spanish, else the original.
--
-- Its other languages are words a plan is found by: they are one more part of the text searched
-- (planazo_texto_plan), so plan.palabras, which PostgreSQL's search and the search index both
-- read, holds them. Their stems are Snowball Spanish's, as the rest: both paths compute the same
-- for any word (a word always finds itself, unaccented, and the vocabulary gives the prefix of a
-- word being typed), which no stemmer of Basque in the index could promise.
ALTER TABLE "plan" ADD COLUMN "idioma" text NOT NULL DEFAULT 'es'
  CONSTRAINT "plan_idioma_check" CHECK ("idioma" IN ('es', 'ca', 'eu', 'gl', 'en'));
ALTER TABLE "plan" ADD COLUMN "textos" jsonb NOT NULL DEFAULT '{}'::jsonb
  CONSTRAINT "plan_textos_check" CHECK (jsonb_typeof("textos") = 'object'
    AND ("textos" - ARRAY['es', 'ca', 'eu', 'gl', 'en']) = '{}'::jsonb);

-- The words of a plan's other languages: their titles and descriptions.
CREATE FUNCTION planazo_texto_de_idiomas(textos jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT string_agg(concat_ws(' ', t.value ->> 'titulo', t.value ->> 'descripcion'), ' ' ORDER BY t.key)
  FROM jsonb_each(coalesce(textos, '{}'::jsonb)) t
$$;

CREATE FUNCTION planazo_texto_plan(titulo text, categorias categoria[], descripcion text, direccion text,
                                   municipio text, organizacion_id uuid, titulos_fechas text, textos jsonb)
RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', titulo, array_to_string(categorias::text[], ' '), descripcion, direccion, municipio,
                   (SELECT o.nombre FROM organizacion o WHERE o.id = organizacion_id), titulos_fechas,
                   planazo_texto_de_idiomas(textos))
$$;

CREATE OR REPLACE FUNCTION planazo_palabras_de_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.palabras := planazo_palabras_texto(planazo_texto_plan(NEW.titulo, NEW.categorias, NEW.descripcion, NEW.direccion,
    NEW.municipio, NEW.organizacion_id, NEW.titulos_fechas, NEW.textos));
  RETURN NEW;
END $$;
DROP TRIGGER plan_palabras ON "plan";
CREATE TRIGGER plan_palabras BEFORE INSERT OR UPDATE OF titulo, categorias, descripcion, direccion, municipio,
  organizacion_id, titulos_fechas, textos ON "plan" FOR EACH ROW EXECUTE FUNCTION planazo_palabras_de_plan();

CREATE OR REPLACE FUNCTION planazo_vocabulario_alta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM planazo_nuevas_palabras(ARRAY(
    SELECT planazo_texto_plan(n.titulo, n.categorias, n.descripcion, n.direccion, n.municipio, n.organizacion_id,
      n.titulos_fechas, n.textos)
    FROM nuevas n));
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION planazo_vocabulario_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
  SELECT planazo_nuevas_palabras(ARRAY(
    SELECT planazo_texto_plan(n.titulo, n.categorias, n.descripcion, n.direccion, n.municipio, n.organizacion_id,
      n.titulos_fechas, n.textos)
    FROM nuevas n JOIN viejas v ON v.id = n.id WHERE n.palabras IS DISTINCT FROM v.palabras))
  $q$;
  RETURN NULL;
END $$;
DROP FUNCTION planazo_texto_plan(text, categoria[], text, text, text, uuid, text);

-- The language a person reads the site in, for what is sent to them (e-mails): the page's where
-- they signed up, or the one they choose in their profile.
ALTER TABLE "usuario" ADD COLUMN "idioma" text NOT NULL DEFAULT 'es'
  CONSTRAINT "usuario_idioma_check" CHECK ("idioma" IN ('es', 'ca', 'eu', 'gl', 'en'));
