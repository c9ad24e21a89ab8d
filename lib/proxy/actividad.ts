import { NextResponse } from "next/server";
import { idMunicipio } from "../federacion/actores";
import { municipioDeRuta } from "../geo/municipios";
import { RUTAS_FEDERADAS } from "../paginas-publicas/politica";
import type { Paso } from "./paso";

/** Whether a request asks for ActivityPub (a server of the fediverse) rather than a page. */
export function pideActividad(accept: string | null): boolean {
  const a = (accept ?? "").toLowerCase();
  return /application\/(activity\+json|ld\+json)/.test(a) && !a.includes("text/html");
}

/**
 * A server of the fediverse at a town's or a plan's page (a person pasted its link into
 * Mastodon's search): sent to the town's actor or the plan's Event (303), so the same link finds
 * what to follow or share.
 */
export const paginaComoActor: Paso = async ({ request, pathname }) => {
  if ((request.method !== "GET" && request.method !== "HEAD") || !pideActividad(request.headers.get("accept")))
    return undefined;
  const destino = await destinoFederado(pathname);
  if (!destino) return undefined;
  const respuesta = NextResponse.redirect(new URL(destino, request.url), 303);
  respuesta.headers.set("Vary", "Accept");
  respuesta.headers.set("Cache-Control", "public, max-age=0, s-maxage=3600");
  return respuesta;
};

/** Where a page's ActivityPub is: a town's actor, a plan's Event; null for any other page. */
async function destinoFederado(pathname: string): Promise<string | null> {
  const pueblo = RUTAS_FEDERADAS.pueblo.exec(pathname);
  if (pueblo) {
    const resuelta = await municipioDeRuta(pueblo[1], pueblo[2]).catch(() => null);
    return resuelta ? `/ap/${idMunicipio(resuelta.municipio.ine)}` : null;
  }
  const plan = RUTAS_FEDERADAS.plan.exec(pathname);
  return plan ? `/ap/planes/${plan[1].toLowerCase()}` : null;
}
