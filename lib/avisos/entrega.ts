import type { PrismaClient } from "../db/client";
import { type AvisoPush } from "./cola";
import { enviarPush, temaDe } from "./envio";
import { cuandoSePuedeAvisar } from "./silencio";

/** Notifications in flight at once per process: a push service is one host, and this is a polite load for it. */
export const CONCURRENCIA_PUSH = 32;
/** How many due rows one reservation takes. */
const POR_RESERVA = 256;
/** A reservation's life: a sender that dies frees its rows when it passes. */
const RESERVA_S = 120;

/** Backoff after the n-th failed attempt: 5 s, 10, 20, … capped at an hour (a push is news). */
export function esperaPush(intentos: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, intentos - 1), 3_600_000);
}

/** A notification not delivered a day after it was queued is dropped: "Mañana…" would come too late. */
export const VIDA_AVISO_MS = 86_400_000;

interface Reservado {
  id: bigint;
  clave: string;
  carga: AvisoPush;
  intentos: number;
  suscripcion_id: string;
  creado_en: Date;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Runs `tarea` over `items` with at most `n` at once. */
async function enParalelo<T>(items: T[], n: number, tarea: (item: T) => Promise<void>): Promise<void> {
  let siguiente = 0;
  const obrero = async () => {
    while (siguiente < items.length) await tarea(items[siguiente++]);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, obrero));
}

/**
 * Sends the notifications that are due, each through the safe fetcher to its device's push
 * service (lib/avisos/envio.ts). Rows are reserved in batches (FOR UPDATE SKIP LOCKED, then a
 * reservation time), so several instances and the cron script share the work and none sends a
 * row another holds; a batch's outcomes are written when it has been sent:
 * - delivered: marked sent, never sent again;
 * - 404/410: the device is gone, and its subscription (with what was queued for it) deleted;
 * - 429, 5xx, network errors: retried with backoff, held past the quiet hours, until the
 *   notice is a day old (VIDA_AVISO_MS);
 * - refused (a bad request, or an endpoint that now points at a private address): not retried.
 * A retried message carries the same Topic, so a push service that got the first copy replaces it.
 */
export async function entregarAvisos(
  prisma: PrismaClient,
  { concurrencia = CONCURRENCIA_PUSH, limite = Infinity }: { concurrencia?: number; limite?: number } = {},
): Promise<{ entregados: number; caducados: number; reintentos: number; rechazados: number }> {
  const cuenta = { entregados: 0, caducados: 0, reintentos: 0, rechazados: 0 };
  let vistos = 0;
  while (vistos < limite) {
    const lote = await prisma.$queryRaw<Reservado[]>`
      WITH libres AS (
        SELECT id FROM push_envio
        WHERE enviado_en IS NULL AND proximo_intento_en <= now()
          AND (reservado_hasta IS NULL OR reservado_hasta < now())
          -- Not to a device whose session expired since it was queued (an ended one took its rows).
          AND EXISTS (SELECT 1 FROM push_dispositivo d WHERE d.id = push_envio.suscripcion_id)
        ORDER BY proximo_intento_en, id
        LIMIT ${Math.min(POR_RESERVA, limite - vistos)}
        FOR UPDATE SKIP LOCKED),
      reservados AS (
        UPDATE push_envio e SET reservado_hasta = now() + make_interval(secs => ${RESERVA_S})
        FROM libres WHERE e.id = libres.id
        RETURNING e.id, e.clave, e.carga, e.intentos, e.suscripcion_id, e.creado_en)
      SELECT r.id, r.clave, r.carga, r.intentos, r.suscripcion_id::text, r.creado_en, s.endpoint, s.p256dh, s.auth
      FROM reservados r JOIN push_suscripcion s ON s.id = r.suscripcion_id`;
    if (lote.length === 0) break;
    vistos += lote.length;
    // Outcomes are written per batch, one statement each: a slot goes on to the next device at
    // once. A sender that dies mid-batch leaves its rows reserved for two minutes, then they go
    // again, with the same Topic.
    const entregados: bigint[] = [];
    const caducados: string[] = [];
    const fallidos: { id: bigint; intentos: number; cuando: Date; error: string | null; reintentar: boolean }[] = [];
    await enParalelo(lote, concurrencia, async (r) => {
      const { resultado, mensaje, estado } = await enviarPush(r, r.carga, { tema: temaDe(r.clave) }).catch(
        (error: unknown) => ({ resultado: "reintentar" as const, mensaje: String(error), estado: undefined }),
      );
      const intentos = r.intentos + 1;
      const error = mensaje ?? (estado ? `HTTP ${estado}` : null);
      if (resultado === "entregado") entregados.push(r.id);
      else if (resultado === "caducado") caducados.push(r.suscripcion_id);
      else if (resultado === "reintentar") {
        const cuando = cuandoSePuedeAvisar(new Date(Date.now() + esperaPush(intentos)));
        // Past its day it is news no more: not tried again.
        const aTiempo = cuando.getTime() < r.creado_en.getTime() + VIDA_AVISO_MS;
        fallidos.push({ id: r.id, intentos, cuando, error, reintentar: aTiempo });
      }
      // Refused: not retried ('infinity' below).
      else fallidos.push({ id: r.id, intentos, cuando: new Date(), error, reintentar: false });
    });
    if (entregados.length > 0) {
      await prisma.$executeRaw`
        UPDATE push_envio SET enviado_en = now(), intentos = intentos + 1, reservado_hasta = NULL, ultimo_error = NULL
        WHERE id = ANY(${entregados}::bigint[])`;
      // What the profile shows as the device's last notification.
      await prisma.$executeRaw`
        UPDATE push_suscripcion s SET ultima_entrega_en = now()
        FROM push_envio e WHERE e.id = ANY(${entregados}::bigint[]) AND s.id = e.suscripcion_id`;
    }
    if (caducados.length > 0)
      await prisma.$executeRaw`DELETE FROM push_suscripcion WHERE id = ANY(${caducados}::uuid[])`;
    if (fallidos.length > 0)
      await prisma.$executeRaw`
        UPDATE push_envio e SET intentos = f.intentos, reservado_hasta = NULL, ultimo_error = f.error,
          proximo_intento_en = CASE WHEN f.reintentar THEN f.cuando ELSE 'infinity' END
        FROM unnest(${fallidos.map((f) => f.id)}::bigint[], ${fallidos.map((f) => f.intentos)}::int[],
                    ${fallidos.map((f) => f.cuando)}::timestamptz[], ${fallidos.map((f) => f.error)}::text[],
                    ${fallidos.map((f) => f.reintentar)}::boolean[]) AS f(id, intentos, cuando, error, reintentar)
        WHERE e.id = f.id`;
    cuenta.entregados += entregados.length;
    cuenta.caducados += caducados.length;
    cuenta.reintentos += fallidos.filter((f) => f.reintentar).length;
    cuenta.rechazados += fallidos.filter((f) => !f.reintentar).length;
  }
  return cuenta;
}

/** When the next notification falls due, if within `ms` (a retry's backoff, the end of the quiet hours). */
export async function proximoAviso(prisma: PrismaClient, ms: number): Promise<Date | null> {
  // A row another sender holds falls due for this one when its reservation ends.
  const [{ cuando }] = await prisma.$queryRaw<{ cuando: Date | null }[]>`
    SELECT min(GREATEST(proximo_intento_en, coalesce(reservado_hasta, '-infinity'))) AS cuando FROM push_envio
    WHERE enviado_en IS NULL AND proximo_intento_en < now() + make_interval(secs => ${ms / 1000})`;
  return cuando && cuando.getTime() < Date.now() + ms ? cuando : null;
}
