import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, manualClock } from '../../src/core/clock.js';
import {
  MapNotFoundError,
  MapValidationError,
  type MapRenderer,
  type WeatherGridProvider,
  createMapRenderer,
  syntheticWeatherGrid,
  tileAt,
  updateTimeFor,
} from '../../src/maps/index.js';
import { LAND_COLOUR, WATER_COLOUR } from '../../src/maps/layers/base.js';
import { temperatureRamp, temperaturesLayer } from '../../src/maps/layers/temperatures.js';
import { dewPointRamp } from '../../src/maps/layers/dewpoints.js';
import { alertRules } from '../../src/maps/layers/alerts.js';
import { tileViewport } from '../../src/maps/viewport.js';
import { closeTo, decodePng, hexToRgb } from './png-pixels.js';

const NOW = Date.UTC(2024, 6, 15, 20, 17, 0);
const weather = syntheticWeatherGrid({ seed: 11 });
let renderer: MapRenderer;

beforeAll(() => {
  renderer = createMapRenderer({ weather, clock: fixedClock(NOW) });
});

/** The tile containing a point and the point's pixel inside it. */
function tileWith(latitude: number, longitude: number, zoom: number) {
  const { x, y } = tileAt(longitude, latitude, zoom);
  const pixel = tileViewport(x, y, zoom).project(longitude, latitude);
  return { x, y, zoom, px: Math.floor(pixel.x), py: Math.floor(pixel.y) };
}

