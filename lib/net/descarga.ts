import { promises as dns } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { env } from "../env";
import { conDatos } from "../con-datos";
import { site } from "../site";

/**
 * The one way the server reads a URL that a person gave (a source's feed or page, an imported
 * poster), or sends to one (a push subscription's endpoint). Such a URL may point at the server's
 * own network, so every host is resolved once, each of its addresses must be a global unicast one,
 * and the connection goes to the address that was checked (no second lookup a DNS rebinding could
 * answer differently); redirects go through the same check, and time and size are capped.
 */

/** A URL or an answer the safe fetcher refused: its message is Spanish, for the person. */
export class DescargaRechazada extends Error {}

export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface OpcionesDescarga {
  /** How host names become addresses; by default the system's resolver (dns.lookup, all addresses). */
  resolver?: Resolver;
  /** Largest body, decompressed, in bytes: 20 MB, or SOURCES_MAX_BYTES. */
  maxBytes?: number;
  /** Time for the whole download, redirects included: 20 s. */
  timeoutMs?: number;
  /** Validators of the copy we hold: sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  /**
   * Also allow 127.0.0.0/8 (and only that), for running the app and its tests against local
   * sources; by default SOURCES_ALLOW_LOOPBACK=1.
   */
  permitirLoopback?: boolean;
  /** Called right before each TCP connection is opened, with the address it goes to. */
  conectar?: (host: string, port: number, address: string, family: 4 | 6) => void;
}

export interface Respuesta {
  estado: 200 | 304;
  /** The URL finally read, after redirects (without a fragment). */
  url: string;
  /** Lower-case, without parameters. */
  contentType: string | null;
  charset: string | null;
  /** Empty on 304. */
  cuerpo: Buffer;
  /** On 304 without validators of its own, the ones that were sent still hold. */
  etag: string | null;
  lastModified: string | null;
}

export const mensajesDescarga = {
  direccionNoValida: "La dirección no es válida.",
  esquema: "La dirección debe empezar por http:// o https://.",
  credenciales: "La dirección no puede llevar usuario ni contraseña.",
  redPrivada: "No se puede leer esa dirección: apunta a una red privada o local.",
  servidorNoEncontrado: "No se encontró el servidor {host}.",
  tiempo: "La fuente tardó más de {segundos} segundos en responder.",
  tamano: "La fuente ocupa más de {tamano}.",
  demasiadasRedirecciones: "La fuente redirige demasiadas veces.",
  redireccionSinDestino: "La fuente redirige sin decir a qué dirección.",
  redireccionNoValida: "La fuente redirige a una dirección que no es válida.",
  redireccionEsquema: "La fuente redirige a una dirección que no empieza por http:// o https://.",
  estado: "La fuente respondió con el error {status}.",
  sinConexion: "No se pudo conectar con el servidor {host}.",
  conexionCortada: "El servidor {host} cortó la conexión antes de terminar de responder.",
  certificado: "El certificado de seguridad de {host} no es válido.",
  respuestaNoValida: "El servidor {host} no respondió como un servidor web.",
  compresion: "La fuente llegó comprimida de una forma que no sabemos leer.",
  respuestaEnvio: "El servidor {host} respondió con el error {status}.",
} as const;

const MB = 1024 * 1024;
const TIMEOUT_MS = 20_000;
const MAX_REDIRECCIONES = 3;
const REDIRECCIONES = new Set([301, 302, 303, 307, 308]);

// ---------------------------------------------------------------------------------------------
// Which addresses may be read

function lista(subredes: [string, number][], tipo: "ipv4" | "ipv6"): BlockList {
  const l = new BlockList();
  for (const [red, prefijo] of subredes) l.addSubnet(red, prefijo, tipo);
  return l;
}

