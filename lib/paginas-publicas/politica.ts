import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../cookies";

/**
 * What a shared cache (a CDN, a caching proxy, the app's own page cache) may keep, and for how
 * long. Public pages and the apps' public reads are the same for every anonymous visitor, so an
 * anonymous answer says `public` with an `s-maxage`; an answer to a session or a bearer token is
 * `private, no-store` and a shared cache never stores it nor answers it from a stored copy.
 *
 * Times (seconds). Every change to a row a page shows purges it at once by tag (purga.ts), and
 * what the clock changes cuts `s-maxage` to the instant it happens (etiquetas.ts), so `s-maxage`
 * only bounds what no tag names: a new plan appearing in a list around a town it had no plan in
 * yet, a town in the home's "Pueblos con más planes". Lists, which new plans join, keep 60–120 s;
 * a plan's or an organization's page, whose own changes are purged, 5 minutes; the legal pages an
 * hour. `stale-while-revalidate` lets the cache answer at once with the copy it has for up to a
 * minute more while it fetches a new one (never after a purge, never past a clock change).
 * `max-age=0`: browsers ask again every time (and may still keep the page for back/forward).
 */
export interface Politica {
  sMaxAge: number;
  swr: number;
}

const LISTA: Politica = { sMaxAge: 60, swr: 60 };
const PUEBLO: Politica = { sMaxAge: 120, swr: 60 };
const FICHA: Politica = { sMaxAge: 300, swr: 60 };
const LEGAL: Politica = { sMaxAge: 3600, swr: 600 };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * Pages that are also something of the fediverse: a town's page its actor, a plan's page its
 * Event. The same address answers a server (Accept: application/activity+json) with that
 * (proxy's actividad.ts), so its answers say `Vary: Accept`.
 */
export const RUTAS_FEDERADAS = {
  pueblo: /^\/planes\/([^/]+)\/([^/]+)$/,
  plan: new RegExp(`^/plan/[^/]+/(${UUID})$`, "i"),
};
export const variaPorAccept = (pathname: string): boolean =>
  RUTAS_FEDERADAS.pueblo.test(pathname) || RUTAS_FEDERADAS.plan.test(pathname);

const RUTAS: [RegExp, Politica][] = [
  [/^\/$/, LISTA],
  [RUTAS_FEDERADAS.plan, FICHA],
  [new RegExp(`^/org/[^/]+/${UUID}$`, "i"), FICHA],
  [/^\/planes\/[^/]+(\/[^/]+)?$/, PUEBLO],
  [/^\/embed\/planes$/, PUEBLO],
  [/^\/(aviso-legal|condiciones-generales|cookies|politica-privacidad|nosotros)$/, LEGAL],
];

/** The public page's policy of a path, or null for a page that is never shared (account, back-office, forms). */
export function politicaDePagina(pathname: string): Politica | null {
  return RUTAS.find(([ruta]) => ruta.test(pathname))?.[1] ?? null;
}

/** The apps' public reads: a search's page (new plans join it) and a plan's detail (purged by tag). */
export const POLITICA_BUSQUEDA_API: Politica = { sMaxAge: 30, swr: 30 };
export const POLITICA_DETALLE_API: Politica = { sMaxAge: 300, swr: 60 };

/**
 * Calendar and Atom feeds (calendar apps poll them, with their validators) and sitemaps (crawlers):
 * a shared cache keeps them 5 and 10 minutes, and answers a stale copy for longer while it
 * fetches a new one; their readers may keep them themselves (`max-age`).
 */
export const POLITICA_FEED: Politica = { sMaxAge: 300, swr: 600 };
export const POLITICA_SITEMAP: Politica = { sMaxAge: 600, swr: 3600 };

/** For an answer to a session or a bearer token, or anything personal. */
export const PRIVADO = "private, no-store";

/** A request that carries no identity: no session cookie, no Authorization header. */
export function esAnonima(headers: Headers, cookies: { has(nombre: string): boolean }): boolean {
  return !headers.has("authorization") && !cookies.has(SESSION_COOKIE) && !cookies.has(SECURE_SESSION_COOKIE);
}

/** The same, for a route handler's Request (its cookies read from the header). */
export function peticionAnonima(request: Request): boolean {
  const nombres = new Set(
    (request.headers.get("cookie") ?? "")
      .split(";")
      .map((c) => c.split("=")[0].trim())
      .filter(Boolean),
  );
  return esAnonima(request.headers, nombres);
}

/**
 * The Cache-Control of an anonymous answer: `politica`'s times, `s-maxage` (and a reader's own
 * `maxAge`, 0 by default) cut to `hasta` (the instant the answer changes by the clock) and no
 * stale answers past it.
 */
export function cacheControlPublico(
  politica: Politica,
  hasta = Infinity,
  ahora = Date.now(),
  { maxAge = 0 }: { maxAge?: number } = {},
): string {
  const restantes = Math.floor((hasta - ahora) / 1000);
  const navegador = `public, max-age=${Math.min(maxAge, Math.max(0, restantes))}`;
  if (restantes < politica.sMaxAge) return `${navegador}, s-maxage=${Math.max(0, restantes)}`;
  return `${navegador}, s-maxage=${politica.sMaxAge}, stale-while-revalidate=${politica.swr}`;
}

/** The tags headers: Surrogate-Key (Fastly, Varnish; space-separated) and Cache-Tag (Cloudflare, Akamai; commas). */
export function cabecerasDeEtiquetas(etiquetas: readonly string[]): [string, string][] {
  if (etiquetas.length === 0) return [];
  return [
    ["surrogate-key", etiquetas.join(" ")],
    ["cache-tag", etiquetas.join(",")],
  ];
}
