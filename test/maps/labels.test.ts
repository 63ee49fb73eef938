import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { type MapRenderer, createMapRenderer, globalPixelToLonLat, syntheticWeatherGrid, tileAt } from '../../src/maps/index.js';
import { type DecodedImage, decodePng } from './png-pixels.js';

let renderer: MapRenderer;

beforeAll(() => {
  renderer = createMapRenderer({ weather: syntheticWeatherGrid({ seed: 3 }), clock: fixedClock(Date.UTC(2024, 6, 15, 20)) });
});

/** Tiles (x, y) and (x + 1, y), and one 512 × 256 image covering exactly both. */
async function pairAndWhole(layers: string[], x: number, y: number, zoom: number) {
  const [left, right] = await Promise.all([renderer.renderTile({ layers, x, y, zoom }), renderer.renderTile({ layers, x: x + 1, y, zoom })]);
  const centre = globalPixelToLonLat((x + 1) * 256, y * 256 + 128, zoom);
  const whole = await renderer.renderFieldImage({ layers, latitude: centre.latitude, longitude: centre.longitude, zoom, width: 512, height: 256 });
  return { left: await decodePng(left.png), right: await decodePng(right.png), whole: await decodePng(whole.png) };
}

function differingPixels(whole: DecodedImage, tile: DecodedImage, offsetX: number): number {
  let differing = 0;
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) {
      const a = whole.at(x + offsetX, y);
      const b = tile.at(x, y);
      if (a.some((value, i) => Math.abs(value - b[i]!) > 2)) differing++;
    }
  }
  return differing;
}

describe('labels', () => {
  for (const [place, latitude, longitude, zoom] of [
    ['the Ruhr', 51.45, 7.2, 9],
    ['Chicago', 41.85, -87.9, 8],
    ['the Netherlands', 52.2, 5.2, 7],
  ] as const) {
    it(`are placed alike on neighbouring tiles and on one image covering both (${place}, zoom ${zoom})`, async () => {
      const { x, y } = tileAt(longitude, latitude, zoom);
      const { left, right, whole } = await pairAndWhole(['cities'], x, y, zoom);
      expect(whole.countOpaque(0, 0, 512, 256, 128)).toBeGreaterThan(500);
      expect(differingPixels(whole, left, 0)).toBe(0);
      expect(differingPixels(whole, right, 256)).toBe(0);
    });
  }

  it('crossing a tile edge are drawn whole: their pixels are on both tiles, and none is cut', async () => {
    const zoom = 9;
    const { x, y } = tileAt(7.2, 51.45, zoom);
    const { left, right } = await pairAndWhole(['cities'], x, y, zoom);
    // Rows where ink touches the shared edge on both tiles: a label runs across it.
    const inkOnEdge = (image: DecodedImage, column: number) => Array.from({ length: 256 }, (_, row) => image.at(column, row)[3] > 100);
    const leftEdge = inkOnEdge(left, 255);
    const rightEdge = inkOnEdge(right, 0);
    const across = leftEdge.map((ink, row) => ink && rightEdge[row]!).filter(Boolean).length;
    expect(across).toBeGreaterThan(3);
    // Ink at the edge of one tile always continues on the other: no label stops at the edge.
    for (let row = 0; row < 256; row++) {
      if (leftEdge[row]) expect(right.countOpaque(0, row - 1, 2, row + 2, 20), `row ${row}`).toBeGreaterThan(0);
      if (rightEdge[row]) expect(left.countOpaque(254, row - 1, 256, row + 2, 20), `row ${row}`).toBeGreaterThan(0);
    }
  });
});
