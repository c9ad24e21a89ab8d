import { env } from "../env";
import { pool } from "./pool";

/**
 * Purges of the CDN or caching proxy in front of the app, by tag (etiquetas.ts names them).
 *
 * The one place every invalidation goes through is PostgreSQL: triggers on plan, organizacion and
 * patrocinio write the tags of what changed to purga_pendiente in the writing transaction, whoever
 * writes (the API, the back-office, the sources sync, retention, a script, SQL by hand), and the
 * clock's changes (a plan's end, a featuring's end) are written by the drain below from purga_reloj.
 * Every app instance drains the table every half second; one at a time takes a batch (FOR UPDATE
 * SKIP LOCKED), hands its tags to the adapter and deletes them only once the adapter said yes, so
 * a purge that fails is tried again on the next turn.
 *
 * Adapters: with PURGA_URL unset, none (a local app, or a CDN that only honours `s-maxage`):
 * nothing is purged and rows older than 10 minutes are dropped once a minute; with PURGA_URL, an HTTP `BAN` to it carrying the tags in
 * `X-Purga-Etiquetas` (joined by '|'), as deploy/varnish/planazo.vcl expects. Another CDN's API
 * (Fastly's surrogate-key purge, Cloudflare's purge by tag) is another adapter of the same shape.
 */
export interface AdaptadorPurga {
  nombre: string;
  purgar(etiquetas: string[]): Promise<void>;
}

/** Tags per request: a header of ~4 KB at most. */
const POR_PETICION = 80;
/** Pending rows taken per batch. */
const POR_TURNO = 1000;
const INTERVALO_MS = 500;
/** Without an adapter: how often the rows nobody will purge are dropped, and after how long. */
const INTERVALO_SIN_PURGA_MS = 60_000;
const RETENCION_SIN_PURGA = "10 minutes";

export const sinPurga: AdaptadorPurga = { nombre: "ninguna", purgar: async () => {} };

/** An HTTP BAN to a caching proxy (deploy/varnish/planazo.vcl). */
export function purgaPorBan(url: string): AdaptadorPurga {
  return {
    nombre: "ban",
    async purgar(etiquetas) {
      for (let i = 0; i < etiquetas.length; i += POR_PETICION) {
        const res = await fetch(url, {
          method: "BAN",
          headers: { "X-Purga-Etiquetas": etiquetas.slice(i, i + POR_PETICION).join("|") },
          signal: AbortSignal.timeout(5_000),
        });
        await res.body?.cancel();
        if (!res.ok) throw new Error(`purge answered ${res.status}`);
      }
    },
  };
}

export function adaptadorDePurga(url = env().PURGA_URL): AdaptadorPurga {
  return url ? purgaPorBan(url) : sinPurga;
}

/**
 * One turn: writes the tags of the plans whose end or featuring's end came since the last turn
 * (one instance at a time), then purges and deletes pending tags a batch at a time until fewer
 * than a batch are left or `lotes` batches went, so a bulk write (a sources sync of thousands of
 * plans, four tags each) is purged at the database's pace rather than one batch per half second.
 * Returns the tags purged.
 */
export async function drenarPurgas(adaptador: AdaptadorPurga, lotes = 20): Promise<string[]> {
  if (adaptador === sinPurga) {
    await pool().query(`DELETE FROM purga_pendiente WHERE creada < now() - interval '${RETENCION_SIN_PURGA}'`);
    return [];
  }
  await anotarReloj();
  const purgadas = new Set<string>();
  for (let lote = 0; lote < lotes; lote++) {
    const { etiquetas, filas } = await purgarLote(adaptador);
    etiquetas.forEach((e) => purgadas.add(e));
    if (filas < POR_TURNO) break;
  }
  return [...purgadas];
}

/** Writes the clock's changes since the last turn as pending tags, and moves the mark, at once. */
async function anotarReloj(): Promise<void> {
  await pool().query(
    `WITH reloj AS (
       SELECT visto FROM purga_reloj FOR UPDATE SKIP LOCKED
     ), movido AS (
       UPDATE purga_reloj SET visto = now() FROM reloj RETURNING reloj.visto AS antes, purga_reloj.visto AS ahora
     )
     INSERT INTO purga_pendiente (etiqueta)
     SELECT DISTINCT e FROM movido, plan p,
       unnest(planazo_etiquetas_plan(p.id, p.municipio_ine, p.organizacion_id)
              || CASE WHEN p.destacado_hasta > movido.antes AND p.destacado_hasta <= movido.ahora
                      THEN ARRAY['portada'] ELSE ARRAY[]::text[] END) e
     WHERE p.visible AND ((p.fecha_fin > movido.antes AND p.fecha_fin <= movido.ahora)
        OR (p.destacado_hasta > movido.antes AND p.destacado_hasta <= movido.ahora))`,
  );
}

/** Hands one batch of pending tags to the adapter; they are deleted only if it said yes. */
async function purgarLote(adaptador: AdaptadorPurga): Promise<{ etiquetas: string[]; filas: number }> {
  const cliente = await pool().connect();
  try {
    await cliente.query("BEGIN");
    const { rows } = await cliente.query<{ etiqueta: string }>(
      `DELETE FROM purga_pendiente WHERE id IN (
         SELECT id FROM purga_pendiente ORDER BY id LIMIT ${POR_TURNO} FOR UPDATE SKIP LOCKED
       ) RETURNING etiqueta`,
    );
    const etiquetas = [...new Set(rows.map((r) => r.etiqueta))];
    if (etiquetas.length > 0) await adaptador.purgar(etiquetas);
    await cliente.query("COMMIT");
    return { etiquetas, filas: rows.length };
  } catch (error) {
    await cliente.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    cliente.release();
  }
}

const DRENANDO = Symbol.for("planazo.purgas");

/** Starts this instance's drain (instrumentation.ts), once per process. */
export function iniciarPurgas(adaptador = adaptadorDePurga()): void {
  const g = globalThis as { [DRENANDO]?: NodeJS.Timeout };
  if (g[DRENANDO]) return;
  let ocupado = false;
  g[DRENANDO] = setInterval(
    () => {
      if (ocupado) return;
      ocupado = true;
      drenarPurgas(adaptador)
        .catch((error: Error) => {
          if (adaptador !== sinPurga) console.error(`purga: ${error.message}`);
        })
        .finally(() => (ocupado = false));
    },
    adaptador === sinPurga ? INTERVALO_SIN_PURGA_MS : INTERVALO_MS,
  );
  g[DRENANDO].unref();
}
