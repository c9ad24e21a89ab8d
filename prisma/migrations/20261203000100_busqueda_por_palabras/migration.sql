-- Search by words. A plan's words (title, categories, description, place, town and its
-- organization's name) are kept as a tsvector of the Snowball Spanish stems of their normalised
-- tokens (planazo_normaliza: unaccented, lower case, runs of [a-z0-9]), stop words left out: what
-- PostgreSQL's spanish_stem dictionary makes of each token (never to_tsvector's own parser, whose
-- tokens differ). The search index reads the same stems from here (lib/busqueda/indice-db.ts).
-- `palabra` is every word any plan has had, with its stem: what a typo or a word still being typed
-- is matched against. The index reads it too, so both paths correct against the same words. A
-- word no plan has any more only leads to its stem, which selects the plans that hold it: it
-- never needs removing.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- The words of a text that count, each with its stem (stop words left out).
CREATE FUNCTION planazo_palabras_de(texto text) RETURNS TABLE (palabra text, raiz text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT t.palabra, l.raiz
  FROM regexp_split_to_table(planazo_normaliza(coalesce(texto, '')), ' ') AS t(palabra),
       unnest(ts_lexize('pg_catalog.spanish_stem'::regdictionary, t.palabra)) AS l(raiz)
  WHERE t.palabra <> ''
$$;

-- What of a plan is searched by words: the one place that says so (its organization's name read
-- by its id).
CREATE FUNCTION planazo_texto_plan(titulo text, categorias categoria[], descripcion text, direccion text,
                                   municipio text, organizacion_id uuid) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', titulo, array_to_string(categorias::text[], ' '), descripcion, direccion, municipio,
                   (SELECT o.nombre FROM organizacion o WHERE o.id = organizacion_id))
$$;

-- A text's stems as a plan's words.
CREATE FUNCTION planazo_palabras_texto(texto text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT array_to_tsvector(array_agg(DISTINCT w.raiz)) FROM planazo_palabras_de(texto) w), ''::tsvector)
$$;

ALTER TABLE "plan" ADD COLUMN "palabras" tsvector NOT NULL DEFAULT ''::tsvector;

