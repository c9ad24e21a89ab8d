/**
 * A Web Push service on 127.0.0.1 for tests and benchmarks, checking what a real one checks: the
 * VAPID JWT (RFC 8292: ES256 signature by the key in the header, audience, expiry, subject), the
 * headers of RFC 8030 (TTL, Topic) and the payload, decrypted with the subscription's private key
 * and secret (RFC 8291: aes128gcm, one record of at most 4096 bytes). Whatever it refuses it also
 * writes down in `rechazos`, so a test can assert that nothing was refused.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

// http_ece is web-push's own decoder of RFC 8188, required through web-push so it is the same copy.
const desdeWebPush = createRequire(createRequire(import.meta.url).resolve("web-push"));
const ece = desdeWebPush("http_ece") as {
  decrypt(cuerpo: Buffer, parametros: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

/** Largest encrypted body a push service must take (RFC 8030 §7.2); past it, 413. */
export const MAX_CUERPO_PUSH = 4096;
const DIA_S = 24 * 60 * 60;

export interface SuscripcionDePrueba {
  id: string;
  endpoint: string;
  /** As the browser's PushSubscription.toJSON() gives them (base64url). */
  keys: { p256dh: string; auth: string };
}

export interface AvisoRecibido {
  id: string;
  endpoint: string;
  /** The decrypted payload, JSON-parsed. */
  carga: unknown;
  /** Size of the decrypted payload in bytes. */
  bytes: number;
  tema: string | null;
  ttl: number;
  urgencia: string | null;
  /** The VAPID token as sent, its claims as checked, and the public key (k) it was checked with. */
  jwt: { token: string; aud: string; exp: number; sub: string; clave: string };
}

export interface RechazoPush {
  id: string;
  estado: number;
  motivo: string;
}

export interface ServicioPush {
  /** http://127.0.0.1:<port>, the audience a JWT must name. */
  origen: string;
  nuevaSuscripcion(): SuscripcionDePrueba;
  recibidos: AvisoRecibido[];
  rechazos: RechazoPush[];
  /** Answers `estado` (500) to the next `n` requests, before any check. */
  fallar(n: number, estado?: number): void;
  /** Answers `estado` (500) to every request for `ms` milliseconds from now. */
  fallarDurante(ms: number, estado?: number): void;
  /** The subscription (by id or endpoint) has expired: 410 from now on. */
  caducar(idOEndpoint: string): void;
  /** Milliseconds every answer waits (the time a real service takes). */
  retraso: number;
  /** Requests being answered now, and the most there ever were at once. */
  readonly enVuelo: number;
  readonly maxEnVuelo: number;
  cerrar(): Promise<void>;
}

interface Claves {
  ecdh: ECDH;
  auth: Buffer;
  caducada: boolean;
}

const b64 = (b: Buffer) => b.toString("base64url");

/** The claims of an acceptable VAPID Authorization header, or why it is not acceptable. */
function fallaDelJwt(
  autorizacion: string | undefined,
  origen: string,
): { motivo: string } | { jwt: AvisoRecibido["jwt"] } {
  const m = /^vapid\s+(.+)$/i.exec(autorizacion ?? "");
  if (!m) return { motivo: "Authorization is not 'vapid t=…, k=…'" };
  const parametros = new Map(
    m[1]!.split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim().toLowerCase(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = parametros.get("t");
  const k = parametros.get("k");
  if (!t || !k) return { motivo: "t or k missing" };
  const clave = Buffer.from(k, "base64url");
  if (clave.length !== 65 || clave[0] !== 4) return { motivo: "k is not an uncompressed P-256 point" };
  const partes = t.split(".");
  if (partes.length !== 3) return { motivo: "t is not a JWS" };
  const [cabeza, carga, firma] = partes as [string, string, string];
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    const h = JSON.parse(Buffer.from(cabeza, "base64url").toString("utf8")) as { alg?: unknown };
    if (h.alg !== "ES256") return { motivo: `alg ${String(h.alg)}` };
    claims = JSON.parse(Buffer.from(carga, "base64url").toString("utf8")) as typeof claims;
  } catch {
    return { motivo: "JWT is not JSON" };
  }
  let publica;
  try {
    publica = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: b64(clave.subarray(1, 33)), y: b64(clave.subarray(33)) },
      format: "jwk",
    });
  } catch {
    return { motivo: "k is not on P-256" };
  }
  const valida = verify(
    "sha256",
    Buffer.from(`${cabeza}.${carga}`),
    { key: publica, dsaEncoding: "ieee-p1363" },
    Buffer.from(firma, "base64url"),
  );
  if (!valida) return { motivo: "signature does not verify with k" };
  const ahora = Math.floor(Date.now() / 1000);
  if (claims.aud !== origen) return { motivo: `aud ${String(claims.aud)} is not ${origen}` };
  if (typeof claims.exp !== "number" || claims.exp <= ahora) return { motivo: "exp missing or past" };
  if (claims.exp > ahora + DIA_S) return { motivo: "exp more than 24 h ahead" };
  if (typeof claims.sub !== "string" || !/^(mailto|https):/.test(claims.sub)) {
    return { motivo: "sub is not mailto: or https:" };
  }
  return { jwt: { token: t, aud: claims.aud, exp: claims.exp, sub: claims.sub, clave: k } };
}

