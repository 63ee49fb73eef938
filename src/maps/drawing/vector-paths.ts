/**
 * Turns mercator-unit shape parts into canvas paths for one viewport: culls by bounding box,
 * clips polygon rings to a padded image rectangle (Sutherland–Hodgman) so huge rings stay cheap
 * at high zoom, and drops points closer than half a pixel to the previous one.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { ShapeIndex } from '../geodata/shape-index.js';
import type { ShapePart } from '../geodata/geo-shapes.js';
import type { MercatorBBox } from '../web-mercator.js';
import type { Viewport } from '../viewport.js';

const MIN_STEP = 0.5;

/** The viewport's box in mercator units grown by `padPixels`. */
export function paddedMercatorBox(viewport: Viewport, padPixels: number): MercatorBBox {
  const pad = padPixels / viewport.scale;
  const box = viewport.mercatorBBox;
  return { minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad };
}

function projectPart(part: ShapePart, viewport: Viewport, out: number[]): void {
  out.length = 0;
  const { scale, originX, originY } = viewport;
  const points = part.points;
  let lastX = NaN;
  let lastY = NaN;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]! * scale - originX;
    const y = points[i + 1]! * scale - originY;
    if (Math.abs(x - lastX) < MIN_STEP && Math.abs(y - lastY) < MIN_STEP && i + 2 < points.length) continue;
    out.push(x, y);
    lastX = x;
    lastY = y;
  }
}

/** Clips a closed ring (interleaved x, y) to [min, max] on both axes, edge by edge. */
function clipRing(input: number[], minX: number, minY: number, maxX: number, maxY: number): number[] {
  let ring = input;
  const edges: ((x: number, y: number) => boolean)[] = [
    (x) => x >= minX,
    (x) => x <= maxX,
    (_x, y) => y >= minY,
    (_x, y) => y <= maxY,
  ];
  const intersect = [
    (ax: number, ay: number, bx: number, by: number): [number, number] => [minX, ay + ((by - ay) * (minX - ax)) / (bx - ax)],
    (ax: number, ay: number, bx: number, by: number): [number, number] => [maxX, ay + ((by - ay) * (maxX - ax)) / (bx - ax)],
    (ax: number, ay: number, bx: number, by: number): [number, number] => [ax + ((bx - ax) * (minY - ay)) / (by - ay), minY],
    (ax: number, ay: number, bx: number, by: number): [number, number] => [ax + ((bx - ax) * (maxY - ay)) / (by - ay), maxY],
  ];
  for (let e = 0; e < 4; e++) {
    const inside = edges[e]!;
    const cut = intersect[e]!;
    const output: number[] = [];
    const n = ring.length / 2;
    if (n === 0) return output;
    let px = ring[(n - 1) * 2]!;
    let py = ring[(n - 1) * 2 + 1]!;
    let pIn = inside(px, py);
    for (let i = 0; i < n; i++) {
      const cx = ring[i * 2]!;
      const cy = ring[i * 2 + 1]!;
      const cIn = inside(cx, cy);
      if (cIn) {
        if (!pIn) output.push(...cut(px, py, cx, cy));
        output.push(cx, cy);
      } else if (pIn) {
        output.push(...cut(px, py, cx, cy));
      }
      px = cx;
      py = cy;
      pIn = cIn;
    }
    ring = output;
  }
  return ring;
}

/** Adds the rings meeting the viewport to the current path (fill with 'evenodd'). */
export function tracePolygonRings(ctx: SKRSContext2D, index: ShapeIndex, viewport: Viewport): number {
  const pad = 4;
  const projected: number[] = [];
  let count = 0;
  for (const part of index.search(paddedMercatorBox(viewport, pad))) {
    projectPart(part, viewport, projected);
    const ring = clipRing(projected, -pad, -pad, viewport.width + pad, viewport.height + pad);
    if (ring.length < 6) continue;
    ctx.moveTo(ring[0]!, ring[1]!);
    for (let i = 2; i < ring.length; i += 2) ctx.lineTo(ring[i]!, ring[i + 1]!);
    ctx.closePath();
    count++;
  }
  return count;
}

/** Adds the lines meeting the viewport to the current path; segments wholly off-image are skipped. */
export function traceLines(ctx: SKRSContext2D, index: ShapeIndex, viewport: Viewport, padPixels = 8): number {
  const projected: number[] = [];
  const minX = -padPixels;
  const minY = -padPixels;
  const maxX = viewport.width + padPixels;
  const maxY = viewport.height + padPixels;
  const outCode = (x: number, y: number) => (x < minX ? 1 : x > maxX ? 2 : 0) | (y < minY ? 4 : y > maxY ? 8 : 0);
  let count = 0;
  for (const part of index.search(paddedMercatorBox(viewport, padPixels))) {
    projectPart(part, viewport, projected);
    let penDown = false;
    let prevCode = outCode(projected[0]!, projected[1]!);
    for (let i = 2; i < projected.length; i += 2) {
      const code = outCode(projected[i]!, projected[i + 1]!);
      if ((code & prevCode) === 0) {
        if (!penDown) ctx.moveTo(projected[i - 2]!, projected[i - 1]!);
        ctx.lineTo(projected[i]!, projected[i + 1]!);
        penDown = true;
      } else {
        penDown = false;
      }
      prevCode = code;
    }
    count++;
  }
  return count;
}

/** Fills the polygons of an index meeting the viewport with one colour. */
export function fillPolygons(ctx: SKRSContext2D, index: ShapeIndex, viewport: Viewport, colour: string): void {
  ctx.beginPath();
  if (tracePolygonRings(ctx, index, viewport) === 0) return;
  ctx.fillStyle = colour;
  ctx.fill('evenodd');
}

/** Strokes the lines of an index meeting the viewport. */
export function strokeLines(
  ctx: SKRSContext2D,
  index: ShapeIndex,
  viewport: Viewport,
  style: { colour: string; width: number; dash?: number[] },
): void {
  ctx.beginPath();
  if (traceLines(ctx, index, viewport, style.width + 2) === 0) return;
  ctx.strokeStyle = style.colour;
  ctx.lineWidth = style.width;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.setLineDash(style.dash ?? []);
  ctx.stroke();
  ctx.setLineDash([]);
}
