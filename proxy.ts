import { NextResponse, type NextRequest } from "next/server";
import { databaseMarkedDown } from "./lib/db/outage";
import { errorResponse } from "./lib/http";
import { conDatos, mensajes } from "./lib/messages";
import { leerWidget, MENSAJES_WIDGET, RUTA_WIDGET_EMBED } from "./lib/difusion/widget";
import { site } from "./lib/site";
import { escaparHtml } from "./lib/text";
import {
  nonceDeRenderInterno,
  paginaPublica,
  peticionDeDocumento,
  sinCabeceraDeRender,
} from "./lib/paginas-publicas/cache";
import { esAnonima, politicaDePagina } from "./lib/paginas-publicas/politica";
import {
  CSP_DE_DATOS,
  CSP_DE_DATOS_ENMARCABLE,
  esRutaEnmarcable,
  nuevoNonce,
  politicaDeContenido,
} from "./lib/security";
import { CABECERA_VISTA, VISTA_EMBEBIDA } from "./lib/vista";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./lib/cookies";
import { isProtectedPath, loginConVuelta } from "./lib/users/protected-pages";
import { COOKIE_LUGAR, destinoDeLaPortada } from "./lib/portada/destino";
import { CABECERA_PERSONA } from "./lib/app-instalable/sin-conexion";
import { idDeSesion } from "./lib/app-instalable/persona";
import { direccionFusionada } from "./lib/plans/fusion";

/**
 * Pages, and the API and files only for an address that does not decode (see the matcher and
 * `decodificable`). For pages: slash-less addresses, and an optimistic check that sends
 * protected pages without a session cookie to the login page (the pages and API handlers verify
 * the session themselves). Every page gets a Content-Security-Policy with a fresh nonce, which
 * Next.js reads from the request headers and puts on its own inline scripts. While PostgreSQL
 * is down (lib/db/outage.ts) pages are answered 503 at once, until it answers again. An
 * anonymous visitor's public page is answered from its one shared copy (lib/paginas-publicas:
 * the same bytes and nonce for every visitor, so a CDN may keep it too). The widget
 * (/embed, lib/security.ts's one framable route) gets a framable CSP, its bad links a Spanish
 * 400, and its request the mark that makes the root layout render it bare (lib/vista.ts). The
 * generic home sends a visitor with a remembered place or a CDN's geolocation to that place's
 * search. Every page says whose session it was answered for (CABECERA_PERSONA).
 */
export async function proxy(request: NextRequest) {
  const respuesta = await responder(request);
  // Whose session the page was answered for: the worker empties the offline page's saved plans
  // when it changes (lib/app-instalable/sin-conexion.ts).
  if (peticionDeDocumento(request))
    respuesta.headers.set(
      CABECERA_PERSONA,
      await idDeSesion(request.cookies.get(SECURE_SESSION_COOKIE)?.value ?? request.cookies.get(SESSION_COOKIE)?.value),
    );
  return respuesta;
}

async function responder(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  const legible = decodificable(pathname);
  if (esDeDatos(pathname)) return legible ? NextResponse.next() : datosIlegibles(pathname);
  const desarrollo = process.env.NODE_ENV === "development";
  if (!legible) {
    // Next.js answers the rewritten address with that address's headers: never framable.
    const csp = politicaDeContenido(nuevoNonce(), { desarrollo });
    return seguir(request, csp, false, new URL(RUTA_NO_ENCONTRADA, request.url));
  }
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, "") || "/";
    return NextResponse.redirect(url, 308);
  }
  const hasSession = request.cookies.has(SESSION_COOKIE) || request.cookies.has(SECURE_SESSION_COOKIE);
  if (isProtectedPath(pathname) && !hasSession) {
    return NextResponse.redirect(new URL(loginConVuelta(`${pathname}${search}`), request.url));
  }
  const enmarcable = esRutaEnmarcable(pathname);
  if (await databaseMarkedDown()) return paginaNoDisponible(enmarcable);
  // The generic home, for a visitor it can place: their place's search (lib/portada/destino.ts).
  if (pathname === "/" && search === "" && request.method === "GET") {
    const destino = await destinoDeLaPortada(request.cookies.get(COOKIE_LUGAR)?.value, request.headers).catch(
      () => null,
    );
    if (destino) {
      const respuesta = NextResponse.redirect(new URL(destino, request.url), 307);
      // Personal: no shared cache may keep it (the home and the search it leads to are public).
      respuesta.headers.set("Cache-Control", "private, no-store");
      return respuesta;
    }
  }
  // This server's own render of a public page's copy, with the copy's nonce (lib/paginas-publicas/cache.ts).
  const nonceDeCopia = nonceDeRenderInterno(request);
  const csp = politicaDeContenido(nonceDeCopia ?? nuevoNonce(), { desarrollo, enmarcable });
  if (pathname === RUTA_WIDGET_EMBED) {
    const leido = leerWidget(parametros(request.nextUrl.searchParams));
    if (!leido.ok) return widgetNoValido(leido.mensaje, csp);
  }
  const politica = politicaDePagina(pathname);
  if (
    politica &&
    !nonceDeCopia &&
    !desarrollo &&
    request.method === "GET" &&
    esAnonima(request.headers, request.cookies) &&
    peticionDeDocumento(request)
  ) {
    const copia = await paginaPublica(request, politica);
    if (copia) return copia;
    // Its render found PostgreSQL gone: no second render to fail.
    if (await databaseMarkedDown()) return paginaNoDisponible(enmarcable);
  }
  // A plan merged into another (one show an import had split into a plan a day): its page moved
  // for good. Asked only here, past the public copies: a live plan's is served before.
  if (request.method === "GET" && pathname.startsWith("/plan/")) {
    const destino = await direccionFusionada(pathname);
    if (destino) return NextResponse.redirect(new URL(destino, request.url), 301);
  }
  return seguir(request, csp, enmarcable);
}

