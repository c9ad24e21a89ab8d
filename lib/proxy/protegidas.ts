import { NextResponse } from "next/server";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../cookies";
import { rutaEnIdioma } from "../idiomas";
import { isProtectedPath, loginConVuelta } from "../users/protected-pages";
import type { Paso } from "./paso";

/**
 * An optimistic check: a protected page asked without a session cookie goes to the login page,
 * which brings the visitor back after. The pages and API handlers verify the session themselves.
 */
export const paginaProtegida: Paso = ({ request, pathname, search, idioma }) => {
  const conSesion = request.cookies.has(SESSION_COOKIE) || request.cookies.has(SECURE_SESSION_COOKIE);
  if (conSesion || !isProtectedPath(pathname)) return undefined;
  const login = rutaEnIdioma(idioma, loginConVuelta(rutaEnIdioma(idioma, `${pathname}${search}`)));
  return NextResponse.redirect(new URL(login, request.url));
};
