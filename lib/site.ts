import { env } from "./env";
import { rutaEnIdioma, type Idioma } from "./idiomas";

/**
 * Product name, public URL, contact address and the team's chat phone (international digits, or
 * null), from the environment (SITE_NAME, SITE_URL, CONTACT_EMAIL, PROMOTION_PHONE).
 */
export function site() {
  const e = env();
  return { nombre: e.SITE_NAME, url: e.SITE_URL, contacto: e.CONTACT_EMAIL, telefonoEquipo: e.PROMOTION_PHONE ?? null };
}

/** A page's absolute address in a language, from its Spanish one (absolute or a path); the home's without its slash. */
export function absoluta(idioma: Idioma, ruta: string): string {
  const { url } = site();
  const r = rutaEnIdioma(idioma, ruta.startsWith(url) ? ruta.slice(url.length) || "/" : ruta);
  return r === "/" ? url : `${url}${r}`;
}

/** Where the footer and the promo block send people: the apps and the social networks. */
export const ENLACES_EXTERNOS = {
  appStore: "https://apps.apple.com/es/search?term=planazo",
  googlePlay: "https://play.google.com/store/search?q=planazo&c=apps",
  instagram: "https://www.instagram.com/planazo.app/",
  facebook: "https://www.facebook.com/planazo.app/",
  tiktok: "https://www.tiktok.com/@planazo.app",
} as const;
