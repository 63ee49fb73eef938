/**
 * Agronomic values: the accumulation start's window and order, and the series joining observed
 * days (through yesterday at the place) and forecast days (from today), with running totals from
 * the accumulation start.
 */
import { describe, expect, it } from 'vitest';
import { GDD_METHOD_TABLE, resolveGddParameters, type GddMethod, type GddMethodDefinition } from '../../src/agronomy/gdd.js';
import { fixedClock } from '../../src/core/clock.js';
import { accumulationStartOf, createAgronomicValuesService, type AgronomicValuesRequest } from '../../src/services/agronomic-values-service.js';
import { createForecastService } from '../../src/services/forecast-service.js';
import { createObservationService } from '../../src/services/observation-service.js';
import { locationAt } from '../../src/services/weather-location.js';
import { createFakeWeatherSource, type FakeWeatherSource } from '../support/fake-weather-source.js';
import { parameterMessage, refusal } from '../support/domain-errors.js';

const TODAY = '2024-06-15';
/** 07:00 on 15 June in Iowa. */
const NOW = Date.parse('2024-06-15T12:00:00Z');
const IOWA = { location: locationAt(41.5, -93.5), today: TODAY };
const standard = resolveGddParameters('standard', 'metric');

function service(weather: FakeWeatherSource, elevation = 300) {
  return createAgronomicValuesService({
    observations: createObservationService(weather),
    forecasts: createForecastService({ weather, clock: fixedClock(NOW) }),
    elevation: { elevationAt: () => elevation },
  });
}

const request = (start: string, end: string, accumulationStart: string | null = null): AgronomicValuesRequest => ({ start, end, accumulationStart, gdd: standard });

/** The fake's daily GDD in June 2024 under the standard method, base 10 °C: tmax 34 + day/100, tmin 17. */
const observedGdd = (day: number) => (34 + day / 100 + 17) / 2 - 10;
/** A forecast day in Iowa (local midnight is 05:00 UTC): the fake's hourly temperatures 10 … 33 °C. */
const FORECAST_GDD = (33 + 10) / 2 - 10;

describe('accumulationStartOf', () => {
  it('is the start date when none is given, or the date given from one year back through yesterday, on or before the start', () => {
    expect(accumulationStartOf(null, '2024-06-10', TODAY)).toBe('2024-06-10');
    expect(accumulationStartOf('2023-06-15', '2024-06-10', TODAY)).toBe('2023-06-15');
    expect(accumulationStartOf('2024-06-10', '2024-06-10', TODAY)).toBe('2024-06-10');
    expect(accumulationStartOf('2024-06-14', '2024-06-20', TODAY)).toBe('2024-06-14');
  });

  it("is 400 naming 'accumulationStartDate' outside its window or after the start date", () => {
    const name = { kind: 'invalid', simpleMessage: parameterMessage('accumulationStartDate') } as const;
    const early = refusal(() => accumulationStartOf('2023-06-14', '2024-06-10', TODAY), name);
    expect(early.detailedMessage).toContain('from 2023-06-15 to 2024-06-14');
    refusal(() => accumulationStartOf(TODAY, '2024-06-20', TODAY), name);
    const late = refusal(() => accumulationStartOf('2024-06-11', '2024-06-10', TODAY), name);
    expect(late.detailedMessage).toContain('must not be after the start date 2024-06-10');
  });
});

