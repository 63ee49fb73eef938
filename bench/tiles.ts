/**
 * Map rendering throughput. Run: npx tsx bench/tiles.ts
 *
 * Baseline, measured in the same run: encoding an empty 256×256 RGBA PNG with sharp.
 * Measured: uncached composite tiles `base,states,temperatures` at zoom 5, the same tiles from
 * the cache, and uncached 500×500 field images. Requests run one after another (one JS thread;
 * sharp limited to one thread), and the 99th percentile of event-loop stalls is reported: that is how
 * long other requests would wait behind one image.
 *
 * Then the same uncached tiles through the application's grid provider (`createMapWeatherGrid`,
 * lattices of `weather.hourly` answers): over an in-memory source that answers at once (the
 * provider's own cost, lattices rebuilt for every tile and kept), and over the offline synthetic
 * weather source (`createSyntheticSource`): the cost of filling lattices, then tiles whose
 * lattices are in memory. `--quick` shortens every loop.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { fixedClock } from '../src/core/clock.js';
import { LruTileCache, createMapRenderer, noTileCache, syntheticWeatherGrid } from '../src/maps/index.js';
import { createMapWeatherGrid } from '../src/services/map-weather-grid.js';
import type { HourlyWeather, WeatherSource } from '../src/weather/weather-source.js';

sharp.concurrency(1);
const QUICK = process.argv.includes('--quick');
const duration = (ms: number) => (QUICK ? ms / 4 : ms);
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
  while (performance.now() - started < duration(minimumMs)) {
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

// The application's grid provider over an in-memory source whose every answer is immediate.
const HOUR_MS = 3_600_000;
function instantSource(): WeatherSource & { calls: number } {
  const hour = (latitude: number, longitude: number, time: number): HourlyWeather => ({
    time,
    temperature: weather.valueAt('temperature', latitude, longitude, time),
    precipitation: weather.valueAt('precipitationRate', latitude, longitude, time),
    precipitationChance: 0,
    cloudCover: weather.valueAt('cloudCover', latitude, longitude, time),
    solar: 0,
    relativeHumidity: weather.valueAt('relativeHumidity', latitude, longitude, time),
    windAverage: weather.valueAt('windSpeed', latitude, longitude, time),
    windGust: weather.valueAt('windGust', latitude, longitude, time),
    dewPoint: weather.valueAt('dewPoint', latitude, longitude, time),
    soilTemperature: [0, 0, 0, 0],
    soilMoisture: [0, 0, 0, 0],
  });
  const source = {
    name: 'instant',
    calls: 0,
    async daily() {
      return null;
    },
    async hourly(cell: { latitude: number; longitude: number }, request: { start: number; hours: number }) {
      source.calls++;
      return { source: 'instant', hours: Array.from({ length: request.hours }, (_, i) => hour(cell.latitude, cell.longitude, request.start + i * HOUR_MS)) };
    },
  };
  return source;
}

const instant = instantSource();
const instantGrid = createMapWeatherGrid(instant);
const instantRenderer = createMapRenderer({ weather: instantGrid, clock: fixedClock(NOW), cache: noTileCache });
await instantRenderer.warmUp(['base', 'states']);
const providerCold = await timeLoop(`provider, lattice rebuilt every tile`, 4000, (i) => {
  instantGrid.clear();
  return instantRenderer.renderTile({ layers: LAYERS, zoom: 5, ...tiles[i % tiles.length]! });
});
console.log(`  (${(instant.calls / Math.max(1, instantGrid.statistics.latticesBuilt)).toFixed(0)} hourly requests per lattice)`);
const providerWarm = await timeLoop(`provider, lattices in memory`, 4000, (i) =>
  instantRenderer.renderTile({ layers: LAYERS, zoom: 5, ...tiles[i % tiles.length]! }),
);

// The same over the offline synthetic weather source, on a few tiles over the central US.
let synthetic: { cold: number; warm: { perSecond: number; stallMs: number }; perRequestMs: number; requests: number } | null = null;
try {
  const { createSyntheticSource } = await import('../src/weather/synthetic/synthetic-source.js');
  const loadStarted = performance.now();
  const source = createSyntheticSource();
  console.log(`(synthetic source created in ${(performance.now() - loadStarted).toFixed(0)} ms)`);
  let sourceMs = 0;
  let requests = 0;
  const timed: WeatherSource = {
    name: source.name,
    daily: (cell, range) => source.daily(cell, range),
    hourly(cell, request) {
      // The synthetic source computes before its promise is returned: this is its whole cost.
      const started = performance.now();
      const answer = source.hourly(cell, request);
      sourceMs += performance.now() - started;
      requests++;
      return answer;
    },
  };
  const grid = createMapWeatherGrid(timed);
  const renderer = createMapRenderer({ weather: grid, clock: fixedClock(NOW), cache: noTileCache });
  await renderer.warmUp(['base', 'states']);
  const few = QUICK ? [{ x: 7, y: 11 }] : [{ x: 7, y: 11 }, { x: 8, y: 11 }, { x: 7, y: 12 }, { x: 8, y: 12 }];
  const coldStarted = performance.now();
  for (const tile of few) await renderer.renderTile({ layers: LAYERS, zoom: 5, ...tile });
  const coldMs = performance.now() - coldStarted;
  console.log(
    `synthetic source, lattices filled: ${few.length} tiles in ${coldMs.toFixed(0)} ms (${(coldMs / few.length).toFixed(0)} ms a tile; ` +
      `${requests} hourly requests, ${(sourceMs / requests).toFixed(1)} ms each, ${((100 * sourceMs) / coldMs).toFixed(0)} % of the time)`,
  );
  const warm = await timeLoop(`synthetic source, lattices in memory`, 4000, (i) =>
    renderer.renderTile({ layers: LAYERS, zoom: 5, ...few[i % few.length]! }),
  );
  synthetic = { cold: (few.length * 1000) / coldMs, warm, perRequestMs: sourceMs / requests, requests };
} catch (error) {
  console.log(`(synthetic weather source not available: ${error instanceof Error ? error.message : String(error)})`);
}

console.log('');
console.log(`ratio uncached tiles / baseline      ${(uncached.perSecond / baseline.perSecond).toFixed(3)}   (target ≥ 50 tiles/s: ${uncached.perSecond >= 50 ? 'met' : 'NOT met'})`);
console.log(`ratio cached tiles / baseline        ${(cached.perSecond / baseline.perSecond).toFixed(3)}   (target ≥ 2000 tiles/s: ${cached.perSecond >= 2000 ? 'met' : 'NOT met'})`);
console.log(`ratio 500×500 field images / baseline ${(fieldImages.perSecond / baseline.perSecond).toFixed(3)}`);
console.log(`ratio provider (rebuilt) / baseline  ${(providerCold.perSecond / baseline.perSecond).toFixed(3)}`);
console.log(`ratio provider (in memory) / baseline ${(providerWarm.perSecond / baseline.perSecond).toFixed(3)}   (target ≥ 50 tiles/s: ${providerWarm.perSecond >= 50 ? 'met' : 'NOT met'})`);
if (synthetic) {
  console.log(`ratio synthetic, filling / baseline  ${(synthetic.cold / baseline.perSecond).toFixed(5)}   (${synthetic.cold.toFixed(2)} tiles/s)`);
  console.log(
    `ratio synthetic, in memory / baseline ${(synthetic.warm.perSecond / baseline.perSecond).toFixed(3)}   (target ≥ 50 tiles/s: ${synthetic.warm.perSecond >= 50 ? 'met' : 'NOT met'})`,
  );
}
