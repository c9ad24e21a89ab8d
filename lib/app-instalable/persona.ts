import { NINGUNA } from "./sin-conexion";

/**
 * The opaque id of a session cookie for the worker (CABECERA_PERSONA): a hash of its value, which
 * says nothing of the token nor of the person, only tells one session from another.
 */
export async function idDeSesion(cookie: string | undefined): Promise<string> {
  if (!cookie) return NINGUNA;
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(cookie));
  return Buffer.from(hash).toString("base64url").slice(0, 22);
}
