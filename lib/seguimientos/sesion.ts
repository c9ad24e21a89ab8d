import "server-only";
import { currentUser, tieneCookieDeSesion } from "../users/session";
import { seguidoresDe, seguimientoDeOrganizacion } from "./seguimientos";

/** What an organization's "Seguir" needs for the current request's person. */
export interface SeguirEnSesion {
  conectado: boolean;
  /** The person's follow of it, or null. */
  siguiendo: string | null;
  /** Its number of followers, for its owner only. */
  seguidores: number | null;
}

/** Without a session cookie nothing is read: a visitor's page costs no query. */
export async function seguirOrganizacionEnSesion(
  organizacionId: string,
  /** Its owner's id, when the page knows it: the owner sees the count. */
  propietario?: string,
): Promise<SeguirEnSesion> {
  const nadie = { conectado: false, siguiendo: null, seguidores: null };
  if (!(await tieneCookieDeSesion())) return nadie;
  const user = await currentUser();
  if (!user) return nadie;
  const [siguiendo, seguidores] = await Promise.all([
    seguimientoDeOrganizacion(user.id, organizacionId),
    propietario === user.id ? seguidoresDe(organizacionId) : null,
  ]);
  return { conectado: true, siguiendo, seguidores };
}
