import { roadCoverage } from '../coverage.js';
import { strokeLines } from '../drawing/vector-paths.js';
import type { MapLayer } from '../map-layer.js';

export const roadsLayer: MapLayer = {
  code: 'roads',
  title: 'Roads',
  kind: 'reference',
  coverage: roadCoverage,
  updatePeriodMinutes: null,
  opaque: false,
  source:
    'Natural Earth 1:10m roads, North America and Australia pieces, converted by scripts/build-road-geodata.ts into data/geodata/ne-10m-roads.json',
  license: 'public domain (Natural Earth)',
  notes:
    'North American roads carry no class in the kept source, so they share one style (#c8773a); Australian roads are drawn as major (#d9612b) and secondary (#e9a64b) highways.',
  draw(ctx, viewport, frame) {
    const zoom = viewport.zoom;
    const roads = frame.geodata.roads();
    const scale = zoom <= 4 ? 0.5 : zoom <= 7 ? 1 : zoom <= 11 ? 1.6 : 2.4;
    strokeLines(ctx, roads.secondary, viewport, { colour: '#e9a64b', width: 0.8 * scale });
    strokeLines(ctx, roads.road, viewport, { colour: '#c8773a', width: scale });
    strokeLines(ctx, roads.major, viewport, { colour: '#d9612b', width: 1.2 * scale });
  },
};
