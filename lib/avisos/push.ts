import webpush from "web-push";
import { direccionWeb, UUID_PATTERN, z } from "../schemas";
import { prisma } from "../db";
import { env } from "../env";
import { comprobarDestino, DescargaRechazada, type Resolver } from "../net/descarga";
import { ApiError } from "../http";
import { conDatos } from "../con-datos";
import { mensajesAvisos } from "./mensajes";
import { describirAgente } from "./agente";

/**
 * Web Push (RFC 8030, 8291, 8292): the server's VAPID keys and each person's devices. A device's
 * endpoint is a URL the person's browser gave, which the server will POST to, so it is held to
 * the safe fetcher's rules (lib/net/descarga.ts) when it is given: https only, and every
 * address of its host global, never the server's own network.
 */

/** How many devices a person may have: a new one past this replaces the one unused longest. */
export const MAX_DISPOSITIVOS = 10;

export interface ClavesVapid {
  publica: string;
  privada: string;
}

let claves: Promise<ClavesVapid> | null = null;

/**
 * The server's VAPID keys: the environment's, else the database's, made by the first instance
 * that needs them (ON CONFLICT: two at once agree on one pair).
 */
export function clavesVapid(): Promise<ClavesVapid> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = env();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY)
    return Promise.resolve({ publica: VAPID_PUBLIC_KEY, privada: VAPID_PRIVATE_KEY });
  claves ??= (async () => {
    const nuevas = webpush.generateVAPIDKeys();
    await prisma.$executeRaw`
      INSERT INTO push_clave (id, publica, privada) VALUES (1, ${nuevas.publicKey}, ${nuevas.privateKey})
      ON CONFLICT (id) DO NOTHING`;
    const [fila] = await prisma.$queryRaw<ClavesVapid[]>`SELECT publica, privada FROM push_clave WHERE id = 1`;
    return fila;
  })();
  claves.catch(() => (claves = null));
  return claves;
}

/** Bytes of a base64url (or base64) key, or null. */
function bytesDe(clave: string): Buffer | null {
  if (!/^[A-Za-z0-9_\-+/]+={0,2}$/.test(clave)) return null;
  return Buffer.from(clave.replace(/-/g, "+").replace(/_/g, "/"), "base64");
}

/** A subscription as the browser's PushSubscription.toJSON() gives it (other fields ignored). */
export const suscripcionSchema = z.object({
  endpoint: direccionWeb(mensajesAvisos.pushEndpointNoValido).min(1, mensajesAvisos.pushEndpointNoValido),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret (RFC 8291).
      p256dh: z.string({ error: mensajesAvisos.pushClavesNoValidas }).refine((k) => {
        const b = bytesDe(k);
        return b !== null && b.length === 65 && b[0] === 4;
      }, mensajesAvisos.pushClavesNoValidas),
      auth: z
        .string({ error: mensajesAvisos.pushClavesNoValidas })
        .refine((k) => bytesDe(k)?.length === 16, mensajesAvisos.pushClavesNoValidas),
    },
    { error: mensajesAvisos.pushClavesNoValidas },
  ),
});

export type SuscripcionPedida = z.infer<typeof suscripcionSchema>;

/**
 * Checks a subscription's endpoint before keeping it: https (or http://127.0.0.1 with
 * PUSH_ALLOW_LOOPBACK=1), no credentials, and a host whose every address is global. 400 in
 * Spanish otherwise; nothing is sent to it here.
 */
export async function comprobarEndpoint(endpoint: string, resolver?: Resolver): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ApiError(400, mensajesAvisos.pushEndpointNoValido);
  }
  const regla = reglaDelEndpoint(url);
  if (!regla) throw new ApiError(400, mensajesAvisos.pushEndpointNoValido);
  try {
    await comprobarDestino(endpoint, { resolver, permitirLoopback: regla.permitirLoopback });
  } catch (error) {
    if (error instanceof DescargaRechazada)
      throw new ApiError(400, conDatos(mensajesAvisos.pushEndpointRechazado, { motivo: error.message }));
    throw error;
  }
}

/**
 * The endpoints a push may go to, when given and again when sent to: https, or the local
 * stand-in at exactly http://127.0.0.1 when loopback is allowed (PUSH_ALLOW_LOOPBACK=1, tests).
 * Null when refused; else whether the safe fetcher may allow the loopback address for it.
 */
export function reglaDelEndpoint(
  url: URL,
  loopback = env().PUSH_ALLOW_LOOPBACK === "1",
): { permitirLoopback: boolean } | null {
  const local = loopback && url.protocol === "http:" && url.hostname === "127.0.0.1";
  return url.protocol === "https:" || local ? { permitirLoopback: local } : null;
}

