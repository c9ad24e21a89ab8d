import type { NextRequest } from "next/server";
import { caminoDePagina } from "./lib/proxy/camino";

/**
 * Pages, and the API and files only for an address that does not decode (see the matcher). The
 * request goes through the steps of lib/proxy/camino.ts, each in its own module: the address,
 * protected pages, the outage page, the home's redirect, the page's CSP, the widget's bad links,
 * the public pages' shared copies and merged plans, then on to Next.js.
 */
export function proxy(request: NextRequest): Promise<Response> {
  return caminoDePagina(request);
}

export const config = {
  matcher: [
    "/((?!api|_next/static|_next/image|media|favicon.ico|robots.txt|sitemap.xml).*)",
    // The API and files only when their address has a percent sign, to check that it decodes.
    "/(api|media)/(.*%.*)",
  ],
};
