/**
 * What the installed app keeps for when there is no connection: a card (title, when, where, its
 * page) of each saved plan the person has opened, in the browser's Cache Storage, read by the
 * service worker's "Sin conexión" page (app/sw.js/route.ts). Nothing else is kept: with a
 * network, every page comes from it.
 */

/** The cache of the saved plans' cards; logging out deletes it. */
export const CACHE_GUARDADOS = "planazo-guardados-v1";

/**
 * Whose the cards are: the worker keeps there the opaque id of the session they were saved in,
 * and empties CACHE_GUARDADOS when a page comes with another or with none (a session ended
 * without "Cerrar sesión": expired, revoked, its cookies cleared, and someone else signs in).
 */
export const CACHE_PERSONA = "planazo-persona-v1";

/**
 * The header on every page that tells the worker whose session it was answered for: an opaque
 * id (idDeSesion, lib/app-instalable/persona.ts), or NINGUNA without a session cookie. Pages only; a shared copy of a public
 * page, made for anonymous visitors, says NINGUNA.
 */
export const CABECERA_PERSONA = "Planazo-Persona";
export const NINGUNA = "-";

/** A saved plan as the offline page lists it. */
export interface PlanSinConexion {
  /** Its page's path (/plan/…). */
  url: string;
  titulo: string;
  cuando: string;
  donde: string;
}

/** The cache key of a plan's card: a same-origin path no page uses. */
export const claveSinConexion = (planId: string) => `/sin-conexion/plan/${planId}`;

/**
 * Registers the service worker (app/sw.js/route.ts) once the page has loaded: a line in the page
 * rather than a client component, so the home's first-load JavaScript does not grow. Without it
 * the site works the same, only not offline. It also keeps the browser's offer to install the
 * app (`beforeinstallprompt`, which may come before any component is there to hear it) for the
 * profile's "Instalar" button, EVENTO_INSTALABLE telling it when it comes.
 */
export const SCRIPT_REGISTRO_SERVICE_WORKER = `"serviceWorker"in navigator&&addEventListener("load",()=>navigator.serviceWorker.register("/sw.js",{scope:"/",updateViaCache:"none"}).catch(()=>{}));addEventListener("beforeinstallprompt",e=>{window.__instalar=e;dispatchEvent(new Event("planazo-instalable"))})`;

/** Fired on window when the browser's install offer is kept in `window.__instalar`. */
export const EVENTO_INSTALABLE = "planazo-instalable";
