import { IDIOMA_POR_DEFECTO, LOCALE_INTL, type Idioma } from "./idiomas";

/*
 * Filling in a catalogue's messages, client-safe and apart from lib/messages.ts: a browser
 * component that writes its page's words imports this, not the Spanish catalogue.
 */

/** A message with its `{placeholders}` filled in, e.g. the new address of an e-mail change. */
export function conDatos(mensaje: string, datos: Record<string, string>): string {
  return mensaje.replace(/\{(\w+)\}/g, (marca, clave: string) => datos[clave] ?? marca);
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

type Textos = { readonly [clave: string]: string | Textos };

/**
 * Spanish messages in another language: a text that is a message of `castellano` as written
 * becomes the same key's message in `propio` (a catalogue, or some of its namespaces, of the
 * same shape); any other text (one with its data filled in, or none of ours) stays as it is.
 * The first key of a text repeated in the catalogue is the one read.
 */
export function traductor(castellano: Textos, propio: Textos): (texto: string) => string {
  const claves = new Map<string, string[]>();
  const recorrer = (c: Textos, ruta: string[]) => {
    for (const [k, v] of Object.entries(c)) {
      if (typeof v !== "string") recorrer(v, [...ruta, k]);
      else if (!claves.has(v)) claves.set(v, [...ruta, k]);
    }
  };
  recorrer(castellano, []);
  return (texto) => {
    const suyo = claves
      .get(texto)
      ?.reduce<string | Textos | undefined>((v, k) => (v && typeof v === "object" ? v[k] : undefined), propio);
    return typeof suyo === "string" ? suyo : texto;
  };
}
