/**
 * The planting's water balance as the service assembles it: observed days from the planting date
 * to yesterday, forecast days to today + 7, the day's reference ET, rain, RHmin and 2 m wind as
 * the FAO-56 balance takes them, irrigations on their days, the dates asked, and the advice from
 * the forecast, then from the norms.
 */
import { describe, expect, it } from 'vitest';
import { dailyAgronomicSeries, fillDailyAgronomicSeries, placeReferenceEt } from '../../src/agronomy/agronomic-series.js';
import { waterBalance } from '../../src/agronomy/water-balance.js';
import { defaultWaterBalanceCrop, DEFAULT_WATER_BALANCE_SOIL } from '../../src/agronomy/water-balance-defaults.js';
import { windSpeedAt2m } from '../../src/agronomy/wind-profile.js';
import { addDays, datesInRange, daysBetween, type IsoDate } from '../../src/core/dates.js';
import { DomainError } from '../../src/core/errors.js';
import type { AgronomicNormService } from '../../src/services/agronomic-norms-service.js';
import type { ForecastService } from '../../src/services/forecast-service.js';
import type { ObservationService } from '../../src/services/observation-service.js';
import { createWaterBalanceService } from '../../src/services/water-balance-service.js';
import type { IrrigationRecord, WaterBalanceInputs } from '../../src/services/water-balance-setup.js';
import { locationAt } from '../../src/services/weather-location.js';
import type { ElevationModel } from '../../src/weather/elevation/elevation-grid.js';
import { emptyDailyWeather, type DailyWeather } from '../../src/weather/weather-source.js';

const LOCATION = locationAt(33.07, -111.97, 'cotton');
const TODAY = '2013-06-20' as IsoDate;
const PLANTING = { id: 7, fieldId: 'cotton', crop: 'cotton-2600-gdd', plantingDate: '2013-04-23' as IsoDate, harvestDate: null };
const elevation: ElevationModel = { elevationAt: () => 361 } as unknown as ElevationModel;
const parameters = { crop: defaultWaterBalanceCrop('cotton'), soil: DEFAULT_WATER_BALANCE_SOIL };

/** Hot, dry days (a desert summer) or, with `rain`, a wet spell. */
function day(date: IsoDate, rain = 0): DailyWeather {
  return { ...emptyDailyWeather(date), tmax: 38, tmin: 21, precipitation: rain, solar: 8000, rhMax: 40, rhMin: 10, windAverage: 3 };
}

function harness(options: { forecastRain?: number; normRain?: number; normPet?: number; irrigations?: IrrigationRecord[] } = {}) {
  const calls: { daily: { start: string; end: string }[]; forecast: string[][] } = { daily: [], forecast: [] };
  const observations = {
    async daily(_location: unknown, range: { start: IsoDate; end: IsoDate }) {
      calls.daily.push(range);
      return { source: 'import:test', elevation: 361, days: datesInRange(range.start, range.end).map((date) => day(date)) };
    },
  } as unknown as ObservationService;
  const forecasts = {
    async daily(_location: unknown, dates: readonly IsoDate[]) {
      calls.forecast.push([...dates]);
      return { source: 'synthetic', days: dates.map((date) => day(date, options.forecastRain ?? 0)) };
    },
  } as unknown as ForecastService;
  const norms = {
    async norms(_location: unknown, request: { days: readonly string[] }) {
      const pet = options.normPet ?? 8;
      const rain = options.normRain ?? 0;
      const statistic = (average: number) => ({ average, stdDev: 0, count: 10 });
      return {
        sources: ['synthetic'],
        dayCount: request.days.length,
        dayAt: (d: number) => ({ day: request.days[d], pet: statistic(pet), accumulatedPrecipitation: statistic(rain * (d + 1)) }),
      };
    },
  } as unknown as AgronomicNormService;
  const inputs: WaterBalanceInputs = {
    parameters: async () => ({ parameters, defaults: ['/crop/kcbMid'] }),
    irrigations: async () => options.irrigations ?? [],
  };
  return { service: createWaterBalanceService({ observations, forecasts, norms, elevation, inputs }), calls };
}

