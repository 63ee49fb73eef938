/**
 * One call per key at a time: whoever asks for a key while its call runs gets that call's promise;
 * once it settles (either way), the next caller starts a new one. Nothing is kept: where results
 * are kept in memory, lru-cache's `fetch` (a `fetchMethod` on the cache) shares the running call
 * and keeps its value in one; this is for calls whose result is not kept (a verdict) or is kept
 * elsewhere (an asynchronous cache, a cache filled by other requests too).
 */
export class SharedCalls<K, V> {
  readonly #running = new Map<K, Promise<V>>();

  /** The running call of `key`, or a new one started by `call`. */
  run(key: K, call: () => Promise<V>): Promise<V> {
    let running = this.#running.get(key);
    if (!running) {
      running = call().finally(() => this.#running.delete(key));
      this.#running.set(key, running);
    }
    return running;
  }

  /** Whether a call of `key` is running. */
  has(key: K): boolean {
    return this.#running.has(key);
  }
}
