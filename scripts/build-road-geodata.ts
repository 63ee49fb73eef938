/**
 * Builds data/geodata/ne-10m-roads.json, the compact road file the `roads` map layer reads,
 * from Natural Earth 1:10m roads (public domain) kept as regional pieces:
 *   - North America: ESRI shapefile geometry (.shp) without attributes → class "road";
 *   - Australia: TopoJSON with all Natural Earth attributes → class from `type`.
 *
 * Usage: npx tsx scripts/build-road-geodata.ts [source-folder]
 *   source-folder defaults to ../shared/data/geodata (ne_10m_roads_north_america_geometry/,
 *   ne_10m_roads_australia.topojson).
 *
 * Output: { lines: [[classIndex, x0, y0, dx1, dy1, …], …] } with coordinates in integer units of
 * 1e-4 degree (about 11 m), delta-encoded, after Douglas–Peucker simplification (1e-3 degree, about 100 m; the source is a 1:10,000,000 product).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { LineString, MultiLineString } from 'geojson';

const QUANTUM = 1e-4;
const TOLERANCE = 1e-3;
const CLASSES = ['major', 'secondary', 'road'] as const;

type Line = { cls: number; points: [number, number][] };

function readShapefilePolylines(path: string): [number, number][][] {
  const buf = readFileSync(path);
  const lines: [number, number][][] = [];
  let offset = 100;
  while (offset + 8 <= buf.length) {
    const contentBytes = buf.readInt32BE(offset + 4) * 2;
    const content = offset + 8;
    const shapeType = buf.readInt32LE(content);
    if (shapeType === 3 || shapeType === 13 || shapeType === 23) {
      const numParts = buf.readInt32LE(content + 36);
      const numPoints = buf.readInt32LE(content + 40);
      const partsAt = content + 44;
      const pointsAt = partsAt + numParts * 4;
      for (let p = 0; p < numParts; p++) {
        const start = buf.readInt32LE(partsAt + p * 4);
        const end = p + 1 < numParts ? buf.readInt32LE(partsAt + (p + 1) * 4) : numPoints;
        const line: [number, number][] = [];
        for (let i = start; i < end; i++) {
          line.push([buf.readDoubleLE(pointsAt + i * 16), buf.readDoubleLE(pointsAt + i * 16 + 8)]);
        }
        if (line.length >= 2) lines.push(line);
      }
    }
    offset = content + contentBytes;
  }
  return lines;
}

function simplify(points: [number, number][], tolerance: number): [number, number][] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = points[first]!;
    const [bx, by] = points[last]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    let worst = -1;
    let worstDistance = tolerance * tolerance;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i]!;
      let t = length2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / length2;
      t = Math.max(0, Math.min(1, t));
      const ex = ax + t * dx - px;
      const ey = ay + t * dy - py;
      const d2 = ex * ex + ey * ey;
      if (d2 > worstDistance) {
        worstDistance = d2;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

function classOf(type: unknown): number | null {
  if (type === 'Ferry Route') return null;
  if (type === 'Major Highway' || type === 'Beltway') return 0;
  if (type === 'Secondary Highway') return 1;
  return 2;
}

function encode(line: Line): number[] {
  const out = [line.cls];
  let lastX = 0;
  let lastY = 0;
  for (const [lon, lat] of line.points) {
    const x = Math.round(lon / QUANTUM);
    const y = Math.round(lat / QUANTUM);
    out.push(x - lastX, y - lastY);
    lastX = x;
    lastY = y;
  }
  return out;
}

const sourceFolder = resolve(process.argv[2] ?? join(process.cwd(), '..', 'shared', 'data', 'geodata'));
const lines: Line[] = [];

for (const points of readShapefilePolylines(join(sourceFolder, 'ne_10m_roads_north_america_geometry', 'ne_10m_roads.shp'))) {
  lines.push({ cls: 2, points });
}
const northAmericaCount = lines.length;

const australia = JSON.parse(readFileSync(join(sourceFolder, 'ne_10m_roads_australia.topojson'), 'utf8')) as Topology;
const collection = feature(australia, australia.objects['ne_10m_roads']!) as unknown as GeoJSON.FeatureCollection<LineString | MultiLineString>;
for (const road of collection.features) {
  const cls = classOf(road.properties?.['type']);
  if (cls === null || !road.geometry) continue;
  const parts = road.geometry.type === 'LineString' ? [road.geometry.coordinates] : road.geometry.coordinates;
  for (const part of parts) lines.push({ cls, points: part as [number, number][] });
}

let before = 0;
let after = 0;
const encoded = lines.map((line) => {
  before += line.points.length;
  const simplified = { cls: line.cls, points: simplify(line.points, TOLERANCE) };
  after += simplified.points.length;
  return encode(simplified);
});

const output = {
  source: 'Natural Earth 1:10m cultural vectors, Roads (ne_10m_roads, version 5.0.0), regional pieces',
  license: 'public domain (Natural Earth terms of use)',
  regions: [
    { name: 'North America', west: -158.2, south: 17.9, east: -65.6, north: 70.3, classified: false },
    { name: 'Australia', west: 113.6, south: -43.5, east: 153.6, north: -10.9, classified: true },
  ],
  classes: CLASSES,
  quantum: QUANTUM,
  lines: encoded,
};
const target = join(process.cwd(), 'data', 'geodata', 'ne-10m-roads.json');
writeFileSync(target, JSON.stringify(output));
console.log(
  `wrote ${target}: ${lines.length} lines (${northAmericaCount} North America), ${before} → ${after} points`,
);
