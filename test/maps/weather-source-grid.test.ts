import { describe, expect, it } from 'vitest';
import { type LonLatBBox, tileBounds } from '../../src/maps/index.js';
import { createMapWeatherGrid, latticeCell, latticeLayout } from '../../src/services/map-weather-grid.js';
import { CELLS_PER_DEGREE } from '../../src/weather/grid.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import {
  type DailyResult,
  type GridCell,
  type HourlyRequest,
  type HourlyResult,
  SourceUnavailableError,
  type WeatherSource,
} from '../../src/weather/weather-source.js';

const HOUR_MS = 3_600_000;
const TIME = Date.UTC(2024, 6, 15, 12, 30);

/** Temperature linear in latitude and longitude; precipitation 0.5 mm every hour. */
function linearSource() {
  const calls: { cell: GridCell; request: HourlyRequest }[] = [];
  const dailyCalls: GridCell[] = [];
  const state = { failNext: 0, noHours: false };
  const temperature = (latitude: number, longitude: number) => 0.5 * latitude - 0.25 * longitude;
  const source: WeatherSource = {
    name: 'linear',
    async daily(cell, range): Promise<DailyResult | null> {
      dailyCalls.push(cell);
      return {
        source: 'linear',
        days: [range.start, range.end].map((date, i) => ({
          date,
          tmax: null,
          tmin: null,
          precipitation: i === 0 ? 10 : 20,
          solar: null,
          rhMax: null,
          rhMin: null,
          windDayMax: null,
          windMorningMax: null,
          windAverage: null,
        })),
      };
    },
    async hourly(cell, request): Promise<HourlyResult | null> {
      calls.push({ cell, request });
      if (state.failNext > 0) {
        state.failNext--;
        throw new SourceUnavailableError('linear', 'down');
      }
      if (state.noHours) return null;
      return {
        source: 'linear',
        hours: Array.from({ length: request.hours }, (_, i) => ({
          time: request.start + i * HOUR_MS,
          temperature: temperature(cell.latitude, cell.longitude),
          precipitation: 0.5,
          precipitationChance: 0,
          cloudCover: 40,
          solar: 0,
          relativeHumidity: 70,
          windAverage: 3,
          windGust: 6,
          dewPoint: 12,
          soilTemperature: [0, 0, 0, 0],
          soilMoisture: [0, 0, 0, 0],
        })),
      };
    },
  };
  return { source, calls, dailyCalls, state, temperature };
}

describe('lattice layout', () => {
  it('keeps at most 24 points a side, never finer than the 5-arc-minute grid', () => {
    const boxes: LonLatBBox[] = [];
    for (const zoom of [1, 3, 5, 8, 12, 18]) boxes.push(tileBounds(2 ** (zoom - 1), 2 ** (zoom - 1) - 1, zoom));
    boxes.push({ west: -200, south: -80, east: 200, north: 80 });
    for (const bbox of boxes) {
      const layout = latticeLayout(bbox, 24);
      expect(layout.i1 - layout.i0 + 1).toBeLessThanOrEqual(24);
      expect(layout.j1 - layout.j0 + 1).toBeLessThanOrEqual(24);
      expect(layout.step).toBeGreaterThanOrEqual(1);
      // The lattice covers the box (or, for a box of the whole world, one turn of it).
      if (bbox.east - bbox.west < 360) {
        expect(layout.i0 * layout.step).toBeLessThanOrEqual((bbox.west + 180) * CELLS_PER_DEGREE);
        expect(layout.i1 * layout.step).toBeGreaterThanOrEqual((bbox.east + 180) * CELLS_PER_DEGREE - 1);
      } else {
        expect((layout.i1 - layout.i0) * layout.step).toBeGreaterThanOrEqual(360 * CELLS_PER_DEGREE);
      }
    }
    expect(latticeLayout(tileBounds(30_000, 40_000, 16), 24).step).toBe(1);
  });

  it('is never finer than the source’s detail, and still at most 24 points a side', () => {
    // 0.5° of detail: 6 cells.
    for (const zoom of [3, 5, 6, 7, 10, 14]) {
      const bbox = tileBounds(2 ** (zoom - 1), 2 ** (zoom - 1) - 1, zoom);
      const fine = latticeLayout(bbox, 24);
      const layout = latticeLayout(bbox, 24, 6);
      expect(layout.step).toBe(Math.max(fine.step, 6));
      expect(layout.i1 - layout.i0 + 1).toBeLessThanOrEqual(24);
      expect(layout.j1 - layout.j0 + 1).toBeLessThanOrEqual(24);
    }
    // Where a coarser lattice is needed, its step is a power of two again.
    expect(latticeLayout(tileBounds(3, 2, 3), 24, 6).step).toBe(latticeLayout(tileBounds(3, 2, 3), 24).step);
    expect(latticeLayout(tileBounds(3, 2, 3), 24, 6).step).toBeGreaterThan(6);
    expect(latticeLayout(tileBounds(30_000, 40_000, 16), 24, 6).step).toBe(6);
  });

  it('is aligned to the global grid, so neighbouring tiles share their edge points', () => {
    const left = latticeLayout(tileBounds(7, 11, 5), 24);
    const right = latticeLayout(tileBounds(8, 11, 5), 24);
    expect(right.step).toBe(left.step);
    expect(right.i0).toBeLessThanOrEqual(left.i1);
  });
});

