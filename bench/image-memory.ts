/**
 * Memory after a burst of large, distinct map images. Run: npx tsx bench/image-memory.ts
 *
 * Each configuration runs in a fresh child process (the numbers are process-wide): it builds the
 * application's map renderer over the offline synthetic weather source (as `agwx serve` does),
 * renders a burst of distinct field images of the largest accepted size with every weather layer
 * stacked, several at a time like concurrent requests, then goes idle and reports the resident
 * memory (RSS) at rest before the burst, at its peak, and 10 s after the burst ended, beside the
 * JavaScript heap and the memory held outside it (Buffers).
 *
 * Configurations, each in its own process:
 *   1. glibc tuned as docs/deploy.md recommends (MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=131072),
 *      with the renderer's default bound on pixels drawn at once;
 *   2. glibc defaults, default bound;
 *   3. glibc defaults, no bound (every request draws at once), as before the bound existed.
 *
 *   BENCH_IMAGES (default 32)  BENCH_PARALLEL (default 8)  BENCH_SIZE (default 2048)
 *   --quick: 16 images.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const QUICK = process.argv.includes('--quick');
const IMAGES = Number(process.env.BENCH_IMAGES ?? (QUICK ? 16 : 32));
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 8);
const SIZE = Number(process.env.BENCH_SIZE ?? 2048);
const LAYERS = ['base', 'states', 'temperatures', 'precipitation', 'wind', 'dewpoints', 'relativehumidity', 'cities'];

const mb = (bytes: number) => bytes / 1024 / 1024;
const rssMb = () => mb(process.memoryUsage().rss);

interface Sample {
  label: string;
  rss: number;
  /** Null for the peak, sampled without them. */
  heap: number | null;
  external: number | null;
}

async function child(): Promise<void> {
  const { createMapRenderer } = await import('../src/maps/index.js');
  const { createMapWeatherGrid } = await import('../src/services/map-weather-grid.js');
  const { createSyntheticSource } = await import('../src/weather/synthetic/synthetic-source.js');
  const { fixedClock } = await import('../src/core/clock.js');
  // As createAppMapRenderer (services/map-image-service.ts) builds it for the app (default image cache included), with the bound under test.
  const maxPixels = process.env.BENCH_MAX_PIXELS === 'unbounded' ? Number.MAX_SAFE_INTEGER : undefined;
  const source = createSyntheticSource();
  const renderer = createMapRenderer({
    weather: createMapWeatherGrid(source),
    clock: fixedClock(Date.UTC(2024, 5, 15, 12)),
    variant: `weather:${source.name}`,
    ...(maxPixels ? { maxPixelsInFlight: maxPixels } : {}),
  });
  const samples: Sample[] = [];
  const sample = (label: string) => {
    const usage = process.memoryUsage();
    samples.push({ label, rss: mb(usage.rss), heap: mb(usage.heapUsed), external: mb(usage.external) });
  };
  // Reference data loaded and one small image drawn: the process at rest, ready to serve.
  await renderer.renderFieldImage({ layers: LAYERS, latitude: 41.5, longitude: -93.5, width: 256, height: 256, zoom: 8 });
  global.gc?.();
  sample('at rest');
  let peak = 0;
  const watch = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < IMAGES) {
        const i = next++;
        // Distinct places: none comes from the image cache.
        await renderer.renderFieldImage({ layers: LAYERS, latitude: 30 + (i % 20), longitude: -120 + Math.floor(i / 20) * 7 + (i % 7) * 0.5, width: SIZE, height: SIZE, zoom: 7 });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(watch);
  samples.push({ label: 'peak during the burst', rss: peak, heap: null, external: null });
  sample('burst ended');
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  global.gc?.();
  sample('10 s after');
  process.stdout.write(`${JSON.stringify({ seconds, samples })}\n`);
}

async function run(label: string, env: Record<string, string | undefined>): Promise<void> {
  const script = fileURLToPath(import.meta.url);
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, BENCH_CHILD: '1' };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const output = await new Promise<string>((resolve, reject) => {
    const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], { env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    proc.stdout.on('data', (chunk) => (text += chunk));
    proc.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`${label}: exit ${code}`))));
  });
  const { seconds, samples } = JSON.parse(output.trim().split('\n').pop()!) as { seconds: number; samples: Sample[] };
  console.log(`\n${label} — ${IMAGES} images ${SIZE}×${SIZE} (${LAYERS.length} layers), ${PARALLEL} at a time, ${seconds.toFixed(1)} s`);
  for (const s of samples) {
    const detail = s.heap === null || s.external === null ? '' : `   JS heap ${s.heap.toFixed(0).padStart(4)} MB, outside the heap ${s.external.toFixed(0).padStart(4)} MB`;
    console.log(`  ${s.label.padEnd(24)} RSS ${s.rss.toFixed(0).padStart(5)} MB${detail}`);
  }
}

if (process.env.BENCH_CHILD === '1') {
  await child();
} else {
  const glibcDefaults = { MALLOC_ARENA_MAX: undefined, MALLOC_MMAP_THRESHOLD_: undefined };
  await run('1. glibc tuned (MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=131072), default pixel bound', { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
  await run('2. glibc defaults, default pixel bound', glibcDefaults);
  await run('3. glibc defaults, no pixel bound', { ...glibcDefaults, BENCH_MAX_PIXELS: 'unbounded' });
}