describe('agronomic values service', () => {
  it('joins observed days through yesterday and forecast days from today, sources in that order', async () => {
    const weather = createFakeWeatherSource();
    const values = await service(weather).values(IOWA, request('2024-06-13', '2024-06-16'));
    expect(weather.dailyCalls.map((call) => call.range)).toEqual([{ start: '2024-06-13', end: '2024-06-14' }]);
    expect(weather.hourlyCalls).toHaveLength(1);
    expect(weather.hourlyCalls[0]!.request).toMatchObject({ start: Date.parse('2024-06-15T05:00:00Z'), hours: 48, issuedAt: NOW });
    expect(values.sources).toEqual(['fake', 'fake-forecast']);
    expect(values.dates).toEqual(['2024-06-13', '2024-06-14', '2024-06-15', '2024-06-16']);
    expect([...values.gdd]).toEqual([observedGdd(13), observedGdd(14), FORECAST_GDD, FORECAST_GDD].map((g) => expect.closeTo(g, 10)));
    // 6 mm a day observed (the fake's June), 9 mm a forecast day (3 mm an hour from 12:00 to 14:59 UTC).
    expect([...values.accumulatedPrecipitation]).toEqual([6, 12, 21, 30]);
    expect([...values.accumulatedGdd]).toEqual(
      [observedGdd(13), observedGdd(13) + observedGdd(14), observedGdd(13) + observedGdd(14) + FORECAST_GDD, observedGdd(13) + observedGdd(14) + 2 * FORECAST_GDD].map((g) =>
        expect.closeTo(g, 10),
      ),
    );
  });

  it('starts the running totals at the accumulation start and answers only the requested days', async () => {
    const weather = createFakeWeatherSource();
    const values = await service(weather).values(IOWA, request('2024-06-10', '2024-06-12', '2024-06-01'));
    expect(weather.dailyCalls.map((call) => call.range)).toEqual([{ start: '2024-06-01', end: '2024-06-12' }]);
    expect(weather.hourlyCalls).toHaveLength(0);
    expect(values.sources).toEqual(['fake']);
    expect(values.dates).toEqual(['2024-06-10', '2024-06-11', '2024-06-12']);
    expect([...values.gdd]).toEqual([10, 11, 12].map((d) => expect.closeTo(observedGdd(d), 10)));
    expect([...values.accumulatedPrecipitation]).toEqual([60, 66, 72]);
    let total = 0;
    for (let d = 1; d <= 10; d++) total += observedGdd(d);
    expect(values.accumulatedGdd[0]).toBeCloseTo(total, 10);

    // The running PET and P/PET are the sums of the days from the accumulation start.
    const fromStart = await service(createFakeWeatherSource()).values(IOWA, request('2024-06-01', '2024-06-12'));
    const petSum = (through: number) => fromStart.pet.subarray(0, through + 1).reduce((a, b) => a + b, 0);
    expect(values.accumulatedPet[0]).toBeCloseTo(petSum(9), 10);
    expect(values.accumulatedPet[2]).toBeCloseTo(petSum(11), 10);
    expect(values.accumulatedPpet[2]).toBeCloseTo(72 / petSum(11), 10);
    expect(values.ppet[1]).toBeCloseTo(6 / values.pet[1]!, 10);
    expect([...values.pet]).toEqual([...fromStart.pet.subarray(9)]);
  });

  it('takes every day of a range from today on from the forecast, the accumulation start too', async () => {
    const weather = createFakeWeatherSource();
    const values = await service(weather).values(IOWA, request('2024-06-15', '2024-06-17'));
    expect(weather.dailyCalls).toHaveLength(0);
    expect(values.sources).toEqual(['fake-forecast']);
    expect([...values.accumulatedPrecipitation]).toEqual([9, 18, 27]);
    expect([...values.accumulatedGdd]).toEqual([1, 2, 3].map((n) => expect.closeTo(n * FORECAST_GDD, 10)));

    // An accumulation start through yesterday: the observed days before the range, then the forecast.
    const joined = createFakeWeatherSource();
    const withStart = await service(joined).values(IOWA, request('2024-06-16', '2024-06-16', '2024-06-14'));
    expect(joined.dailyCalls.map((call) => call.range)).toEqual([{ start: '2024-06-14', end: '2024-06-14' }]);
    expect(withStart.sources).toEqual(['fake', 'fake-forecast']);
    expect([...withStart.accumulatedPrecipitation]).toEqual([6 + 9 + 9]);
    expect(withStart.accumulatedGdd[0]).toBeCloseTo(observedGdd(14) + 2 * FORECAST_GDD, 10);
  });

  it('leaves a day without temperatures out of the totals (no value, not zero)', async () => {
    const weather = createFakeWeatherSource();
    weather.dayOverrides.set('2024-06-11', { tmax: null, precipitation: null });
    const values = await service(weather).values(IOWA, request('2024-06-10', '2024-06-12'));
    expect(Number.isNaN(values.gdd[1])).toBe(true);
    expect(Number.isNaN(values.pet[1])).toBe(true);
    expect(Number.isNaN(values.ppet[1])).toBe(true);
    expect(values.accumulatedGdd[1]).toBe(values.accumulatedGdd[0]);
    expect([...values.accumulatedPrecipitation]).toEqual([6, 6, 12]);
  });

  it("computes PET at the elevation the source names, else at the elevation grid's", async () => {
    const fromGrid = await service(createFakeWeatherSource(), 1500).values(IOWA, request('2024-06-10', '2024-06-10'));
    const named = createFakeWeatherSource();
    named.elevation = 1500;
    const fromSource = await service(named, 0).values(IOWA, request('2024-06-10', '2024-06-10'));
    const atSea = await service(createFakeWeatherSource(), 0).values(IOWA, request('2024-06-10', '2024-06-10'));
    expect(fromSource.pet[0]).toBe(fromGrid.pet[0]);
    expect(atSea.pet[0]).not.toBeCloseTo(fromGrid.pet[0]!, 3);
  });
});

