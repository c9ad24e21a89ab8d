import "server-only";
import { currentUser, tieneCookieDeSesion } from "../users/session";
import { idsFavoritos } from "./favoritos";

/** What a page's save hearts need: whether someone is logged in, and which plans they have saved. */
export interface Favoritos {
  conectado: boolean;
  guardados: ReadonlySet<string>;
}

const NADIE: Favoritos = { conectado: false, guardados: new Set() };

/**
 * The saved plans of the current request's user, read once for the whole page (not once per card).
 * Without a session cookie nothing is read: a visitor's page costs no query.
 */
export async function favoritosDeLaSesion(): Promise<Favoritos> {
  if (!(await tieneCookieDeSesion())) return NADIE;
  const user = await currentUser();
  if (!user) return NADIE;
  return { conectado: true, guardados: new Set(await idsFavoritos(user.id)) };
}