/** A device as the profile and the apps see it. */
export interface DispositivoApi {
  id: string;
  endpoint: string;
  creadoEn: string;
  /** Browser and system, from the User-Agent given when subscribing (null when unknown). */
  navegador: string | null;
  sistema: string | null;
  /** When a notification last reached its push service (null before the first). */
  ultimaEntregaEn: string | null;
}

interface FilaDispositivo {
  id: string;
  endpoint: string;
  creadaEn: Date;
  agente: string | null;
  ultimaEntregaEn: Date | null;
}

const aApi = (d: FilaDispositivo): DispositivoApi => ({
  id: d.id,
  endpoint: d.endpoint,
  creadoEn: d.creadaEn.toISOString(),
  ...describirAgente(d.agente),
  ultimaEntregaEn: d.ultimaEntregaEn?.toISOString() ?? null,
});

/** Who subscribes a device: the person, the session it belongs to, and the browser's User-Agent. */
export interface Suscriptor {
  usuarioId: string;
  sesionId: string;
  agente: string | null;
}

/**
 * Keeps a device for the person's session: the same endpoint again refreshes it and moves it to
 * this session (a new login on the same browser), from another account it moves here (a shared
 * phone's new owner), and past MAX_DISPOSITIVOS the one unused longest goes.
 */
export async function suscribir(
  { usuarioId, sesionId, agente }: Suscriptor,
  s: SuscripcionPedida,
): Promise<DispositivoApi> {
  return prisma.$transaction(async (tx) => {
    // The person's devices one at a time: two new ones at once never leave eleven.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('push_suscripcion'), hashtext(${usuarioId}))`;
    const ua = agente?.slice(0, 500) ?? null;
    const [fila] = await tx.$queryRaw<FilaDispositivo[]>`
      INSERT INTO push_suscripcion (usuario_id, sesion_id, agente, endpoint, p256dh, auth)
      VALUES (${usuarioId}, ${sesionId}, ${ua}, ${s.endpoint}, ${s.keys.p256dh}, ${s.keys.auth})
      ON CONFLICT (endpoint) DO UPDATE SET usuario_id = EXCLUDED.usuario_id, sesion_id = EXCLUDED.sesion_id,
        agente = EXCLUDED.agente, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, actualizada_en = now(),
        creada_en = CASE WHEN push_suscripcion.usuario_id = EXCLUDED.usuario_id THEN push_suscripcion.creada_en ELSE now() END,
        ultima_entrega_en = CASE WHEN push_suscripcion.usuario_id = EXCLUDED.usuario_id THEN push_suscripcion.ultima_entrega_en END
      RETURNING id::text, endpoint, creada_en AS "creadaEn", agente, ultima_entrega_en AS "ultimaEntregaEn"`;
    await tx.$executeRaw`
      DELETE FROM push_suscripcion WHERE id IN (
        SELECT id FROM push_suscripcion WHERE usuario_id = ${usuarioId}
        ORDER BY actualizada_en DESC, id OFFSET ${MAX_DISPOSITIVOS})`;
    return aApi(fila);
  });
}

/**
 * The person's devices that may be sent to (push_dispositivo: their session is alive), the most
 * recently used first.
 */
export async function dispositivosDe(usuarioId: string): Promise<DispositivoApi[]> {
  const filas = await prisma.$queryRaw<FilaDispositivo[]>`
    SELECT id::text, endpoint, creada_en AS "creadaEn", agente, ultima_entrega_en AS "ultimaEntregaEn"
    FROM push_dispositivo WHERE usuario_id = ${usuarioId}
    ORDER BY actualizada_en DESC, id`;
  return filas.map(aApi);
}

/** How many devices of the person's may be sent to. */
export async function cuantosDispositivos(usuarioId: string): Promise<number> {
  const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM push_dispositivo WHERE usuario_id = ${usuarioId}`;
  return n;
}

/** Forgets one of the person's devices by its id; false when the person has none with it. */
export async function quitarDispositivo(usuarioId: string, id: string): Promise<boolean> {
  if (!UUID_PATTERN.test(id)) return false;
  const { count } = await prisma.pushSuscripcion.deleteMany({ where: { usuarioId, id } });
  return count > 0;
}

/** Forgets one of the person's devices; false when the person has none with that endpoint. */
export async function darDeBaja(usuarioId: string, endpoint: string): Promise<boolean> {
  const { count } = await prisma.pushSuscripcion.deleteMany({ where: { usuarioId, endpoint } });
  return count > 0;
}
