import { IDIOMA_POR_DEFECTO, LOCALE_INTL, type Idioma } from "./idiomas";

/*
 * Filling in a catalogue's messages, client-safe and apart from lib/messages.ts: a browser
 * component that writes its page's words imports this, not the Spanish catalogue.
 */

/**
 * A message with its `{placeholders}` filled in, e.g. the new address of an e-mail change. Catalan
 * writes a name after "de" or "a" as `{de municipio}` or `{a municipio}`, which puts the
 * preposition as the name needs it (preposicionCatalana).
 */
export function conDatos(mensaje: string, datos: Record<string, string>): string {
  return mensaje.replace(/\{(?:(de|a) )?(\w+)\}/g, (marca, prep: "de" | "a" | undefined, clave: string) => {
    const valor = datos[clave];
    if (valor === undefined) return marca;
    return prep ? preposicionCatalana(prep, valor) : valor;
  });
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
    if (art === "El" || art === "Els") return `${prep === "de" ? "de" : "a"}${art.slice(1)} ${resto}`;
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

type Textos = { readonly [clave: string]: string | Textos };

/** A Spanish message with data, as a pattern that gives its data back. */
interface Plantilla {
  ruta: string[];
  patron: RegExp;
  claves: string[];
  /** Letters of its own, not of its data: the more, the surer a match. */
  letras: number;
}

const escaparRegExp = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function plantilla(texto: string, ruta: string[]): Plantilla | null {
  const partes = texto.split(/\{(\w+)\}/);
  if (partes.length === 1) return null;
  const fijo = partes.filter((_, i) => i % 2 === 0);
  const letras = fijo.join("").replace(/[^\p{L}]/gu, "").length;
  // "{a} ({b})" or "Día {n}" would take any text for a message: only sentences are read back.
  if (letras < 8) return null;
  const claves = partes.filter((_, i) => i % 2 === 1);
  const patron = new RegExp(`^${partes.map((p, i) => (i % 2 ? "([\\s\\S]+?)" : escaparRegExp(p))).join("")}$`, "u");
  return { ruta, patron, claves, letras };
}

const leer = (catalogo: Textos, ruta: string[]) =>
  ruta.reduce<string | Textos | undefined>((v, k) => (v && typeof v === "object" ? v[k] : undefined), catalogo);

/**
 * Spanish messages in another language: a text that is a message of `castellano` becomes the same
 * key's message in `propio` (a catalogue, or some of its namespaces, of the same shape). A message
 * with its data filled in ("El título es demasiado largo.", "Sigues a Peña El Cierzo…") is read
 * back against the Spanish templates, the one with most words of its own first, and its data put
 * in the other language's (a datum that is itself a message, or one between «», translated too).
 * Any other text stays as it is. The first key of a text repeated in the catalogue is the one read.
 */
export function traductor(castellano: Textos, propio: Textos): (texto: string) => string {
  const claves = new Map<string, string[]>();
  const plantillas: Plantilla[] = [];
  const recorrer = (c: Textos, ruta: string[]) => {
    for (const [k, v] of Object.entries(c)) {
      if (typeof v !== "string") recorrer(v, [...ruta, k]);
      else if (!claves.has(v)) {
        claves.set(v, [...ruta, k]);
        const p = plantilla(v, [...ruta, k]);
        if (p) plantillas.push(p);
      }
    }
  };
  recorrer(castellano, []);
  plantillas.sort((a, b) => b.letras - a.letras);
  const traducir = (texto: string, hondo = 0): string => {
    const exacto = claves.get(texto);
    if (exacto) {
      const suyo = leer(propio, exacto);
      return typeof suyo === "string" ? suyo : texto;
    }
    if (hondo > 2) return texto;
    const entre = /^«([\s\S]*)»$/.exec(texto);
    if (entre) return `«${traducir(entre[1], hondo + 1)}»`;
    for (const p of plantillas) {
      const m = p.patron.exec(texto);
      if (!m) continue;
      const suyo = leer(propio, p.ruta);
      if (typeof suyo !== "string") return texto;
      const datos = Object.fromEntries(p.claves.map((k, i) => [k, traducir(m[i + 1], hondo + 1)]));
      return conDatos(suyo, datos);
    }
    return texto;
  };
  return (texto) => traducir(texto);
}
