/**
 * Reference geometry in the form the renderer draws: every ring or line on its own, its points
 * already projected to mercator units (interleaved x, y), with its bounding box.
 * Polygons are filled with the even-odd rule, so holes work even when rings are culled apart.
 */
import type { Geometry, Position } from 'geojson';
import { latitudeToMercatorY, longitudeToMercatorX } from '../web-mercator.js';

export interface ShapePart {
  readonly points: Float64Array;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** A labelled point in mercator units. */
export interface LabelPoint {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  /** Larger draws first and wins collisions (population, area…). */
  readonly rank: number;
}

export function partFromPositions(positions: readonly Position[]): ShapePart {
  const points = new Float64Array(positions.length * 2);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!;
    const x = longitudeToMercatorX(position[0]!);
    const y = latitudeToMercatorY(position[1]!);
    points[i * 2] = x;
    points[i * 2 + 1] = y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { points, minX, minY, maxX, maxY };
}

/** Rings (for polygons) or lines (for line strings) of a GeoJSON geometry. */
export function partsOfGeometry(geometry: Geometry | null): ShapePart[] {
  if (!geometry) return [];
  switch (geometry.type) {
    case 'Polygon':
    case 'MultiLineString':
      return geometry.coordinates.filter((ring) => ring.length >= 2).map(partFromPositions);
    case 'MultiPolygon':
      return geometry.coordinates.flat().filter((ring) => ring.length >= 2).map(partFromPositions);
    case 'LineString':
      return geometry.coordinates.length >= 2 ? [partFromPositions(geometry.coordinates)] : [];
    case 'GeometryCollection':
      return geometry.geometries.flatMap(partsOfGeometry);
    default:
      return [];
  }
}

/** Area-weighted centre of the largest outer ring, in lon/lat; a label anchor for polygons. */
export function labelAnchorOf(geometry: Geometry | null): { longitude: number; latitude: number; area: number } | null {
  if (!geometry) return null;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  let best: { longitude: number; latitude: number; area: number } | null = null;
  let total = 0;
  for (const polygon of polygons) {
    const ring = polygon[0];
    if (!ring || ring.length < 3) continue;
    let area = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x0, y0] = ring[j]! as [number, number];
      const [x1, y1] = ring[i]! as [number, number];
      const cross = x0 * y1 - x1 * y0;
      area += cross;
      cx += (x0 + x1) * cross;
      cy += (y0 + y1) * cross;
    }
    if (area === 0) continue;
    const abs = Math.abs(area / 2);
    total += abs;
    if (!best || abs > best.area) best = { longitude: cx / (3 * area), latitude: cy / (3 * area), area: abs };
  }
  return best ? { ...best, area: total } : null;
}

function partFromPoints(points: Float64Array): ShapePart {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { points, minX, minY, maxX, maxY };
}

/** Keeps the side of a ring where coordinate `axis` (0 x, 1 y) is ≤ (keepBelow) or ≥ `cut`. */
function clipRingToHalfPlane(points: Float64Array, axis: 0 | 1, cut: number, keepBelow: boolean): Float64Array {
  const out: number[] = [];
  const n = points.length / 2;
  const inside = (k: number) => (keepBelow ? points[k * 2 + axis]! <= cut : points[k * 2 + axis]! >= cut);
  let prev = n - 1;
  let prevIn = inside(prev);
  for (let k = 0; k < n; k++) {
    const curIn = inside(k);
    if (curIn !== prevIn) {
      const pa = points[prev * 2 + axis]!;
      const ca = points[k * 2 + axis]!;
      const t = (cut - pa) / (ca - pa);
      const other = 1 - axis;
      const po = points[prev * 2 + other]!;
      const co = points[k * 2 + other]!;
      const crossing = po + (co - po) * t;
      if (axis === 0) out.push(cut, crossing);
      else out.push(crossing, cut);
    }
    if (curIn) out.push(points[k * 2]!, points[k * 2 + 1]!);
    prev = k;
    prevIn = curIn;
  }
  return Float64Array.from(out);
}

/**
 * Cuts a big polygon ring into pieces of at most `maxPoints` points by halving its box
 * recursively, so drawing a small area touches only the nearby pieces. The pieces tile the
 * ring exactly (shared cut edges cancel out in an even-odd fill).
 */
export function chopRing(part: ShapePart, maxPoints = 512): ShapePart[] {
  if (part.points.length / 2 <= maxPoints) return [part];
  const wide = part.maxX - part.minX >= part.maxY - part.minY;
  const axis: 0 | 1 = wide ? 0 : 1;
  const cut = wide ? (part.minX + part.maxX) / 2 : (part.minY + part.maxY) / 2;
  const pieces: ShapePart[] = [];
  for (const keepBelow of [true, false]) {
    const half = clipRingToHalfPlane(part.points, axis, cut, keepBelow);
    if (half.length < 6) continue;
    const piece = partFromPoints(half);
    // A cut that does not shrink the ring (degenerate geometry) stops the recursion.
    const shrank = piece.maxX - piece.minX < part.maxX - part.minX || piece.maxY - piece.minY < part.maxY - part.minY;
    pieces.push(...(shrank ? chopRing(piece, maxPoints) : [piece]));
  }
  return pieces;
}

/** Cuts a long line into consecutive pieces of at most `maxPoints` points (sharing their ends). */
export function chopLine(part: ShapePart, maxPoints = 256): ShapePart[] {
  const n = part.points.length / 2;
  if (n <= maxPoints) return [part];
  const pieces: ShapePart[] = [];
  for (let start = 0; start < n - 1; start += maxPoints - 1) {
    const end = Math.min(n, start + maxPoints);
    pieces.push(partFromPoints(part.points.slice(start * 2, end * 2)));
  }
  return pieces;
}
