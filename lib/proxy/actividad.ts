import { NextResponse } from "next/server";
import { idMunicipio } from "../federacion/actores";
import { municipioDeRuta } from "../geo/municipios";
import { RUTA_PUEBLO } from "../paginas-publicas/politica";
import type { Paso } from "./paso";

/** Whether a request asks for ActivityPub (a server of the fediverse) rather than a page. */
export function pideActividad(accept: string | null): boolean {
  const a = (accept ?? "").toLowerCase();
  return /application\/(activity\+json|ld\+json)/.test(a) && !a.includes("text/html");
}

const segmento = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * A server of the fediverse at a town's page (a person pasted its link into Mastodon's search):
 * sent to the town's actor (303), so the same link finds the town to follow.
 */
export const paginaComoActor: Paso = async ({ request, pathname }) => {
  const ruta = RUTA_PUEBLO.exec(pathname);
  if (!ruta || (request.method !== "GET" && request.method !== "HEAD") || !pideActividad(request.headers.get("accept")))
    return undefined;
  const resuelta = await municipioDeRuta(segmento(ruta[1]), segmento(ruta[2])).catch(() => null);
  if (!resuelta) return undefined;
  const respuesta = NextResponse.redirect(new URL(`/ap/${idMunicipio(resuelta.municipio.ine)}`, request.url), 303);
  respuesta.headers.set("Vary", "Accept");
  respuesta.headers.set("Cache-Control", "public, max-age=0, s-maxage=3600");
  return respuesta;
};
