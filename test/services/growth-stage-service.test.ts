/**
 * Growth-stage results of a field's current planting, over a catalogue and weather of known
 * values: GDD from the biofix date through yesterday, stages reached, the next stage, predicted
 * dates from the forecast and the norms (each left out when the source holds none), the model
 * and crop checks, and the answer in either unit system.
 */
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/catalog/catalog.js';
import { fixedClock } from '../../src/core/clock.js';
import { addDays, datesInRange } from '../../src/core/dates.js';
import { createAgronomicNormService } from '../../src/services/agronomic-norms-service.js';
import { fieldNotFound, type FieldRecord } from '../../src/services/field-service.js';
import { createForecastService } from '../../src/services/forecast-service.js';
import { createGrowthStageService } from '../../src/services/growth-stage-service.js';
import type { GrowthStageModel } from '../../src/services/catalog-service.js';
import type { PlantingRecord } from '../../src/services/planting-service.js';
import type { DailyWeather, DateRange, HourlyRequest, WeatherSource } from '../../src/weather/weather-source.js';
import { emptyDailyWeather } from '../../src/weather/weather-source.js';
import { fakeHour } from '../support/fake-weather-source.js';
import { rejection } from '../support/domain-errors.js';

const HOUR = 3_600_000;
/** 15 June 2024, 07:00 in Iowa: yesterday at the field is 14 June. */
const clock = fixedClock(Date.parse('2024-06-15T12:00:00Z'));
const ACCOUNT = 7;

const model = (id: string, crops: string[], biofix = 0): GrowthStageModel => ({
  id,
  name: id,
  description: `${id} stages`,
  type: 'growthstage',
  source: { name: 'test', link: null },
  crops,
  biofix,
  gddMethod: 'standard',
  gddBaseTemp: 10,
  gddMaxBoundary: null,
  gddMinBoundary: null,
  stages: [
    { id: 's1', stage: 'VE', description: 'emergence', gddThreshold: 10 },
    { id: 's2', stage: 'V1', description: 'first leaf', gddThreshold: 30 },
    { id: 's3', stage: 'V2', description: 'second leaf', gddThreshold: 100 },
    { id: 's4', stage: 'R6', description: 'maturity', gddThreshold: 1000 },
  ],
});

const catalog = createCatalog(
  {
    crops: [
      { id: 'corn-x', name: 'corn', type: null, variety: null, isDefaultForCrop: true },
      { id: 'oat-x', name: 'oat', type: null, variety: null, isDefaultForCrop: true },
    ],
  },
  { models: [model('CornTest', ['corn-x']), model('CornLate', ['corn-x'], 2), model('OatTest', ['oat-x'])] },
);

const FIELD: FieldRecord = { id: 'north', name: null, farmId: 'farm', acres: null, latitude: 41.5, longitude: -93.5 };

/**
 * Weather of 10 GDD a day (standard, base 10 °C): observed days 25/15 °C, forecast hours 20 °C.
 * `forecast` false: no forecast; `heldFrom`: the first year daily values are held (earlier: none).
 */
function weather(options: { forecast?: boolean; heldFrom?: number } = {}) {
  const dailyCalls: DateRange[] = [];
  const hourlyCalls: HourlyRequest[] = [];
  const source: WeatherSource = {
    name: 'steady',
    async daily(_cell, range) {
      dailyCalls.push(range);
      if (options.heldFrom !== undefined && Number(range.start.slice(0, 4)) < options.heldFrom) return null;
      const days: DailyWeather[] = datesInRange(range.start, range.end).map((date) => ({ ...emptyDailyWeather(date), tmax: 25, tmin: 15, precipitation: 1 }));
      return { source: range.start < '2024-01-01' ? 'steady-history' : 'steady', days };
    },
    async hourly(_cell, request) {
      hourlyCalls.push(request);
      if (options.forecast === false) return null;
      return { source: 'steady-forecast', hours: Array.from({ length: request.hours }, (_, i) => ({ ...fakeHour(request.start + i * HOUR), temperature: 20 })) };
    },
  };
  return { source, dailyCalls, hourlyCalls };
}

