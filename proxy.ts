import { NextResponse, type NextRequest } from "next/server";
import { nuevoNonce, politicaDeContenido } from "./lib/security";
import { LOGIN_PATH, SECURE_SESSION_COOKIE, SESSION_COOKIE, isProtectedPath } from "./lib/users/routes";

/**
 * Pages only (see the matcher): slash-less addresses, and an optimistic check that sends
 * protected pages without a session cookie to the login page (the pages and API handlers verify
 * the session themselves). Every page gets a Content-Security-Policy with a fresh nonce, which
 * Next.js reads from the request headers and puts on its own inline scripts.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const url = new URL(request.url);
    url.pathname = pathname.replace(/\/+$/, "") || "/";
    return NextResponse.redirect(url, 308);
  }
  const hasSession = request.cookies.has(SESSION_COOKIE) || request.cookies.has(SECURE_SESSION_COOKIE);
  if (isProtectedPath(pathname) && !hasSession) {
    const url = new URL(LOGIN_PATH, request.url);
    url.searchParams.set("redirigir", pathname);
    return NextResponse.redirect(url);
  }
  const nonce = nuevoNonce();
  const csp = politicaDeContenido(nonce, { desarrollo: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|media|favicon.ico|robots.txt|sitemap.xml).*)"],
};
