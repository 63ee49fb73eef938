import { describe, expect, it } from 'vitest';
import {
  dailyAgronomicSeries,
  fillDailyAgronomicSeries,
  placeReferenceEt,
  ppetOrNaN,
  runningTotals,
  type AgronomicDay,
  type DailyAgronomicSeries,
} from '../../src/agronomy/agronomic-series.js';
import { celsiusDailyGdd, dailyGdd, resolveGddParameters } from '../../src/agronomy/gdd.js';
import { saturationVapourPressure } from '../../src/agronomy/humidity.js';
import { referenceEvapotranspiration } from '../../src/agronomy/pet.js';

const series = (gdd: (number | null)[], precipitation: (number | null)[], pet: (number | null)[]): DailyAgronomicSeries => {
  const out = dailyAgronomicSeries(gdd.length);
  gdd.forEach((v, i) => {
    out.gdd[i] = v ?? NaN;
    out.precipitation[i] = precipitation[i] ?? NaN;
    out.pet[i] = pet[i] ?? NaN;
  });
  return out;
};
const nullable = (values: Float64Array) => [...values].map((v) => (Number.isNaN(v) ? null : v));

describe('running totals (the API\'s accumulated values)', () => {
  const days = series([5, 7.5, 0, 10], [0, 12, 0, 4], [0, 3, 5, 4]);

  it('keep running totals of GDD, precipitation and PET', () => {
    const totals = runningTotals(days, 4);
    expect([...totals.gdd]).toEqual([5, 12.5, 12.5, 22.5]);
    expect([...totals.precipitation]).toEqual([0, 12, 12, 16]);
    expect([...totals.pet]).toEqual([0, 3, 8, 12]);
  });

  it('accumulated P/PET is accumulated precipitation / accumulated PET, undefined while the PET total is 0', () => {
    expect(nullable(runningTotals(days, 4).ppet)).toEqual([null, 4, 1.5, 16 / 12]);
  });

  it('one zero-PET day does not make the running ratio undefined', () => {
    expect(nullable(runningTotals(series([0, 0], [3, 1], [0, 2]), 2).ppet)).toEqual([null, 2]);
  });

  it('missing daily values add nothing', () => {
    const totals = runningTotals(series([null, 3], [2, null], [1, null]), 2);
    expect([totals.gdd[1], totals.precipitation[1], totals.pet[1], totals.ppet[1]]).toEqual([3, 2, 1, 2]);
  });

  it('daily P/PET has the zero rule and NaN for a missing value', () => {
    expect(ppetOrNaN(6, 3)).toBe(2);
    expect(ppetOrNaN(6, 0)).toBeNaN();
    expect(ppetOrNaN(NaN, 3)).toBeNaN();
  });
});

describe('daily series', () => {
  const place = { latitude: 39.4575, elevationM: 1208.5, windHeightM: 3 };
  const gdd = celsiusDailyGdd(resolveGddParameters('standard', 'metric'));
  const day = (date: string, extra: Partial<AgronomicDay> = {}): AgronomicDay => ({
    date,
    tmax: 30,
    tmin: 12,
    precipitation: 1,
    solar: 8000,
    rhMax: 80,
    rhMin: 25,
    windAverage: 2,
    ...extra,
  });

  it('PET is the reference ET of each day at the place, with the day of year across a new year', () => {
    const days = [day('2023-12-31'), day('2024-01-01'), day('2024-01-02', { tmax: null })];
    const out = dailyAgronomicSeries(3);
    fillDailyAgronomicSeries(days, placeReferenceEt(place), gdd, out);
    const expected = (doy: number) =>
      referenceEvapotranspiration({ tmax: 30, tmin: 12, rhMax: 80, rhMin: 25, solar: 8000, windSpeed: 2, windHeightM: 3, latitude: 39.4575, dayOfYear: doy, elevationM: 1208.5 });
    expect(out.pet[0]).toBe(expected(365));
    expect(out.pet[1]).toBe(expected(1));
    expect(out.gdd[0]).toBe(dailyGdd(30, 12, resolveGddParameters('standard', 'metric')));
    expect(out.pet[2]).toBeNaN();
    expect(out.gdd[2]).toBeNaN();
    expect(out.precipitation[2]).toBe(1);
  });

  it('uses the vapour pressure the source gave before any relative humidity', () => {
    const ea = saturationVapourPressure(14); // dew point 14 °C, above Tmin 12 °C
    const out = dailyAgronomicSeries(2);
    fillDailyAgronomicSeries([day('2024-07-01', { vapourPressure: ea, rhMax: 100, rhMin: 30 }), day('2024-07-02', { rhMax: 100, rhMin: 30 })], placeReferenceEt(place), gdd, out);
    const withEa = referenceEvapotranspiration({ tmax: 30, tmin: 12, ea, solar: 8000, windSpeed: 2, windHeightM: 3, latitude: 39.4575, dayOfYear: 183, elevationM: 1208.5 });
    expect(out.pet[0]).toBe(withEa);
    expect(out.pet[0]).not.toBeCloseTo(out.pet[1]!, 2);
  });
});