function service(source: WeatherSource, current: Partial<PlantingRecord> | null) {
  const planting: PlantingRecord | undefined =
    current === null
      ? undefined
      : { id: 1, fieldId: 'north', crop: 'corn-x', plantingDate: '2024-06-11', projectedYield: null, projectedHarvestDate: null, actualYield: null, harvestDate: null, ...current };
  return createGrowthStageService({
    fields: { get: async (accountId, id) => (accountId === ACCOUNT && id === 'north' ? FIELD : Promise.reject(fieldNotFound(id))) },
    plantings: { current: async (accountId, fieldId) => (accountId === ACCOUNT && fieldId === 'north' ? planting : undefined) },
    catalog,
    clock,
    weather: source,
    forecasts: createForecastService({ weather: source, clock }),
    norms: createAgronomicNormService({ weather: source, clock, elevation: { elevationAt: () => 300 } }),
  });
}

describe('growth stage service', () => {
  it('accumulates GDD from the biofix date through yesterday and tells the stages reached, the current and the next', async () => {
    const { source, dailyCalls } = weather();
    const results = await service(source, {}).results(ACCOUNT, 'north', 'CornTest', 'metric');
    expect(dailyCalls[0]).toEqual({ start: '2024-06-11', end: '2024-06-14' });
    expect(results.biofixDate).toBe('2024-06-11');
    expect(results.source).toBe('steady');
    expect(results.gddUnits).toBe('C');
    expect(results.previousStages).toEqual([{ date: '2024-06-11', id: 's1', stage: 'VE', description: 'emergence', gddThreshold: 10 }]);
    expect(results.currentStage).toEqual({ date: '2024-06-13', id: 's2', stage: 'V1', description: 'first leaf', gddThreshold: 30, accumulatedGdds: 40 });
    expect(results.nextStage).toMatchObject({ id: 's3', gddThreshold: 100, gddRemaining: 60 });
    expect(results.predictedStages.map((stage) => [stage.id, stage.gddRemaining])).toEqual([
      ['s3', 60],
      ['s4', 960],
    ]);
  });

  it('predicts a stage within the forecast from the forecast, and later stages from the norms of the place', async () => {
    const { source, hourlyCalls, dailyCalls } = weather();
    const results = await service(source, {}).results(ACCOUNT, 'north', 'CornTest', 'metric');
    // Today and 7 days ahead, in Iowa's local days.
    expect(hourlyCalls).toEqual([{ start: Date.parse('2024-06-15T05:00:00Z'), hours: 8 * 24, issuedAt: clock.now() }]);
    // 40 through yesterday, 10 a day from today: 100 on 20 June.
    expect(results.nextStage).toMatchObject({ predictedDate: '2024-06-20', predictedDateEarly: '2024-06-20', predictedDateLate: '2024-06-20', predictionBasis: 'forecast' });
    // 120 by the end of the forecast (22 June), then the norms' 10 a day: 1000 after 88 more days.
    const maturity = results.predictedStages[1]!;
    expect(maturity).toMatchObject({ predictedDate: addDays('2024-06-22', 88), predictionBasis: 'norms' });
    // Every year of the default period had the same weather: no spread.
    expect(maturity.predictedDateEarly).toBe(maturity.predictedDate);
    expect(maturity.predictedDateLate).toBe(maturity.predictedDate);
    // The norms' seasons start the day after the forecast: the default 10 years before this one.
    expect(dailyCalls.slice(1).map((range) => range.start).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `${2014 + i}-06-23`));
  });

  it('predicts from the norms from today when the source has no forecast', async () => {
    const { source, dailyCalls } = weather({ forecast: false });
    const results = await service(source, {}).results(ACCOUNT, 'north', 'CornTest', 'metric');
    expect(results.nextStage).toMatchObject({ predictedDate: '2024-06-20', predictionBasis: 'norms' });
    expect(results.predictedStages[1]).toMatchObject({ predictedDate: addDays('2024-06-14', 96), predictionBasis: 'norms' });
    expect(dailyCalls.slice(1).some((range) => range.start === '2023-06-15')).toBe(true);
  });

  it('leaves every prediction out when the source has neither forecast nor years for norms, the stages reached stay', async () => {
    const { source } = weather({ forecast: false, heldFrom: 2024 });
    const results = await service(source, {}).results(ACCOUNT, 'north', 'CornTest', 'metric');
    expect(results.currentStage).toMatchObject({ id: 's2', accumulatedGdds: 40 });
    expect(results.predictedStages).toHaveLength(2);
    for (const stage of results.predictedStages) {
      expect(stage).toMatchObject({ predictedDate: null, predictedDateEarly: null, predictedDateLate: null, predictionBasis: null });
    }
  });

  it('stops at the harvest date and predicts nothing for a planting harvested before today', async () => {
    const { source, dailyCalls, hourlyCalls } = weather();
    const results = await service(source, { harvestDate: '2024-06-13' }).results(ACCOUNT, 'north', 'CornTest', 'metric');
    expect(dailyCalls).toEqual([{ start: '2024-06-11', end: '2024-06-13' }]);
    expect(hourlyCalls).toHaveLength(0);
    expect(results.currentStage).toMatchObject({ id: 's2', accumulatedGdds: 30 });
    expect(results.nextStage).toMatchObject({ id: 's3', gddRemaining: 70, predictedDate: null, predictionBasis: null });
  });

  it('starts at the biofix date: nothing is accumulated before it', async () => {
    const { source, dailyCalls } = weather();
    const late = await service(source, {}).results(ACCOUNT, 'north', 'CornLate', 'metric');
    expect(late.biofixDate).toBe('2024-06-13');
    expect(dailyCalls[0]).toEqual({ start: '2024-06-13', end: '2024-06-14' });
    expect(late.currentStage).toMatchObject({ id: 's1', date: '2024-06-13', accumulatedGdds: 20 });
    expect(late.nextStage).toMatchObject({ id: 's2', gddRemaining: 10 });
    // A planting dated today: no day to accumulate, no weather read for it.
    const fresh = weather();
    const today = await service(fresh.source, { plantingDate: '2024-06-15' }).results(ACCOUNT, 'north', 'CornTest', 'metric');
    expect(fresh.dailyCalls.some((range) => range.start === '2024-06-15')).toBe(false);
    expect(today.source).toBe('steady');
    expect(today.currentStage).toBeNull();
    expect(today.previousStages).toEqual([]);
    expect(today.nextStage).toMatchObject({ id: 's1', gddRemaining: 10, predictedDate: '2024-06-15', predictionBasis: 'forecast' });
  });

  it('writes degree-days and thresholds in °F under usa, reaching the same stages', async () => {
    const results = await service(weather().source, {}).results(ACCOUNT, 'north', 'CornTest', 'usa');
    expect(results.gddUnits).toBe('F');
    expect(results.previousStages[0]!.gddThreshold).toBe(18);
    expect(results.currentStage).toMatchObject({ id: 's2', gddThreshold: 54, accumulatedGdds: 72 });
    expect(results.nextStage).toMatchObject({ id: 's3', gddThreshold: 180, gddRemaining: 108, predictedDate: '2024-06-20' });
  });

  it('is 404 for an unknown field, an unknown model or a field without planting, and 400 for a model of another crop', async () => {
    const { source } = weather();
    await rejection(service(source, {}).results(ACCOUNT, 'south', 'CornTest', 'metric'), { kind: 'notFound', simpleMessage: 'Field not found.' });
    await rejection(service(source, {}).results(ACCOUNT + 1, 'north', 'CornTest', 'metric'), { kind: 'notFound', simpleMessage: 'Field not found.' });
    await rejection(service(source, {}).results(ACCOUNT, 'north', 'Nope', 'metric'), { kind: 'notFound', simpleMessage: 'Model not found.' });
    const none = await rejection(service(source, null).results(ACCOUNT, 'north', 'CornTest', 'metric'), { kind: 'notFound', simpleMessage: 'Planting not found.' });
    expect(none.detailedMessage).toContain("The field 'north' has no planting");
    const mismatch = await rejection(service(source, {}).results(ACCOUNT, 'north', 'OatTest', 'metric'), { kind: 'invalid', simpleMessage: 'Model does not apply to the crop.' });
    expect(mismatch.detailedMessage).toContain("the current planting of field 'north' is 'corn-x'");
    expect(mismatch.detailedMessage).toContain('/v2/agronomics/models?cropId=corn-x');
  });

  it('describes a model in either unit system, 404 for an unknown one', async () => {
    const { source } = weather();
    expect(service(source, {}).details('CornTest', 'metric')).toMatchObject({ biofix: 0, gddMethod: 'standard', gddBaseTemp: 10, gddMaxBoundary: null, gddUnits: 'C' });
    const usa = service(source, {}).details('CornLate', 'usa');
    expect(usa).toMatchObject({ biofix: 2, gddBaseTemp: 50, gddMinBoundary: null, gddUnits: 'F' });
    expect(usa.stages.map((stage) => [stage.id, stage.gddThreshold, stage.gddUnits])).toEqual([
      ['s1', 18, 'F'],
      ['s2', 54, 'F'],
      ['s3', 180, 'F'],
      ['s4', 1800, 'F'],
    ]);
    await rejection(async () => service(source, {}).details('Nope', 'metric'), { kind: 'notFound', simpleMessage: 'Model not found.' });
  });
});
