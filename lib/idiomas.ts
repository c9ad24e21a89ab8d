/**
 * The interface's languages: Spanish (the default, at today's unprefixed URLs) and the
 * co-official ones and English. Each has its catalogue in mensajes/{idioma}.json.
 */
export const IDIOMAS = ["es", "ca", "eu", "gl", "en"] as const;
export type Idioma = (typeof IDIOMAS)[number];
export const IDIOMA_POR_DEFECTO: Idioma = "es";

/** Each language by its own name, as its speakers look for it in a list. */
export const NOMBRE_PROPIO: Record<Idioma, string> = {
  es: "Castellano",
  ca: "Català",
  eu: "Euskara",
  gl: "Galego",
  en: "English",
};

export const esIdioma = (valor: unknown): valor is Idioma => (IDIOMAS as readonly unknown[]).includes(valor);

/** The team's back-office (its path, a query allowed): in Spanish, the team's language, with no other to offer. */
export const soloEnCastellano = (ruta: string): boolean => /^\/gestion([/?]|$)/.test(ruta);

/** The languages whose pages live under a prefix of their own: every one but Spanish. */
const CON_PREFIJO = /^\/(ca|eu|gl|en)(?=\/|$)/;

/**
 * An address's language and its path without the prefix. The prefix is a whole first segment
 * (`/eu/planes`, `/eu`), never the start of a word (`/eurona` is a page of its own, in Spanish).
 */
export function idiomaDeRuta(pathname: string): { idioma: Idioma; ruta: string } {
  const m = CON_PREFIJO.exec(pathname);
  if (!m) return { idioma: IDIOMA_POR_DEFECTO, ruta: pathname };
  return { idioma: m[1] as Idioma, ruta: pathname.slice(m[0].length) || "/" };
}

/**
 * A page's address in a language: Spanish's as it is, another's under its prefix (`/ca`, not
 * `/ca/`, for the home). The API and files have no language: their addresses stay as they are,
 * as do other sites' and anchors.
 */
export function rutaEnIdioma(idioma: Idioma, ruta: string): string {
  if (idioma === IDIOMA_POR_DEFECTO || !ruta.startsWith("/") || ruta.startsWith("//")) return ruta;
  if (/^\/(api|media|_next)(\/|$)/.test(ruta) || idiomaDeRuta(ruta).idioma !== IDIOMA_POR_DEFECTO) return ruta;
  if (ruta === "/") return `/${idioma}`;
  return /^\/[?#]/.test(ruta) ? `/${idioma}${ruta.slice(1)}` : `/${idioma}${ruta}`;
}

/**
 * The header the site's own pages add to their API calls (lib/cliente/api.ts) with the page's
 * language, so that an error reaches them in it; the apps never send it: their answers stay
 * Spanish, the contract.
 */
export const CABECERA_IDIOMA = "x-planazo-idioma";

/** Each language's tag for Intl's lists, numbers and dates (Spain's forms; English as Britain writes it). */
export const LOCALE_INTL: Record<Idioma, string> = { es: "es-ES", ca: "ca", eu: "eu", gl: "gl", en: "en-GB" };
