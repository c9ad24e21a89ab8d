import { UUID_PATTERN } from "../plans/schemas";

/**
 * The keyset cursor of a back-office list in its URL (`?despues=`): an instant and a key, so
 * the next page starts right after the last row shown, however many rows came before.
 */
export function cursorTexto(instante: Date, clave: string): string {
  return `${instante.toISOString()}~${clave}`;
}

/** An account id (better-auth's, or a test's): letters, digits, '-' and '_'. */
export const ID_CUENTA = /^[\w-]{1,100}$/;

/**
 * The cursor of `?despues=`, or null when absent or not one of ours (then the list starts
 * over). Keys are UUIDs unless told (accounts have ids of their own).
 */
export function leerCursor(texto: string | undefined, clave: RegExp = UUID_PATTERN): { instante: Date; clave: string } | null {
  const [iso, k] = (texto ?? "").split("~");
  const instante = new Date(iso ?? "");
  if (!k || Number.isNaN(instante.getTime()) || !clave.test(k)) return null;
  return { instante, clave: k };
}
