import "server-only";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { ZodError } from "zod";
import { rememberChange } from "./db";
import { isDatabaseUnavailable, markDatabaseDown } from "./db/outage";
import { env } from "./env";
import { enIdioma } from "./catalogo";
import { CABECERA_IDIOMA, esIdioma, IDIOMA_POR_DEFECTO, type Idioma } from "./idiomas";
import { mensajes } from "./messages";
import { CABECERAS_DE_SEGURIDAD, CSP_DE_DATOS } from "./security";

/** The one error type route handlers throw: a status and a Spanish message for the client. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The one shape of an error answer: `{ mensaje }` with its status. */
export function errorResponse(status: number, mensaje: string): Response {
  return Response.json({ mensaje }, { status, headers: { "Cache-Control": "no-store" } });
}

/** An array answer, or 204 with no body when it is empty (the documented list calls). */
export function listOrNoContent(items: readonly unknown[]): Response {
  return items.length === 0 ? new Response(null, { status: 204 }) : Response.json(items);
}

export { isDatabaseUnavailable };

/** The language of the site's page that made a call (CABECERA_IDIOMA); Spanish for everyone else. */
export function idiomaDeLlamada(request: Request): Idioma {
  const idioma = request.headers.get(CABECERA_IDIOMA);
  return esIdioma(idioma) ? idioma : IDIOMA_POR_DEFECTO;
}

/**
 * Maps anything a handler throws to the documented error answer; never leaks a stack trace. The
 * message is Spanish but for a call from one of the site's pages in another language.
 */
export function toErrorResponse(error: unknown, idioma: Idioma = IDIOMA_POR_DEFECTO): Response {
  if (error instanceof ApiError) return errorResponse(error.status, enIdioma(error.message, idioma));
  if (error instanceof ZodError) {
    return errorResponse(400, enIdioma(error.issues[0]?.message ?? mensajes.datosNoValidos, idioma));
  }
  if (isDatabaseUnavailable(error)) {
    markDatabaseDown();
    return errorResponse(503, mensajes.servicioNoDisponible);
  }
  console.error(error);
  return errorResponse(500, mensajes.errorInesperado);
}

/**
 * A change (POST/PATCH/DELETE…) must come from our own pages or from a client that is not a
 * browser page of another site: browsers send `Origin` on cross-site requests (and
 * `Sec-Fetch-Site`), and a foreign one is refused with 403 before anything is read. This stops
 * cross-site requests that ride on the session cookie (CSRF) and log-in CSRF; the mobile apps
 * send neither header.
 */
export function assertSameOrigin(request: Request): void {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return;
  assertNotCrossSite(request);
}

/**
 * The check itself, for any method: a reading that must not be served into another site's
 * page either (the back-office's CSV export) calls it directly.
 */
export function assertNotCrossSite(request: Request): void {
  const origin = request.headers.get("origin");
  if (origin) {
    const allowed = new Set([new URL(env().SITE_URL).origin, new URL(request.url).origin]);
    if (!allowed.has(origin)) throw new ApiError(403, mensajes.origenNoPermitido);
  } else if (request.headers.get("sec-fetch-site") === "cross-site") {
    throw new ApiError(403, mensajes.origenNoPermitido);
  }
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Wraps a route handler: changes from a foreign origin are refused, every error becomes
 * `{ mensaje }` with the right status, and a change that succeeded is remembered for that
 * person's next reads (read-your-writes with a read replica: `rememberChange`).
 */
export function route<C = unknown>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    const idioma = idiomaDeLlamada(request);
    try {
      assertSameOrigin(request);
      return await rememberChange(request, await mensajeEnIdioma(await handler(request, context), idioma));
    } catch (error) {
      return toErrorResponse(error, idioma);
    }
  };
}

/**
 * An answer's `{ mensaje }` ("Te hemos enviado un correo…", "Sigues a…") in the language of the
 * site's page that called; the apps' answers stay as they are, Spanish.
 */
async function mensajeEnIdioma(response: Response, idioma: Idioma): Promise<Response> {
  if (idioma === IDIOMA_POR_DEFECTO || !response.headers.get("content-type")?.startsWith("application/json"))
    return response;
  const texto = await response.clone().text();
  // A text inside the answer writes the word escaped (\"mensaje\"): only the answer's own field counts.
  if (!texto.includes('"mensaje":')) return response;
  const cuerpo: unknown = JSON.parse(texto);
  if (!cuerpo || typeof cuerpo !== "object" || typeof (cuerpo as { mensaje?: unknown }).mensaje !== "string")
    return response;
  const mensaje = enIdioma((cuerpo as { mensaje: string }).mensaje, idioma);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...cuerpo, mensaje }), { status: response.status, headers });
}

