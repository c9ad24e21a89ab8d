/**
 * A small in-process memo: at most `max` entries (least recently used out first), each for
 * `ttlMs`. It keeps the promise, so callers that ask for the same key at the same time share
 * one computation; a computation that fails is forgotten at once.
 *
 * Callers put whatever makes an answer stale into the key (search puts the database's
 * `busqueda_version`), so every instance serves what the database holds: the memo only saves
 * recomputing it.
 */
export class Memo<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.expires > now) {
      this.entries.set(key, hit);
      return hit.value;
    }
    const entry = { value: compute(), expires: now + this.ttlMs };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return entry.value;
  }

  get size(): number {
    return this.entries.size;
  }
}
