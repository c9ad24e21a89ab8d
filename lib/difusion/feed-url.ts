import { organizacionPath } from "../organizaciones/paths";
import { urlBusqueda, type EstadoBusqueda } from "../busqueda/estado-url";

/**
 * The addresses of the calendar (ICS) and Atom feeds, one place for every page that offers them
 * (the home results, town pages, organization pages). A search's feeds take exactly the home
 * search's parameters (`/calendario.ics?municipio=…&lat=…&lng=…&radio=…&categorias=…&fecha=…`),
 * without its page and view; an organization's hang from its page. Client-safe: no server imports.
 */
export const RUTA_CALENDARIO = "/calendario.ics";
export const RUTA_ATOM = "/feed.atom";

export interface UrlsFeed {
  /** https://…/calendario.ics?… (download, or what a calendar app fetches). */
  ics: string;
  /** The same as webcal://…, which opens the device's calendar app to subscribe. */
  webcal: string;
  /** https://…/feed.atom?… */
  atom: string;
}

/** An http(s) URL as webcal:// (the scheme calendar apps register to subscribe). */
export const webcal = (url: string): string => url.replace(/^https?:\/\//, "webcal://");

/** The query string (with its "?", or "") of a search's feeds: the home URL's, without page and view. */
export function consultaFeed(estado: EstadoBusqueda): string {
  const url = urlBusqueda({ ...estado, page: 1, vista: "lista" });
  const i = url.indexOf("?");
  return i < 0 ? "" : url.slice(i);
}

function urls(base: string, ics: string, atom: string): UrlsFeed {
  const origen = base.replace(/\/+$/, "");
  return { ics: `${origen}${ics}`, webcal: webcal(`${origen}${ics}`), atom: `${origen}${atom}` };
}

/** The feeds of a search (the home's state, or a town page's search), under the site's URL `base`. */
export function urlsFeedBusqueda(estado: EstadoBusqueda, base: string): UrlsFeed {
  const q = consultaFeed(estado);
  return urls(base, `${RUTA_CALENDARIO}${q}`, `${RUTA_ATOM}${q}`);
}

/** The feeds of an organization's plans: /org/{nombre}/{id}/calendario.ics and …/feed.atom. */
export function urlsFeedOrganizacion(org: { _id: string; nombre: string }, base: string): UrlsFeed {
  const ruta = organizacionPath(org.nombre, org._id);
  return urls(base, `${ruta}${RUTA_CALENDARIO}`, `${ruta}${RUTA_ATOM}`);
}
