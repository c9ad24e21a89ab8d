import { LRUCache } from "lru-cache";

/** What one call to `get` hands to the cache's fetchMethod. */
interface Peticion<V> {
  calcular: () => Promise<V>;
  ttlMs: number;
}

/**
 * A small in-process memo over lru-cache: at most `max` entries (least recently used out first;
 * Number.MAX_SAFE_INTEGER or Infinity for no bound but the weights'), each for `ttlMs` (or the
 * time given to `get`) from when its computation started. Callers that ask for the same key at
 * the same time share one computation; a computation that fails is forgotten at once. With
 * `peso`, the values also share a budget (bytes, say): once a value is computed, the least
 * recently used entries go until the sum of their weights is within `peso.maximo`; a value
 * heavier than the whole budget is returned but not kept.
 *
 * Callers put whatever makes an answer stale into the key (search puts the database's search
 * version), so every instance serves what the database holds: the memo only saves recomputing it.
 */
export class Memo<V> {
  // Values go in a box: lru-cache keeps no null or undefined, and a memo may hold them.
  private readonly cache: LRUCache<string, { valor: V }, Peticion<V>>;

  constructor(
    max: number,
    private readonly ttlMs: number,
    peso?: { de: (value: V) => number; maximo: number },
  ) {
    this.cache = new LRUCache<string, { valor: V }, Peticion<V>>({
      // lru-cache reserves room for `max` entries up front: a bound that large means none.
      max: max >= Number.MAX_SAFE_INTEGER ? 0 : max,
      ttl: ttlMs,
      // Date.now, the clock this memo has always used (and the one fake timers drive in tests).
      perf: { now: () => Date.now() },
      // An entry evicted or deleted while it computes still answers the callers waiting for it.
      ignoreFetchAbort: true,
      ...(peso && {
        maxSize: peso.maximo,
        // lru-cache wants whole positive sizes; a computation under way weighs nothing yet.
        sizeCalculation: (caja: { valor: V }) => Math.max(1, Math.ceil(peso.de(caja.valor))),
        backgroundFetchSize: 0,
      }),
      fetchMethod: async (_clave, _anterior, { options, context }) => {
        const inicio = Date.now();
        const valor = await context.calcular();
        // The time to live counts from the start, as a bound on how old an answer can be.
        options.ttl = Math.max(1, context.ttlMs - (Date.now() - inicio));
        return { valor };
      },
    });
  }

  async get(key: string, compute: () => Promise<V>, ttlMs = this.ttlMs): Promise<V> {
    // A value already computed and still fresh: lru-cache's plain get, without fetch's bookkeeping.
    const hecha = this.cache.get(key);
    if (hecha) return hecha.valor;
    const caja = await this.cache.fetch(key, { context: { calcular: compute, ttlMs }, ttl: Math.max(1, ttlMs) });
    // fetch resolves to undefined only for an aborted fetch, and ignoreFetchAbort lets none abort.
    return caja!.valor;
  }

  /** Forgets `key` (a value found stale by something the key could not hold, such as the clock). */
  borrar(key: string): void {
    this.cache.delete(key);
  }

  get size(): number {
    return this.cache.size;
  }

  /** The sum of the weights of the values held (0 without `peso`). */
  get pesoRetenido(): number {
    return this.cache.calculatedSize;
  }
}

/**
 * A read that callers asking at the same time share, each still getting one that began after it
 * asked: the first caller starts a read; whoever asks while it is on its way gets the next one,
 * which starts when it ends and is shared by all of them. So a caller sees every write committed
 * before it asked, and under load the database answers about one read per round trip instead of
 * one per caller. A failed read fails only its own callers.
 */
export function lecturaCompartida<T>(leer: () => Promise<T>): () => Promise<T> {
  let enCurso: Promise<T> | undefined;
  let siguiente: Promise<T> | undefined;
  const empezar = (): Promise<T> => {
    const lectura = leer();
    enCurso = lectura;
    const fin = () => {
      if (enCurso === lectura) enCurso = undefined;
    };
    lectura.then(fin, fin);
    return lectura;
  };
  const nada = () => {};
  return () => {
    if (!enCurso) return empezar();
    return (siguiente ??= enCurso.then(nada, nada).then(() => {
      siguiente = undefined;
      return empezar();
    }));
  };
}
