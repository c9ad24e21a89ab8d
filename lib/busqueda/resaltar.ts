import { distanciaEdicion, normalizar, PALABRAS_VACIAS, raiz } from "./palabras";
import type { ConsultaPalabras } from "./palabras-consulta";

/** A piece of a text, and whether it is a word the search matched. */
export interface Trozo {
  texto: string;
  marcado: boolean;
}

/**
 * Whether a token of a plan's text matches the search's word i, by the rule both of the search's
 * paths apply: the same stem, a word within the word's allowed edits (unless `soloExacta`), or,
 * for the typed last word, a word it begins.
 */
function coincide(q: ConsultaPalabras, i: number, token: string, soloExacta = false): boolean {
  if (PALABRAS_VACIAS.has(token)) return false;
  const p = q.palabras[i];
  return (
    raiz(token) === p.raiz ||
    (i === q.palabras.length - 1 && q.prefijo !== null && token.startsWith(q.prefijo)) ||
    (!soloExacta && p.errores > 0 && distanciaEdicion(token, p.palabra, p.errores) <= p.errores)
  );
}

/** Whether a token matches any word of the search. */
const coincideAlguna = (q: ConsultaPalabras, token: string) => q.palabras.some((_, i) => coincide(q, i, token));

/** The words of a text as written, each with its tokens (normalised). */
function palabrasDe(texto: string): { texto: string; tokens: string[] }[] {
  return texto.split(/([\p{L}\p{N}]+)/u).map((t) => ({ texto: t, tokens: normalizar(t).split(" ").filter(Boolean) }));
}

/** A text cut into the words the search matched and the rest (the cards' titles mark them). */
export function trozos(texto: string, q: ConsultaPalabras | null | undefined): Trozo[] {
  if (!q) return [{ texto, marcado: false }];
  return palabrasDe(texto).map((p) => ({
    texto: p.texto,
    marcado: p.tokens.some((t) => coincideAlguna(q, t)),
  }));
}

/** Whether a plan's title holds a word of the search (the web lists those first within a day). */
export const enElTitulo = (titulo: string, q: ConsultaPalabras): boolean =>
  palabrasDe(titulo).some((p) => p.tokens.some((t) => coincideAlguna(q, t)));

/** How many of the search's words a text holds (a programme's act found by a word). */
export function palabrasEnElTexto(texto: string, q: ConsultaPalabras): number {
  const tokens = palabrasDe(texto).flatMap((p) => p.tokens);
  return q.palabras.filter((_, i) => tokens.some((t) => coincide(q, i, t))).length;
}

/**
 * The search's text with each word that only matched with a typo written as the plans have it
 * ("consierto" → "concierto"), when the plans found say so; null when nothing was corrected.
 */
export function textoCorregido(q: ConsultaPalabras, textos: readonly string[]): string | null {
  const corregidas = new Map<string, string>();
  q.palabras.forEach((p, i) => {
    let exacta = false;
    let cercana: string | null = null;
    for (const texto of textos) {
      for (const w of palabrasDe(texto)) {
        for (const t of w.tokens) {
          if (coincide(q, i, t, true)) exacta = true;
          else if (cercana === null && coincide(q, i, t)) cercana = w.texto.toLowerCase();
        }
      }
    }
    if (!exacta && cercana) corregidas.set(p.palabra, cercana);
  });
  if (corregidas.size === 0) return null;
  return q.texto
    .split(" ")
    .map((w) => corregidas.get(normalizar(w)) ?? w)
    .join(" ");
}
