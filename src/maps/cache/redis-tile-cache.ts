/**
 * Rendered images shared by every instance through Redis, each kept for `ttlSeconds` (the key
 * already names the update time, so an entry never goes stale; the TTL only bounds memory). A
 * small in-process LRU in front saves the round trip for hot tiles. Redis failures are not
 * errors: the image is rendered again.
 *
 * What Redis holds is bounded in bytes. An image larger than `maxImageBytes` (a large field image)
 * is kept in the in-process LRU only. The others share a budget, `maxBytes`: each image written is
 * counted, by a script that checks and writes at once, in a counter of the time slice (a sixth of
 * the TTL, told by Redis's clock) it was written in, and an image is not written while the slices
 * its TTL still covers hold `maxBytes` already. Every image counted in them may still be in
 * Redis and none outside them can be, so the images held never exceed the budget; once older
 * slices pass, room comes back.
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
  /** Bytes of the in-process cache in front of Redis (default 64 MiB). */
  localBytes?: number;
  /** Largest image written to Redis, bytes (default 1 MiB). */
  maxImageBytes?: number;
  /** Bytes of images Redis may hold, all instances together (default 256 MiB). */
  maxBytes?: number;
}

/** Time slices of the TTL over which written bytes are counted. */
const SLICES_PER_TTL = 6;

/**
 * KEYS[1]: the image's key. ARGV: etag, png, ttl (s), size, budget, slice width (s), counter prefix.
 * Answers 1 when the image was written, 0 when the budget had no room for it.
 */
const WRITE_WITHIN_BUDGET = `
local now = tonumber(redis.call('TIME')[1])
local ttl = tonumber(ARGV[3])
local size = tonumber(ARGV[4])
local width = tonumber(ARGV[6])
local slice = math.floor(now / width)
local span = math.ceil(ttl / width)
local used = 0
for s = slice - span, slice do
  used = used + tonumber(redis.call('GET', ARGV[7] .. s) or '0')
end
if used + size > tonumber(ARGV[5]) then return 0 end
redis.call('HSET', KEYS[1], 'etag', ARGV[1], 'png', ARGV[2])
redis.call('EXPIRE', KEYS[1], ttl)
redis.call('INCRBY', ARGV[7] .. slice, size)
redis.call('EXPIRE', ARGV[7] .. slice, (span + 1) * width)
return 1
`;

export const DEFAULT_REDIS_TILE_BYTES = 256 * 1024 * 1024;
export const DEFAULT_REDIS_TILE_IMAGE_BYTES = 1024 * 1024;

export function createRedisTileCache(options: RedisTileCacheOptions): TileCache {
  const { redis } = options;
  const ttl = options.ttlSeconds ?? 6 * 3600;
  const prefix = options.prefix ?? 'agwx-tile:';
  const maxImageBytes = options.maxImageBytes ?? DEFAULT_REDIS_TILE_IMAGE_BYTES;
  const maxBytes = options.maxBytes ?? DEFAULT_REDIS_TILE_BYTES;
  const sliceSeconds = Math.max(1, Math.ceil(ttl / SLICES_PER_TTL));
  const counterPrefix = `${prefix}bytes:`;
  const local = new LruTileCache({ maxEntries: options.localEntries ?? 512, ...(options.localBytes !== undefined ? { maxBytes: options.localBytes } : {}) });
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
      if (image.png.length > maxImageBytes || image.png.length > maxBytes) return;
      try {
        await redis.eval(WRITE_WITHIN_BUDGET, 1, `${prefix}${key}`, image.etag, image.png, ttl, image.png.length, maxBytes, sliceSeconds, counterPrefix);
      } catch {
        // Shared caching is an optimisation: an unreachable Redis only costs a render.
      }
    },
  };
}