/**
 * The request on to Next.js with the page's CSP, whose nonce Next.js puts on its scripts, or
 * rewritten to `destino`.
 */
function seguir(request: NextRequest, csp: string, enmarcable: boolean, destino?: URL): NextResponse {
  const requestHeaders = sinCabeceraDeRender(new Headers(request.headers));
  requestHeaders.set("Content-Security-Policy", csp);
  // The root layout renders the widget bare (no header, footer, cookie bar or session): it
  // learns the route from here alone, never from the visitor.
  requestHeaders.delete(CABECERA_VISTA);
  if (enmarcable) requestHeaders.set(CABECERA_VISTA, VISTA_EMBEBIDA);
  const siguiente = { request: { headers: requestHeaders } };
  const response = destino ? NextResponse.rewrite(destino, siguiente) : NextResponse.next(siguiente);
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

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

const esDeDatos = (pathname: string) => /^\/(api|media)(\/|$)/.test(pathname);

function datosIlegibles(pathname: string): Response {
  return pathname.startsWith("/media/")
    ? errorResponse(404, mensajes.archivoNoEncontrado)
    : errorResponse(400, mensajes.datosNoValidos);
}

/** A query string as Next.js gives it to pages: repeated names as arrays. */
function parametros(q: URLSearchParams): Record<string, string | string[]> {
  const todos: Record<string, string | string[]> = {};
  for (const k of new Set(q.keys())) {
    const v = q.getAll(k);
    todos[k] = v.length === 1 ? v[0] : v;
  }
  return todos;
}

/**
 * A widget code with bad parameters: 400 and what is wrong, in Spanish, inside the town hall's
 * frame (the embed's framable CSP), so whoever pasted it sees why it shows no plans.
 */
function widgetNoValido(mensaje: string, csp: string): Response {
  const { url } = site();
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escaparHtml(MENSAJES_WIDGET.tituloError)}</title></head><body style="margin:0;font-family:system-ui,sans-serif;color:#1c1917;background:#fff"><main style="padding:0.75rem"><h1 style="font-size:1.15rem;margin:0 0 0.5rem">${escaparHtml(MENSAJES_WIDGET.tituloError)}</h1><p>${escaparHtml(mensaje)}</p><p>${escaparHtml(conDatos(MENSAJES_WIDGET.revisaCodigo, { sitio: url }))}</p></main></body></html>`;
  return new Response(html, {
    status: 400,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": csp,
    },
  });
}

/**
 * While PostgreSQL is down: a small Spanish page with 503 and when to try again (inside the
 * town hall's frame too, for the widget).
 */
function paginaNoDisponible(enmarcable: boolean): Response {
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Servicio no disponible</title></head><body><main><h1>Servicio no disponible</h1><p>${mensajes.servicioNoDisponible}</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": "5",
      "Cache-Control": "no-store",
      "Content-Security-Policy": enmarcable ? CSP_DE_DATOS_ENMARCABLE : CSP_DE_DATOS,
    },
  });
}

export const config = {
  matcher: [
    "/((?!api|_next/static|_next/image|media|favicon.ico|robots.txt|sitemap.xml).*)",
    // The API and files only when their address has a percent sign, to check that it decodes.
    "/(api|media)/(.*%.*)",
  ],
};
