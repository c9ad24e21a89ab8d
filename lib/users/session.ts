import "server-only";
import { redirigir, rutaDePagina } from "../idioma-de-pagina";
import { cookies, headers as nextHeaders } from "next/headers";
import { prisma } from "../db";
import { notarCaida } from "../db/outage";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { auth } from "./auth";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../cookies";
import { loginConVuelta } from "./protected-pages";
import type { Rol } from "./roles";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  google: boolean;
  sessionToken: string;
  /** The session's id: what the person's devices for notifications belong to. */
  sessionId: string;
  viaBearer: boolean;
}

/** The user of a bearer token or session cookie, or null. */
export async function sessionUser(headers: Headers): Promise<SessionUser | null> {
  // Better Auth wraps a failed query in its own error: an outage still reads as one in a page.
  const result = await auth()
    .api.getSession({ headers })
    .catch((error: unknown) => {
      throw notarCaida(error);
    });
  if (!result) return null;
  const { user, session } = result;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    google: Boolean((user as { google?: boolean }).google),
    sessionToken: session.token,
    sessionId: session.id,
    viaBearer: /^bearer\s/i.test(headers.get("authorization") ?? ""),
  };
}

/** For route handlers: the logged-in user, or 401 'Es necesario iniciar sesión.' */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await sessionUser(request.headers);
  if (!user) throw new ApiError(401, mensajes.loginNecesario);
  return user;
}

/** For server components: the logged-in user of the current request, or null. */
export async function currentUser(): Promise<SessionUser | null> {
  return sessionUser(await nextHeaders());
}

/** For protected pages: the logged-in user, or a redirect to the login page that comes back here. */
export async function requirePageUser(pathname: string): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) return redirigir(loginConVuelta(await rutaDePagina(pathname)));
  return user;
}

/**
 * Whether the browser holds a session cookie (spec §4: the login state comes from the stored
 * token). Cheap, for what the layout and public pages show; anything that acts checks the session.
 */
export async function tieneCookieDeSesion(): Promise<boolean> {
  const jar = await cookies();
  return jar.has(SESSION_COOKIE) || jar.has(SECURE_SESSION_COOKIE);
}

/** A person's role, read from the database (never from the session), so a change applies at once. */
export async function rolDe(usuarioId: string): Promise<Rol> {
  const fila = await prisma.user.findUnique({ where: { id: usuarioId }, select: { rol: true } });
  return fila?.rol ?? "usuario";
}
