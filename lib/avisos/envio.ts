import "server-only";
import { createHash } from "node:crypto";
import webpush, { type RequestDetails } from "web-push";
import { conDatos } from "../con-datos";
import { site } from "../site";
import { DescargaRechazada, enviar, mensajesDescarga, type OpcionesEnvio, type Resolver } from "../net/descarga";
import { clavesVapid, reglaDelEndpoint } from "./push";
import { mensajesAvisos } from "./mensajes";

/**
 * Delivery of one Web Push message (RFC 8030, 8291, 8292). web-push encrypts and signs, but its
 * own sender connects wherever the endpoint's host points at that moment; the request it builds
 * goes out through the safe fetcher instead (lib/net/descarga.ts), so an endpoint whose host
 * now resolves into our network is refused like any URL a person gave.
 */

/** What the service worker (app/sw.js) shows. */
export interface AvisoPush {
  titulo: string;
  cuerpo: string;
  /** The page a tap opens (the service worker opens only this site's pages). */
  url: string;
  icono: string;
}

/**
 * Largest JSON payload in bytes. A push service must take 4096 encrypted bytes (one record: 86
 * of header, 17 of padding and tag), and some take no more; 3 KB leaves room to spare.
 */
export const MAX_BYTES_AVISO = 3072;

export type ResultadoEnvio =
  | "entregado"
  /** The subscription is gone (404, 410): the caller forgets it. */
  | "caducado"
  /** Worth trying later: 408, 429, 5xx, a network failure or the time running out. */
  | "reintentar"
  /** Will fail again alike: any other answer, or an endpoint or keys we refuse. */
  | "rechazado";

export interface OpcionesEnvioPush {
  /** Seconds the push service keeps a message for a device that is offline: one day. */
  ttl?: number;
  /**
   * Topic header (1 to 32 base64url characters; `temaDe` makes one of any key): a message sent
   * again under the same topic replaces the copy not yet delivered, so a retry after a crash
   * shows once.
   */
  tema?: string;
  resolver?: Resolver;
  /** http://127.0.0.1 endpoints too (tests, local demos): by default PUSH_ALLOW_LOOPBACK=1. */
  permitirLoopback?: boolean;
  /** Time for the whole request: 10 s. */
  timeoutMs?: number;
  /** Called right before the connection is opened, with the address checked (see descargar). */
  conectar?: OpcionesEnvio["conectar"];
}

const TTL_POR_DEFECTO = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;
const ELIPSIS = "…";

const bytes = (texto: string) => Buffer.byteLength(texto, "utf8");
const graficos = new Intl.Segmenter("es", { granularity: "grapheme" });

/**
 * `texto` cut to the longest start (whole characters, as a reader sees them) ending in an
 * ellipsis for which `cabe` holds; "" when not even the ellipsis alone does.
 */
function recortado(texto: string, cabe: (t: string) => boolean): string {
  const partes = Array.from(graficos.segment(texto), (s) => s.segment);
  const con = (n: number) => `${partes.slice(0, n).join("").trimEnd()}${ELIPSIS}`;
  let [bajo, alto] = [0, partes.length - 1];
  if (!cabe(con(0))) return "";
  while (bajo < alto) {
    const medio = Math.ceil((bajo + alto) / 2);
    if (cabe(con(medio))) bajo = medio;
    else alto = medio - 1;
  }
  return con(bajo);
}

/**
 * The payload of an aviso: its JSON, at most MAX_BYTES_AVISO bytes in UTF-8. Past that the body
 * is shortened with an ellipsis, and then the title; the url and the icon are never cut.
 */
export function cargaDe(aviso: AvisoPush): string {
  const json = (a: AvisoPush) => JSON.stringify({ titulo: a.titulo, cuerpo: a.cuerpo, url: a.url, icono: a.icono });
  const cabe = (a: AvisoPush) => bytes(json(a)) <= MAX_BYTES_AVISO;
  if (cabe(aviso)) return json(aviso);
  const cuerpo = recortado(aviso.cuerpo, (c) => cabe({ ...aviso, cuerpo: c }));
  if (cuerpo) return json({ ...aviso, cuerpo });
  const titulo = recortado(aviso.titulo, (t) => cabe({ ...aviso, titulo: t, cuerpo: "" }));
  if (titulo) return json({ ...aviso, titulo, cuerpo: "" });
  throw new Error(`The aviso's url and icon alone take more than ${MAX_BYTES_AVISO} bytes`);
}

/** A Topic for any key (an outbox row's id, say): 32 base64url characters of its hash. */
export function temaDe(clave: string): string {
  return createHash("sha256").update(clave).digest("base64url").slice(0, 32);
}

/**
 * The JWT's subject: a way for a push service's operators to reach us. The contact address is
 * always set (CONTACT_EMAIL has a default), while the site's URL may be http://localhost, which
 * `sub` may not be (https: or mailto: only) and Safari's service refuses anyway.
 */
const sujeto = () => `mailto:${site().contacto}`;

// A JWT per message would cost an ECDSA signature each; one per push service (its origin) lasts
// 12 hours and is renewed an hour before it runs out, well inside the 24 hours RFC 8292 allows
// and the clock difference a push service may have with ours.
const VIGENCIA_JWT_S = 12 * 60 * 60;
const MARGEN_JWT_S = 60 * 60;
const MAX_AUTORIZACIONES = 1000;
const autorizaciones = new Map<string, { cabecera: string; exp: number }>();

