/** In-process least-recently-used image cache bounded by entry count and total bytes (lru-cache). */
import { LRUCache } from 'lru-cache';
import type { CachedMapImage, TileCache } from './tile-cache.js';

export interface LruTileCacheOptions {
  /** Default 4096. */
  maxEntries?: number;
  /** Default 64 MiB. */
  maxBytes?: number;
}

export class LruTileCache implements TileCache {
  private readonly entries: LRUCache<string, CachedMapImage>;
  readonly maxEntries: number;
  readonly maxBytes: number;

  constructor(options: LruTileCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 4096;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    // An image larger than maxBytes is not kept.
    this.entries = new LRUCache({ max: this.maxEntries, maxSize: this.maxBytes, sizeCalculation: (image) => Math.max(1, image.png.length) });
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.entries.calculatedSize;
  }

  /** Synchronous lookup (also marks the entry as recently used). */
  peek(key: string): CachedMapImage | undefined {
    return this.entries.get(key);
  }

  async get(key: string): Promise<CachedMapImage | undefined> {
    return this.peek(key);
  }

  async set(key: string, image: CachedMapImage): Promise<void> {
    this.entries.set(key, image);
  }
}
