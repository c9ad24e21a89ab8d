import { Prisma } from "../generated/prisma/client";
import { UUID_PATTERN } from "../schemas";

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
export function leerCursor(
  texto: string | undefined,
  clave: RegExp = UUID_PATTERN,
): { instante: Date; clave: string } | null {
  const [iso, k] = (texto ?? "").split("~");
  const instante = new Date(iso ?? "");
  if (!k || Number.isNaN(instante.getTime()) || !clave.test(k)) return null;
  return { instante, clave: k };
}

/** Rows a back-office list shows per page (each query asks for one more, to know if there is a next page). */
export const POR_PAGINA_GESTION = 30;

/**
 * A keyset page from the rows of a query that asked for `porPagina + 1`: the page, and the
 * cursor of its last row when there is a next page.
 */
export function paginaKeyset<T, C>(
  filas: T[],
  cursorDe: (ultima: T) => C,
  porPagina = POR_PAGINA_GESTION,
): { pagina: T[]; siguiente: C | null } {
  const pagina = filas.slice(0, porPagina);
  const ultima = pagina.at(-1);
  return { pagina, siguiente: filas.length > porPagina && ultima !== undefined ? cursorDe(ultima) : null };
}

/** The WHERE clause of a back-office list's filters (none when the list is unfiltered). */
export function dondeFiltros(condiciones: Prisma.Sql[]): Prisma.Sql {
  return condiciones.length ? Prisma.sql`WHERE ${Prisma.join(condiciones, " AND ")}` : Prisma.empty;
}
