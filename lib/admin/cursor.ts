import { UUID_PATTERN } from "../plans/schemas";

/**
 * The keyset cursor of a back-office list in its URL (`?despues=`): an instant and a key, so
 * the next page starts right after the last row shown, however many rows came before.
 */
export function cursorTexto(instante: Date, clave: string): string {
  return `${instante.toISOString()}~${clave}`;
}

/** The cursor of `?despues=`, or null when absent or not one of ours (then the list starts over). */
export function leerCursor(texto: string | undefined): { instante: Date; clave: string } | null {
  const [iso, clave] = (texto ?? "").split("~");
  const instante = new Date(iso ?? "");
  if (!clave || Number.isNaN(instante.getTime()) || !UUID_PATTERN.test(clave)) return null;
  return { instante, clave };
}