-- No unique index: two writers adding the same new word never wait for each other (a word twice
-- is harmless). cambio_xid lets every search index read the words added since it last looked,
-- as it reads plans (plan.cambio_xid).
CREATE TABLE "palabra" (
  "id" BIGSERIAL PRIMARY KEY,
  "palabra" text NOT NULL,
  "raiz" text NOT NULL,
  "cambio_xid" xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX "palabra_palabra_idx" ON "palabra" ("palabra" text_pattern_ops);
CREATE INDEX "palabra_trgm_idx" ON "palabra" USING gin ("palabra" gin_trgm_ops);
CREATE INDEX "palabra_cambio_xid_idx" ON "palabra" ("cambio_xid");

CREATE FUNCTION planazo_palabras_de_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.palabras := planazo_palabras_texto(planazo_texto_plan(NEW.titulo, NEW.categorias, NEW.descripcion, NEW.direccion,
    NEW.municipio, NEW.organizacion_id));
  RETURN NEW;
END $$;
CREATE TRIGGER plan_palabras BEFORE INSERT OR UPDATE OF titulo, categorias, descripcion, direccion, municipio,
  organizacion_id ON "plan" FOR EACH ROW EXECUTE FUNCTION planazo_palabras_de_plan();

-- New words join the vocabulary once per statement (an agenda's sync writes thousands of plans in
-- one), only from the plans whose words changed.
CREATE FUNCTION planazo_nuevas_palabras(textos text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO palabra (palabra, raiz)
    SELECT DISTINCT w.palabra, w.raiz
    FROM unnest(textos) t, planazo_palabras_de(t) w
    WHERE NOT EXISTS (SELECT 1 FROM palabra p WHERE p.palabra = w.palabra)
$$;
CREATE FUNCTION planazo_vocabulario_alta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM planazo_nuevas_palabras(ARRAY(
    SELECT planazo_texto_plan(n.titulo, n.categorias, n.descripcion, n.direccion, n.municipio, n.organizacion_id)
    FROM nuevas n));
  RETURN NULL;
END $$;
CREATE FUNCTION planazo_vocabulario_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM planazo_nuevas_palabras(ARRAY(
    SELECT planazo_texto_plan(n.titulo, n.categorias, n.descripcion, n.direccion, n.municipio, n.organizacion_id)
    FROM nuevas n JOIN viejas v ON v.id = n.id WHERE n.palabras IS DISTINCT FROM v.palabras));
  RETURN NULL;
END $$;
CREATE TRIGGER plan_vocabulario_alta AFTER INSERT ON "plan" REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_vocabulario_alta();
CREATE TRIGGER plan_vocabulario_cambio AFTER UPDATE ON "plan" REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION planazo_vocabulario_cambio();

-- An organization's new name is a word of its plans: they are written again (and so read again by
-- every search index, through plan.cambio).
CREATE FUNCTION planazo_palabras_de_organizacion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plan SET organizacion_id = organizacion_id WHERE organizacion_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER organizacion_palabras AFTER UPDATE OF nombre ON "organizacion"
  FOR EACH ROW WHEN (OLD.nombre IS DISTINCT FROM NEW.nombre) EXECUTE FUNCTION planazo_palabras_de_organizacion();

-- The plans there are: their words, and the vocabulary, without moving every row's version; every
-- search index then reads every plan again (busqueda_version.recarga).
ALTER TABLE "plan" DISABLE TRIGGER USER;
UPDATE "plan" p SET "palabras" = planazo_palabras_texto(planazo_texto_plan(p.titulo, p.categorias, p.descripcion,
  p.direccion, p.municipio, p.organizacion_id));
ALTER TABLE "plan" ENABLE TRIGGER USER;
SELECT planazo_nuevas_palabras(ARRAY(
  SELECT planazo_texto_plan(p.titulo, p.categorias, p.descripcion, p.direccion, p.municipio, p.organizacion_id) FROM plan p));
UPDATE busqueda_version SET recarga = recarga + 1;

CREATE INDEX "plan_palabras_idx" ON "plan" USING gin ("palabras");

-- The stems a word of a search may mean besides its own: those of the words within its allowed
-- edits (optimal string alignment: a swap of two neighbouring letters is one edit, as
-- lib/busqueda/palabras.ts counts them), and for the word being typed those of the words it
-- begins. A word allowed k typos has 4k letters or more (1 from 5 letters, 2 from 9), so every
-- word within k edits shares a trigram with it (an edit changes at most 3 of its trigrams, a swap
-- 4, out of one more than its letters): the trigram index finds them all, with the threshold
-- this low. Levenshtein's distance (at most twice the alignment's) discards most before the
-- exact count decides. The word is [a-z0-9] only: no LIKE wildcard in it.
CREATE FUNCTION planazo_raices_de_palabra(buscada text, errores int, es_prefijo boolean) RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE
SET pg_trgm.similarity_threshold = 0.001 AS $$
  SELECT p.raiz FROM palabra p
  WHERE errores > 0 AND p.palabra % buscada AND abs(length(p.palabra) - length(buscada)) <= errores
    AND levenshtein_less_equal(p.palabra, buscada, 2 * errores) <= 2 * errores
    AND planazo_distancia_edicion(p.palabra, buscada, errores) <= errores
  UNION
  SELECT p.raiz FROM palabra p WHERE es_prefijo AND p.palabra LIKE buscada || '%'
$$;

-- A word search as a tsquery (lib/busqueda/registro.ts's `q`): every word must match, by its own
-- stem or one planazo_raices_de_palabra gives it (the last word as a prefix when `prefijo`).
-- Stems are [a-z0-9] only; quote_literal keeps each a lexeme whatever it holds.
CREATE FUNCTION planazo_consulta_palabras(raices text[], palabras text[], errores int[], prefijo boolean)
RETURNS tsquery LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT string_agg('(' || a.alternativas || ')', ' & ' ORDER BY a.i)::tsquery
  FROM (
    SELECT c.i, string_agg(quote_literal(c.raiz), ' | ' ORDER BY c.raiz) AS alternativas
    FROM (
      SELECT i, raices[i] AS raiz FROM generate_subscripts(raices, 1) i
      UNION
      SELECT i, r FROM generate_subscripts(raices, 1) i,
        planazo_raices_de_palabra(palabras[i], errores[i], prefijo AND i = cardinality(raices)) r
    ) c
    GROUP BY c.i
  ) a
$$;