/** IPv4 ranges that are not global unicast (IANA special-purpose registry). */
const IPV4_RECHAZADAS = lista(
  [
    ["0.0.0.0", 8], // "this network"
    ["10.0.0.0", 8],
    ["100.64.0.0", 10], // carrier-grade NAT
    ["127.0.0.0", 8],
    ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
    ["172.16.0.0", 12],
    ["192.0.0.0", 24], // IETF protocol assignments
    ["192.0.2.0", 24], // documentation
    ["192.88.99.0", 24], // 6to4 relay anycast
    ["192.168.0.0", 16],
    ["198.18.0.0", 15], // benchmarking
    ["198.51.100.0", 24], // documentation
    ["203.0.113.0", 24], // documentation
    ["224.0.0.0", 4], // multicast
    ["240.0.0.0", 4], // reserved, and 255.255.255.255
  ],
  "ipv4",
);

const LOOPBACK_IPV4 = lista([["127.0.0.0", 8]], "ipv4");

/** Global unicast IPv6 is 2000::/3; outside it only the forms that embed an IPv4 are judged (by it). */
const IPV6_GLOBAL = lista([["2000::", 3]], "ipv6");

/** Within 2000::/3 and elsewhere: ranges never read (the other non-global ones fall outside 2000::/3). */
const IPV6_RECHAZADAS = lista(
  [
    ["::", 128],
    ["::1", 128],
    ["100::", 64], // discard
    ["2001::", 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
    ["2001:db8::", 32], // documentation
    ["3fff::", 20], // documentation
    ["fc00::", 7], // unique-local
    ["fe80::", 10], // link-local
    ["ff00::", 8], // multicast
  ],
  "ipv6",
);

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped). */
function gruposIPv6(direccion: string): number[] {
  let texto = direccion.split("%")[0]!;
  const conIPv4 = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(texto);
  if (conIPv4) {
    const [a, b, c, d] = conIPv4.slice(2).map(Number) as [number, number, number, number];
    texto = `${conIPv4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [cabeza, cola] = texto.split("::") as [string, string | undefined];
  const delante = cabeza ? cabeza.split(":") : [];
  const detras = cola ? cola.split(":") : [];
  const ceros = cola === undefined ? [] : Array<string>(8 - delante.length - detras.length).fill("0");
  return [...delante, ...ceros, ...detras].map((g) => parseInt(g, 16));
}

/** The IPv4 inside an IPv4-mapped, IPv4-compatible, NAT64 (64:ff9b::/96) or 6to4 address. */
function ipv4Incrustada(g: number[]): string | null {
  const v4 = (alto: number, bajo: number) => `${alto >> 8}.${alto & 0xff}.${bajo >> 8}.${bajo & 0xff}`;
  const ceros = (desde: number, hasta: number) => g.slice(desde, hasta).every((x) => x === 0);
  if (ceros(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (ceros(0, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && ceros(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

/**
 * Whether an address may be read: only global unicast. `permitirLoopback` also lets 127.0.0.0/8
 * through, written as IPv4 (not ::1, not an IPv6 form that embeds it, nothing else).
 */
export function direccionPermitida(address: string, permitirLoopback: boolean): boolean {
  const tipo = isIP(address);
  if (tipo === 4) {
    if (permitirLoopback && LOOPBACK_IPV4.check(address, "ipv4")) return true;
    return !IPV4_RECHAZADAS.check(address, "ipv4");
  }
  if (tipo !== 6) return false;
  const sinZona = address.split("%")[0]!;
  if (IPV6_RECHAZADAS.check(sinZona, "ipv6")) return false;
  const incrustada = ipv4Incrustada(gruposIPv6(sinZona));
  if (incrustada !== null) return !IPV4_RECHAZADAS.check(incrustada, "ipv4");
  return IPV6_GLOBAL.check(sinZona, "ipv6");
}

// ---------------------------------------------------------------------------------------------
// The download

const resolverDelSistema: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((r) => ({
    address: r.address,
    family: r.family === 6 ? 6 : 4,
  }));

function rechazo(mensaje: string, datos: Record<string, string> = {}): DescargaRechazada {
  return new DescargaRechazada(conDatos(mensaje, datos));
}

const numero = (n: number) => n.toLocaleString("es-ES", { maximumFractionDigits: 2 });

function tamanoLegible(bytes: number): string {
  if (bytes >= MB) return `${numero(bytes / MB)} MB`;
  if (bytes >= 1024) return `${numero(bytes / 1024)} KB`;
  return `${numero(bytes)} bytes`;
}

/** A URL we may ask for: http(s), no userinfo; without its fragment, which is never sent. */
function destinoValido(url: URL, redireccion: boolean): URL {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw rechazo(redireccion ? mensajesDescarga.redireccionEsquema : mensajesDescarga.esquema);
  }
  if (url.username || url.password) throw rechazo(mensajesDescarga.credenciales);
  const limpia = new URL(url.href);
  limpia.hash = "";
  return limpia;
}

/** The URL a person gave, as destinoValido takes it; a text that is no URL is refused alike. */
function destinoPedido(url: string): URL {
  try {
    return destinoValido(new URL(url.trim()), false);
  } catch (error) {
    if (error instanceof DescargaRechazada) throw error;
    throw rechazo(mensajesDescarga.direccionNoValida);
  }
}

/** The host without IPv6 brackets; IPv4 literals in any form are already dotted-quad (WHATWG URL). */
const hostDe = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** The one address the connection will go to, after checking every address the host has. */
async function direccionComprobada(
  host: string,
  resolver: Resolver,
  permitirLoopback: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const literal = isIP(host);
  let direcciones: { address: string; family: 4 | 6 }[];
  if (literal) {
    direcciones = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      direcciones = await resolver(host);
    } catch {
      throw rechazo(mensajesDescarga.servidorNoEncontrado, { host });
    }
    if (direcciones.length === 0) throw rechazo(mensajesDescarga.servidorNoEncontrado, { host });
  }
  if (!direcciones.every((d) => direccionPermitida(d.address, permitirLoopback))) {
    throw rechazo(mensajesDescarga.redPrivada);
  }
  return direcciones[0]!;
}

/**
 * Checks, without connecting, a URL a person gave that the server will send to later (a push
 * subscription's endpoint): its form, and every address of its host, as `descargar` does. It
 * answers the address checked, or throws DescargaRechazada with the reason in Spanish.
 */
export async function comprobarDestino(
  url: string,
  {
    resolver = resolverDelSistema,
    permitirLoopback = false,
  }: Pick<OpcionesDescarga, "resolver" | "permitirLoopback"> = {},
): Promise<{ address: string; family: 4 | 6 }> {
  return direccionComprobada(hostDe(destinoPedido(url)), resolver, permitirLoopback);
}

/** Node's connect asks this instead of DNS: it answers the address that was checked. */
function lookupFijo(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, opciones: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opciones?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

function errorDeRed(error: unknown, host: string): DescargaRechazada {
  if (error instanceof DescargaRechazada) return error;
  const codigo = String((error as { code?: unknown })?.code ?? "");
  if (/^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/.test(codigo)) {
    return rechazo(mensajesDescarga.sinConexion, { host });
  }
  if (/^(ECONNRESET|EPIPE|ERR_STREAM_PREMATURE_CLOSE)$/.test(codigo)) {
    return rechazo(mensajesDescarga.conexionCortada, { host });
  }
  if (/CERT|SELF_SIGNED|ERR_TLS|UNABLE_TO_VERIFY/.test(codigo)) {
    return rechazo(mensajesDescarga.certificado, { host });
  }
  if (/^(HPE_|ERR_SSL|EPROTO)/.test(codigo)) return rechazo(mensajesDescarga.respuestaNoValida, { host });
  if (codigo.startsWith("Z_")) return rechazo(mensajesDescarga.compresion);
  return rechazo(mensajesDescarga.sinConexion, { host });
}

const cabecera = (valor: string | string[] | undefined) => (Array.isArray(valor) ? valor[0] : valor) ?? null;

function tipoDeContenido(valor: string | null): { contentType: string | null; charset: string | null } {
  if (!valor) return { contentType: null, charset: null };
  const [tipo, ...parametros] = valor.split(";");
  const charset = parametros
    .map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p)?.[1])
    .find((c): c is string => Boolean(c));
  return { contentType: tipo!.trim().toLowerCase() || null, charset: charset?.toLowerCase() ?? null };
}

/** gzip and br are asked for; deflate (zlib) is read too, from servers that send it anyway. */
function descompresor(codificacion: string): zlib.Gunzip | zlib.BrotliDecompress | zlib.Inflate | null {
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (codificacion === "gzip" || codificacion === "x-gzip") return zlib.createGunzip(flush);
  if (codificacion === "deflate") return zlib.createInflate(flush);
  if (codificacion === "br") return zlib.createBrotliDecompress();
  return null;
}

/** What the head of an answer decides: a result at once, a refusal, or a result made from its body. */
type Cabeza<T> = { paso: T } | { error: DescargaRechazada } | { conCuerpo: (cuerpo: Buffer) => T };

/** The time cap of one call: its signal aborts when the time is up, and the reason to give then. */
interface Reloj {
  senal: AbortSignal;
  agotado: () => DescargaRechazada;
}

interface Peticion<T> {
  destino: URL;
  address: string;
  family: 4 | 6;
  metodo: "GET" | "POST";
  cabeceras: Record<string, string>;
  cuerpo: Buffer | null;
  maxBytes: number;
  /**
   * Past maxBytes, keep the first maxBytes instead of refusing the answer: a status matters
   * more than the whole of the text beside it.
   */
  recortar: boolean;
  descomprimir: boolean;
  reloj: Reloj;
  conectar: OpcionesDescarga["conectar"];
  cabeza: (res: http.IncomingMessage) => Cabeza<T>;
}

/** One request to one checked address; `cabeza` says what its answer means. */
function pedir<T>(p: Peticion<T>): Promise<T> {
  const { destino, address, family, maxBytes, reloj } = p;
  const host = hostDe(destino);
  const segura = destino.protocol === "https:";
  const port = destino.port ? Number(destino.port) : segura ? 443 : 80;

  return new Promise<T>((resolve, reject) => {
    let terminada = false;
    let lector: Readable | null = null;
    const terminar = (resultado: { paso: T } | { error: unknown }) => {
      if (terminada) return;
      terminada = true;
      reloj.senal.removeEventListener("abort", alAbortar);
      peticion.destroy();
      lector?.destroy();
      if ("paso" in resultado) resolve(resultado.paso);
      else reject(errorDeRed(resultado.error, host));
    };
    const alAbortar = () => terminar({ error: reloj.agotado() });

    p.conectar?.(host, port, address, family);
    const peticion = (segura ? https : http).request({
      host,
      port,
      family,
      lookup: lookupFijo(address, family),
      method: p.metodo,
      path: `${destino.pathname}${destino.search}`,
      headers: p.cabeceras,
      agent: false,
      ...(segura && !isIP(host) ? { servername: host } : {}),
    });
    reloj.senal.addEventListener("abort", alAbortar);
    peticion.on("error", (error) => terminar({ error }));

    peticion.on("response", (res) => {
      res.on("error", (error) => terminar({ error }));
      const cabeza = p.cabeza(res);
      if ("paso" in cabeza) return terminar({ paso: cabeza.paso });
      if ("error" in cabeza) return terminar({ error: cabeza.error });

      const demasiado = () => rechazo(mensajesDescarga.tamano, { tamano: tamanoLegible(maxBytes) });
      const largo = Number(cabecera(res.headers["content-length"]));
      if (!p.recortar && Number.isFinite(largo) && largo > maxBytes) return terminar({ error: demasiado() });

      const codificacion = (cabecera(res.headers["content-encoding"]) ?? "").trim().toLowerCase();
      if (p.descomprimir && codificacion && codificacion !== "identity") {
        const d = descompresor(codificacion);
        if (!d) return terminar({ error: rechazo(mensajesDescarga.compresion) });
        d.on("error", (error) => terminar({ error }));
        lector = res.pipe(d);
      } else {
        lector = res;
      }

      const trozos: Buffer[] = [];
      let leidos = 0;
      lector.on("data", (trozo: Buffer) => {
        if (leidos + trozo.length > maxBytes) {
          if (!p.recortar) return terminar({ error: demasiado() });
          trozos.push(trozo.subarray(0, maxBytes - leidos));
          return terminar({ paso: cabeza.conCuerpo(Buffer.concat(trozos)) });
        }
        leidos += trozo.length;
        trozos.push(trozo);
      });
      lector.on("end", () => terminar({ paso: cabeza.conCuerpo(Buffer.concat(trozos)) }));
    });

    peticion.end(p.cuerpo ?? undefined);
  });
}

/** Waits for `promesa` unless the call's time runs out first. */
function aTiempo<T>(promesa: Promise<T>, reloj: Reloj): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const alAbortar = () => reject(reloj.agotado());
    if (reloj.senal.aborted) return alAbortar();
    reloj.senal.addEventListener("abort", alAbortar, { once: true });
    promesa.then(resolve, reject).finally(() => reloj.senal.removeEventListener("abort", alAbortar));
  });
}

/** Runs `tarea` with a time cap for all of it (lookups, redirects, reading). */
async function conReloj<T>(timeoutMs: number, tarea: (reloj: Reloj) => Promise<T>): Promise<T> {
  const controlador = new AbortController();
  const reloj: Reloj = {
    senal: controlador.signal,
    agotado: () => rechazo(mensajesDescarga.tiempo, { segundos: numero(timeoutMs / 1000) }),
  };
  const temporizador = setTimeout(() => controlador.abort(), timeoutMs);
  try {
    return await tarea(reloj);
  } finally {
    clearTimeout(temporizador);
  }
}

/** The address `destino` will be read at, checked within the call's time. */
async function direccionATiempo(
  destino: URL,
  resolver: Resolver,
  permitirLoopback: boolean,
  reloj: Reloj,
): Promise<{ address: string; family: 4 | 6 }> {
  const direccion = await aTiempo(direccionComprobada(hostDe(destino), resolver, permitirLoopback), reloj);
  if (reloj.senal.aborted) throw reloj.agotado();
  return direccion;
}

const agenteDeUsuario = () => `Planazo/1.0 (+${site().url})`;

/** How a download reads an answer's head: a redirect, a 304, a refusal, or a body to read. */
function cabezaDeDescarga(destino: URL, opciones: OpcionesDescarga) {
  return (res: http.IncomingMessage): Cabeza<Paso> => {
    const estado = res.statusCode ?? 0;
    const etag = cabecera(res.headers.etag);
    const lastModified = cabecera(res.headers["last-modified"]);
    const { contentType, charset } = tipoDeContenido(cabecera(res.headers["content-type"]));
    const respuesta = (cuerpo: Buffer, codigo: 200 | 304): Paso => ({
      respuesta: {
        estado: codigo,
        url: destino.href,
        contentType,
        charset,
        cuerpo,
        etag: etag ?? (codigo === 304 ? (opciones.etag ?? null) : null),
        lastModified: lastModified ?? (codigo === 304 ? (opciones.lastModified ?? null) : null),
      },
    });
    if (REDIRECCIONES.has(estado)) return { paso: { redireccion: cabecera(res.headers.location) } };
    if (estado === 304) return { paso: respuesta(Buffer.alloc(0), 304) };
    if (estado < 200 || estado > 299) return { error: rechazo(mensajesDescarga.estado, { status: String(estado) }) };
    return { conCuerpo: (cuerpo) => respuesta(cuerpo, 200) };
  };
}

type Paso = { redireccion: string | null } | { respuesta: Respuesta };

/**
 * Reads a URL that a person gave: http(s) only, every address of every host on the way global
 * unicast (checked before connecting, and the connection pinned to it), at most 3 redirects,
 * a total time and a body size cap. Every refusal is a DescargaRechazada with a Spanish message.
 */
export async function descargar(url: string, opciones: OpcionesDescarga = {}): Promise<Respuesta> {
  const resolver = opciones.resolver ?? resolverDelSistema;
  const maxBytes = opciones.maxBytes ?? env().SOURCES_MAX_BYTES;
  const permitirLoopback = opciones.permitirLoopback ?? env().SOURCES_ALLOW_LOOPBACK === "1";

  let destino = destinoPedido(url);

  const cabeceras: Record<string, string> = {
    "User-Agent": agenteDeUsuario(),
    Accept: opciones.accept ?? "*/*",
    // Compressed answers save most of a feed's bytes; the size cap counts the decompressed ones.
    "Accept-Encoding": "gzip, br",
  };
  if (opciones.etag) cabeceras["If-None-Match"] = opciones.etag;
  if (opciones.lastModified) cabeceras["If-Modified-Since"] = opciones.lastModified;

  return conReloj(opciones.timeoutMs ?? TIMEOUT_MS, async (reloj) => {
    for (let redirecciones = 0; ; redirecciones++) {
      const { address, family } = await direccionATiempo(destino, resolver, permitirLoopback, reloj);
      const paso = await pedir({
        destino,
        address,
        family,
        metodo: "GET",
        cabeceras: { ...cabeceras, Host: destino.host },
        cuerpo: null,
        maxBytes,
        recortar: false,
        descomprimir: true,
        reloj,
        conectar: opciones.conectar,
        cabeza: cabezaDeDescarga(destino, opciones),
      });
      if ("respuesta" in paso) return paso.respuesta;
      if (redirecciones === MAX_REDIRECCIONES) throw rechazo(mensajesDescarga.demasiadasRedirecciones);
      if (!paso.redireccion) throw rechazo(mensajesDescarga.redireccionSinDestino);
      let siguiente: URL;
      try {
        siguiente = new URL(paso.redireccion, destino);
      } catch {
        throw rechazo(mensajesDescarga.redireccionNoValida);
      }
      destino = destinoValido(siguiente, true);
    }
  });
}

export interface OpcionesEnvio extends Pick<OpcionesDescarga, "resolver" | "timeoutMs" | "conectar"> {
  metodo: "POST";
  cabeceras: Record<string, string>;
  cuerpo: Buffer;
  /** Also allow 127.0.0.0/8 (and only that); false unless the caller says so. */
  permitirLoopback?: boolean;
  /** Largest answer body kept, in bytes (the rest is dropped, not refused): 64 KB. */
  maxBytes?: number;
}

export interface RespuestaEnvio {
  estado: number;
  /** As Node gives them: names in lower case. */
  cabeceras: http.IncomingHttpHeaders;
  cuerpo: Buffer;
}

const MAX_BYTES_RESPUESTA_ENVIO = 64 * 1024;

/**
 * Sends a body to a URL a person gave (a push subscription's endpoint) under descargar's rules:
 * its form, every address of its host global, the connection pinned to the one checked, a total
 * time. A redirect is not followed and no status is an error: the caller judges the answer. A
 * refused URL or address, a host not found, a network failure or the time running out throw
 * DescargaRechazada with the reason in Spanish.
 */
export async function enviar(url: string, opciones: OpcionesEnvio): Promise<RespuestaEnvio> {
  const destino = destinoPedido(url);
  // Node would send these itself from `host` and the body; the caller's copy could only disagree.
  const propias = Object.fromEntries(
    Object.entries(opciones.cabeceras).filter(([nombre]) => !/^(host|content-length)$/i.test(nombre)),
  );
  return conReloj(opciones.timeoutMs ?? TIMEOUT_MS, async (reloj) => {
    const resolver = opciones.resolver ?? resolverDelSistema;
    const { address, family } = await direccionATiempo(destino, resolver, opciones.permitirLoopback ?? false, reloj);
    return pedir<RespuestaEnvio>({
      destino,
      address,
      family,
      metodo: opciones.metodo,
      cabeceras: {
        "User-Agent": agenteDeUsuario(),
        ...propias,
        Host: destino.host,
        "Content-Length": String(opciones.cuerpo.length),
      },
      cuerpo: opciones.cuerpo,
      maxBytes: opciones.maxBytes ?? MAX_BYTES_RESPUESTA_ENVIO,
      recortar: true,
      descomprimir: false,
      reloj,
      conectar: opciones.conectar,
      cabeza: (res) => ({ conCuerpo: (cuerpo) => ({ estado: res.statusCode ?? 0, cabeceras: res.headers, cuerpo }) }),
    });
  });
}

/**
 * An answer's body as text, in the charset its Content-Type names (any WHATWG label:
 * "ISO-8859-1", "windows-1252"…); UTF-8 when it names none or one no decoder knows.
 */
export function textoDe(r: Pick<Respuesta, "cuerpo" | "charset">): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(r.charset ?? "utf-8");
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(r.cuerpo);
}
