/**
 * A bounded cache of rendered images, keyed by everything that determines the image (layers,
 * position, zoom, size and each weather layer's update time). Asynchronous so a shared
 * implementation (e.g. Redis) can sit behind the same interface.
 */

export interface CachedMapImage {
  readonly png: Buffer;
  readonly etag: string;
}

export interface TileCache {
  get(key: string): Promise<CachedMapImage | undefined>;
  set(key: string, image: CachedMapImage): Promise<void>;
}

/** A cache that keeps nothing. */
export const noTileCache: TileCache = {
  get: async () => undefined,
  set: async () => undefined,
};