const place = { location: LOCATION, today: TODAY };

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('water balance service', () => {
  it('runs from the planting date through today + 7: observed days, then forecast days, with the inputs FAO-56 takes', async () => {
    const { service, calls } = harness();
    const result = await service.balance(place, 1, PLANTING, null, undefined);
    const last = addDays(TODAY, 7);
    expect(result.days[0]!.date).toBe(PLANTING.plantingDate);
    expect(result.days.at(-1)!.date).toBe(last);
    expect(result.days).toHaveLength(daysBetween(PLANTING.plantingDate, last) + 1);
    expect(result.days.find((d) => d.date === addDays(TODAY, -1))!.source).toBe('observed');
    expect(result.days.find((d) => d.date === TODAY)!.source).toBe('forecast');
    expect(calls.daily).toEqual([{ start: PLANTING.plantingDate, end: addDays(TODAY, -1) }]);
    expect(result.sources).toEqual(['import:test', 'synthetic']);

    // The same days through the science with ASCE ETos at 361 m and the wind brought to 2 m.
    const weather = [...datesInRange(PLANTING.plantingDate, last)].map((date) => day(date));
    const series = dailyAgronomicSeries(weather.length);
    fillDailyAgronomicSeries(weather, placeReferenceEt({ latitude: LOCATION.cell.latitude, elevationM: 361, windHeightM: 10 }), () => 0, series);
    const expected = waterBalance(
      parameters,
      weather.map((w, i) => ({ date: w.date, referenceEt: series.pet[i]!, precipitation: 0, rhMin: 10, windSpeed2m: windSpeedAt2m(3, 10), irrigation: 0, irrigationWettedFraction: null })),
    );
    expect(result.days.map((d) => d.rootZoneDepletion)).toEqual(expected.days.map((d) => d.rootZoneDepletion));
    expect(result.days[10]!.referenceEt).toBeGreaterThan(5);
  });

  it('puts each irrigation on its day, summing events of one day, and it refills the root zone', async () => {
    const date = '2013-06-01' as IsoDate;
    const events: IrrigationRecord[] = [
      { id: 1, fieldId: 'cotton', plantingId: 7, date, amount: 30, wettedFraction: 0.5 },
      { id: 2, fieldId: 'cotton', plantingId: 7, date, amount: 20, wettedFraction: null },
    ];
    const dry = await harness().service.balance(place, 1, PLANTING, null, undefined);
    const wet = await harness({ irrigations: events }).service.balance(place, 1, PLANTING, null, undefined);
    const on = (result: typeof dry) => result.days.find((d) => d.date === date)!;
    expect(on(wet).irrigation).toBe(50);
    expect(on(dry).irrigation).toBe(0);
    expect(on(wet).rootZoneDepletion).toBeLessThan(on(dry).rootZoneDepletion);
  });

  it('answers the dates asked, from a balance that still starts at planting', async () => {
    const { service } = harness();
    const whole = await service.balance(place, 1, PLANTING, null, undefined);
    const part = await service.balance(place, 1, PLANTING, { start: '2013-06-10' as IsoDate, end: '2013-06-12' as IsoDate }, undefined);
    expect(part.days.map((d) => d.date)).toEqual(['2013-06-10', '2013-06-11', '2013-06-12']);
    expect(part.days).toEqual(whole.days.filter((d) => d.date >= '2013-06-10' && d.date <= '2013-06-12'));
    expect(part.totals.precipitation).toBe(0);
    expect(part.totals.referenceEt).toBeCloseTo(part.days.reduce((sum, d) => sum + d.referenceEt, 0), 9);
  });

  it('advises from the forecast when depletion passes RAW there, with the depth that refills the root zone', async () => {
    // Planted a month ago: the root zone starts full and dries in the hot forecast days.
    const recent = { ...PLANTING, plantingDate: addDays(TODAY, -12) };
    const result = await harness().service.balance(place, 1, recent, null, undefined);
    expect(result.advice.basis).toBe('forecast');
    const advised = result.days.find((d) => d.date === result.advice.date)!;
    expect(advised.source).toBe('forecast');
    expect(advised.rootZoneDepletion).toBeGreaterThan(advised.raw);
    expect(result.advice.depth).toBe(advised.rootZoneDepletion);
    const before = result.days.filter((d) => d.date >= TODAY && d.date < result.advice.date!);
    for (const d of before) expect(d.rootZoneDepletion).toBeLessThanOrEqual(d.raw);
  });

  it('advises from the norms when the forecast is wet, and gives none when the norms are wet too', async () => {
    const recent = { ...PLANTING, plantingDate: addDays(TODAY, -5) };
    const onNorms = await harness({ forecastRain: 20 }).service.balance(place, 1, recent, null, undefined);
    expect(onNorms.advice.basis).toBe('norms');
    expect(onNorms.advice.date! > addDays(TODAY, 7)).toBe(true);
    expect(onNorms.advice.depth).toBeGreaterThan(0);
    const none = await harness({ forecastRain: 20, normRain: 20, normPet: 2 }).service.balance(place, 1, recent, null, undefined);
    expect(none.advice).toEqual({ date: null, depth: null, basis: null });
  });

  it('answers a season long past from its planting date to the last day asked, without forecast or advice', async () => {
    const { service, calls } = harness();
    const old = { ...PLANTING, plantingDate: '2010-04-20' as IsoDate };
    const result = await service.balance(place, 1, old, { start: '2010-06-01' as IsoDate, end: '2010-06-30' as IsoDate }, undefined);
    expect(result.days.map((d) => d.date)).toEqual(datesInRange('2010-06-01' as IsoDate, '2010-06-30' as IsoDate));
    expect(result.days.every((d) => d.source === 'observed')).toBe(true);
    expect(calls.daily).toEqual([{ start: '2010-04-20', end: '2010-06-30' }]);
    expect(calls.forecast).toEqual([]);
    expect(result.advice).toEqual({ date: null, depth: null, basis: null });
    const tooLong = await refusal(service.balance(place, 1, old, { start: '2010-06-01' as IsoDate, end: '2012-06-01' as IsoDate }, undefined));
    expect(tooLong.detailedMessage).toContain('at most 731 days');
  });

  it('refuses dates outside the planting date … today + 7, and a planting with no days yet', async () => {
    const { service } = harness();
    const early = await refusal(service.balance(place, 1, PLANTING, { start: '2013-04-22' as IsoDate, end: '2013-05-01' as IsoDate }, undefined));
    expect(early.simpleMessage).toContain('startDate');
    const late = await refusal(service.balance(place, 1, PLANTING, { start: '2013-06-01' as IsoDate, end: addDays(TODAY, 8) }, undefined));
    expect(late.simpleMessage).toContain('endDate');
    const future = await refusal(service.balance(place, 1, { ...PLANTING, plantingDate: addDays(TODAY, 9) }, null, undefined));
    expect(future.simpleMessage).toContain('no days yet');
  });
});
