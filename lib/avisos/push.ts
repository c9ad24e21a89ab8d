import webpush from "web-push";
import { z } from "../schemas";
import { prisma } from "../db";
import { env } from "../env";
import { comprobarDestino, DescargaRechazada, type Resolver } from "../net/descarga";
import { ApiError } from "../http";
import { conDatos } from "../messages";
import { mensajesAvisos } from "./mensajes";

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
  endpoint: z
    .string({ error: mensajesAvisos.pushEndpointNoValido })
    .trim()
    .min(1, mensajesAvisos.pushEndpointNoValido)
    .max(2000),
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

export interface DispositivoApi {
  endpoint: string;
  creadoEn: string;
}

const aApi = (s: { endpoint: string; creadaEn: Date }): DispositivoApi => ({
  endpoint: s.endpoint,
  creadoEn: s.creadaEn.toISOString(),
});

/**
 * Keeps a device for the person: the same endpoint again refreshes it, from another account it
 * moves here (a shared phone's new owner), and past MAX_DISPOSITIVOS the one unused longest goes.
 */
export async function suscribir(usuarioId: string, s: SuscripcionPedida): Promise<DispositivoApi> {
  return prisma.$transaction(async (tx) => {
    // The person's devices one at a time: two new ones at once never leave eleven.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('push_suscripcion'), hashtext(${usuarioId}))`;
    const [fila] = await tx.$queryRaw<{ endpoint: string; creadaEn: Date }[]>`
      INSERT INTO push_suscripcion (usuario_id, endpoint, p256dh, auth)
      VALUES (${usuarioId}, ${s.endpoint}, ${s.keys.p256dh}, ${s.keys.auth})
      ON CONFLICT (endpoint) DO UPDATE SET usuario_id = EXCLUDED.usuario_id, p256dh = EXCLUDED.p256dh,
        auth = EXCLUDED.auth, actualizada_en = now(),
        creada_en = CASE WHEN push_suscripcion.usuario_id = EXCLUDED.usuario_id THEN push_suscripcion.creada_en ELSE now() END
      RETURNING endpoint, creada_en AS "creadaEn"`;
    await tx.$executeRaw`
      DELETE FROM push_suscripcion WHERE id IN (
        SELECT id FROM push_suscripcion WHERE usuario_id = ${usuarioId}
        ORDER BY actualizada_en DESC, id OFFSET ${MAX_DISPOSITIVOS})`;
    return aApi(fila);
  });
}

/** The person's devices, the most recently used first. */
export async function dispositivosDe(usuarioId: string): Promise<DispositivoApi[]> {
  const filas = await prisma.pushSuscripcion.findMany({
    where: { usuarioId },
    orderBy: [{ actualizadaEn: "desc" }, { id: "asc" }],
    select: { endpoint: true, creadaEn: true },
  });
  return filas.map(aApi);
}

/** Forgets one of the person's devices; false when the person has none with that endpoint. */
export async function darDeBaja(usuarioId: string, endpoint: string): Promise<boolean> {
  const { count } = await prisma.pushSuscripcion.deleteMany({ where: { usuarioId, endpoint } });
  return count > 0;
}
