/** In-process least-recently-used image cache bounded by entry count and total bytes. */
import type { CachedMapImage, TileCache } from './tile-cache.js';

export interface LruTileCacheOptions {
  /** Default 4096. */
  maxEntries?: number;
  /** Default 64 MiB. */
  maxBytes?: number;
}

export class LruTileCache implements TileCache {
  private readonly entries = new Map<string, CachedMapImage>();
  private bytes = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;

  constructor(options: LruTileCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 4096;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** Synchronous lookup (also marks the entry as recently used). */
  peek(key: string): CachedMapImage | undefined {
    const image = this.entries.get(key);
    if (image) {
      this.entries.delete(key);
      this.entries.set(key, image);
    }
    return image;
  }

  async get(key: string): Promise<CachedMapImage | undefined> {
    return this.peek(key);
  }

  async set(key: string, image: CachedMapImage): Promise<void> {
    const size = image.png.length;
    if (size > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.png.length;
      this.entries.delete(key);
    }
    this.entries.set(key, image);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.bytes -= this.entries.get(oldest)!.png.length;
      this.entries.delete(oldest);
    }
  }
}
