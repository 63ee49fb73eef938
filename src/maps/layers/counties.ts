import { usBoundsCoverage } from '../coverage.js';
import { strokeLines } from '../drawing/vector-paths.js';
import type { MapLayer } from '../map-layer.js';

export const countiesLayer: MapLayer = {
  code: 'counties',
  title: 'County lines',
  kind: 'reference',
  coverage: usBoundsCoverage,
  updatePeriodMinutes: null,
  opaque: false,
  source: 'US Census cartographic boundaries 1:10m (npm us-atlas)',
  license: 'public domain (US Census); package ISC',
  draw(ctx, viewport, frame) {
    const zoom = viewport.zoom;
    strokeLines(ctx, frame.geodata.countyLines(), viewport, {
      colour: zoom <= 5 ? 'rgba(120,120,120,0.55)' : '#8a8a8a',
      width: zoom <= 5 ? 0.5 : zoom <= 9 ? 0.8 : 1.2,
    });
  },
};
