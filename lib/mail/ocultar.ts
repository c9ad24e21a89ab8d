/**
 * What the team may read of an e-mail: its links that carry a key to someone's account
 * (confirming it, resetting its password, managing or ending a follow) are replaced, so the
 * back-office can answer "I never got the e-mail" without holding that key.
 */

export const ENLACE_OCULTO = "[enlace personal oculto]";

/** A URL up to the first space, quote or angle bracket (as written in the text and in href="…"). */
const URL = /https?:\/\/[^\s"'<>]+/g;

/**
 * A key in a URL: a `token` (or `clave`) parameter, or a run of 24 or more base64url characters
 * that mixes capitals, small letters and digits, as random keys do and slugs (small letters),
 * plan ids (UUIDs, small hex) and dates never do.
 */
function llevaClave(url: string): boolean {
  if (/[?&](amp;)?(token|clave)=/i.test(url)) return true;
  return (url.match(/[A-Za-z0-9_-]{24,}/g) ?? []).some((r) => /[A-Z]/.test(r) && /[a-z]/.test(r) && /\d/.test(r));
}

/** The text or HTML with every link that carries a key replaced by ENLACE_OCULTO. */
export function ocultarEnlacesPersonales(contenido: string): string {
  return contenido.replace(URL, (url) => (llevaClave(url) ? ENLACE_OCULTO : url));
}
