-- Search by words forgives typos: a typed word matches a word of a plan when few edits turn
-- one into the other (lib/busqueda/palabras.ts has the same function for the in-process index;
-- an integration test holds the two together). It is the optimal string alignment distance:
-- Levenshtein's insertions, deletions and substitutions, plus a swap of two neighbouring
-- letters ("cocnierto") as one edit. Only "within tope or not" matters to a search, so it
-- stops as soon as the answer exceeds tope and then returns tope + 1.
CREATE FUNCTION planazo_distancia_edicion(a text, b text, tope int) RETURNS int
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
DECLARE
  la int := char_length(a);
  lb int := char_length(b);
  ca text[];
  cb text[];
  -- Rows i - 2, i - 1 and i of the table, indexed by j from 0.
  antepenultima int[];
  penultima int[];
  fila int[];
  minimo int;
  v int;
BEGIN
  IF abs(la - lb) > tope THEN
    RETURN tope + 1;
  END IF;
  IF la = 0 OR lb = 0 THEN
    RETURN greatest(la, lb);
  END IF;
  ca := string_to_array(a, NULL);
  cb := string_to_array(b, NULL);
  penultima := array_fill(0, ARRAY[lb + 1], ARRAY[0]);
  FOR j IN 0..lb LOOP
    penultima[j] := j;
  END LOOP;
  fila := penultima;
  FOR i IN 1..la LOOP
    fila[0] := i;
    minimo := i;
    FOR j IN 1..lb LOOP
      v := least(penultima[j] + 1, fila[j - 1] + 1,
                 penultima[j - 1] + CASE WHEN ca[i] = cb[j] THEN 0 ELSE 1 END);
      IF i > 1 AND j > 1 AND ca[i] = cb[j - 1] AND ca[i - 1] = cb[j] THEN
        v := least(v, antepenultima[j - 2] + 1);
      END IF;
      fila[j] := v;
      minimo := least(minimo, v);
    END LOOP;
    -- No later row has a smaller value than this row's smallest (a swap reaches back two
    -- rows, but never below what the row between already holds), so the answer is past tope.
    IF minimo > tope THEN
      RETURN tope + 1;
    END IF;
    antepenultima := penultima;
    penultima := fila;
  END LOOP;
  RETURN least(penultima[lb], tope + 1);
END $$;

-- A word with a typo is first looked up among the plans' words by its trigrams (the init
-- migration already creates the extension; this one states what it relies on).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