/** The payload, or why it does not decrypt as one aes128gcm record for these keys. */
function descifrar(cuerpo: Buffer, claves: Claves): { texto: Buffer } | { motivo: string } {
  // RFC 8291 §4: a push message is a single record, so the record size covers the whole body.
  if (cuerpo.length < 21) return { motivo: "body shorter than the aes128gcm header" };
  const cabecera = 21 + cuerpo.readUInt8(20);
  if (cuerpo.length - cabecera > cuerpo.readUInt32BE(16)) return { motivo: "more than one record" };
  try {
    return { texto: ece.decrypt(cuerpo, { version: "aes128gcm", privateKey: claves.ecdh, authSecret: claves.auth }) };
  } catch (error) {
    return { motivo: `does not decrypt: ${(error as Error).message}` };
  }
}

export async function iniciarServicioPush(opciones: { retraso?: number } = {}): Promise<ServicioPush> {
  const suscripciones = new Map<string, Claves>();
  const recibidos: AvisoRecibido[] = [];
  const rechazos: RechazoPush[] = [];
  let fallos: { quedan: number; estado: number } = { quedan: 0, estado: 500 };
  let fallarHasta = { momento: 0, estado: 500 };
  let enVuelo = 0;
  let maxEnVuelo = 0;
  let origen = "";

  const servidor = http.createServer((req, res) => {
    // In flight until answered, even when the sender gave up waiting: a real service may still
    // deliver a message whose sender timed out.
    enVuelo++;
    maxEnVuelo = Math.max(maxEnVuelo, enVuelo);
    let leida = false;
    let enCurso = true;
    const terminar = () => {
      if (enCurso) enVuelo--;
      enCurso = false;
    };
    res.on("close", () => {
      if (!leida) terminar();
    });
    const trozos: Buffer[] = [];
    req.on("data", (t: Buffer) => trozos.push(t));
    req.on("end", () => {
      leida = true;
      const { estado, id, motivo, aviso } = atender(req, Buffer.concat(trozos));
      if (motivo && estado !== 201) rechazos.push({ id, estado, motivo });
      const responder = () => {
        if (aviso) recibidos.push(aviso);
        res.writeHead(estado, { "Content-Type": "text/plain" }).end(motivo ?? "");
        terminar();
      };
      if (servicio.retraso > 0) setTimeout(responder, servicio.retraso);
      else responder();
    });
  });

  function atender(
    req: http.IncomingMessage,
    cuerpo: Buffer,
  ): { estado: number; id: string; motivo?: string; aviso?: AvisoRecibido } {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
    if (fallos.quedan > 0) {
      fallos.quedan--;
      return { estado: fallos.estado, id };
    }
    if (Date.now() < fallarHasta.momento) return { estado: fallarHasta.estado, id };
    const claves = suscripciones.get(id);
    if (req.method !== "POST" || !claves) return { estado: 404, id, motivo: "no such subscription" };
    if (claves.caducada) return { estado: 410, id };

    const jwt = fallaDelJwt(req.headers.authorization, origen);
    if ("motivo" in jwt) return { estado: 403, id, motivo: jwt.motivo };
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isSafeInteger(ttl) || ttl < 0) {
      return { estado: 400, id, motivo: "TTL missing or not a whole number" };
    }
    const tema = (req.headers.topic as string | undefined) ?? null;
    if (tema !== null && !/^[\w-]{1,32}$/.test(tema)) return { estado: 400, id, motivo: "Topic is not ≤ 32 base64url" };
    if (req.headers["content-encoding"] !== "aes128gcm") return { estado: 415, id, motivo: "not aes128gcm" };
    if (cuerpo.length > MAX_CUERPO_PUSH) return { estado: 413, id, motivo: `body of ${cuerpo.length} bytes` };
    const descifrado = descifrar(cuerpo, claves);
    if ("motivo" in descifrado) return { estado: 400, id, motivo: descifrado.motivo };
    let carga: unknown;
    try {
      carga = JSON.parse(descifrado.texto.toString("utf8"));
    } catch {
      return { estado: 400, id, motivo: "payload is not JSON" };
    }
    const urgencia = (req.headers.urgency as string | undefined) ?? null;
    return {
      estado: 201,
      id,
      aviso: {
        id,
        endpoint: `${origen}/push/${id}`,
        carga,
        bytes: descifrado.texto.length,
        tema,
        ttl,
        urgencia,
        jwt: jwt.jwt,
      },
    };
  }

  await new Promise<void>((listo) => servidor.listen(0, "127.0.0.1", listo));
  origen = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;

  const servicio: ServicioPush = {
    origen,
    recibidos,
    rechazos,
    retraso: opciones.retraso ?? 0,
    get enVuelo() {
      return enVuelo;
    },
    get maxEnVuelo() {
      return maxEnVuelo;
    },
    nuevaSuscripcion() {
      const id = randomBytes(9).toString("base64url");
      const ecdh = createECDH("prime256v1");
      const p256dh = ecdh.generateKeys();
      const auth = randomBytes(16);
      suscripciones.set(id, { ecdh, auth, caducada: false });
      return { id, endpoint: `${origen}/push/${id}`, keys: { p256dh: b64(p256dh), auth: b64(auth) } };
    },
    fallar(n, estado = 500) {
      fallos = { quedan: n, estado };
    },
    fallarDurante(ms, estado = 500) {
      fallarHasta = { momento: Date.now() + ms, estado };
    },
    caducar(idOEndpoint) {
      const claves = suscripciones.get(idOEndpoint.split("/").pop()!);
      if (!claves) throw new Error(`no subscription ${idOEndpoint}`);
      claves.caducada = true;
    },
    async cerrar() {
      servidor.closeAllConnections();
      await new Promise((listo) => servidor.close(listo));
    },
  };
  return servicio;
}
