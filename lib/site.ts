import { env } from "./env";

/** Product name, public URL and contact address, from the environment (SITE_NAME, SITE_URL, CONTACT_EMAIL). */
export function site() {
  const e = env();
  return { nombre: e.SITE_NAME, url: e.SITE_URL, contacto: e.CONTACT_EMAIL };
}

/** Where the footer and the promo block send people: the apps and the social networks. */
export const ENLACES_EXTERNOS = {
  appStore: "https://apps.apple.com/es/search?term=planazo",
  googlePlay: "https://play.google.com/store/search?q=planazo&c=apps",
  instagram: "https://www.instagram.com/planazo.app/",
  facebook: "https://www.facebook.com/planazo.app/",
  tiktok: "https://www.tiktok.com/@planazo.app",
} as const;
