/**
 * A small bounded cache: least recently used entries go first once `maxEntries` is reached, and every
 * entry lives at most `ttlMs` of real (monotonic) time, whatever the app's injectable clock says.
 *
 * Read-through callers must not store a value they read before an invalidation: a request that looked a
 * session up just before sign-out committed would otherwise put the dead session back after sign-out
 * removed it. So `set` takes the generation seen before reading (`generation()`), and every delete bumps
 * it; a stale write is dropped. Deletes are rare (sign-outs, password changes), reads are every request.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, { value: V; until: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  #generation = 0;
  #suspended = false;

  constructor(options: { maxEntries: number; ttlMs: number }) {
    this.#maxEntries = options.maxEntries;
    this.#ttlMs = options.ttlMs;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    if (this.#suspended) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (performance.now() >= entry.until) return undefined;
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Pass the result to `set`; take it before reading what will be stored. */
  generation(): number {
    return this.#generation;
  }

  /** Stores `value` unless something was deleted since `generation` was taken. */
  set(key: K, value: V, generation: number): void {
    if (generation !== this.#generation || this.#suspended) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, until: performance.now() + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#generation++;
    this.#entries.delete(key);
  }

  /**
   * Empties the cache and keeps it empty (every `get` misses, every `set` is dropped) until `resume`: while
   * this instance cannot hear other instances' invalidations (cluster/invalidation-listener.ts).
   */
  suspend(): void {
    this.#suspended = true;
    this.#generation++;
    this.#entries.clear();
  }

  /** Caching starts again; a read begun while suspended is still not stored (the generation moved). */
  resume(): void {
    this.#suspended = false;
    this.#generation++;
  }

  /** Deletes every entry `matches` selects (a scan: at most `maxEntries`, and only on rare events). */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    this.#generation++;
    for (const [key, entry] of this.#entries) {
      if (matches(entry.value, key)) this.#entries.delete(key);
    }
  }
}
