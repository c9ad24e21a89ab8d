import { NextResponse } from "next/server";
import { nonceDeRenderInterno, sinCabeceraDeRender } from "../paginas-publicas/cache";
import { esRutaEnmarcable, nuevoNonce, politicaDeContenido } from "../security";
import { CABECERA_VISTA, VISTA_EMBEBIDA } from "../vista";
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

/**
 * The request on to Next.js with the page's CSP, whose nonce Next.js puts on its scripts, or
 * rewritten to `destino`.
 */
export function seguir(p: Pick<PeticionDePagina, "request" | "csp" | "enmarcable">, destino?: URL): NextResponse {
  const requestHeaders = sinCabeceraDeRender(new Headers(p.request.headers));
  requestHeaders.set("Content-Security-Policy", p.csp);
  // The root layout renders the widget bare (no header, footer, cookie bar or session): it
  // learns the route from here alone, never from the visitor.
  requestHeaders.delete(CABECERA_VISTA);
  if (p.enmarcable) requestHeaders.set(CABECERA_VISTA, VISTA_EMBEBIDA);
  const siguiente = { request: { headers: requestHeaders } };
  const response = destino ? NextResponse.rewrite(destino, siguiente) : NextResponse.next(siguiente);
  response.headers.set("Content-Security-Policy", p.csp);
  return response;
}
