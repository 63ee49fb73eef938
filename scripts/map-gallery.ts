/**
 * Writes a sample image of every map layer at two zooms to docs/img/maps/ and regenerates
 * docs/maps.md from the layer definitions (source, licence, coverage, update period, ramp).
 * Weather layers read the synthetic weather grid at a fixed time, so the output is reproducible.
 * Transparent layers are drawn over `base` so they can be seen.
 *
 * Usage: npx tsx scripts/map-gallery.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixedClock } from '../src/core/clock.js';
import { ARCHIVE_HISTORY_HOURS, MAX_IMAGE_SIDE, createMapRenderer, keptUpdates, syntheticWeatherGrid } from '../src/maps/index.js';
import { mapsDocumentIntro } from './map-gallery-intro.js';

const OUTPUT = join(process.cwd(), 'docs', 'img', 'maps');
const CENTRE = { latitude: 41.9, longitude: -93.4 }; // central Iowa
const ZOOMS = [4, 7] as const;
const NOW = Date.UTC(2024, 6, 15, 20, 0, 0);

const renderer = createMapRenderer({ weather: syntheticWeatherGrid({ seed: 7 }), clock: fixedClock(NOW) });
mkdirSync(OUTPUT, { recursive: true });
const sections: string[] = [];
for (const layer of renderer.layers) {
  for (const zoom of ZOOMS) {
    const layers = layer.opaque ? [layer.code] : ['base', layer.code];
    const started = performance.now();
    const image = await renderer.renderFieldImage({ layers, ...CENTRE, zoom, width: 480, height: 320 });
    const file = join(OUTPUT, `${layer.code}-z${zoom}.png`);
    writeFileSync(file, image.png);
    console.log(`${file} ${image.png.length} B ${(performance.now() - started).toFixed(0)} ms`);
  }
  const kept = keptUpdates(layer);
  const lines = [
    `### \`${layer.code}\` — ${layer.title}`,
    '',
    `| | |`,
    `|---|---|`,
    `| kind | ${layer.kind}${layer.opaque ? ', opaque' : ', transparent where it has nothing'} |`,
    `| coverage | ${layer.coverage.name} |`,
    `| updates | ${layer.updatePeriodMinutes === null ? 'n/a (archive interval ignored)' : `every ${layer.updatePeriodMinutes} min; ${kept} updates kept (intervals 0–${kept! - 1})`} |`,
    `| source | ${layer.source} |`,
    `| licence | ${layer.license} |`,
  ];
  if (layer.ramp) lines.push(`| colour ramp | ${layer.ramp.describe().join('; ')}${layer.ramp.transparentBelow !== null ? `; nothing drawn below ${layer.ramp.transparentBelow} ${layer.ramp.unit}` : ''} |`);
  if (layer.notes) lines.push(`| notes | ${layer.notes} |`);
  lines.push('', ZOOMS.map((zoom) => `![${layer.code} at zoom ${zoom}](img/maps/${layer.code}-z${zoom}.png)`).join(' '), '');
  sections.push(lines.join('\n'));
}
writeFileSync(
  join(process.cwd(), 'docs', 'maps.md'),
  [mapsDocumentIntro({ historyHours: ARCHIVE_HISTORY_HOURS, maxImageSide: MAX_IMAGE_SIDE, zooms: [...ZOOMS] }), ...sections].join('\n'),
);
console.log('wrote docs/maps.md');
