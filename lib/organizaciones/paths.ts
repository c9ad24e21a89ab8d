import { tituloEnUrl } from "../plans/plan";

/**
 * Path of an organization's public page (spec §2: /org/{nombreOrganizacion}/{organizacionId}).
 * The name is written like a plan title in its URL, spaces as hyphens; only the id identifies it.
 */
export function organizacionPath(nombre: string, id: string): string {
  return `/org/${encodeURIComponent(tituloEnUrl(nombre))}/${id}`;
}