type Metodo = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METODOS: Metodo[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** The `Allow` of an address that takes `permitidos`: with GET comes HEAD, and OPTIONS always. */
const allowDe = (permitidos: Metodo[]) =>
  [...permitidos, ...(permitidos.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");

/** The Spanish 405 of a method an address does not take, as a status, headers and body. */
const metodoNoPermitido = (allow: string) => ({
  status: 405,
  headers: { "Content-Type": "application/json", Allow: allow, "Cache-Control": "no-store" },
  cuerpo: JSON.stringify({ mensaje: mensajes.metodoNoPermitido }),
});

/**
 * The methods a route does not have, answered 405 with the Spanish `{ mensaje }` and `Allow`
 * (Next.js answers them with an empty 405), and OPTIONS with the methods it has. Each route
 * file ends with `export const { …the others…, OPTIONS } = otrosMetodos("GET", …)`; a test
 * checks every route file.
 */
export function otrosMetodos(...permitidos: Metodo[]): Record<string, () => Response> {
  const allow = allowDe(permitidos);
  const noPermitido = () => {
    const { status, headers, cuerpo } = metodoNoPermitido(allow);
    return new Response(cuerpo, { status, headers });
  };
  return {
    ...Object.fromEntries(METODOS.filter((m) => !permitidos.includes(m)).map((m) => [m, noPermitido])),
    OPTIONS: () => new Response(null, { status: 204, headers: { Allow: allow } }),
  };
}

/** Every method some address of the site takes (an address's OPTIONS lists its own). */
export const ALLOW_DEL_SITIO = allowDe(["GET", "POST", "PATCH", "DELETE"]);

/** Methods the fetch standard forbids: undici's Request, and so Next.js, refuses to build a request of them. */
const PROHIBIDOS = new Set(["CONNECT", "TRACE", "TRACK"]);
const PROHIBIDOS_PARCHEADO = Symbol.for("planazo.metodosProhibidos405");

/**
 * Next.js fails on a method the fetch standard forbids with a 500 and a stack in the log, before
 * proxy.ts or any route runs: such a request is answered here instead, before Next.js sees it,
 * with the Spanish 405, the site's methods in `Allow` and the headers of every data answer. Of
 * them only TRACE reaches a Node server (it answers TRACK 400 itself and closes a CONNECT); the
 * caching proxy answers them, and any other method the site does not take, itself
 * (deploy/varnish/planazo.vcl). Called once at start-up with node:http's Server.prototype
 * (instrumentation.ts).
 */
export function metodosProhibidosResponden405(proto: Pick<Server, "emit">): void {
  const g = globalThis as { [PROHIBIDOS_PARCHEADO]?: boolean };
  if (g[PROHIBIDOS_PARCHEADO]) return;
  g[PROHIBIDOS_PARCHEADO] = true;
  const emit = proto.emit as (this: Server, evento: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: Server, evento: string | symbol, ...args: unknown[]) {
    const [req, res] = args as [IncomingMessage, ServerResponse];
    if (evento !== "request" || !PROHIBIDOS.has(req.method ?? "")) return emit.call(this, evento, ...args);
    const { status, headers, cuerpo } = metodoNoPermitido(ALLOW_DEL_SITIO);
    const seguridad = Object.fromEntries(CABECERAS_DE_SEGURIDAD.map((c) => [c.key, c.value]));
    req.resume();
    res.writeHead(status, { ...seguridad, "Content-Security-Policy": CSP_DE_DATOS, ...headers }).end(cuerpo);
    return true;
  } as Server["emit"];
}

/** The query string of a request as a plain object, for zod. */
export function searchParams(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

const MAX_JSON_BYTES = 64 * 1024;

/**
 * The body of a request, refused with 413 and `mensaje` once it passes `maxBytes`: at once when
 * its Content-Length says so, else as soon as that many bytes have come, so an oversized body is
 * never held whole in memory.
 */
async function leerCuerpo(request: Request, maxBytes: number, mensaje: string) {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new ApiError(413, mensaje);
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ApiError(413, mensaje);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The JSON body of a request; malformed or oversized bodies (over 64 KB, or the call's own
 * `maxBytes` and message) are answered 400 / 413 in Spanish.
 */
export async function readJson(
  request: Request,
  { maxBytes = MAX_JSON_BYTES, demasiado = mensajes.datosDemasiadoGrandes as string } = {},
): Promise<unknown> {
  const text = (await leerCuerpo(request, maxBytes, demasiado)).toString("utf8");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, mensajes.datosNoValidos);
  }
}

/** A JSON answer that also sets (or clears) cookies, e.g. the session cookie after login. */
export function jsonWithCookies(body: unknown, setCookies: string[], status = 200): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}

/**
 * The multipart form of a request, refusing more than `maxBytes` before parsing it
 * (413 in Spanish), and malformed bodies (400).
 */
export async function readForm(
  request: Request,
  maxBytes: number,
  demasiado: string = mensajes.imagenGrande,
): Promise<FormData> {
  const body = await leerCuerpo(request, maxBytes, demasiado);
  try {
    return await new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body,
    }).formData();
  } catch {
    throw new ApiError(400, mensajes.datosNoValidos);
  }
}
