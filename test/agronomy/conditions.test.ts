import { describe, it, expect } from 'vitest';
import {
  blockDaylight,
  cloudCondition,
  conditions,
  everyConditions,
  rainCondition,
  windCondition,
  type BlockDaylight,
} from '../../src/agronomy/conditions.js';
import { inchesToMillimeters, kmhToMetersPerSecond } from '../../src/agronomy/unit-conversions.js';
import { readVectors } from './vectors.js';

const kmh = kmhToMetersPerSecond;

describe('rain digit (mm/hour)', () => {
  it.each([
    [0, 1, '1', 'No Rain'],
    [0.01, 1, '2', 'Light Rain'],
    [2.54, 1, '2', 'Light Rain'],
    [2.55, 1, '3', 'Moderate Rain'],
    [7.62, 1, '3', 'Moderate Rain'],
    [7.63, 1, '4', 'Heavy Rain'],
    [50, 1, '4', 'Heavy Rain'],
    // rates over multi-hour blocks: amount / hours
    [7.62, 3, '2', 'Light Rain'], // 2.54 mm/h
    [7.65, 3, '3', 'Moderate Rain'], // 2.55 mm/h
    [22.86, 3, '3', 'Moderate Rain'], // 7.62 mm/h
    [22.89, 3, '4', 'Heavy Rain'], // 7.63 mm/h
  ])('%d mm over %d h → %s %s', (mm, hours, code, text) => {
    expect(rainCondition(mm, hours)).toEqual({ code, text });
  });

  it('thresholds are the AMS light/moderate limits of 0.10 and 0.30 in/h', () => {
    const ams = readVectors<{ rain_intensity_AMS: { table: { class: string; rate_in_h: string }[] } }>('conditions_mapping.json');
    const light = ams.rain_intensity_AMS.table.find((r) => r.class === 'light')!;
    const upperIn = Number(/to ([\d.]+)/.exec(light.rate_in_h)![1]);
    expect(rainCondition(inchesToMillimeters(upperIn), 1).text).toBe('Light Rain');
    expect(rainCondition(inchesToMillimeters(0.3), 1).text).toBe('Moderate Rain');
  });
});

describe('wind digit (km/h)', () => {
  it.each([
    [0, '1', 'Light Wind/Calm'],
    [8, '1', 'Light Wind/Calm'],
    [8.01, '2', 'Moderate Wind'],
    [32, '2', 'Moderate Wind'],
    [32.01, '3', 'Windy'],
    [48, '3', 'Windy'],
    [48.01, '4', 'Very Windy'],
    [64, '4', 'Very Windy'],
    [64.01, '5', 'Strong Winds'],
    [88, '5', 'Strong Winds'],
    [88.01, '6', 'Hurricane Force'],
  ])('%d km/h → %s %s', (speedKmh, code, text) => {
    expect(windCondition(kmh(speedKmh))).toEqual({ code, text });
  });
});

describe('cloud character', () => {
  it.each([
    [0, '1', 'Clear'],
    [12.5, '1', 'Clear'],
    [12.6, '2', 'Partly Cloudy'],
    [87.5, '2', 'Partly Cloudy'],
    [87.6, '3', 'Cloudy'],
    [100, '3', 'Cloudy'],
  ])('basic: %d %% → %s %s', (cover, code, text) => {
    for (const d of ['day', 'night', 'mixed'] as BlockDaylight[]) expect(cloudCondition(cover, 'basic', d)).toEqual({ code, text });
  });

  const standard: [number, BlockDaylight, string, string][] = [
    [0, 'day', '1', 'Sunny Day'],
    [12.5, 'day', '1', 'Sunny Day'],
    [12.6, 'day', '2', 'Mostly Sunny Day'],
    [37.5, 'day', '2', 'Mostly Sunny Day'],
    [37.6, 'day', '3', 'Partly Sunny Day'],
    [62.5, 'day', '3', 'Partly Sunny Day'],
    [62.6, 'day', '4', 'Mostly Cloudy Day'],
    [87.5, 'day', '4', 'Mostly Cloudy Day'],
    [87.6, 'day', '5', 'Cloudy Day'],
    [12.5, 'night', '6', 'Clear Night'],
    [12.6, 'night', '7', 'Mostly Clear Night'],
    [37.6, 'night', '8', 'Partly Cloudy Night'],
    [62.6, 'night', '9', 'Mostly Cloudy Night'],
    [87.6, 'night', 'A', 'Cloudy Night'],
    [12.5, 'mixed', 'B', 'Clear'],
    [12.6, 'mixed', 'C', 'Mostly Clear'],
    [37.6, 'mixed', 'D', 'Partly Cloudy'],
    [62.6, 'mixed', 'E', 'Mostly Cloudy'],
    [87.6, 'mixed', 'F', 'Cloudy'],
  ];
  it.each(standard)('standard: %d %% (%s) → %s %s', (cover, daylight, code, text) => {
    expect(cloudCondition(cover, 'standard', daylight)).toEqual({ code, text });
  });

  it('standard texts follow the NWS sky-cover words (day: Sunny…, night or mixed: Clear…)', () => {
    const nws = readVectors<{ sky_cover_NWS_oktas: { table: { day: string; night_or_day: string }[] } }>('conditions_mapping.json');
    const covers = [0, 25, 50, 75, 100];
    nws.sky_cover_NWS_oktas.table.forEach((row, i) => {
      const dayWord = row.day.split(' / ')[0];
      expect(cloudCondition(covers[i]!, 'standard', 'day').text).toBe(`${dayWord} Day`);
      expect(cloudCondition(covers[i]!, 'standard', 'night').text).toBe(`${row.night_or_day} Night`);
      expect(cloudCondition(covers[i]!, 'standard', 'mixed').text).toBe(row.night_or_day);
    });
  });
});

