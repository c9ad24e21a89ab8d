import type { NextRequest } from "next/server";
import { idiomaDeRuta, type Idioma } from "../idiomas";

/** One request as proxy.ts's steps see it. */
export interface Peticion {
  readonly request: NextRequest;
  /** The page's path without its language's prefix: every step sees `/ca/planes/…` as `/planes/…`. */
  readonly pathname: string;
  /** The language of the address (lib/idiomas.ts): its prefix, or Spanish without one. */
  readonly idioma: Idioma;
  readonly search: string;
  /** `next dev`: its CSP allows what its tooling needs, and no shared copy of a page is served. */
  readonly desarrollo: boolean;
}

/** A step of proxy.ts: its answer ends the request's way through the proxy; undefined lets the next step look. */
export type Paso<P = Peticion> = (p: P) => Response | undefined | Promise<Response | undefined>;

/** The request as proxy.ts's steps see it. */
export function peticion(request: NextRequest): Peticion {
  const { pathname, search } = request.nextUrl;
  const { idioma, ruta } = idiomaDeRuta(pathname);
  return { request, pathname: ruta, idioma, search, desarrollo: process.env.NODE_ENV === "development" };
}

/** The first answer of `pasos`, asked in order, or undefined when none answers. */
export async function primeraRespuesta<P>(pasos: readonly Paso<P>[], p: P): Promise<Response | undefined> {
  for (const paso of pasos) {
    const respuesta = await paso(p);
    if (respuesta) return respuesta;
  }
  return undefined;
}
