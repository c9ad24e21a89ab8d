import { NextResponse, type NextRequest } from "next/server";
import { databaseMarkedDown } from "./lib/db/outage";
import { mensajes } from "./lib/messages";
import { nonceDeRenderInterno, paginaDePlanCacheada, sinCabeceraDeRender } from "./lib/plans/pagina-cache";
import { CSP_DE_DATOS, nuevoNonce, politicaDeContenido } from "./lib/security";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./lib/users/cookies";
import { isProtectedPath, loginConVuelta } from "./lib/users/protected-pages";

/**
 * Pages only (see the matcher): slash-less addresses, and an optimistic check that sends
 * protected pages without a session cookie to the login page (the pages and API handlers verify
 * the session themselves). Every page gets a Content-Security-Policy with a fresh nonce, which
 * Next.js reads from the request headers and puts on its own inline scripts. While PostgreSQL
 * is down (lib/db/outage.ts) pages are answered 503 at once, until it answers again. A visitor's
 * plan page is answered from the cache of lib/plans/pagina-cache.ts when it is there.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, "") || "/";
    return NextResponse.redirect(url, 308);
  }
  const hasSession = request.cookies.has(SESSION_COOKIE) || request.cookies.has(SECURE_SESSION_COOKIE);
  if (isProtectedPath(pathname) && !hasSession) {
    return NextResponse.redirect(new URL(loginConVuelta(`${pathname}${search}`), request.url));
  }
  if (await databaseMarkedDown()) return paginaNoDisponible();
  const desarrollo = process.env.NODE_ENV === "development";
  const nonce = nuevoNonce();
  const csp = politicaDeContenido(nonce, { desarrollo });
  // This server's own render of a plan page for the cache: its placeholder nonce, swapped for
  // each answer's own (lib/plans/pagina-cache.ts).
  const marcador = nonceDeRenderInterno(request);
  if (!marcador && !desarrollo) {
    const cacheada = await paginaDePlanCacheada(request, nonce, csp);
    if (cacheada) return cacheada;
  }
  const cspDelRender = marcador ? politicaDeContenido(marcador, { desarrollo }) : csp;
  const requestHeaders = sinCabeceraDeRender(new Headers(request.headers));
  requestHeaders.set("Content-Security-Policy", cspDelRender);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", cspDelRender);
  return response;
}

/** While PostgreSQL is down: a small Spanish page with 503 and when to try again. */
function paginaNoDisponible(): Response {
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Servicio no disponible</title></head><body><main><h1>Servicio no disponible</h1><p>${mensajes.servicioNoDisponible}</p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": "5",
      "Cache-Control": "no-store",
      "Content-Security-Policy": CSP_DE_DATOS,
    },
  });
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|media|favicon.ico|robots.txt|sitemap.xml).*)"],
};
