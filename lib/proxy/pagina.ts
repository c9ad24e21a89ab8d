import { NextResponse, type NextRequest } from "next/server";
import { IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import { secretoDeProceso } from "../secreto-de-proceso";
import { nonceDeRenderInterno, sinCabeceraDeRender } from "../paginas-publicas/cache";
import { esRutaEnmarcable, nuevoNonce, politicaDeContenido } from "../security";
import { CABECERA_RUTA, CABECERA_VISTA, VISTA_EMBEBIDA } from "../vista";
import type { Peticion } from "./paso";

/** A page's request once its Content-Security-Policy is chosen. */
export interface PeticionDePagina extends Peticion {
  /** The widget's route, the one a town hall's page may frame (lib/security.ts). */
  readonly enmarcable: boolean;
  /** The copy's nonce when this is the server's own render of a public page's copy (lib/paginas-publicas/cache.ts). */
  readonly nonceDeCopia: string | null;
  readonly csp: string;
}

/** The page's CSP: a fresh nonce, or its copy's for the server's own render of a public page. */
export function conPolitica(p: Peticion): PeticionDePagina {
  const enmarcable = esRutaEnmarcable(p.pathname);
  const nonceDeCopia = nonceDeRenderInterno(p.request);
  const csp = politicaDeContenido(nonceDeCopia ?? nuevoNonce(), { desarrollo: p.desarrollo, enmarcable });
  return { ...p, enmarcable, nonceDeCopia, csp };
}

/** next-intl's header for the request's language, which it reads when no route segment names one. */
const CABECERA_IDIOMA = "X-NEXT-INTL-LOCALE";

/**
 * Next.js runs proxy.ts once more for a request it rewrote, with the headers the first run gave
 * it: that second run must let it through as it is (the page's language and nonce are already
 * chosen; a public copy of the rewritten address would be another language's). The mark is this
 * process's secret, so no visitor's request can pass for a rewritten one.
 */
const CABECERA_REESCRITA = "x-planazo-reescrita";
const CLAVE_REESCRITA = secretoDeProceso();

/** A request this process's proxy rewrote, on its second way through: on to Next.js as it is, with its CSP. */
export function yaReescrita(request: NextRequest): NextResponse | undefined {
  if (!CLAVE_REESCRITA.es(request.headers.get(CABECERA_REESCRITA))) return undefined;
  const response = NextResponse.next();
  response.headers.set("Content-Security-Policy", request.headers.get("content-security-policy") ?? "");
  return response;
}

/**
 * The request on to Next.js with the page's CSP, whose nonce Next.js puts on its scripts, and
 * its language, from its address alone (never a visitor's header); rewritten to `destino`, or,
 * for a language's prefixed address, to the page's one route without the prefix.
 */
export function seguir(
  p: Pick<PeticionDePagina, "request" | "csp" | "enmarcable"> & Partial<Pick<PeticionDePagina, "idioma" | "pathname">>,
  destino?: URL,
): NextResponse {
  const idioma: Idioma = p.idioma ?? IDIOMA_POR_DEFECTO;
  const requestHeaders = sinCabeceraDeRender(new Headers(p.request.headers));
  requestHeaders.set("Content-Security-Policy", p.csp);
  requestHeaders.set(CABECERA_IDIOMA, idioma);
  requestHeaders.set(CABECERA_RUTA, `${p.pathname ?? "/"}${p.pathname ? p.request.nextUrl.search : ""}`);
  requestHeaders.delete(CABECERA_REESCRITA);
  if (!destino && p.pathname !== undefined && p.pathname !== p.request.nextUrl.pathname) {
    destino = new URL(p.request.nextUrl);
    destino.pathname = p.pathname;
  }
  if (destino) requestHeaders.set(CABECERA_REESCRITA, CLAVE_REESCRITA.valor);
  // The root layout renders the widget bare (no header, footer, cookie bar or session): it
  // learns the route from here alone, never from the visitor.
  requestHeaders.delete(CABECERA_VISTA);
  if (p.enmarcable) requestHeaders.set(CABECERA_VISTA, VISTA_EMBEBIDA);
  const siguiente = { request: { headers: requestHeaders } };
  const response = destino ? NextResponse.rewrite(destino, siguiente) : NextResponse.next(siguiente);
  response.headers.set("Content-Security-Policy", p.csp);
  return response;
}
