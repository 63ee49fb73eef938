/** Hourly forecasts of the synthetic source. */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/core/dates.js';
import { createSyntheticSource, type SyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { localDate, startOfLocalDay, timeZoneAt } from '../../src/weather/time-zone.js';
import type { GridCell, HourlyWeather } from '../../src/weather/weather-source.js';
import { PLACES } from './synthetic-fixture.js';

const HOUR = 3_600_000;
let source: SyntheticSource;
beforeAll(() => {
  source = createSyntheticSource({ cacheSize: 256 });
});

async function eightDays(cell: GridCell, issueDate: string): Promise<{ zone: string; hours: HourlyWeather[] }> {
  const zone = timeZoneAt(cell.latitude, cell.longitude);
  const start = startOfLocalDay(issueDate, zone);
  const end = startOfLocalDay(addDays(issueDate, 8), zone);
  const issuedAt = start + 9 * HOUR;
  const result = await source.hourly(cell, { start, hours: Math.round((end - start) / HOUR), issuedAt });
  expect(result?.source).toBe('synthetic');
  return { zone, hours: result!.hours };
}

describe('synthetic hourly forecasts', () => {
  it('are consistent hour by hour', async () => {
    // The spring-forward day at Ames has 23 hours.
    expect((await eightDays(PLACES.ames!, '2024-03-07')).hours.length).toBe(8 * 24 - 1);
    for (const cell of [PLACES.ames!, PLACES.nairobi!, PLACES.moscow!, PLACES.manaus!, PLACES.sydney!]) {
      const { hours } = await eightDays(cell, '2023-06-20');
      hours.forEach((h, i) => {
        if (i > 0) expect(h.time - hours[i - 1]!.time).toBe(HOUR);
        expect(h.relativeHumidity).toBeGreaterThanOrEqual(0);
        expect(h.relativeHumidity).toBeLessThanOrEqual(100);
        expect(h.dewPoint).toBeLessThanOrEqual(h.temperature);
        expect(h.cloudCover).toBeGreaterThanOrEqual(0);
        expect(h.cloudCover).toBeLessThanOrEqual(100);
        expect(h.precipitationChance).toBeGreaterThanOrEqual(0);
        expect(h.precipitationChance).toBeLessThanOrEqual(100);
        expect(h.precipitation).toBeGreaterThanOrEqual(0);
        expect(h.solar).toBeGreaterThanOrEqual(0);
        expect(h.windGust).toBeGreaterThanOrEqual(h.windAverage);
        expect(h.soilTemperature).toHaveLength(4);
        expect(h.soilMoisture.every((m) => m > 0 && m <= 45)).toBe(true);
      });
    }
  });

  it('puts the minimum temperature near sunrise and the maximum in the afternoon on nearly every day, no sun at night', async () => {
    // A warm night after a cool day (a front, or a forecast's error on the next minimum) moves a
    // day's extremes to its edges now and then: nearly every day, not every day, follows the sun.
    let days = 0;
    let afternoonMaxima = 0;
    let morningMinima = 0;
    for (const issueDate of ['2023-01-10', '2023-04-02', '2023-07-21', '2023-10-15']) {
      const { zone, hours } = await eightDays(PLACES.nairobi!, issueDate);
      for (let day = 1; day < 7; day++) {
        const block = hours.slice(day * 24, day * 24 + 24);
        const hourOf = (h: HourlyWeather) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(h.time));
        const max = block.reduce((a, b) => (b.temperature > a.temperature ? b : a));
        const min = block.reduce((a, b) => (b.temperature < a.temperature ? b : a));
        days++;
        if (hourOf(max) >= 13 && hourOf(max) <= 17) afternoonMaxima++;
        if (hourOf(min) >= 4 && hourOf(min) <= 8) morningMinima++;
        for (const h of block) if (hourOf(h) < 5 || hourOf(h) >= 20) expect(h.solar).toBe(0);
      }
    }
    expect(afternoonMaxima / days).toBeGreaterThanOrEqual(0.85);
    expect(morningMinima / days).toBeGreaterThanOrEqual(0.85);
  });

  it('adds up to the forecast day: solar and precipitation totals', async () => {
    const cell = PLACES.deBilt!;
    const { zone, hours } = await eightDays(cell, '2023-10-02');
    const days = source.forecastDays(cell, '2023-10-02', { start: '2023-10-02', end: '2023-10-09' });
    for (const day of days) {
      const own = hours.filter((h) => localDate(h.time + HOUR / 2, zone) === day.date);
      expect(Math.abs(own.reduce((s, h) => s + h.solar, 0) - day.solar)).toBeLessThanOrEqual(24);
      expect(Math.abs(own.reduce((s, h) => s + h.precipitation, 0) - day.precipitation)).toBeLessThan(0.15);
    }
  });

  it('errs more at day 7 than at day 1, against what the days later become', async () => {
    const errors = new Map<number, number[]>();
    const cells = [PLACES.ames!, PLACES.deBilt!, PLACES.beijing!, PLACES.buenosAires!];
    for (const cell of cells) {
      for (let k = 0; k < 8; k++) {
        const issueDate = addDays('2022-01-05', k * 41);
        const { zone, hours } = await eightDays(cell, issueDate);
        const truth = source.dailyDays(cell, { start: issueDate, end: addDays(issueDate, 7) });
        for (const lead of [1, 7]) {
          const own = hours.filter((h) => localDate(h.time + HOUR / 2, zone) === truth[lead]!.date);
          const forecastMax = Math.max(...own.map((h) => h.temperature));
          errors.set(lead, [...(errors.get(lead) ?? []), (forecastMax - truth[lead]!.tmax!) ** 2]);
        }
      }
    }
    const rmse = (lead: number) => Math.sqrt(errors.get(lead)!.reduce((s, e) => s + e, 0) / errors.get(lead)!.length);
    expect(rmse(7)).toBeGreaterThan(rmse(1) * 1.5);
  });

  it('repeats the same forecast for the same issue day and has none beyond the horizon', async () => {
    const cell = PLACES.sydney!;
    const a = await eightDays(cell, '2024-12-28');
    const b = await eightDays(cell, '2024-12-28');
    expect(a.hours).toEqual(b.hours);
    const zone = timeZoneAt(cell.latitude, cell.longitude);
    const issuedAt = startOfLocalDay('2024-12-28', zone);
    expect(await source.hourly(cell, { start: startOfLocalDay('2025-01-10', zone), hours: 24, issuedAt })).toBeNull();
  });

  it('gives an hour the same values, soil included, whichever range asks for it', async () => {
    for (const cell of [PLACES.ames!, PLACES.nairobi!, PLACES.sydney!]) {
      const { zone, hours } = await eightDays(cell, '2024-03-07');
      const issuedAt = startOfLocalDay('2024-03-07', zone) + 9 * HOUR;
      // Day 3 alone, and one hour of day 5: the same as within the eight days.
      const day3 = hours.findIndex((h) => localDate(h.time, zone) === '2024-03-09');
      const part = await source.hourly(cell, { start: hours[day3]!.time, hours: 24, issuedAt });
      expect(part!.hours).toEqual(hours.slice(day3, day3 + 24));
      const one = await source.hourly(cell, { start: hours[100]!.time, hours: 1, issuedAt });
      expect(one!.hours).toEqual([hours[100]]);
    }
  });

  it('has the deep soil lag the seasons: warmer than the air in autumn, colder in spring', async () => {
    // The soil runs through the cell's mean days, then two months of weather: its 1-2 m layer
    // (time constant 45 days) still holds the summer in November and the winter in May.
    const mean = (hours: HourlyWeather[], value: (h: HourlyWeather) => number) => hours.reduce((s, h) => s + value(h), 0) / hours.length;
    for (const cell of [PLACES.ames!, PLACES.moscow!]) {
      const autumn = (await eightDays(cell, '2023-11-05')).hours;
      const spring = (await eightDays(cell, '2024-05-05')).hours;
      expect(mean(autumn, (h) => h.soilTemperature[3]) - mean(autumn, (h) => h.temperature)).toBeGreaterThan(3);
      expect(mean(spring, (h) => h.temperature) - mean(spring, (h) => h.soilTemperature[3])).toBeGreaterThan(3);
    }
  });

  it('leaves the soil out when asked, with the other values of the full forecast', async () => {
    let same = 0;
    let compared = 0;
    for (const cell of [PLACES.ames!, PLACES.nairobi!, PLACES.moscow!, PLACES.manaus!, PLACES.sydney!]) {
      const { zone, hours } = await eightDays(cell, '2023-06-20');
      const issuedAt = startOfLocalDay('2023-06-20', zone) + 9 * HOUR;
      for (const i of [0, 30, 61, 95, 130, 170]) {
        const light = (await source.hourly(cell, { start: hours[i]!.time, hours: 1, issuedAt, soil: false }))!.hours[0]!;
        expect([...light.soilTemperature, ...light.soilMoisture].every(Number.isNaN)).toBe(true);
        const { soilTemperature: _t, soilMoisture: _m, ...values } = light;
        const { soilTemperature: _ft, soilMoisture: _fm, ...full } = hours[i]!;
        compared++;
        // Its days are generated on their own (a month of spin-up, not the whole year): the same
        // to within a rounding step at most.
        if (JSON.stringify(values) === JSON.stringify(full)) same++;
        expect(Math.abs(values.temperature - full.temperature)).toBeLessThanOrEqual(0.1);
      }
    }
    expect(same / compared).toBeGreaterThan(0.9);
  });
});
