import { textoDeBusqueda } from "./filtros-url";
import { erroresPermitidos, PALABRAS_VACIAS, raiz, tokens } from "./palabras";

/** How many of its words count (stop words left out): more would not narrow anything a person means. */
export const Q_MAX_PALABRAS = 16;

/** A word of a search: as typed (normalised), its stem and how many typos it forgives. */
export interface PalabraBuscada {
  palabra: string;
  raiz: string;
  errores: number;
}

/**
 * A word search as both of its paths answer it (PostgreSQL's planazo_consulta_palabras and the
 * index's predicate): every word must match a plan's words by its stem, by a stem within its
 * allowed edits, or, for the last word of the text (`prefijo`, 3 letters or more), by any stem it
 * begins, as a word being typed.
 */
export interface ConsultaPalabras {
  /** The text as the search shows it: trimmed, its spaces collapsed, cut at Q_MAX_CARACTERES (filtros-url.ts). */
  texto: string;
  palabras: PalabraBuscada[];
  prefijo: string | null;
}

/** The words of a search, or null when it has none that count (empty, or only stop words: no filter). */
export function leerConsultaPalabras(texto: string): ConsultaPalabras | null {
  const limpio = textoDeBusqueda(texto);
  const todas = tokens(limpio);
  const palabras = todas
    .filter((p) => !PALABRAS_VACIAS.has(p))
    .slice(0, Q_MAX_PALABRAS)
    .map((palabra) => ({ palabra, raiz: raiz(palabra), errores: erroresPermitidos(palabra) }));
  if (palabras.length === 0) return null;
  const ultima = todas[todas.length - 1];
  const prefijo = ultima === palabras[palabras.length - 1].palabra && ultima.length >= 3 ? ultima : null;
  return { texto: limpio, palabras, prefijo };
}

/**
 * A word search's part of a memo key: what its answer depends on. Made once per search (the
 * dense discs of total-denso.ts compare it with each of theirs).
 */
export function claveConsulta(q: ConsultaPalabras | null): string | null {
  if (!q) return null;
  let clave = claves.get(q);
  if (clave === undefined) {
    clave = JSON.stringify([q.palabras.map((p) => [p.raiz, p.errores]), q.prefijo]);
    claves.set(q, clave);
  }
  return clave;
}
const claves = new WeakMap<ConsultaPalabras, string>();