describe('the weather source grid provider', () => {
  it('interpolates between the source’s cell values (exact for a linear field)', async () => {
    const { source, temperature } = linearSource();
    const grid = createMapWeatherGrid(source);
    const sampler = await grid.valuesFor('temperature', tileBounds(7, 11, 5), TIME);
    const box = tileBounds(7, 11, 5);
    for (const [latitude, longitude] of [
      [box.south + 1, box.west + 1],
      [(box.south + box.north) / 2, (box.west + box.east) / 2],
      [box.north - 0.3, box.east - 0.2],
    ] as const) {
      expect(sampler.sample(latitude, longitude)).toBeCloseTo(temperature(latitude, longitude), 3);
    }
  });

  it('asks for the hour of the update time, issued at the update time, once per lattice point', async () => {
    const { source, calls } = linearSource();
    const grid = createMapWeatherGrid(source);
    const bbox = tileBounds(7, 11, 5);
    await grid.valuesFor('temperature', bbox, TIME);
    const count = calls.length;
    expect(count).toBeGreaterThan(50);
    expect(count).toBeLessThanOrEqual(24 * 24);
    expect(calls[0]!.request).toEqual({ start: Date.UTC(2024, 6, 15, 12), hours: 1, issuedAt: TIME, soil: false });
    expect(new Set(calls.map((call) => call.cell.id)).size).toBe(count);
    // The same lattice again, and other variables of the same place and time: no new requests.
    await grid.valuesFor('temperature', bbox, TIME);
    const wind = await grid.valuesFor('windSpeed', bbox, TIME);
    const humidity = await grid.valuesFor('relativeHumidity', bbox, TIME);
    expect(calls).toHaveLength(count);
    expect(wind.sample(40, -95)).toBeCloseTo(3, 5);
    expect(humidity.sample(40, -95)).toBeCloseTo(70, 5);
    // A finer tile inside reuses the coarse points it shares.
    await grid.valuesFor('temperature', tileBounds(14, 22, 6), TIME);
    expect(calls.length - count).toBeLessThan(count);
    expect(grid.statistics.latticeHits).toBe(1);
  });

  it('samples a source no closer than the detail it states, in whole cells', async () => {
    const plain = linearSource();
    const coarse = linearSource();
    const bbox = tileBounds(29, 45, 7);
    await createMapWeatherGrid(plain.source).valuesFor('temperature', bbox, TIME);
    const sampler = await createMapWeatherGrid({ ...coarse.source, hourlyDetailDeg: 0.5 }).valuesFor('temperature', bbox, TIME);
    const spacing = (calls: { cell: GridCell }[]) => {
      const latitudes = [...new Set(calls.map((call) => call.cell.latitude))].sort((a, b) => a - b);
      return Math.min(...latitudes.slice(1).map((latitude, i) => latitude - latitudes[i]!));
    };
    expect(spacing(plain.calls)).toBeCloseTo(2 / CELLS_PER_DEGREE, 6);
    expect(spacing(coarse.calls)).toBeCloseTo(0.5, 6);
    expect(coarse.calls.length).toBeLessThan(plain.calls.length / 4);
    // Still the field between the points (exact for a linear one).
    expect(sampler.sample((bbox.south + bbox.north) / 2, (bbox.west + bbox.east) / 2)).toBeCloseTo(
      coarse.temperature((bbox.south + bbox.north) / 2, (bbox.west + bbox.east) / 2),
      3,
    );
  });

  it('over the synthetic source: lattice points 0.5° apart, each the hour the forecast gives at its cell', async () => {
    const synthetic = createSyntheticSource();
    expect(synthetic.hourlyDetailDeg).toBe(0.5);
    const bbox = tileBounds(12, 24, 6);
    const layout = latticeLayout(bbox, 24, 6);
    const sampler = await createMapWeatherGrid(synthetic).valuesFor('temperature', bbox, TIME);
    // A lattice point inside the tile (6 cells apart, not on a lattice of 4): the map's value
    // there is the forecast's hour at that cell.
    const i = layout.i0 + 3 + (layout.i0 % 2 === 0 ? 0 : 1);
    const j = layout.j0 + 3 + (layout.j0 % 2 === 0 ? 0 : 1);
    const cell = latticeCell(layout, i, j);
    expect(layout.step).toBe(6);
    expect([(i * 6) % 4, (j * 6) % 4]).toEqual([2, 2]);
    const hour = await synthetic.hourly(cell, { start: Date.UTC(2024, 6, 15, 12), hours: 1, issuedAt: TIME, soil: false });
    expect(sampler.sample(cell.latitude, cell.longitude)).toBeCloseTo(hour!.hours[0]!.temperature, 3);
    await expect(synthetic.hourly(cell, { start: Date.UTC(2024, 6, 15, 12), hours: 1, issuedAt: TIME })).resolves.toMatchObject({ hours: [{ temperature: hour!.hours[0]!.temperature }] });
  });

  it('sums the 24 hours ending with the update hour for recent precipitation, or estimates it from daily totals', async () => {
    const { source, calls, state, dailyCalls } = linearSource();
    const grid = createMapWeatherGrid(source);
    const bbox = tileBounds(60, 90, 8);
    const recent = await grid.valuesFor('recentPrecipitation', bbox, TIME);
    expect(recent.sample(40, -95)).toBeCloseTo(12, 5);
    expect(calls[0]!.request).toEqual({ start: Date.UTC(2024, 6, 14, 13), hours: 24, issuedAt: TIME, soil: false });
    state.noHours = true;
    const estimated = await grid.valuesFor('recentPrecipitation', bbox, TIME + HOUR_MS);
    expect(dailyCalls.length).toBeGreaterThan(0);
    const value = estimated.sample(40, -95)!;
    expect(value).toBeGreaterThan(10);
    expect(value).toBeLessThan(20);
  });

  it('gives null where the source has no values', async () => {
    const { source, state } = linearSource();
    state.noHours = true;
    const grid = createMapWeatherGrid(source);
    const sampler = await grid.valuesFor('temperature', tileBounds(7, 11, 5), TIME);
    expect(sampler.sample(40, -95)).toBeNull();
  });

  it('builds a lattice asked for again while it is built once', async () => {
    const { source, calls } = linearSource();
    const grid = createMapWeatherGrid(source);
    const bbox = tileBounds(7, 11, 5);
    const [first, second] = await Promise.all([grid.valuesFor('temperature', bbox, TIME), grid.valuesFor('temperature', bbox, TIME)]);
    expect(second).toBe(first);
    expect(grid.statistics.latticesBuilt).toBe(1);
    expect(new Set(calls.map((call) => call.cell.id)).size).toBe(calls.length);
  });

  it('caches nothing from a failed request', async () => {
    const { source, state } = linearSource();
    state.failNext = 1;
    const grid = createMapWeatherGrid(source);
    await expect(grid.valuesFor('temperature', tileBounds(7, 11, 5), TIME)).rejects.toBeInstanceOf(SourceUnavailableError);
    const sampler = await grid.valuesFor('temperature', tileBounds(7, 11, 5), TIME);
    expect(sampler.sample(40, -95)).not.toBeNull();
  });

  it('wraps boxes that extend past ±180°', async () => {
    const { source } = linearSource();
    const grid = createMapWeatherGrid(source);
    const sampler = await grid.valuesFor('temperature', { west: -190, south: 40, east: -170, north: 50 }, TIME);
    expect(sampler.sample(45, -185)).toBeCloseTo(sampler.sample(45, 175)!, 5);
    const world = await grid.valuesFor('temperature', { west: -400, south: -80, east: 400, north: 80 }, TIME);
    expect(world.sample(10, 100)).toBeCloseTo(world.sample(10, -260)!, 5);
  });
});
