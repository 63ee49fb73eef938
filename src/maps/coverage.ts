/**
 * Where a layer has data. Outside its coverage a layer draws nothing (transparent).
 * `bounds` is a quick test; `mask`, when present, is the exact area as polygons.
 */
import type { ReferenceGeodata } from './geodata/reference-geodata.js';
import type { ShapeIndex } from './geodata/shape-index.js';
import { type LonLatBBox, bboxContains, bboxesIntersect } from './web-mercator.js';

export interface Coverage {
  readonly name: string;
  readonly bounds: readonly LonLatBBox[];
  /** Exact area (filled even-odd); null when the bounds themselves are the area. */
  mask(geodata: ReferenceGeodata): ShapeIndex | null;
}

const WORLD: LonLatBBox = { west: -180, south: -90, east: 180, north: 90 };

export const globalCoverage: Coverage = { name: 'global', bounds: [WORLD], mask: () => null };

/** The 48 contiguous states and the District of Columbia, by their boundaries (us-atlas). */
export const contiguousUsCoverage: Coverage = {
  name: 'continental US',
  bounds: [{ west: -125.0, south: 24.4, east: -66.9, north: 49.4 }],
  mask: (geodata) => geodata.contiguousUsMask(),
};

/** All 50 states, DC and Puerto Rico, by their boundaries (us-atlas). */
export const usAndPuertoRicoCoverage: Coverage = {
  name: 'US and Puerto Rico',
  bounds: [
    { west: -125.0, south: 24.4, east: -66.9, north: 49.4 }, // contiguous states
    { west: -179.2, south: 51.2, east: -129.9, north: 71.4 }, // Alaska
    { west: 172.4, south: 51.2, east: 180, north: 53.1 }, // Aleutians west of 180°
    { west: -160.3, south: 18.9, east: -154.8, north: 22.3 }, // Hawaii
    { west: -67.3, south: 17.8, east: -65.2, north: 18.6 }, // Puerto Rico
  ],
  mask: (geodata) => geodata.usAndPuertoRicoMask(),
};

/** North America and Central America, including the Caribbean, as a box list. */
export const northAndCentralAmericaCoverage: Coverage = {
  name: 'North America and Central America',
  bounds: [
    { west: -170, south: 7, east: -50, north: 84 },
    { west: -180, south: 50, east: -170, north: 72 },
  ],
  mask: () => null,
};

export function coverageIsGlobal(coverage: Coverage): boolean {
  return coverage.bounds.some((b) => bboxContains(b, WORLD));
}

export function coverageMeets(coverage: Coverage, bbox: LonLatBBox): boolean {
  return coverage.bounds.some((b) => bboxesIntersect(b, bbox));
}

/** The US (states, DC, Puerto Rico) by bounding boxes only: for reference lines that exist only there. */
export const usBoundsCoverage: Coverage = {
  name: 'US',
  bounds: usAndPuertoRicoCoverage.bounds,
  mask: () => null,
};

/** Where the committed road file has roads: North America (US, Canada, Mexico) and Australia. */
export const roadCoverage: Coverage = {
  name: 'North America and Australia',
  bounds: [
    { west: -158.2, south: 17.9, east: -65.6, north: 70.3 },
    { west: 113.6, south: -43.5, east: 153.6, north: -10.9 },
  ],
  mask: () => null,
};