function autorizacion(audiencia: string, claves: { publica: string; privada: string }): string {
  const subject = sujeto();
  const clave = `${claves.publica} ${subject} ${audiencia}`;
  const ahora = Math.floor(Date.now() / 1000);
  const guardada = autorizaciones.get(clave);
  if (guardada && guardada.exp - ahora > MARGEN_JWT_S) return guardada.cabecera;
  const exp = ahora + VIGENCIA_JWT_S;
  // web-push takes `exp` as a moment (seconds since the epoch), not as a duration.
  const { Authorization } = webpush.getVapidHeaders(
    audiencia,
    subject,
    claves.publica,
    claves.privada,
    "aes128gcm",
    exp,
  );
  // Endpoints come from people, so their origins are not a known few: the oldest goes first.
  autorizaciones.delete(clave);
  if (autorizaciones.size >= MAX_AUTORIZACIONES) autorizaciones.delete(autorizaciones.keys().next().value!);
  autorizaciones.set(clave, { cabecera: Authorization, exp });
  return Authorization;
}

// Refusals of the endpoint itself (its form, or its host now pointing inside): retrying cannot help.
const DESTINO_RECHAZADO = new Set<string>([
  mensajesDescarga.redPrivada,
  mensajesDescarga.esquema,
  mensajesDescarga.credenciales,
  mensajesDescarga.direccionNoValida,
]);

/** A push service's own words beside a status (e.g. "VapidPkHashMismatch"), kept short. */
function detalleDe(cuerpo: Buffer): string {
  const texto = cuerpo.toString("utf8").replace(/\s+/g, " ").trim();
  return texto.length > 200 ? `${texto.slice(0, 200)}${ELIPSIS}` : texto;
}

/**
 * Sends one aviso to one device and says what became of it; only the keys lookup (the database,
 * the first time) and a `ttl` or `tema` that is not one throw. Nothing is retried here: the caller, which knows the message's history,
 * decides from the result.
 */
export async function enviarPush(
  suscripcion: { endpoint: string; p256dh: string; auth: string },
  aviso: AvisoPush,
  opciones: OpcionesEnvioPush = {},
): Promise<{ resultado: ResultadoEnvio; estado?: number; mensaje?: string }> {
  const ttl = opciones.ttl ?? TTL_POR_DEFECTO;
  if (!Number.isSafeInteger(ttl) || ttl < 0) throw new TypeError(`ttl must be a whole number of seconds: ${ttl}`);
  if (opciones.tema !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(opciones.tema)) {
    throw new TypeError(`tema must be 1 to 32 base64url characters: ${opciones.tema}`);
  }

  let url: URL;
  try {
    url = new URL(suscripcion.endpoint);
  } catch {
    return { resultado: "rechazado", mensaje: mensajesAvisos.pushEndpointNoValido };
  }
  // The rule the device was kept by (./push.ts), again: https, or exactly http://127.0.0.1 in tests.
  const regla = reglaDelEndpoint(url, opciones.permitirLoopback);
  if (!regla) return { resultado: "rechazado", mensaje: mensajesAvisos.pushEndpointNoValido };

  const claves = await clavesVapid();
  let detalles: RequestDetails;
  try {
    detalles = webpush.generateRequestDetails(
      { endpoint: suscripcion.endpoint, keys: { p256dh: suscripcion.p256dh, auth: suscripcion.auth } },
      cargaDe(aviso),
      {
        // No VAPID details, so web-push signs nothing (a new JWT per message) and ignores any
        // set globally: null, which the library takes and its types do not list.
        vapidDetails: null as unknown as undefined,
        headers: { Authorization: autorizacion(url.origin, claves) },
        TTL: ttl,
        contentEncoding: "aes128gcm",
        urgency: "normal",
        ...(opciones.tema ? { topic: opciones.tema } : {}),
      },
    );
  } catch {
    // The device's keys do not make a P-256 key agreement (the payload cannot be encrypted).
    return { resultado: "rechazado", mensaje: mensajesAvisos.pushClavesNoValidas };
  }

  let respuesta;
  try {
    respuesta = await enviar(suscripcion.endpoint, {
      metodo: "POST",
      cabeceras: Object.fromEntries(Object.entries(detalles.headers).map(([k, v]) => [k, String(v)])),
      cuerpo: detalles.body ?? Buffer.alloc(0),
      resolver: opciones.resolver,
      permitirLoopback: regla.permitirLoopback,
      timeoutMs: opciones.timeoutMs ?? TIMEOUT_MS,
      conectar: opciones.conectar,
    });
  } catch (error) {
    if (!(error instanceof DescargaRechazada)) throw error;
    return { resultado: DESTINO_RECHAZADO.has(error.message) ? "rechazado" : "reintentar", mensaje: error.message };
  }

  const estado = respuesta.estado;
  if (estado >= 200 && estado <= 299) return { resultado: "entregado", estado };
  const detalle = detalleDe(respuesta.cuerpo);
  const mensaje =
    conDatos(mensajesDescarga.respuestaEnvio, { host: url.host, status: String(estado) }) +
    (detalle ? ` (${detalle})` : "");
  if (estado === 404 || estado === 410) return { resultado: "caducado", estado, mensaje };
  if (estado === 408 || estado === 429 || estado >= 500) return { resultado: "reintentar", estado, mensaje };
  return { resultado: "rechazado", estado, mensaje };
}
