import { randomBytes } from "node:crypto";
import type { NextRequest } from "next/server";
import { Memo } from "../cache";
import { idiomaDeRuta } from "../idiomas";
import { secretoDeProceso } from "../secreto-de-proceso";
import { READ_YOUR_WRITES_COOKIE } from "../cookies";
import { etiquetar } from "./etiquetas";
import { cabecerasDeEtiquetas, cacheControlPublico, variaPorAccept, type Politica } from "./politica";
import { pool } from "./pool";

/**
 * Public pages for anonymous visitors, one rendered copy for all of them, served by proxy.ts from
 * this process's memory and, through their headers, kept by any CDN or caching proxy in front
 * (politica.ts). The page itself is rendered by Next.js as always:
 *
 *  - One copy, one nonce. A copy is rendered with a fresh unpredictable nonce of its own, and
 *    every answer from it carries those same bytes and that nonce in its Content-Security-Policy,
 *    so a shared cache may store it. A nonce guards against markup injected into the page
 *    running: whoever reads a copy's nonce can only use it in that copy, whose bytes were fixed
 *    before anybody saw it; any other address (another query string) is another copy with its
 *    own nonce. The policy is otherwise every page's: 'strict-dynamic', no 'unsafe-eval', frames
 *    only where allowed. A person with a session gets a page rendered for them, with a nonce per
 *    request.
 *  - Key: the address (its query string sorted) and the search version (planazo_version_busqueda(),
 *    which the triggers move on at every change to a plan, its slots, its poster, an organization
 *    or a sponsor card), read in one query on each request, so a change made through any instance,
 *    the back-office, a script or SQL is seen by the very next request on every instance. What the
 *    clock changes (a plan ends, a featuring ends, Madrid's midnight moves the day groups) ends the
 *    copy at that instant (etiquetas.ts).
 *  - Only a visitor's document request is served: a request with a session cookie or an
 *    Authorization header, a client navigation (RSC) or one that does not ask for HTML is rendered
 *    as usual. Only a 200 is kept: a hidden or unknown plan, a redirect, are rendered as usual.
 *  - A miss asks this server for the page (the request a visitor with no cookie would send) with
 *    the copy's nonce; callers asking for the same page at once share one render.
 *
 * Next.js's own caches cannot do this here: its full-route cache and Partial Prerendering need
 * pages without a request nonce, which Next.js 16's inline scripts need (hashes cannot cover
 * them, its SRI covers only external files); `'use cache'` keeps the data but still renders the
 * page per request, which is most of its cost (docs/caching-and-deploy.md).
 */

/** The answer's header that says whether the page came from this cache (`hit`) or was rendered for it (`miss`). */
export const CABECERA_CACHE = "x-planazo-cache";
/** The header of this server's own render requests: its key, then the copy's nonce. */
const CABECERA_RENDER = "x-planazo-render";
/** Known to this process only: nobody else can have a page rendered with a nonce they choose. */
const CLAVE_RENDER = secretoDeProceso();
/** Bytes of pages kept per process (a plan page is about 35 KB, a list about 140 KB). */
const BYTES_MAXIMOS = 256 * 1024 * 1024;
/** A page is rendered again after this even without a change (the footer's year, say). */
const TTL_MS = 15 * 60_000;
/** Headers of the rendered answer that its copies repeat (the security headers are next.config's). */
const CABECERAS_COPIADAS = ["content-type", "vary", "link", "content-security-policy"];

/**
 * A browser's request for the page as a document. Next.js hides the headers of its client
 * navigations and prefetches (which ask for the RSC payload, not the page) from the proxy, so the
 * cache serves only requests that ask for HTML, as a browser's navigation does (`Accept:
 * text/html…`), and that no script made (`Sec-Fetch-Dest`, where browsers send it).
 */
export function peticionDeDocumento(request: NextRequest): boolean {
  const destino = request.headers.get("sec-fetch-dest");
  if (destino !== null && destino !== "document") return false;
  return (request.headers.get("accept") ?? "").includes("text/html");
}

interface Copia {
  cuerpo: Buffer;
  cabeceras: [string, string][];
  etiquetas: string[];
  /** Epoch ms at which the page changes by the clock. */
  hasta: number;
}

const copias = new Memo<Copia>(Number.MAX_SAFE_INTEGER, TTL_MS, {
  de: (c) => c.cuerpo.length,
  maximo: BYTES_MAXIMOS,
});

/** The copy's nonce of one of this server's own render requests, or null for any other request. */
export function nonceDeRenderInterno(request: NextRequest): string | null {
  const [clave, nonce] = (request.headers.get(CABECERA_RENDER) ?? "").split(" ");
  return nonce && CLAVE_RENDER.es(clave) ? nonce : null;
}

