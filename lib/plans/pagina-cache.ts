import { randomBytes, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import pg from "pg";
import { AVISO_COOKIES } from "../../components/layout/aviso-cookies";
import { Memo } from "../cache";
import { env } from "../env";
import { READ_YOUR_WRITES_COOKIE, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../users/cookies";
import { tituloEnUrl } from "./plan";
import { segmentoCanonico } from "../seo/plan";

/**
 * Plan pages for visitors, served from a cache in this process. The page itself is
 * rendered by Next.js as always; proxy.ts answers a visitor's request from here when it can:
 *
 *  - Key: the plan's `pagina_version`, which triggers move on at every change to what its page
 *    shows (prisma/migrations/20261124100000_plan_pagina_version), read in one primary-key lookup
 *    on each request, so a change made through any instance, the back-office or SQL is seen by
 *    the very next request on every instance; plus what the page shows by the clock (ended,
 *    featured) and the cookie notice. Every plan page lists plans around it (this weekend's and
 *    more near it, lib/plans/similar.ts): the key also holds the search version
 *    (planazo_version_busqueda()), which any change to a plan moves on (a plan hidden nearby is
 *    gone at once); what the clock alone changes there (a plan nearby that has just ended)
 *    stays at most the time to live.
 *  - Only a visitor's document request is served: a request with a session cookie (the saved
 *    heart, the account's menu, a hidden plan for its owner or the team), a client navigation
 *    (RSC), a request that does not ask for HTML or one with a query string is rendered as usual. A hidden plan has no public page, so none is served.
 *  - A miss asks this server for the page (the request a visitor with no cookie but the notice's
 *    would send) with a placeholder nonce, keeps it as bytes split at the placeholder, and each
 *    answer joins them with its request's own fresh nonce: every page still has a nonce of its
 *    own, and Next.js's rendering, headers and errors stay the only ones. Callers asking for the
 *    same page at once share one render.
 *
 * Next.js's own caches cannot do this here: a per-request nonce needs every page rendered
 * dynamically (no full-route cache, no Partial Prerendering), and `'use cache'` would keep the
 * data but still render the page per request, which is most of its cost (README, "Load test and plan pages").
 */

/** The answer's header that says whether the page came from this cache (`hit`) or was rendered for it (`miss`). */
export const CABECERA_CACHE = "x-planazo-cache";
/** The header of this server's own render requests: its key, then the placeholder nonce. */
const CABECERA_RENDER = "x-planazo-render";
/** Known to this process only: nobody else can have a page rendered with a nonce they choose. */
const CLAVE_RENDER = randomBytes(24).toString("hex");
/** Bytes of pages kept per process (a plan page is about 35 KB). */
const BYTES_MAXIMOS = 256 * 1024 * 1024;
/** A page is rendered again after this even without a change (the footer's year, say). */
const TTL_MS = 15 * 60_000;
/** Headers of the rendered answer that the cached ones repeat (the security headers are next.config's). */
const CABECERAS_COPIADAS = ["content-type", "cache-control", "vary", "link"];

const RUTA_PLAN = /^\/plan\/([^/]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/**
 * A browser's request for the page as a document. Next.js hides the headers of its client
 * navigations and prefetches (which ask for the RSC payload, not the page) from the proxy, so the
 * cache serves only requests that ask for HTML, as a browser's navigation does (`Accept:
 * text/html…`), and that no script made (`Sec-Fetch-Dest`, where browsers send it).
 */
function peticionDeDocumento(request: NextRequest): boolean {
  const destino = request.headers.get("sec-fetch-dest");
  if (destino !== null && destino !== "document") return false;
  return (request.headers.get("accept") ?? "").includes("text/html");
}

interface Pagina {
  /** The HTML split at the placeholder nonce. */
  partes: Buffer[];
  cabeceras: [string, string][];
}

const paginas = new Memo<Pagina>(Number.MAX_SAFE_INTEGER, TTL_MS, {
  de: (p) => p.partes.reduce((n, b) => n + b.length, 0),
  maximo: BYTES_MAXIMOS,
});

/** The placeholder nonce of one of this server's own render requests, or null for any other request. */
export function nonceDeRenderInterno(request: NextRequest): string | null {
  const [clave, marcador] = (request.headers.get(CABECERA_RENDER) ?? "").split(" ");
  if (!clave || !marcador || clave.length !== CLAVE_RENDER.length) return null;
  return timingSafeEqual(Buffer.from(clave), Buffer.from(CLAVE_RENDER)) ? marcador : null;
}

/** Drops the render header from the headers a page sees. */
export function sinCabeceraDeRender(headers: Headers): Headers {
  headers.delete(CABECERA_RENDER);
  return headers;
}

interface EstadoPlan {
  titulo: string;
  visible: boolean;
  version: string;
  terminado: boolean;
  destacado: boolean;
  busqueda: string;
  /** The primary's WAL position when the version was read (lib/db/index.ts). */
  lsn: string;
}

const POOL = Symbol.for("planazo.paginaCachePool");
/**
 * Its own few connections to the primary (never a replica: the version must be the one just
 * written), so this lookup never waits behind slow queries in the app's pool.
 */
function pool(): pg.Pool {
  const g = globalThis as { [POOL]?: pg.Pool };
  if (!g[POOL]) {
    g[POOL] = new pg.Pool({
      connectionString: env().DATABASE_URL,
      max: 4,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
      options: "-c statement_timeout=2000",
    });
    // An idle connection that breaks (PostgreSQL restarted) must not end the process.
    g[POOL].on("error", () => {});
  }
  return g[POOL];
}

async function leerEstado(id: string): Promise<EstadoPlan | null> {
  const { rows } = await pool().query<EstadoPlan>(
    `SELECT p.titulo, p.visible, p.pagina_version::text AS version,
            coalesce(p.fecha_fin < now(), false) AS terminado, coalesce(p.destacado_hasta > now(), false) AS destacado,
            (SELECT version::text FROM planazo_version_busqueda()) AS busqueda, pg_current_wal_insert_lsn()::text AS lsn
     FROM plan p WHERE p.id = $1::uuid`,
    [id],
  );
  return rows[0] ?? null;
}

/** This server's own address (next start keeps it), for its render requests. */
function origenLocal(request: NextRequest): string {
  return process.env.__NEXT_PRIVATE_ORIGIN || request.nextUrl.origin;
}

/**
 * The page rendered for the key just read: its reads carry the primary's position then as the
 * read-your-writes cookie, so with a read replica they come from one that has replayed it, or from
 * the primary, never from a replica still showing the page before the change.
 */
async function renderizar(request: NextRequest, aviso: boolean, lsn: string): Promise<Pagina> {
  const marcador = randomBytes(16).toString("hex");
  const res = await fetch(new URL(request.nextUrl.pathname, origenLocal(request)), {
    headers: {
      [CABECERA_RENDER]: `${CLAVE_RENDER} ${marcador}`,
      accept: "text/html",
      cookie: [`${READ_YOUR_WRITES_COOKIE}=${lsn}`, ...(aviso ? [`${AVISO_COOKIES}=true`] : [])].join("; "),
    },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("text/html")) {
    await res.body?.cancel();
    throw new Error(`plan page render answered ${res.status}`);
  }
  const html = Buffer.from(await res.arrayBuffer());
  const sep = Buffer.from(marcador);
  const partes: Buffer[] = [];
  let desde = 0;
  for (let i = html.indexOf(sep); i !== -1; i = html.indexOf(sep, desde)) {
    partes.push(html.subarray(desde, i));
    desde = i + sep.length;
  }
  partes.push(html.subarray(desde));
  const cabeceras = CABECERAS_COPIADAS.flatMap((h): [string, string][] => {
    const v = res.headers.get(h);
    return v === null ? [] : [[h, v]];
  });
  return { partes, cabeceras };
}

/**
 * The answer to a visitor's request for a plan page from the cache (rendering it first when it
 * is not there), with `nonce` in its scripts and `csp` as its policy; null when the request is
 * not one the cache serves, or the plan cannot be read or rendered now (the request then goes
 * on to Next.js as usual).
 */
export async function paginaDePlanCacheada(request: NextRequest, nonce: string, csp: string): Promise<Response | null> {
  if (request.method !== "GET" || request.nextUrl.search) return null;
  const ruta = RUTA_PLAN.exec(request.nextUrl.pathname);
  if (!ruta) return null;
  if (request.cookies.has(SESSION_COOKIE) || request.cookies.has(SECURE_SESSION_COOKIE)) return null;
  if (!peticionDeDocumento(request)) return null;
  const [, segmento, id] = ruta;
  const estado = await leerEstado(id.toLowerCase()).catch(() => null);
  if (!estado?.visible || !segmentoCanonico(segmento, tituloEnUrl(estado.titulo))) return null;
  const aviso = request.cookies.get(AVISO_COOKIES)?.value === "true";
  const clave = JSON.stringify([id.toLowerCase(), estado.version, estado.busqueda, estado.destacado, aviso]);
  let renderizada = false;
  const pagina = await paginas
    .get(clave, () => ((renderizada = true), renderizar(request, aviso, estado.lsn)))
    .catch(() => null);
  if (!pagina) return null;
  const nonceBytes = Buffer.from(nonce);
  const cuerpo = Buffer.concat(pagina.partes.flatMap((p, i) => (i === 0 ? [p] : [nonceBytes, p])));
  const headers = new Headers(pagina.cabeceras);
  headers.set("content-security-policy", csp);
  headers.set(CABECERA_CACHE, renderizada ? "miss" : "hit");
  return new Response(cuerpo, { status: 200, headers });
}