describe('a GDD method added to the table', () => {
  /** Baskerville & Emin (1969) single sine, no upper cut-off: a method that does not average a high and a low. */
  const singleSine = (tmax: number, tmin: number, base: number): number => {
    if (tmin >= base) return (tmax + tmin) / 2 - base;
    if (tmax <= base) return 0;
    const mean = (tmax + tmin) / 2;
    const amplitude = (tmax - tmin) / 2;
    const theta = Math.asin((base - mean) / amplitude);
    return ((mean - base) * (Math.PI / 2 - theta) + amplitude * Math.cos(theta)) / Math.PI;
  };
  const SINGLE_SINE: GddMethodDefinition = {
    name: 'single-sine',
    description: 'area above the base under a sine through the day\'s low and high',
    defaults: { metric: { baseTemp: 10, maxBoundary: null, minBoundary: null }, usa: { baseTemp: 50, maxBoundary: null, minBoundary: null } },
    usesMaxBoundary: false,
    usesMinBoundary: false,
    daily: (tmax, tmin, baseTemp) => singleSine(tmax, tmin, baseTemp),
  };
  const table = [...GDD_METHOD_TABLE, SINGLE_SINE];

  it('is one entry with its own daily function, and reaches the agronomic values of observed and forecast days', async () => {
    const weather = createFakeWeatherSource();
    const values = await createAgronomicValuesService({
      observations: createObservationService(weather),
      forecasts: createForecastService({ weather, clock: fixedClock(NOW) }),
      elevation: { elevationAt: () => 300 },
      gddMethods: table,
    }).values(IOWA, { start: '2024-06-13', end: '2024-06-16', accumulationStart: null, gdd: resolveGddParameters('single-sine' as GddMethod, 'metric', { gddBaseTemp: 20 }, table) });
    // Base 20 °C lies between the fake's lows and highs, where a sine and a mean part ways.
    const expected = [singleSine(34.13, 17, 20), singleSine(34.14, 17, 20), singleSine(33, 10, 20), singleSine(33, 10, 20)];
    expect([...values.gdd]).toEqual(expected.map((g) => expect.closeTo(g, 10)));
    expect(expected[0]).not.toBeCloseTo((34.13 + 17) / 2 - 20, 2);
    expect(values.accumulatedGdd[3]).toBeCloseTo(expected.reduce((a, b) => a + b, 0), 10);
  });
});