/** Drops the render header from the headers a page sees. */
export function sinCabeceraDeRender(headers: Headers): Headers {
  headers.delete(CABECERA_RENDER);
  return headers;
}

/**
 * The search version and the primary's WAL position (lib/db/index.ts), in one snapshot. Each
 * request reads its own, unlike the searches (lecturaCompartida): a cached page's answer waits
 * for nothing else, and waiting for a read on its way and then a shared one made them slower
 * under load (docs/performance.md).
 */
async function leerVersion(): Promise<{ version: string; lsn: string }> {
  const { rows } = await pool().query<{ version: string; lsn: string }>(
    `SELECT (SELECT version::text FROM planazo_version_busqueda()) AS version, pg_current_wal_insert_lsn()::text AS lsn`,
  );
  return rows[0];
}

/** This server's own address (next start keeps it), for its render requests. */
function origenLocal(request: NextRequest): string {
  return process.env.__NEXT_PRIVATE_ORIGIN || request.nextUrl.origin;
}

/** The address with its query string in one order: `?a=1&b=2` and `?b=2&a=1` are one copy. */
function direccion(request: NextRequest): string {
  const q = new URLSearchParams(request.nextUrl.searchParams);
  q.sort();
  const s = q.toString();
  return `${request.nextUrl.pathname}${s ? `?${s}` : ""}`;
}

/**
 * The page rendered for the version just read: its reads carry the primary's position then as
 * the read-your-writes cookie, so with a read replica they come from one that has replayed it,
 * or from the primary, never from a replica still showing the page before the change. Null when
 * the page is not a 200 (it is then rendered as usual, for this request only).
 */
async function renderizar(request: NextRequest, ruta: string, lsn: string): Promise<Copia | null> {
  const nonce = randomBytes(16).toString("base64");
  const res = await fetch(new URL(ruta, origenLocal(request)), {
    headers: {
      [CABECERA_RENDER]: `${CLAVE_RENDER.valor} ${nonce}`,
      accept: "text/html",
      cookie: `${READ_YOUR_WRITES_COOKIE}=${lsn}`,
    },
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("text/html")) {
    await res.body?.cancel();
    return null;
  }
  const cuerpo = Buffer.from(await res.arrayBuffer());
  // Each language's copy of a page is its own, under the same tags as the others.
  const pagina = new URL(ruta, request.nextUrl.origin);
  pagina.pathname = idiomaDeRuta(pagina.pathname).ruta;
  const { etiquetas, hasta } = await etiquetar(pagina, cuerpo.toString("utf8"));
  const cabeceras = CABECERAS_COPIADAS.flatMap((h): [string, string][] => {
    const v = res.headers.get(h);
    return v === null ? [] : [[h, v]];
  });
  // A town's or a plan's page answers a server of the fediverse otherwise: shared caches keep the two apart.
  if (variaPorAccept(pagina.pathname)) {
    const vary = cabeceras.find(([h]) => h === "vary");
    if (vary) vary[1] = `${vary[1]}, Accept`;
    else cabeceras.push(["vary", "Accept"]);
  }
  return { cuerpo, cabeceras, etiquetas, hasta };
}

/**
 * The answer to a visitor's request for a public page from its copy (rendering it first when
 * there is none), or null when the page cannot be read or rendered now or is not a 200 (the
 * request then goes on to Next.js as usual).
 */
export async function paginaPublica(request: NextRequest, politica: Politica): Promise<Response | null> {
  const ruta = direccion(request);
  const version = await leerVersion().catch(() => null);
  if (!version) return null;
  const clave = JSON.stringify([ruta, version.version]);
  let renderizada = false;
  const render = async (): Promise<Copia> => {
    renderizada = true;
    const copia = await renderizar(request, ruta, version.lsn);
    if (!copia) throw new Error("not a 200");
    return copia;
  };
  let copia = await copias.get(clave, render).catch(() => null);
  if (copia && copia.hasta <= Date.now()) {
    copias.borrar(clave);
    copia = await copias.get(clave, render).catch(() => null);
  }
  if (!copia) return null;
  const headers = new Headers(copia.cabeceras);
  headers.set("cache-control", cacheControlPublico(politica, copia.hasta));
  for (const [k, v] of cabecerasDeEtiquetas(copia.etiquetas)) headers.set(k, v);
  headers.set(CABECERA_CACHE, renderizada ? "miss" : "hit");
  return new Response(new Uint8Array(copia.cuerpo), { status: 200, headers });
}