describe('tiles', () => {
  it('are 256 × 256 PNGs', async () => {
    const tile = tileWith(42.0, -93.5, 5);
    const image = await renderer.renderTile({ layers: ['base', 'states', 'temperatures'], ...tile });
    expect(image.png.subarray(1, 4).toString()).toBe('PNG');
    const decoded = await decodePng(image.png);
    expect([decoded.width, decoded.height]).toEqual([256, 256]);
    expect(image.etag).toMatch(/^".+"$/);
  });

  it('show Lake Michigan as water and Iowa as land on the base layer', async () => {
    const lake = tileWith(43.8, -87.0, 6);
    const lakeImage = await decodePng((await renderer.renderTile({ layers: ['base'], ...lake })).png);
    expect(closeTo(lakeImage.at(lake.px, lake.py), [...hexToRgb(WATER_COLOUR), 255], 1)).toBe(true);

    const iowa = tileWith(42.0, -93.5, 6);
    const iowaImage = await decodePng((await renderer.renderTile({ layers: ['base'], ...iowa })).png);
    expect(closeTo(iowaImage.at(iowa.px, iowa.py), [...hexToRgb(LAND_COLOUR), 255], 1)).toBe(true);

    const gulf = tileWith(26.0, -90.0, 6);
    const gulfImage = await decodePng((await renderer.renderTile({ layers: ['base'], ...gulf })).png);
    expect(closeTo(gulfImage.at(gulf.px, gulf.py), [...hexToRgb(WATER_COLOUR), 255], 1)).toBe(true);
  });

  it('draw the Iowa–Minnesota state line where it runs (43.50° N)', async () => {
    const border = tileWith(43.5006, -94.0, 6);
    const image = await decodePng((await renderer.renderTile({ layers: ['states'], ...border })).png);
    const column = border.px;
    const rowsWithInk: number[] = [];
    for (let y = 0; y < 256; y++) if (image.at(column, y)[3] > 100) rowsWithInk.push(y);
    expect(rowsWithInk.length).toBeGreaterThan(0);
    expect(rowsWithInk.some((y) => Math.abs(y - border.py) <= 2)).toBe(true);
    // Inside Iowa, away from lines and labels, the layer is transparent.
    const inside = tileWith(41.0, -95.0, 6);
    expect(inside.x === border.x && inside.y === border.y).toBe(true);
    expect(image.countOpaque(inside.px - 3, inside.py - 3, inside.px + 4, inside.py + 4)).toBe(0);
  });

  it('colour temperatures by the ramp for the grid value', async () => {
    const tile = tileWith(42.0, -93.5, 5);
    const image = await decodePng((await renderer.renderTile({ layers: ['temperatures'], ...tile })).png);
    const viewport = tileViewport(tile.x, tile.y, tile.zoom);
    const time = updateTimeFor(temperaturesLayer, NOW, 0)!;
    const seen = new Set<string>();
    for (const [px, py] of [[tile.px, tile.py], [20, 200], [200, 30]] as const) {
      const centre = viewport.unproject(px + 0.5, py + 0.5);
      const value = weather.valueAt('temperature', centre.latitude, centre.longitude, time);
      const expected = temperatureRamp.colourAt(value);
      const actual = image.at(px, py);
      expect(closeTo(actual, expected, 4), `pixel ${px},${py}: ${actual} vs ${expected} for ${value.toFixed(2)} °C`).toBe(true);
      seen.add(actual.slice(0, 3).join(','));
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('draw nothing outside a layer’s coverage but a note saying there is no data', async () => {
    const paris = tileWith(48.85, 2.35, 5);
    const europe = await decodePng((await renderer.renderTile({ layers: ['dewpoints', 'radar', 'counties'], ...paris })).png);
    // Only the two notes (one line each, at the top), nothing below them.
    expect(europe.countOpaque(0, 40, 256, 256)).toBe(0);
    expect(europe.countOpaque(0, 0, 256, 20, 200)).toBeGreaterThan(200);
    expect(europe.countOpaque(0, 20, 256, 38, 200)).toBeGreaterThan(200);
    let dark = 0;
    for (let y = 0; y < 40; y++) for (let x = 0; x < 256; x++) if (europe.at(x, y)[0] < 90 && europe.at(x, y)[3] > 200) dark++;
    expect(dark).toBeGreaterThan(100);
    // Reference layers say nothing.
    const counties = await decodePng((await renderer.renderTile({ layers: ['counties'], ...paris })).png);
    expect(counties.countOpaque(0, 0, 256, 256)).toBe(0);
    // Inside coverage there is no note: the top band shows the layer's colours.
    const iowa = tileWith(42.0, -93.5, 5);
    const covered = await decodePng((await renderer.renderTile({ layers: ['dewpoints'], ...iowa })).png);
    const time = updateTimeFor(temperaturesLayer, NOW, 0)!;
    const top = tileViewport(iowa.x, iowa.y, iowa.zoom).unproject(128.5, 12.5);
    expect(closeTo(covered.at(128, 12), dewPointRamp.colourAt(weather.valueAt('dewPoint', top.latitude, top.longitude, time)), 4)).toBe(true);

    // The continental-US mask follows the border: North Dakota coloured, Manitoba not.
    const northDakota = tileWith(47.5, -98.5, 4);
    const manitoba = tileWith(50.5, -98.5, 4);
    expect(manitoba.x === northDakota.x && manitoba.y === northDakota.y).toBe(true);
    const image = await decodePng((await renderer.renderTile({ layers: ['dewpoints'], ...northDakota })).png);
    expect(image.at(northDakota.px, northDakota.py)[3]).toBeGreaterThan(150);
    expect(image.at(manitoba.px, manitoba.py)[3]).toBe(0);
  });

  it('cover the whole globe with temperatures', async () => {
    const time = updateTimeFor(temperaturesLayer, NOW, 0)!;
    for (const [latitude, longitude] of [[48.85, 2.35], [-33.9, 151.2], [-1.3, 36.8]] as const) {
      const tile = tileWith(latitude, longitude, 5);
      const image = await decodePng((await renderer.renderTile({ layers: ['temperatures'], ...tile })).png);
      const centre = tileViewport(tile.x, tile.y, tile.zoom).unproject(tile.px + 0.5, tile.py + 0.5);
      const expected = temperatureRamp.colourAt(weather.valueAt('temperature', centre.latitude, centre.longitude, time));
      expect(closeTo(image.at(tile.px, tile.py), expected, 4), `${latitude}, ${longitude}`).toBe(true);
    }
  });

  it('say in words where the weather source has no value', async () => {
    const empty: WeatherGridProvider = { valuesFor: () => ({ sample: () => null }) };
    const own = createMapRenderer({ weather: empty, clock: fixedClock(NOW) });
    const field = await decodePng((await own.renderFieldImage({ layers: ['base', 'temperatures'], latitude: 42, longitude: -93.5, zoom: 8, width: 300, height: 200 })).png);
    const baseOnly = await decodePng((await own.renderFieldImage({ layers: ['base'], latitude: 42, longitude: -93.5, zoom: 8, width: 300, height: 200 })).png);
    let changed = 0;
    let dark = 0;
    for (let y = 0; y < 200; y++) {
      for (let x = 0; x < 300; x++) {
        const [r, g, b] = field.at(x, y);
        if (!closeTo(field.at(x, y), baseOnly.at(x, y), 2)) {
          changed++;
          expect(y, `pixel ${x},${y} changed outside the note`).toBeLessThan(22);
        }
        if (r + g + b < 400) dark++;
      }
    }
    expect(changed).toBeGreaterThan(300);
    expect(dark).toBeGreaterThan(60);
  });

  it('draw layers in the order given: a later opaque layer covers an earlier one', async () => {
    const tile = tileWith(42.0, -93.5, 5);
    const baseOnly = await decodePng((await renderer.renderTile({ layers: ['base'], ...tile })).png);
    const covered = await decodePng((await renderer.renderTile({ layers: ['temperatures', 'base'], ...tile })).png);
    const onTop = await decodePng((await renderer.renderTile({ layers: ['base', 'temperatures'], ...tile })).png);
    for (const [px, py] of [[tile.px, tile.py], [10, 10], [250, 128]] as const) {
      expect(covered.at(px, py)).toEqual(baseOnly.at(px, py));
    }
    expect(onTop.at(tile.px, tile.py)).not.toEqual(baseOnly.at(tile.px, tile.py));
    expect(onTop.at(tile.px, tile.py)[3]).toBe(255);
  });

  it('label cities with text (the font is loaded)', async () => {
    const chicago = tileWith(41.85003, -87.65005, 6);
    const image = await decodePng((await renderer.renderTile({ layers: ['cities'], ...chicago })).png);
    // The dot at the city and text to its right.
    expect(image.at(chicago.px, chicago.py)[3]).toBeGreaterThan(100);
    const textPixels = image.countOpaque(chicago.px + 6, chicago.py - 8, chicago.px + 70, chicago.py + 8, 128);
    expect(textPixels).toBeGreaterThan(60);
  });

  it('show natural-colour imagery on the earth layer (ocean blue, Sahara light)', async () => {
    const pacific = tileWith(0, -150, 3);
    const ocean = await decodePng((await renderer.renderTile({ layers: ['earth'], ...pacific })).png);
    const [r, g, b, a] = ocean.at(pacific.px, pacific.py);
    expect(a).toBe(255);
    expect(b).toBeGreaterThan(r + 20);
    expect(b).toBeGreaterThan(g);
    const sahara = tileWith(23, 10, 3);
    const desert = await decodePng((await renderer.renderTile({ layers: ['earth'], ...sahara })).png);
    const [sr, , sb] = desert.at(sahara.px, sahara.py);
    expect(sr).toBeGreaterThan(sb + 20);
  });

  it('render every layer', async () => {
    const tile = tileWith(42.0, -93.5, 5);
    for (const layer of renderer.layers) {
      const image = await decodePng((await renderer.renderTile({ layers: [layer.code], ...tile })).png);
      expect([image.width, image.height], layer.code).toEqual([256, 256]);
    }
  });

  it('reject invalid zoom, X and Y and unknown codes', async () => {
    await expect(renderer.renderTile({ layers: ['base'], x: 0, y: 0, zoom: 0 })).rejects.toBeInstanceOf(MapValidationError);
    await expect(renderer.renderTile({ layers: ['base'], x: 0, y: 0, zoom: 22 })).rejects.toBeInstanceOf(MapValidationError);
    await expect(renderer.renderTile({ layers: ['base'], x: 8, y: 0, zoom: 3 })).rejects.toMatchObject({ parameter: 'X' });
    await expect(renderer.renderTile({ layers: ['base'], x: 0, y: 8, zoom: 3 })).rejects.toMatchObject({ parameter: 'Y' });
    await expect(renderer.renderTile({ layers: ['nope'], x: 0, y: 0, zoom: 3 })).rejects.toMatchObject({ parameter: 'types' });
  });
});

describe('archives and caching', () => {
  it('serve earlier updates, not beyond the kept history; reference layers ignore the interval', async () => {
    const tile = tileWith(42.0, -93.5, 5);
    const latest = await renderer.renderTile({ layers: ['temperatures'], ...tile });
    const earlier = await renderer.renderTile({ layers: ['temperatures'], ...tile, interval: 6 });
    expect(earlier.etag).not.toBe(latest.etag);
    expect(earlier.updateTimes['temperatures']).toBe(latest.updateTimes['temperatures']! - 6 * 3_600_000);
    await expect(renderer.renderTile({ layers: ['temperatures'], ...tile, interval: 24 })).rejects.toBeInstanceOf(MapNotFoundError);
    const states0 = await renderer.renderTile({ layers: ['states'], ...tile });
    const states500 = await renderer.renderTile({ layers: ['states'], ...tile, interval: 500 });
    expect(states500.etag).toBe(states0.etag);
  });

  it('cache images and change the ETag when a weather layer updates', async () => {
    const clock = manualClock(NOW);
    const own = createMapRenderer({ weather, clock });
    const tile = tileWith(42.0, -93.5, 5);
    const first = await own.renderTile({ layers: ['base', 'temperatures'], ...tile });
    const second = await own.renderTile({ layers: ['base', 'temperatures'], ...tile });
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.etag).toBe(first.etag);
    const baseBefore = await own.renderTile({ layers: ['base'], ...tile });
    clock.advance(3_600_000);
    const nextHour = await own.renderTile({ layers: ['base', 'temperatures'], ...tile });
    expect(nextHour.etag).not.toBe(first.etag);
    expect((await own.renderTile({ layers: ['base'], ...tile })).etag).toBe(baseBefore.etag);
  });

  it('draw an image asked for again while it is drawn once, and again after a failed drawing', async () => {
    let draws = 0;
    let fail = false;
    const own = createMapRenderer({
      weather,
      clock: fixedClock(NOW),
      draw: async () => {
        draws++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fail) throw new Error('drawing failed');
        return Uint8Array.of(draws);
      },
    });
    const tile = tileWith(42.0, -93.5, 5);
    fail = true;
    const failed = await Promise.allSettled([own.renderTile({ layers: ['base'], ...tile }), own.renderTile({ layers: ['base'], ...tile })]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(draws).toBe(1);
    fail = false;
    const images = await Promise.all([own.renderTile({ layers: ['base'], ...tile }), own.renderTile({ layers: ['base'], ...tile })]);
    expect(draws).toBe(2);
    expect(images.map((image) => [...image.png])).toEqual([[2], [2]]);
    expect((await own.renderTile({ layers: ['base'], ...tile })).cached).toBe(true);
  });
});

describe('field images', () => {
  it('have the requested size and are centred on the field', async () => {
    const lake = await renderer.renderFieldImage({ layers: ['base'], latitude: 43.8, longitude: -87.0, zoom: 8, width: 300, height: 200 });
    const image = await decodePng(lake.png);
    expect([image.width, image.height]).toEqual([300, 200]);
    expect(closeTo(image.at(150, 100), [...hexToRgb(WATER_COLOUR), 255], 1)).toBe(true);
    const farm = await decodePng((await renderer.renderFieldImage({ layers: ['base'], latitude: 42.0, longitude: -93.5 })).png);
    expect([farm.width, farm.height]).toEqual([500, 500]);
    expect(closeTo(farm.at(250, 250), [...hexToRgb(LAND_COLOUR), 255], 1)).toBe(true);
  });

  it('reject sizes beyond the maximum and bad coordinates', async () => {
    await expect(renderer.renderFieldImage({ layers: ['base'], latitude: 42, longitude: -93, width: 4000, height: 10 })).rejects.toMatchObject({
      parameter: 'size',
    });
    await expect(renderer.renderFieldImage({ layers: ['base'], latitude: 42, longitude: -93, width: 0, height: 10 })).rejects.toBeInstanceOf(
      MapValidationError,
    );
    await expect(renderer.renderFieldImage({ layers: ['base'], latitude: 95, longitude: -93 })).rejects.toMatchObject({ parameter: 'latitude' });
    await expect(renderer.renderFieldImage({ layers: ['base'], latitude: 42, longitude: -93, zoom: 22 })).rejects.toMatchObject({ parameter: 'zoom' });
  });
});

describe('alert layers', () => {
  it('fill the areas where a value crosses its threshold', async () => {
    // Hot (40 °C) west of 95° W, mild east of it; calm and dry everywhere.
    const split: WeatherGridProvider = {
      valuesFor(variable) {
        return {
          sample(_latitude, longitude) {
            if (variable === 'temperature') return longitude < -95 ? 40 : 20;
            return 0;
          },
        };
      },
    };
    const own = createMapRenderer({ weather: split, clock: fixedClock(NOW) });
    const west = tileWith(41.5, -97.5, 6);
    const east = tileWith(41.5, -92.5, 6);
    const westImage = await decodePng((await own.renderTile({ layers: ['alerts'], ...west })).png);
    const eastImage = await decodePng((await own.renderTile({ layers: ['alerts'], ...east })).png);
    const heat = alertRules.find((rule) => rule.name === 'heat')!;
    const [r, g, b, a] = westImage.at(west.px, west.py);
    expect(closeTo([r, g, b], hexToRgb(heat.colour), 3)).toBe(true);
    expect(a).toBeGreaterThan(60);
    expect(eastImage.at(east.px, east.py)[3]).toBe(0);
  });
});
