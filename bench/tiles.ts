/**
 * Map rendering throughput. Run: npx tsx bench/tiles.ts
 *
 * Baseline, measured in the same run: encoding an empty 256×256 RGBA PNG with sharp.
 * Measured: uncached composite tiles `base,states,temperatures` at zoom 5, the same tiles from
 * the cache, and uncached 500×500 field images. Requests run one after another (one JS thread;
 * sharp limited to one thread), and the 99th percentile of event-loop stalls is reported: that is how
 * long other requests would wait behind one image.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { fixedClock } from '../src/core/clock.js';
import { LruTileCache, createMapRenderer, noTileCache, syntheticWeatherGrid } from '../src/maps/index.js';

sharp.concurrency(1);
const LAYERS = ['base', 'states', 'temperatures'];
const NOW = Date.UTC(2024, 6, 15, 20, 0, 0);
const weather = syntheticWeatherGrid({ seed: 3 });

// Zoom-5 tiles over North America (where all three layers have content) and elsewhere.
const tiles: { x: number; y: number }[] = [];
for (let x = 4; x <= 11; x++) for (let y = 9; y <= 14; y++) tiles.push({ x, y });
for (let x = 14; x <= 21; x++) tiles.push({ x, y: 11 });

async function timeLoop(label: string, minimumMs: number, run: (i: number) => Promise<unknown>): Promise<{ perSecond: number; stallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < minimumMs) {
    await run(count);
    count++;
  }
  const elapsed = performance.now() - started;
  delay.disable();
  const perSecond = (count * 1000) / elapsed;
  const stallMs = delay.percentile(99) / 1e6;
  console.log(`${label.padEnd(44)} ${perSecond.toFixed(1).padStart(9)} /s   (${count} in ${elapsed.toFixed(0)} ms, event-loop stall p99 ${stallMs.toFixed(1)} ms)`);
  return { perSecond, stallMs };
}

const emptyTile = Buffer.alloc(256 * 256 * 4);
const baseline = await timeLoop('baseline: sharp PNG of an empty 256×256', 2000, () =>
  sharp(emptyTile, { raw: { width: 256, height: 256, channels: 4 } }).png().toBuffer(),
);

const uncachedRenderer = createMapRenderer({ weather, clock: fixedClock(NOW), cache: noTileCache });
const warmStart = performance.now();
await uncachedRenderer.warmUp(LAYERS);
console.log(`(reference data for ${LAYERS.join(',')} loaded in ${(performance.now() - warmStart).toFixed(0)} ms)`);

const uncached = await timeLoop(`uncached tiles ${LAYERS.join(',')} z5`, 4000, (i) =>
  uncachedRenderer.renderTile({ layers: LAYERS, zoom: 5, ...tiles[i % tiles.length]! }),
);

const cachedRenderer = createMapRenderer({ weather, clock: fixedClock(NOW), cache: new LruTileCache() });
for (const tile of tiles) await cachedRenderer.renderTile({ layers: LAYERS, zoom: 5, ...tile });
const cached = await timeLoop(`cached tiles ${LAYERS.join(',')} z5`, 2000, (i) =>
  cachedRenderer.renderTile({ layers: LAYERS, zoom: 5, ...tiles[i % tiles.length]! }),
);

const fieldImages = await timeLoop(`uncached 500×500 field images z10`, 4000, (i) =>
  uncachedRenderer.renderFieldImage({ layers: LAYERS, latitude: 41 + (i % 7) * 0.3, longitude: -95 + (i % 11) * 0.4, zoom: 10 }),
);

console.log('');
console.log(`ratio uncached tiles / baseline      ${(uncached.perSecond / baseline.perSecond).toFixed(3)}   (target ≥ 50 tiles/s: ${uncached.perSecond >= 50 ? 'met' : 'NOT met'})`);
console.log(`ratio cached tiles / baseline        ${(cached.perSecond / baseline.perSecond).toFixed(3)}   (target ≥ 2000 tiles/s: ${cached.perSecond >= 2000 ? 'met' : 'NOT met'})`);
console.log(`ratio 500×500 field images / baseline ${(fieldImages.perSecond / baseline.perSecond).toFixed(3)}`);
