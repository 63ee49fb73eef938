import { describe, expect, it } from 'vitest';
import { LruTileCache } from '../../src/maps/cache/lru-tile-cache.js';

const image = (bytes: number, etag = `e${bytes}`) => ({ png: Buffer.alloc(bytes), etag });

describe('in-process tile cache', () => {
  it('drops the least recently used images beyond its entry count', async () => {
    const cache = new LruTileCache({ maxEntries: 2 });
    await cache.set('a', image(10));
    await cache.set('b', image(10));
    expect(await cache.get('a')).toBeDefined(); // a is now the most recent
    await cache.set('c', image(10));
    expect(await cache.get('b')).toBeUndefined();
    expect(cache.peek('a')?.etag).toBe('e10');
    expect(cache.size).toBe(2);
  });

  it('stays within its bytes, and keeps no image larger than all of them', async () => {
    const cache = new LruTileCache({ maxBytes: 1000 });
    for (let i = 0; i < 5; i++) await cache.set(`t${i}`, image(300));
    expect(cache.totalBytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(3);
    expect(await cache.get('t4')).toBeDefined();
    await cache.set('huge', image(1001));
    expect(await cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(3);
  });
});
