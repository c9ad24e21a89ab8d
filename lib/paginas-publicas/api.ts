import { proximaMedianocheMadrid } from "../dates";
import { etiquetar, planesMostrados } from "./etiquetas";
import {
  cabecerasDeEtiquetas,
  cacheControlPublico,
  peticionAnonima,
  POLITICA_BUSQUEDA_API,
  POLITICA_DETALLE_API,
  PRIVADO,
} from "./politica";

/**
 * The caching headers of the apps' public reads. Anonymous: `public, max-age=0, s-maxage=N` (an
 * app's own HTTP cache keeps nothing, a CDN keeps one copy for everyone) with the tags of the plans
 * shown; with a session or a bearer token, `private, no-store`.
 */
const FIN = /"fechaFin":"([^"]+)"/g;

/** A search's page: tags and clock read from the JSON itself (no query on the search's path). */
export function cabecerasDeBusqueda(request: Request, json: string, ahora = Date.now()): Headers {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (!peticionAnonima(request)) {
    headers.set("Cache-Control", PRIVADO);
    return headers;
  }
  let hasta = proximaMedianocheMadrid(ahora);
  for (const m of json.matchAll(FIN)) {
    const fin = Date.parse(m[1]);
    if (fin > ahora) hasta = Math.min(hasta, fin);
  }
  headers.set("Cache-Control", cacheControlPublico(POLITICA_BUSQUEDA_API, hasta, ahora));
  for (const [k, v] of cabecerasDeEtiquetas(["busqueda", ...planesMostrados(json).map((id) => `plan-${id}`)]))
    headers.set(k, v);
  return headers;
}

/** A plan's detail: its tags (town, province, organization) and its end and featuring's end. */
export async function cabecerasDeDetalle(request: Request, json: string): Promise<Headers> {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (!peticionAnonima(request)) {
    headers.set("Cache-Control", PRIVADO);
    return headers;
  }
  const { etiquetas, hasta } = await etiquetar(new URL(request.url), json);
  headers.set("Cache-Control", cacheControlPublico(POLITICA_DETALLE_API, hasta));
  for (const [k, v] of cabecerasDeEtiquetas(etiquetas)) headers.set(k, v);
  return headers;
}
