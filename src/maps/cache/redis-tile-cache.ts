/**
 * Rendered images shared by every instance through Redis, each kept for `ttlSeconds` (the key
 * already names the update time, so an entry never goes stale; the TTL only bounds memory). A
 * small in-process LRU in front saves the round trip for hot tiles. Redis failures are not
 * errors: the image is rendered again.
 */
import type { Redis } from 'ioredis';
import { LruTileCache } from './lru-tile-cache.js';
import type { CachedMapImage, TileCache } from './tile-cache.js';

export interface RedisTileCacheOptions {
  redis: Redis;
  ttlSeconds?: number;
  prefix?: string;
  /** Entries of the in-process cache in front of Redis. */
  localEntries?: number;
}

export function createRedisTileCache(options: RedisTileCacheOptions): TileCache {
  const { redis } = options;
  const ttl = options.ttlSeconds ?? 6 * 3600;
  const prefix = options.prefix ?? 'agwx-tile:';
  const local = new LruTileCache({ maxEntries: options.localEntries ?? 512 });
  return {
    async get(key) {
      const hit = await local.get(key);
      if (hit) return hit;
      try {
        const [etag, png] = await redis.hmgetBuffer(`${prefix}${key}`, 'etag', 'png');
        if (!etag || !png) return undefined;
        const image: CachedMapImage = { etag: etag.toString('utf8'), png };
        await local.set(key, image);
        return image;
      } catch {
        return undefined;
      }
    },
    async set(key, image) {
      await local.set(key, image);
      try {
        await redis.multi().hset(`${prefix}${key}`, 'etag', image.etag, 'png', image.png).expire(`${prefix}${key}`, ttl).exec();
      } catch {
        // Shared caching is an optimisation: an unreachable Redis only costs a render.
      }
    },
  };
}
