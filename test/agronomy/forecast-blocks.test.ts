import { describe, it, expect } from 'vitest';
import {
  BLOCK_SIZES,
  aggregateBlock,
  combinedChance,
  isBlockSize,
  wallClockBlockGroups,
  type BlockSize,
  type ForecastHour,
} from '../../src/agronomy/forecast-blocks.js';
import type { HourlyWeather } from '../../src/weather/weather-source.js';

const HOUR = 3_600_000;
const START = Date.UTC(2024, 6, 1);

function hour(i: number, overrides: Partial<ForecastHour> = {}): ForecastHour {
  return {
    time: START + i * HOUR,
    temperature: 10 + i,
    precipitation: i % 2 === 0 ? 1 : 0,
    precipitationChance: 10,
    cloudCover: 20 + i,
    solar: 100 * i,
    relativeHumidity: 60 + i,
    windAverage: 2 + i,
    windGust: 5 + i,
    dewPoint: 5 + i,
    soilTemperature: [15 + i, 14, 13, 12],
    soilMoisture: [30 - i, 28, 26, 24],
    ...overrides,
  };
}

const day = Array.from({ length: 24 }, (_, i) => hour(i));

/** Blocks of a UTC day of hours (fixed offset 0), as the forecast service builds them. */
function blocksOf(hours: ForecastHour[], size: BlockSize) {
  const frame = { date: '2024-07-01', start: START, count: hours.length, offsetMinutes: 0 };
  return wallClockBlockGroups(frame, size, () => 0).map((group) => aggregateBlock(group.map((j) => hours[j]!)));
}

describe('structural compatibility', () => {
  it('the weather core hour is a ForecastHour', () => {
    const fromWeather: HourlyWeather = day[0]!;
    const asForecast: ForecastHour = fromWeather;
    expect(asForecast.time).toBe(START);
  });
});

describe('blocks of a day', () => {
  it('splits a day into 24 / blockSize blocks for every allowed size', () => {
    for (const size of BLOCK_SIZES) {
      const blocks = blocksOf(day, size);
      expect(blocks).toHaveLength(24 / size);
      expect(blocks[0]!.startTime).toBe(START);
      expect(blocks[blocks.length - 1]!.endTime).toBe(START + 24 * HOUR - 1000);
      expect(blocks.every((b) => b.hours === size)).toBe(true);
    }
    expect(isBlockSize(6)).toBe(true);
    expect(isBlockSize(5)).toBe(false);
  });

  it('an hourly block ends at hh:59:59', () => {
    expect(new Date(blocksOf(day, 1)[0]!.endTime).toISOString()).toBe('2024-07-01T00:59:59.000Z');
  });

  it('groups by wall-clock hour: the block holding a clock change is an hour longer or shorter', () => {
    // Europe/Amsterdam, 27 October 2024: 00:00 CEST is 22:00Z the day before; 03:00 CEST → 02:00 CET at 01:00Z
    const change = Date.UTC(2024, 9, 27, 1);
    const autumn = { date: '2024-10-27', start: Date.UTC(2024, 9, 26, 22), count: 25, offsetMinutes: null };
    const offsetAt = (instant: number) => (instant < change ? 120 : 60);
    const sizes = (size: BlockSize) => wallClockBlockGroups(autumn, size, offsetAt).map((g) => g.length);
    expect(sizes(12)).toEqual([13, 12]);
    expect(sizes(6)).toEqual([7, 6, 6, 6]);
    expect(sizes(1)).toHaveLength(25);
    // spring: 31 March 2024, 02:00 CET → 03:00 CEST at 01:00Z; 23 hours
    const springChange = Date.UTC(2024, 2, 31, 1);
    const spring = { date: '2024-03-31', start: Date.UTC(2024, 2, 30, 23), count: 23, offsetMinutes: null };
    const springSizes = wallClockBlockGroups(spring, 6, (instant) => (instant < springChange ? 60 : 120)).map((g) => g.length);
    expect(springSizes).toEqual([5, 6, 6, 6]);
    expect(() => aggregateBlock([])).toThrow(RangeError);
  });

  it('preserves totals: precipitation and solar sum the same over any block size', () => {
    const totalPrecipitation = day.reduce((s, h) => s + h.precipitation, 0);
    const totalSolar = day.reduce((s, h) => s + h.solar, 0);
    for (const size of BLOCK_SIZES) {
      const blocks = blocksOf(day, size);
      expect(blocks.reduce((s, b) => s + b.precipitation, 0)).toBeCloseTo(totalPrecipitation, 9);
      expect(blocks.reduce((s, b) => s + b.solar, 0)).toBeCloseTo(totalSolar, 9);
    }
  });
});