describe('conditions', () => {
  it('reproduces the wording of the published forecast sample', () => {
    // sample blocks: cover 87 % at night, no rain → "911"; cover 98 % at night → "A11"
    expect(conditions({ cloudCover: 87, precipitation: 0, hours: 1, windSpeed: 1.5, daylight: 'night' }, 'standard')).toEqual({
      code: '911',
      text: 'Mostly Cloudy Night, No Rain, Light Wind/Calm',
    });
    expect(conditions({ cloudCover: 98, precipitation: 0, hours: 1, windSpeed: 2, daylight: 'night' }).text).toBe(
      'Cloudy Night, No Rain, Light Wind/Calm',
    );
  });

  it('basic type uses the three-class cloud digit', () => {
    expect(conditions({ cloudCover: 50, precipitation: 6, hours: 2, windSpeed: kmh(40), daylight: 'day' }, 'basic')).toEqual({
      code: '233',
      text: 'Partly Cloudy, Moderate Rain, Windy',
    });
  });

  it('gives each combination of classes as one shared value, the parts it is made of', () => {
    const parts = (input: Parameters<typeof conditions>[0], type: 'basic' | 'standard') => {
      const cloud = cloudCondition(input.cloudCover, type, input.daylight);
      const rain = rainCondition(input.precipitation, input.hours);
      const wind = windCondition(input.windSpeed);
      return { code: cloud.code + rain.code + wind.code, text: `${cloud.text}, ${rain.text}, ${wind.text}` };
    };
    const seen = new Map<string, ReturnType<typeof conditions>>();
    for (const type of ['basic', 'standard'] as const) {
      for (const daylight of ['day', 'night', 'mixed'] as const) {
        for (const cloudCover of [0, 12.5, 20, 37.5, 50, 62.5, 80, 87.5, 100]) {
          for (const precipitation of [0, 1, 2.54 * 3, 20]) {
            for (const windSpeed of [0, kmh(8), kmh(20), kmh(40), kmh(60), kmh(80), kmh(120)]) {
              const input = { cloudCover, precipitation, hours: 3, windSpeed, daylight };
              const value = conditions(input, type);
              expect(value).toEqual(parts(input, type));
              // The same combination is the same value, its strings made once.
              const earlier = seen.get(`${value.code}|${value.text}`);
              if (earlier) expect(value).toBe(earlier);
              seen.set(`${value.code}|${value.text}`, value);
            }
          }
        }
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });
});

describe('blockDaylight', () => {
  // Greenwich (0° N 51.48°, 0° E) around the June solstice: sunrise ≈ 03:43 UTC, sunset ≈ 20:21 UTC
  const day = Date.UTC(2024, 5, 21);
  const hour = 3_600_000;
  it('classifies whole-day, whole-night and spanning blocks', () => {
    expect(blockDaylight(51.48, 0, day + 10 * hour, 4)).toBe('day');
    expect(blockDaylight(51.48, 0, day + 0 * hour, 2)).toBe('night');
    expect(blockDaylight(51.48, 0, day, 24)).toBe('mixed');
  });

  it('polar day and polar night', () => {
    expect(blockDaylight(80, 0, day, 24)).toBe('day');
    expect(blockDaylight(-80, 0, day, 24)).toBe('night');
  });
});

describe('every conditions code and text', () => {
  it('is plain JSON text (forecast answers write them between quotes as they are)', () => {
    const all = everyConditions();
    expect(all.length).toBeGreaterThan(100);
    for (const { code, text } of all) {
      expect(JSON.stringify(code)).toBe(`"${code}"`);
      expect(JSON.stringify(text)).toBe(`"${text}"`);
      expect(code).toMatch(/^[0-9A-Z]{3}$/);
    }
  });
});
