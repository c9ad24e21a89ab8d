import "./navegador";
import { FetchError, preloadedContexts, type DocumentLoader } from "@fedify/vocab-runtime";
import { env } from "../env";
import { descargar, textoDe, type OpcionesDescarga } from "../net/descarga";

/** The largest ActivityPub document read from another server (an actor, a key, an activity). */
export const MAX_BYTES_DOCUMENTO = 1024 * 1024;
const TIEMPO_MS = 10_000;
const ACEPTA =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams";q=0.9, application/json;q=0.8';

/** Whether the fediverse may reach 127.0.0.0/8 (FEDERATION_ALLOW_LOOPBACK, tests only). */
export const loopbackFederado = (): boolean => env().FEDERATION_ALLOW_LOOPBACK === "1";

/**
 * Fedify's way of reading another server's documents (actors, keys, activities), through the one
 * safe fetcher (lib/net/descarga.ts): http(s) only, every address on the way global (checked
 * before connecting, the connection pinned to it), at most 3 redirects, 10 s and 1 MB. The JSON-LD
 * contexts every server uses come from Fedify's preloaded copies, never from the network; an
 * unknown context is read like any document. Every refusal is Fedify's FetchError.
 */
export function cargadorDeDocumentos(
  opciones: Pick<OpcionesDescarga, "resolver" | "conectar" | "permitirLoopback"> = {},
): DocumentLoader {
  return async (url) => {
    const precargado = preloadedContexts[url];
    if (precargado) return { contextUrl: null, documentUrl: url, document: precargado };
    const r = await descargar(url, {
      ...opciones,
      permitirLoopback: opciones.permitirLoopback ?? loopbackFederado(),
      accept: ACEPTA,
      maxBytes: MAX_BYTES_DOCUMENTO,
      timeoutMs: TIEMPO_MS,
    }).catch((error: unknown) => {
      throw new FetchError(url, error instanceof Error ? error.message : String(error));
    });
    if (!r.contentType?.endsWith("json")) throw new FetchError(url, `${url} no respondió JSON (${r.contentType})`);
    try {
      return { contextUrl: null, documentUrl: r.url, document: JSON.parse(textoDe(r)) as unknown };
    } catch {
      throw new FetchError(url, `${url} respondió un JSON que no se puede leer`);
    }
  };
}
