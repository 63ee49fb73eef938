/**
 * Agronomic norms: per calendar day the statistics across seasons of GDD, PET, P/PET and their
 * running totals, the statistics of each season's totals, and where the running totals start
 * (`accumulationStartDay`: the latest occurrence of that day before the range).
 */
import { describe, expect, it } from 'vitest';
import { resolveGddParameters } from '../../src/agronomy/gdd.js';
import { fixedClock } from '../../src/core/clock.js';
import { monthDayRange } from '../../src/core/date-spans.js';
import { type AgronomicNormRequest, createAgronomicNormService } from '../../src/services/agronomic-norms-service.js';
import { locationAt } from '../../src/services/weather-location.js';
import { createFakeWeatherSource, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { parameterMessage, rejection } from '../support/domain-errors.js';

const IOWA = locationAt(41.5, -93.5);
const JUNE = fixedClock(Date.parse('2024-06-15T12:00:00Z'));
const standard = resolveGddParameters('standard', 'metric');

const request = (start: string, end: string, startYear: number, endYear: number, more: Partial<AgronomicNormRequest> = {}): AgronomicNormRequest => ({
  ...monthDayRange(start, end),
  years: { startYear, endYear },
  excludeYears: [],
  accumulationStartDay: null,
  gdd: standard,
  ...more,
});

const service = (weather: FakeWeatherSource) => createAgronomicNormService({ weather, clock: JUNE, elevation: { elevationAt: () => 300 } });

/** The fake's GDD (standard, base 10 °C): tmax 20 + k + day/100, tmin 10 + k/2 with k = year − 2010. */
const fakeGdd = (year: number, dayOfMonth: number) => {
  const k = year - 2010;
  return (20 + k + dayOfMonth / 100 + 10 + k / 2) / 2 - 10;
};

describe('agronomic norm service', () => {
  it('gives per calendar day the mean and sample standard deviation across seasons, and of the season totals', async () => {
    const weather = createFakeWeatherSource();
    const norms = await service(weather).norms(IOWA, request('06-09', '06-10', 2021, 2023));
    expect(norms.period).toEqual({ startYear: 2021, endYear: 2023 });
    expect(norms.years).toEqual([2021, 2022, 2023]);
    expect(norms.sources).toEqual(['fake', 'fake', 'fake']);
    expect(norms.dayCount).toBe(2);
    const day = norms.dayAt(1);
    expect(day.day).toBe('06-10');
    // GDD grow by 0.75 a year: mean of 2022's, sample standard deviation 0.75.
    expect(day.gdd).toEqual({ average: expect.closeTo(fakeGdd(2022, 10), 10), stdDev: expect.closeTo(0.75, 10), count: 3 });
    expect(day.accumulatedGdd.average).toBeCloseTo(fakeGdd(2022, 9) + fakeGdd(2022, 10), 10);
    expect(day.accumulatedGdd.stdDev).toBeCloseTo(1.5, 10);
    // June precipitation: 7 mm a day in odd years, 6 in even ones.
    expect(day.accumulatedPrecipitation.average).toBeCloseTo(40 / 3, 10);
    expect(norms.totals.precipitation).toEqual({ average: expect.closeTo(40 / 3, 10), stdDev: expect.closeTo(Math.sqrt(4 / 3), 10), count: 3 });
    expect(norms.totals.gdd.average).toBeCloseTo(day.accumulatedGdd.average!, 10);
    expect(norms.totals.pet.average).toBeCloseTo(day.accumulatedPet.average!, 10);
    expect(day.pet.average).toBeGreaterThan(0);
    expect(day.accumulatedPet.average).toBeGreaterThan(day.pet.average!);
    // Accumulated P/PET is each year's ratio of totals, averaged; the totals' the same.
    expect(norms.totals.ppet.average).toBeCloseTo(day.accumulatedPpet.average!, 10);
  });

  it('starts the running totals on accumulationStartDay: in the same year when it comes earlier in the calendar', async () => {
    const weather = createFakeWeatherSource();
    const norms = await service(weather).norms(IOWA, request('06-09', '06-10', 2021, 2023, { accumulationStartDay: '06-01' }));
    expect(weather.dailyCalls.map((call) => call.range).sort((a, b) => a.start.localeCompare(b.start))).toEqual([
      { start: '2021-06-01', end: '2021-06-10' },
      { start: '2022-06-01', end: '2022-06-10' },
      { start: '2023-06-01', end: '2023-06-10' },
    ]);
    let through9 = 0;
    for (let d = 1; d <= 9; d++) through9 += fakeGdd(2022, d);
    expect(norms.dayAt(0).accumulatedGdd.average).toBeCloseTo(through9, 10);
    expect(norms.dayAt(0).gdd.average).toBeCloseTo(fakeGdd(2022, 9), 10);
    expect(norms.totals.precipitation.average).toBeCloseTo((70 + 60 + 70) / 3, 10);
  });

  it('starts the running totals in the year before when accumulationStartDay comes later in the calendar, and refuses years whose start is not held', async () => {
    const weather = createFakeWeatherSource();
    await service(weather).norms(IOWA, request('06-09', '06-10', 2021, 2023, { accumulationStartDay: '07-01' }));
    expect(weather.dailyCalls.map((call) => call.range.start).sort()).toEqual(['2020-07-01', '2021-07-01', '2022-07-01']);

    const held = createFakeWeatherSource();
    held.heldFrom = 2021;
    const error = await rejection(service(held).norms(IOWA, request('06-09', '06-10', 2021, 2023, { accumulationStartDay: '07-01' })), {
      kind: 'invalid',
      simpleMessage: parameterMessage('startYear'),
    });
    expect(error.detailedMessage).toContain('which begins in 2021 (the running totals of each season start in the year before it, so the earliest startYear is 2022)');
    // Without the earlier start, 2021 is held.
    expect((await service(held).norms(IOWA, request('06-09', '06-10', 2021, 2023))).years).toEqual([2021, 2022, 2023]);
    // accumulationStartDay on the range's first day changes nothing.
    const same = createFakeWeatherSource();
    await service(same).norms(IOWA, request('06-09', '06-10', 2021, 2023, { accumulationStartDay: '06-09' }));
    expect(same.dailyCalls.map((call) => call.range.start).sort()).toEqual(['2021-06-09', '2022-06-09', '2023-06-09']);
  });

  it("counts no day twice for 02-29: a common year's running totals there are those through 28 February", async () => {
    const norms = await service(createFakeWeatherSource()).norms(IOWA, request('02-28', '03-01', 2015, 2017));
    // February precipitation: 3 mm a day in odd years, 2 in even ones; March 4 and 3.
    expect(norms.dayAt(1).day).toBe('02-29');
    expect(norms.dayAt(1).accumulatedPrecipitation).toEqual({ average: expect.closeTo((3 + 4 + 3) / 3, 10), stdDev: expect.any(Number), count: 3 });
    expect(norms.dayAt(2).accumulatedPrecipitation).toEqual({ average: 7, stdDev: 0, count: 3 });
    expect(norms.totals.precipitation).toEqual({ average: 7, stdDev: 0, count: 3 });
    // 2015's 02-29 is its 28 February: the same daily GDD.
    expect(norms.dayAt(1).gdd.average).toBeCloseTo((fakeGdd(2015, 28) + fakeGdd(2016, 29) + fakeGdd(2017, 28)) / 3, 10);
  });

  it('uses the default period and excludeYears as the weather norms do', async () => {
    const norms = await service(createFakeWeatherSource()).norms(IOWA, { ...request('06-09', '06-10', 0, 0), years: undefined, excludeYears: [2015, 2020] });
    expect(norms.period).toEqual({ startYear: 2014, endYear: 2023 });
    expect(norms.years).toEqual([2014, 2016, 2017, 2018, 2019, 2021, 2022, 2023]);
    expect(norms.dayAt(0).gdd.count).toBe(8);
  });

  it('is 404 when a season is held by no source', async () => {
    const weather = createFakeWeatherSource();
    weather.missing = true;
    await rejection(service(weather).norms(IOWA, request('06-09', '06-10', 2021, 2023)), { kind: 'notFound', simpleMessage: 'Weather data not found.' });
  });
});
