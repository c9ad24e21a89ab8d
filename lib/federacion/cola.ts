import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from "@fedify/fedify";
import { prisma } from "../db";

/** Fedify's queue's channel in the table. */
export const CANAL_FEDIFY = "fedify";
/** How long a worker holds a message: past it, a worker that died is taken for gone and another handles it. */
const TOMADO_MS = 5 * 60_000;
/** How often an idle worker looks for messages other instances queued (its own wake it at once). */
const ESPERA_MS = 2_000;

/**
 * What happens around each message a worker takes: the handler runs inside it (`manejar`), or the
 * message is put off for a while (a server's deliveries this minute are spent) or dropped (a
 * blocked server).
 */
export type Paso = (
  mensaje: unknown,
  manejar: () => Promise<void>,
) => Promise<{ aplazarMs: number } | "descartar" | void>;

const retraso = (opciones?: MessageQueueEnqueueOptions) =>
  opciones?.delay ? Math.max(0, opciones.delay.total("millisecond")) : 0;

/**
 * Fedify's queue in PostgreSQL (federacion_cola): deliveries and received activities survive a
 * restart, and every instance's workers share them. A worker takes a message for a while
 * (tomado_hasta), handles it and deletes it; messages of one ordering key go one at a time, in
 * the order they were queued (a message is handed out only when no earlier one of its key is
 * left). Retries are Fedify's own (nativeRetrial false): a message whose handler throws is
 * dropped, as Fedify has queued its retry already.
 */
export class ColaFederacion implements MessageQueue {
  readonly nativeRetrial = false;
  private readonly despertar = new Set<() => void>();

  /** `canal`: the queue's name in the table (Fedify's, CANAL_FEDIFY, by default); each queue sees only its own messages. */
  constructor(
    private readonly opciones: { canal?: string; trabajadores?: number; esperaMs?: number; paso?: Paso } = {},
  ) {}

  private get canal(): string {
    return this.opciones.canal ?? CANAL_FEDIFY;
  }

  async enqueue(mensaje: unknown, opciones?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([mensaje], opciones);
  }

  async enqueueMany(mensajes: readonly unknown[], opciones?: MessageQueueEnqueueOptions): Promise<void> {
    if (mensajes.length === 0) return;
    const ms = retraso(opciones);
    await prisma.$executeRaw`
      INSERT INTO federacion_cola (canal, mensaje, orden, disponible)
      SELECT ${this.canal}, m, ${opciones?.orderingKey ?? null}, now() + make_interval(secs => ${ms / 1000})
      FROM unnest(${mensajes.map((m) => JSON.stringify(m ?? null))}::jsonb[]) WITH ORDINALITY AS t(m, n)
      ORDER BY n`;
    if (ms === 0) for (const d of [...this.despertar]) d();
  }

  async listen(
    manejar: (mensaje: unknown) => Promise<void> | void,
    opciones: MessageQueueListenOptions = {},
  ): Promise<void> {
    const { signal } = opciones;
    const trabajador = async () => {
      while (!signal?.aborted) {
        const tomado = await this.tomar().catch(() => null);
        if (!tomado) {
          await this.esperar(signal);
          continue;
        }
        let aplazar = 0;
        try {
          const paso = this.opciones.paso ?? ((m, seguir) => seguir());
          const r = await paso(tomado.mensaje, async () => {
            await manejar(tomado.mensaje);
          });
          if (r && r !== "descartar") aplazar = r.aplazarMs;
        } catch (error) {
          console.error("[federacion] mensaje de la cola fallido:", error);
        }
        if (aplazar > 0)
          await prisma.$executeRaw`
            UPDATE federacion_cola SET tomado_hasta = NULL, disponible = now() + make_interval(secs => ${aplazar / 1000})
            WHERE id = ${tomado.id}`.catch(() => {});
        else await prisma.$executeRaw`DELETE FROM federacion_cola WHERE id = ${tomado.id}`.catch(() => {});
      }
    };
    await Promise.all(Array.from({ length: this.opciones.trabajadores ?? 2 }, trabajador));
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const [f] = await prisma.$queryRaw<{ listos: number; diferidos: number }[]>`
      SELECT count(*) FILTER (WHERE disponible <= now())::int AS listos,
             count(*) FILTER (WHERE disponible > now())::int AS diferidos
      FROM federacion_cola WHERE canal = ${this.canal} AND (tomado_hasta IS NULL OR tomado_hasta < now())`;
    return { queued: f.listos + f.diferidos, ready: f.listos, delayed: f.diferidos };
  }

  /** The next message a worker may handle, taken for TOMADO_MS; null when there is none now. */
  private async tomar(): Promise<{ id: bigint; mensaje: unknown } | null> {
    const [fila] = await prisma.$queryRaw<{ id: bigint; mensaje: unknown }[]>`
      UPDATE federacion_cola SET tomado_hasta = now() + make_interval(secs => ${TOMADO_MS / 1000})
      WHERE id = (
        SELECT c.id FROM federacion_cola c
        WHERE c.canal = ${this.canal} AND c.disponible <= now() AND (c.tomado_hasta IS NULL OR c.tomado_hasta < now())
          AND (c.orden IS NULL OR NOT EXISTS (
            SELECT 1 FROM federacion_cola o WHERE o.canal = c.canal AND o.orden = c.orden AND o.id < c.id))
        ORDER BY c.disponible, c.id
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING id, mensaje`;
    return fila ?? null;
  }

  /** Until a message is queued here, ESPERA_MS pass, or the signal aborts. */
  private esperar(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const fin = () => {
        clearTimeout(reloj);
        this.despertar.delete(fin);
        signal?.removeEventListener("abort", fin);
        resolve();
      };
      const reloj = setTimeout(fin, this.opciones.esperaMs ?? ESPERA_MS);
      this.despertar.add(fin);
      signal?.addEventListener("abort", fin, { once: true });
    });
  }
}
