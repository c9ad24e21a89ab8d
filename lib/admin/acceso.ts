import "server-only";
import { redirigir, rutaDePagina } from "../idioma-de-pagina";
import type { Metadata } from "next";
import { headers as nextHeaders } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { LIMITES, enforceLimits } from "../rate-limit";
import { loginConVuelta } from "../users/protected-pages";
import { rolDe, sessionUser, type SessionUser } from "../users/session";
import { alcanza, type Rol } from "../users/roles";
import { mensajesGestion } from "../mensajes-gestion";

/** A member of the team acting in the back-office: who, and with which role. */
export interface Gestor {
  id: string;
  email: string;
  name: string;
  rol: Rol;
}

type Acceso =
  { tipo: "anonimo" } | { tipo: "fuera" } | { tipo: "corto"; gestor: Gestor } | { tipo: "dentro"; gestor: Gestor };

/**
 * The one role check of the back-office, for pages and calls alike: nobody logged in; a plain
 * user (who must not learn that the back-office exists); a moderator asking for what only an
 * admin may do; or in. The role is read from the database on every request, so a change of
 * role (or a suspension) takes effect at once.
 */
async function acceso(user: SessionUser | null, necesario: Rol): Promise<Acceso> {
  if (!user) return { tipo: "anonimo" };
  const rol = await rolDe(user.id);
  if (!alcanza(rol, "moderador")) return { tipo: "fuera" };
  const gestor = { id: user.id, email: user.email, name: user.name, rol };
  return alcanza(rol, necesario) ? { tipo: "dentro", gestor } : { tipo: "corto", gestor };
}

/**
 * For /api/gestion/* handlers: the member of the team, or 401 / 404 / 403 in Spanish; a change
 * also counts against the account's rate limit.
 */
export async function exigirGestorApi(request: Request, necesario: Rol = "moderador"): Promise<Gestor> {
  const a = await acceso(await sessionUser(request.headers), necesario);
  if (a.tipo === "anonimo") throw new ApiError(401, mensajes.loginNecesario);
  if (a.tipo === "fuera") throw new ApiError(404, mensajes.recursoNoEncontrado);
  if (a.tipo === "corto") throw new ApiError(403, mensajesGestion.soloAdmin);
  if (request.method !== "GET") await enforceLimits(LIMITES.gestion(a.gestor.id));
  return a.gestor;
}

/** The page request's access, read once per request however many layouts, pages and metadata ask. */
const accesoDeLaPagina = cache(async (necesario: Rol) => acceso(await sessionUser(await nextHeaders()), necesario));

/**
 * For /gestion pages: the member of the team; anonymous visitors go to the login page and come
 * back here, plain users get the 404 page, and a moderator on an admin page gets `null` (the
 * page says why instead of showing itself).
 */
export async function exigirGestorPagina(pathname: string, necesario: Rol = "moderador"): Promise<Gestor | null> {
  const a = await accesoDeLaPagina(necesario);
  if (a.tipo === "anonimo") await redirigir(loginConVuelta(await rutaDePagina(pathname)));
  if (a.tipo === "fuera") notFound();
  return a.tipo === "dentro" ? a.gestor : null;
}

/** Whether the page's visitor is on the team (moderator or admin), for what only the team is shown. */
export async function esDelEquipo(): Promise<boolean> {
  const a = await accesoDeLaPagina("moderador");
  return a.tipo === "dentro" || a.tipo === "corto";
}

/**
 * A back-office page's metadata: its title for the team only (a plain user's 404 page must not
 * be titled "Gestión"), and never indexed.
 */
export function metadatosGestion(titulo: string): () => Promise<Metadata> {
  return async () => {
    const equipo = await esDelEquipo();
    return { ...(equipo ? { title: `${titulo} · Gestión` } : {}), robots: { index: false, follow: false } };
  };
}