describe('aggregateBlock', () => {
  const block = aggregateBlock(day.slice(0, 4)); // hours 0..3

  it('sums precipitation and solar', () => {
    expect(block.precipitation).toBe(2); // 1 + 0 + 1 + 0
    expect(block.solar).toBe(600); // 0 + 100 + 200 + 300
  });

  it('mean, max, min of temperature and relative humidity', () => {
    expect(block.temperature).toEqual({ average: 11.5, max: 13, min: 10 });
    expect(block.relativeHumidity).toEqual({ average: 61.5, max: 63, min: 60 });
  });

  it('wind: average of means, max of gusts, min of means', () => {
    expect(block.wind).toEqual({ average: 3.5, max: 8, min: 2 });
  });

  it('cloud cover mean and sunshine = 100 − cover; dew point mean', () => {
    expect(block.cloudCover).toBe(21.5);
    expect(block.sunshine).toBe(78.5);
    expect(block.dewPoint).toBe(6.5);
  });

  it('soil layers: mean, max, min per layer', () => {
    expect(block.soilTemperature[0]).toEqual({ average: 16.5, max: 18, min: 15 });
    expect(block.soilTemperature[3]).toEqual({ average: 12, max: 12, min: 12 });
    expect(block.soilMoisture[0]).toEqual({ average: 28.5, max: 30, min: 27 });
  });

  it('chance of rain over the block is 1 − Π(1 − pᵢ)', () => {
    expect(block.precipitationChance).toBeCloseTo((1 - 0.9 ** 4) * 100, 10);
    expect(combinedChance([50, 50])).toBeCloseTo(75, 10);
    expect(combinedChance([0, 0, 0])).toBe(0);
    expect(combinedChance([100, 0])).toBe(100);
    expect(combinedChance([])).toBe(0);
  });

  it('states the chance to 6 decimals: an hour of 1 % is 1 %, three of 30 % are 65.7 %', () => {
    expect(combinedChance([1])).toBe(1);
    expect(aggregateBlock([{ ...day[5]!, precipitationChance: 1 }]).precipitationChance).toBe(1);
    expect(combinedChance([30, 30, 30])).toBe(65.7);
    expect(combinedChance([33, 33])).toBe(55.11);
    expect(combinedChance([1, 2, 3, 4, 5, 6, 7])).toBe(Math.round((1 - 0.99 * 0.98 * 0.97 * 0.96 * 0.95 * 0.94 * 0.93) * 1e8) / 1e6);
  });

  it('a one-hour block reproduces the hour', () => {
    const one = aggregateBlock([day[5]!]);
    expect(one.temperature).toEqual({ average: 15, max: 15, min: 15 });
    expect(one.precipitationChance).toBe(10);
    expect(one.wind).toEqual({ average: 7, max: 10, min: 7 });
  });

  it('a one-hour block is the hour itself, whatever its values: -0 reads 0, and a missing (NaN) value is the average of its spread but never its max or min', () => {
    const spreadOf = (v: number) => ({ average: v === 0 ? 0 : v, max: Number.isNaN(v) ? Number.NEGATIVE_INFINITY : v, min: Number.isNaN(v) ? Number.POSITIVE_INFINITY : v });
    const values = [21.4, -0, 0, -3.5, Number.NaN, 1e-9, 1234.5];
    values.forEach((v, i) => {
      const w = values[(i + 3) % values.length]!;
      const h = hour(i, { temperature: v, relativeHumidity: w, precipitation: v, cloudCover: w, solar: v, windAverage: v, windGust: w, dewPoint: w, soilTemperature: [v, w, v, w], soilMoisture: [w, v, w, v] });
      const zeroed = (x: number) => (x === 0 ? 0 : x);
      expect(aggregateBlock([h])).toEqual({
        startTime: h.time,
        endTime: h.time + HOUR - 1000,
        hours: 1,
        temperature: spreadOf(v),
        precipitation: zeroed(v),
        precipitationChance: 10,
        cloudCover: zeroed(w),
        sunshine: 100 - w,
        solar: zeroed(v),
        relativeHumidity: spreadOf(w),
        wind: { average: zeroed(v), max: w, min: v },
        dewPoint: zeroed(w),
        soilTemperature: [spreadOf(v), spreadOf(w), spreadOf(v), spreadOf(w)],
        soilMoisture: [spreadOf(w), spreadOf(v), spreadOf(w), spreadOf(v)],
      });
      // The same as each of the hour's values over a block of two such hours (the running sums).
      const two = aggregateBlock([h, { ...h, time: h.time + HOUR }]);
      if (Number.isFinite(v) && Number.isFinite(w)) {
        expect(aggregateBlock([h]).temperature).toEqual(two.temperature);
        expect(aggregateBlock([h]).soilMoisture).toEqual(two.soilMoisture);
      }
    });
  });

  it('refuses an empty block', () => {
    expect(() => aggregateBlock([])).toThrow(RangeError);
  });
});
