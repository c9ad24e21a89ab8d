import { NextResponse, type NextRequest } from "next/server";
import { LOGIN_PATH, SECURE_SESSION_COOKIE, SESSION_COOKIE, isProtectedPath } from "./lib/users/routes";

/**
 * An optimistic check only: protected pages without a session cookie go to the login page.
 * The pages and API handlers verify the session themselves.
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
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|media|favicon.ico|robots.txt|sitemap.xml).*)"],
};
