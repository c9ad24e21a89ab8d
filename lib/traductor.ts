import { conDatos } from "./con-datos";

/*
 * Spanish messages in another language, client-safe, apart from lib/con-datos.ts: the home fills
 * messages but never translates them, and its scripts need not carry this.
 */

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
