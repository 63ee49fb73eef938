/** A bounded least-recently-used map. `capacity` 0 disables caching. */
export interface LruCache<K, V> {
  readonly capacity: number;
  readonly size: number;
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  /** The cached value, or `create()`'s result after caching it. */
  getOrCreate(key: K, create: () => V): V;
  clear(): void;
}

export function createLruCache<K, V>(capacity: number): LruCache<K, V> {
  if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`cache capacity must be a whole number >= 0, got ${capacity}`);
  const entries = new Map<K, V>();
  const cache: LruCache<K, V> = {
    capacity,
    get size() {
      return entries.size;
    },
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      if (capacity === 0) return;
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > capacity) entries.delete(entries.keys().next().value as K);
    },
    getOrCreate(key, create) {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const value = create();
      cache.set(key, value);
      return value;
    },
    clear() {
      entries.clear();
    },
  };
  return cache;
}
