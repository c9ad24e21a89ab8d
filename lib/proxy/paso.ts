import type { NextRequest } from "next/server";

/** One request as proxy.ts's steps see it. */
export interface Peticion {
  readonly request: NextRequest;
  readonly pathname: string;
  readonly search: string;
  /** `next dev`: its CSP allows what its tooling needs, and no shared copy of a page is served. */
  readonly desarrollo: boolean;
}

/** A step of proxy.ts: its answer ends the request's way through the proxy; undefined lets the next step look. */
export type Paso<P = Peticion> = (p: P) => Response | undefined | Promise<Response | undefined>;

/** The request as proxy.ts's steps see it. */
export function peticion(request: NextRequest): Peticion {
  const { pathname, search } = request.nextUrl;
  return { request, pathname, search, desarrollo: process.env.NODE_ENV === "development" };
}

/** The first answer of `pasos`, asked in order, or undefined when none answers. */
export async function primeraRespuesta<P>(pasos: readonly Paso<P>[], p: P): Promise<Response | undefined> {
  for (const paso of pasos) {
    const respuesta = await paso(p);
    if (respuesta) return respuesta;
  }
  return undefined;
}
