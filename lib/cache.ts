/**
 * A small in-process memo: at most `max` entries (least recently used out first), each for
 * `ttlMs` (or the time given to `get`). It keeps the promise, so callers that ask for the same
 * key at the same time share one computation; a computation that fails is forgotten at once.
 * With `peso`, the values also share a budget (bytes, say): once a value is computed, the least
 * recently used entries go until the sum of their weights is within `peso.maximo`.
 *
 * Callers put whatever makes an answer stale into the key (search puts the database's
 * the search version), so every instance serves what the database holds: the memo only saves
 * recomputing it.
 */
export class Memo<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number; peso: number }>();
  private pesoTotal = 0;

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly peso?: { de: (value: V) => number; maximo: number },
  ) {}

  get(key: string, compute: () => Promise<V>, ttlMs = this.ttlMs): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    if (hit) this.quitar(key);
    const entry = { value: compute(), expires: now + ttlMs, peso: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (!this.peso || this.entries.get(key) !== entry) return;
        entry.peso = this.peso.de(value);
        this.pesoTotal += entry.peso;
        while (this.pesoTotal > this.peso.maximo && this.entries.size > 0)
          this.quitar(this.entries.keys().next().value!);
      },
      () => {
        if (this.entries.get(key) === entry) this.quitar(key);
      },
    );
    while (this.entries.size > this.max) this.quitar(this.entries.keys().next().value!);
    return entry.value;
  }

  /** Forgets `key` (a value found stale by something the key could not hold, such as the clock). */
  borrar(key: string): void {
    this.quitar(key);
  }

  private quitar(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.pesoTotal -= entry.peso;
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The sum of the weights of the values held (0 without `peso`). */
  get pesoRetenido(): number {
    return this.pesoTotal;
  }
}
