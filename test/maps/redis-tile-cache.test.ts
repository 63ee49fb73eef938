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

  it('renders again rather than failing when Redis is gone', async () => {
    const { redis, prefix } = await connectTestRedis();
    const cache = createRedisTileCache({ redis, prefix: `${prefix}:` });
    await redis.quit();
    expect(await cache.get('tile:2')).toBeUndefined();
    await expect(cache.set('tile:2', { etag: '"x"', png: Buffer.from([1]) })).resolves.toBeUndefined();
  });
});
