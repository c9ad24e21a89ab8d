import { IDIOMA_POR_DEFECTO, LOCALE_INTL, type Idioma } from "./idiomas";

/*
 * Filling in a catalogue's messages, client-safe and apart from lib/messages.ts: a browser
 * component that writes its page's words imports this, not the Spanish catalogue.
 */

/** A message's placeholder, `{clave}` or `{prep clave}`: its preposition (if any) and its key. */
export const HUECO = /\{(?:(de|a|do|no|ao) )?(\w+)\}/g;

/**
 * A message with its `{placeholders}` filled in, e.g. the new address of an e-mail change. A
 * preposition before a name is written inside the placeholder where the name decides its form:
 * Catalan's `{de municipio}` and `{a municipio}` (preposicionCatalana), Galician's `{do municipio}`,
 * `{no municipio}` and `{ao municipio}` (preposicionGallega).
 */
export function conDatos(mensaje: string, datos: Record<string, string>): string {
  return mensaje.replace(HUECO, (marca, prep: string | undefined, clave: string) => {
    const valor = datos[clave];
    if (valor === undefined) return marca;
    if (prep === "de" || prep === "a") return preposicionCatalana(prep, valor);
    if (prep === "do" || prep === "no" || prep === "ao") return preposicionGallega(prep, valor);
    return valor;
  });
}

/** Galician's prepositions joined to each article: de + o = do, en + a = na, a + as = ás. */
const GALLEGAS = {
  do: { sin: "de", O: "do", A: "da", Os: "dos", As: "das" },
  no: { sin: "en", O: "no", A: "na", Os: "nos", As: "nas" },
  ao: { sin: "a", O: "ao", A: "á", Os: "aos", As: "ás" },
} as const;

/**
 * Galician "de", "en" or "a" before a name, joined to its article: "da Coruña", "no Porriño",
 * "ás Pontes", "de Ourense".
 */
export function preposicionGallega(prep: keyof typeof GALLEGAS, nom: string): string {
  const articulo = /^(Os|As|O|A)\s+(.*)$/u.exec(nom);
  const formas = GALLEGAS[prep];
  return articulo ? `${formas[articulo[1] as "O" | "A" | "Os" | "As"]} ${articulo[2]}` : `${formas.sin} ${nom}`;
}

/** A vowel sound at a word's start (an h is silent); not i or u before a vowel ("Huelva", "Iurreta"). */
const VOCAL_INICIAL = /^h?(?:[aeoàèéòó]|[iuíúïü](?![aeiouàèéíòóú]))/iu;

/**
 * Catalan "de" or "a" before a name: "d’Olot", "d’Hostalric", "del Vendrell", "al Vendrell",
 * "dels Hostalets", "a la Bisbal", "de les Borges", "de l’Escala", "de Huelva", "a Girona".
 */
export function preposicionCatalana(prep: "de" | "a", nom: string): string {
  const articulo = /^(?:(Els|El|Les|La)\s+|L['’])(.*)$/u.exec(nom);
  if (articulo) {
    const [, art, resto] = articulo;
    // de + el = del, a + el = al; and so with els.
    if (art === "El" || art === "Els") return `${prep}${art.slice(1)} ${resto}`;
    if (art) return `${prep} ${art.toLowerCase()} ${resto}`;
    return `${prep} l’${resto}`;
  }
  return prep === "de" && VOCAL_INICIAL.test(nom) ? `d’${nom}` : `${prep} ${nom}`;
}

/**
 * Items as a language lists them: "A", "A y B", "A, B y C". Spanish joins with "y" whatever
 * follows (Intl writes "Cultura e Infantil", the spec's copy does not); the others as Intl does.
 */
export function enumeracion(partes: readonly string[], idioma: Idioma = IDIOMA_POR_DEFECTO): string {
  if (idioma !== IDIOMA_POR_DEFECTO)
    return new Intl.ListFormat(LOCALE_INTL[idioma], { type: "conjunction" }).format(partes);
  return partes.length > 1 ? `${partes.slice(0, -1).join(", ")} y ${partes.at(-1)}` : (partes[0] ?? "");
}
