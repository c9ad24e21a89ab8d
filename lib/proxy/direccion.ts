import { NextResponse } from "next/server";
import { errorResponse } from "../http";
import { mensajes } from "../messages";
import { nuevoNonce, politicaDeContenido } from "../security";
import type { Paso } from "./paso";
import { seguir } from "./pagina";

/**
 * Next.js decodes each dynamic segment of an address before any page or route handler runs, and
 * one that is not percent-encoded UTF-8 (`/plan/%FF/…`) makes it answer a bare 500. So such an
 * address is answered here first: a page's is not found (Next.js's own not-found page, with
 * the headers of every page), an API call's is a 400 and a file's is missing, in Spanish.
 */
function decodificable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Where an undecodable page address is rewritten: Next.js's not-found route, answered 404. */
const RUTA_NO_ENCONTRADA = "/_not-found";

/** The API and files, which reach the proxy only when their address has a percent sign (proxy.ts's matcher). */
export const esDeDatos = (pathname: string) => /^\/(api|media)(\/|$)/.test(pathname);

/**
 * The address: the API's and files' go on as they are, or answer 400/404 when they do not decode;
 * a page's that does not decode is Next.js's not-found page (never framable).
 */
export const direccionLegible: Paso = ({ request, pathname, desarrollo, idioma }) => {
  const legible = decodificable(pathname);
  if (esDeDatos(pathname)) {
    if (legible) return NextResponse.next();
    return pathname.startsWith("/media/")
      ? errorResponse(404, mensajes.archivoNoEncontrado)
      : errorResponse(400, mensajes.datosNoValidos);
  }
  if (legible) return undefined;
  const csp = politicaDeContenido(nuevoNonce(), { desarrollo });
  return seguir({ request, csp, enmarcable: false, idioma }, new URL(RUTA_NO_ENCONTRADA, request.url));
};

/** A page's address without its trailing slashes, for good (308): `/ca/` is `/ca`. */
export const sinBarraFinal: Paso = ({ request }) => {
  const { pathname } = request.nextUrl;
  if (pathname.length <= 1 || !pathname.endsWith("/")) return undefined;
  const url = new URL(request.url);
  url.pathname = pathname.replace(/\/+$/, "") || "/";
  return NextResponse.redirect(url, 308);
};
