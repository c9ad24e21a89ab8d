import { errorResponse } from "../http";
import { mensajes } from "../messages";
import { planPath } from "../plans/plan";
import { leerPlan } from "../plans/queries";
import { site } from "../site";
import { MAX_BYTES_DOCUMENTO } from "./documentos";
import { conExtrasDeEvento } from "./eventos";
import { federacion, paginaDeActor } from "./federacion";
import { mensajesFederacion } from "./mensajes";
import { dominioBloqueado, dominioDe } from "./servidores";

/** The server that signed a request: its key's host (draft-cavage's keyId, RFC 9421's keyid), or null. */
export function firmante(request: Request): string | null {
  const firma = `${request.headers.get("signature") ?? ""} ${request.headers.get("signature-input") ?? ""}`;
  return dominioDe(/keyid="([^"]+)"/i.exec(firma)?.[1]);
}

/** An Event as a server reads it at its id, with Mobilizon's terms added (eventos.ts). */
async function conExtras(respuesta: Response, ruta: string): Promise<Response> {
  const id = /^\/ap\/planes\/([^/]+)$/.exec(ruta)?.[1];
  if (!id || respuesta.status !== 200 || !/json/.test(respuesta.headers.get("content-type") ?? "")) return respuesta;
  const json = await conExtrasDeEvento((await respuesta.json()) as Record<string, unknown>, decodeURIComponent(id));
  const cabeceras = new Headers(respuesta.headers);
  cabeceras.delete("content-length");
  return new Response(JSON.stringify(json), { status: 200, headers: cabeceras });
}

/** A request's body, read up to `max` bytes: null past it (the rest is never read). */
async function cuerpoHasta(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declarado = Number(request.headers.get("content-length") ?? NaN);
  if (declarado > max) return null;
  const partes: Uint8Array[] = [];
  let total = 0;
  const lector = request.body?.getReader();
  for (let r = await lector?.read(); r && !r.done; r = await lector!.read()) {
    total += r.value.byteLength;
    if (total > max) {
      await lector!.cancel();
      return null;
    }
    partes.push(r.value);
  }
  return new Uint8Array(Buffer.concat(partes));
}

/**
 * A person's browser at an actor's or a plan's address: the page it stands for (a town's page,
 * the plan's, the home), since the same address answers ActivityPub to a server.
 */
async function paginaDelActor(request: Request): Promise<Response> {
  const identificador = decodeURIComponent(new URL(request.url).pathname.replace(/^\/ap\//, ""));
  const plan = /^planes\/(.+)$/.exec(identificador);
  const fila = plan ? await leerPlan(plan[1]) : null;
  const pagina = plan ? fila && planPath(fila.titulo, fila.id) : await paginaDeActor(identificador);
  return pagina ? Response.redirect(new URL(pagina, site().url), 303) : errorResponse(404, mensajes.paginaNoEncontrada);
}

/**
 * The fediverse's calls (WebFinger, NodeInfo, actors, inboxes, followers), answered by Fedify
 * (lib/federacion/federacion.ts). A request signed by a blocked server is refused (403), and an
 * inbox's body over 1 MB (413), before Fedify reads them.
 */
export async function responderFederacion(request: Request): Promise<Response> {
  const servidor = firmante(request);
  if (servidor && (await dominioBloqueado(servidor))) return errorResponse(403, mensajesFederacion.servidorBloqueado);
  let peticion = request;
  if (request.method === "POST") {
    const cuerpo = await cuerpoHasta(request, MAX_BYTES_DOCUMENTO);
    if (!cuerpo) return errorResponse(413, mensajesFederacion.cuerpoDemasiadoGrande);
    peticion = new Request(request.url, { method: "POST", headers: request.headers, body: cuerpo });
  }
  const respuesta = await federacion().fetch(peticion, {
    contextData: undefined,
    onNotFound: () => errorResponse(404, mensajes.paginaNoEncontrada),
    onNotAcceptable: paginaDelActor,
  });
  return request.method === "GET" ? conExtras(respuesta, new URL(request.url).pathname) : respuesta;
}
