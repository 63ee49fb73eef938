/**
 * The generator against the climatology it is built from (the committed compact CRU CL 1.0
 * file): multi-century monthly statistics at a dozen places in different climates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clearSkyRadiation, extraterrestrialRadiation } from '../../src/agronomy/solar-geometry.js';
import { WH_PER_MJ } from '../../src/agronomy/unit-conversions.js';
import { dayOfYear, fromEpochDay, toEpochDay } from '../../src/core/dates.js';
import { dailyClimateOn, forEachClimateDay } from '../../src/weather/synthetic/cell-climate.js';
import { createSyntheticSource, type SyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import type { DailyWeather } from '../../src/weather/weather-source.js';
import { lag1Autocorrelation, PLACES } from './synthetic-fixture.js';

const FIRST_YEAR = 1701;
const YEARS = 250;

interface PlaceRun {
  name: string;
  /** The first 40 years as daily records, for the day-by-day checks. */
  days: DailyWeather[];
  /** Per month: summed Tmax, Tmin, precipitation, wet days and day count over all years, and the sum of the squared yearly totals. */
  months: { tmax: number; tmin: number; precipitation: number; wetDays: number; n: number; precipitationSquares: number }[];
}

let source: SyntheticSource;
const runs: PlaceRun[] = [];

beforeAll(() => {
  source = createSyntheticSource({ cacheSize: 0 });
  for (const [name, cell] of Object.entries(PLACES)) {
    const months = Array.from({ length: 12 }, () => ({ tmax: 0, tmin: 0, precipitation: 0, wetDays: 0, n: 0, precipitationSquares: 0 }));
    for (let year = FIRST_YEAR; year < FIRST_YEAR + YEARS; year++) {
      const y = source.cellYear(cell, year);
      const totals = new Array<number>(12).fill(0);
      for (let i = 0, m = 0; i < y.length; i++) {
        while (m < 11 && i >= MONTH_STARTS[m + 1]! + (m >= 1 && y.length === 366 ? 1 : 0)) m++;
        const s = months[m]!;
        s.tmax += y.tmax[i]!;
        s.tmin += y.tmin[i]!;
        s.precipitation += y.precipitation[i]!;
        totals[m] += y.precipitation[i]!;
        s.wetDays += y.precipitation[i]! > 0 ? 1 : 0;
        s.n++;
      }
      totals.forEach((total, m) => (months[m]!.precipitationSquares += total * total));
    }
    runs.push({ name, months, days: source.dailyDays(cell, { start: `${FIRST_YEAR}-01-01`, end: `${FIRST_YEAR + 39}-12-31` }) });
  }
});

const MONTH_STARTS = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

const MONTH_DAYS = [31, 28.2425, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

describe('synthetic weather against the CRU CL 1.0 climatology', () => {
  it('keeps monthly mean Tmax and Tmin within 1 °C', () => {
    for (const run of runs) {
      const climate = source.cellClimate(PLACES[run.name]!).monthly;
      run.months.forEach((s, m) => {
        expect(Math.abs(s.tmax / s.n - climate.tmax[m]!), `${run.name} month ${m + 1} tmax`).toBeLessThan(1);
        expect(Math.abs(s.tmin / s.n - climate.tmin[m]!), `${run.name} month ${m + 1} tmin`).toBeLessThan(1);
      });
    }
  });

  it('keeps monthly precipitation totals within 15 % (or three standard errors of the simulated mean) and wet-day frequency within 15 %', () => {
    let checked = 0;
    for (const run of runs) {
      const climate = source.cellClimate(PLACES[run.name]!).monthly;
      run.months.forEach((s, m) => {
        const total = climate.precipitation[m]! * MONTH_DAYS[m]!;
        // Months with a few wet days and a measurable total; drier months are all sampling noise.
        if (total < 10 || climate.wetDays[m]! < 3) return;
        checked++;
        const simulated = s.precipitation / YEARS;
        // A month's totals vary from year to year (in a month of few, heavy rains by as much as their
        // mean): 250 of them still leave their mean a standard error of several per cent, so a
        // bias must exceed both 15 % and three of those to fail.
        const standardError = Math.sqrt((s.precipitationSquares / YEARS - simulated * simulated) / (YEARS - 1));
        const allowed = Math.max(0.15 * total, 3 * standardError);
        expect(Math.abs(simulated - total), `${run.name} month ${m + 1} precipitation ${simulated} vs ${total} (± ${allowed})`).toBeLessThan(allowed);
        expect(3 * standardError, `${run.name} month ${m + 1}: the simulated mean's standard error`).toBeLessThan(0.3 * total);
        const wet = s.wetDays / YEARS;
        expect(Math.abs(wet / climate.wetDays[m]! - 1), `${run.name} month ${m + 1} wet days ${wet} vs ${climate.wetDays[m]}`).toBeLessThan(0.15);
      });
    }
    expect(checked).toBeGreaterThan(80);
  });

  it('gives daily Tmax anomalies a lag-1 autocorrelation between 0.5 and 0.8', () => {
    for (const run of runs) {
      const climate = source.cellClimate(PLACES[run.name]!);
      const anomalies = run.days.map((d) => d.tmax! - dailyClimateOn(climate, d.date).tmax);
      const r = lag1Autocorrelation(anomalies);
      expect(r, run.name).toBeGreaterThan(0.5);
      expect(r, run.name).toBeLessThan(0.8);
    }
  });

  it('keeps every day physically consistent', () => {
    for (const run of runs) {
      const cell = PLACES[run.name]!;
      const problems: string[] = [];
      for (const d of run.days) {
        const clearSky = clearSkyRadiation(extraterrestrialRadiation(cell.latitude, dayOfYear(d.date)), 0) * WH_PER_MJ;
        const ok =
          d.tmax! >= d.tmin! &&
          d.rhMax! >= 0 &&
          d.rhMax! <= 100 &&
          d.rhMin! >= 0 &&
          d.rhMin! <= d.rhMax! &&
          d.precipitation! >= 0 &&
          d.solar! >= 0 &&
          d.solar! <= clearSky &&
          d.windAverage! >= 0 &&
          d.windMorningMax! >= d.windAverage! &&
          d.windDayMax! >= d.windMorningMax!;
        if (!ok) problems.push(JSON.stringify({ ...d, clearSky }));
      }
      expect(problems.slice(0, 3), run.name).toEqual([]);
    }
  });

  it('keeps annual mean solar radiation near the climatology where it is below clear sky', () => {
    for (const run of runs) {
      const climate = source.cellClimate(PLACES[run.name]!).monthly;
      const simulated = run.days.reduce((s, d) => s + d.solar!, 0) / run.days.length / 24;
      const expected = climate.radiation.reduce((s, v, m) => s + v * MONTH_DAYS[m]!, 0) / 365.2425;
      expect(Math.abs(simulated / expected - 1), run.name).toBeLessThan(0.1);
    }
  });
});

describe('the daily climatology of consecutive days', () => {
  it('is each day\'s own, across a leap day and the turn of the year', () => {
    const climate = source.cellClimate(PLACES.moscow!);
    const first = toEpochDay('2023-11-20');
    const seen: string[] = [];
    forEachClimateDay(climate, first, 500, (i, day) => {
      const date = fromEpochDay(first + i);
      expect({ ...day }, date).toEqual(dailyClimateOn(climate, date));
      seen.push(date);
    });
    expect(seen).toHaveLength(500);
    expect(seen).toContain('2024-02-29');
    expect(seen).toContain('2025-01-01');
  });
});
