import { describe, expect, it } from 'vitest';
import { createRedisTileCache } from '../../src/maps/cache/redis-tile-cache.js';
import { connectTestRedis, redisRequired } from '../support/redis.js';

describe.runIf(redisRequired())('tile cache shared through Redis', () => {
  it('serves an image rendered by one instance to another', async () => {
    const { redis, prefix } = await connectTestRedis();
    try {
      const a = createRedisTileCache({ redis, prefix: `${prefix}:`, ttlSeconds: 60 });
      const b = createRedisTileCache({ redis, prefix: `${prefix}:`, ttlSeconds: 60 });
      const image = { etag: '"abc"', png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]) };
      expect(await b.get('tile:1')).toBeUndefined();
      await a.set('tile:1', image);
      expect(await b.get('tile:1')).toEqual(image);
      expect(await redis.ttl(`${prefix}:tile:1`)).toBeGreaterThan(50);
    } finally {
      await redis.quit();
    }
  });

  it('keeps an image larger than the image cap (1 MiB by default) out of Redis, in the local cache only', async () => {
    const { redis, prefix } = await connectTestRedis();
    try {
      const a = createRedisTileCache({ redis, prefix: `${prefix}:` });
      const b = createRedisTileCache({ redis, prefix: `${prefix}:` });
      const large = { etag: '"large"', png: Buffer.alloc(5 * 1024 * 1024, 7) };
      await a.set('field:large', large);
      expect(await redis.exists(`${prefix}:field:large`)).toBe(0);
      expect(await a.get('field:large')).toEqual(large);
      expect(await b.get('field:large')).toBeUndefined();
      const small = { etag: '"small"', png: Buffer.alloc(1024 * 1024, 1) };
      await a.set('field:small', small);
      expect(await b.get('field:small')).toEqual(small);
    } finally {
      await redis.quit();
    }
  });

  it('holds no more bytes in Redis than its budget, also when many instances write at once', async () => {
    const { redis, prefix } = await connectTestRedis();
    try {
      const options = { redis, prefix: `${prefix}:`, ttlSeconds: 60, maxBytes: 1000 };
      const instances = Array.from({ length: 10 }, () => createRedisTileCache(options));
      await Promise.all(instances.map((cache, i) => cache.set(`tile:${i}`, { etag: `"${i}"`, png: Buffer.alloc(300, i) })));
      const keys = (await redis.keys(`${prefix}:tile:*`)).sort();
      expect(keys).toHaveLength(3);
      let held = 0;
      for (const key of keys) held += (await redis.hgetBuffer(key, 'png'))!.length;
      expect(held).toBeLessThanOrEqual(1000);
      // A smaller image still fits in what is left.
      await instances[0]!.set('tile:small', { etag: '"s"', png: Buffer.alloc(100) });
      expect(await redis.exists(`${prefix}:tile:small`)).toBe(1);
    } finally {
      await redis.quit();
    }
  });

  it('has room again once the images counted have expired', async () => {
    const { redis, prefix } = await connectTestRedis();
    try {
      const cache = createRedisTileCache({ redis, prefix: `${prefix}:`, ttlSeconds: 1, maxBytes: 500 });
      await cache.set('tile:a', { etag: '"a"', png: Buffer.alloc(400) });
      await cache.set('tile:b', { etag: '"b"', png: Buffer.alloc(400) });
      expect(await redis.exists(`${prefix}:tile:a`, `${prefix}:tile:b`)).toBe(1);
      // A one-second TTL is counted over the current and the previous second: both have passed after 2.1 s.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await cache.set('tile:c', { etag: '"c"', png: Buffer.alloc(400) });
      expect(await redis.exists(`${prefix}:tile:c`)).toBe(1);
    } finally {
      await redis.quit();
    }
  });

  it('renders again rather than failing when Redis is gone', async () => {
    const { redis, prefix } = await connectTestRedis();
    const cache = createRedisTileCache({ redis, prefix: `${prefix}:` });
    await redis.quit();
    expect(await cache.get('tile:2')).toBeUndefined();
    await expect(cache.set('tile:2', { etag: '"x"', png: Buffer.from([1]) })).resolves.toBeUndefined();
  });
});
