/**
 * Growth-stage models: the details of a model (GDD method, base, boundaries, stage thresholds) in
 * the requested unit system, and a model's results for a field's current planting: GDD
 * accumulated from the biofix date through yesterday at the field (or the harvest date), the
 * stages reached and when, and what remains to the next stage.
 *
 * Every model is published in °C and °C-days (the original service's metric tables). Accumulation
 * always runs in °C with the published method, base and boundaries, so a stage is reached on the
 * same day whatever the unit system; `units=usa` converts the answer: temperatures to °F
 * (°C × 1.8 + 32), degree-days × 1.8.
 *
 * Predicted dates. For each stage not yet reached, the dates it is expected on
 * (`src/agronomy/growth-stage-prediction.ts`): from the GDD accumulated through yesterday, then
 * the forecast days (today to today + 7, the source's hourly forecast aggregated per local
 * calendar day to its highest and lowest temperature, as the agronomic values do), then the GDD
 * norms of the place (the agronomic norms over the default norm years, with the model's method,
 * base and boundaries) through the horizon: 365 days from today, cut at the end of the season
 * (`MAX_SEASON_DAYS` from the biofix date) and at the harvest date. A planting harvested before
 * today, or whose season is over, gets no predictions (every date null). Where the source holds
 * no forecast or not enough years for norms, that part is left out (dates it would have reached
 * are null); a source that is unavailable answers 503, as for the accumulation.
 */
import { accumulateModelGdd, modelGddParameters } from '../agronomy/growth-stage-accumulation.js';
import { type ForecastGddDay, type NormGddDay, predictStageDates, type StagePrediction } from '../agronomy/growth-stage-prediction.js';
import { type CurrentStage, growthStageProgress, type NextStage, type ReachedStage } from '../agronomy/growth-stages.js';
import { dailyGdd } from '../agronomy/gdd.js';
import { celsiusDifferenceToFahrenheit, celsiusToFahrenheit } from '../agronomy/unit-conversions.js';
import type { Catalog, GrowthStageModel } from '../catalog/catalog.js';
import type { Clock } from '../core/clock.js';
import { addDays, datesInRange, type IsoDate, type MonthDay, monthDayOf } from '../core/dates.js';
import { DomainError, invalid, notFoundError } from '../core/errors.js';
import type { UnitSystem } from '../core/units.js';
import type { FieldRecord } from '../store/field-repository.js';
import type { PlantingRecord, PlantingRepository } from '../store/planting-repository.js';
import { type DailyWeather, SourceUnavailableError, type WeatherSource } from '../weather/weather-source.js';
import type { AgronomicNormService } from './agronomic-norms-service.js';
import type { FieldService } from './field-service.js';
import type { ForecastService } from './forecast-service.js';
import { dateIn, type NormDays } from './weather-norm-service.js';
import { localToday, locationAt, type WeatherLocation } from './weather-location.js';
import { WEATHER_WINDOWS } from './date-windows.js';

/** Accumulation stops this many days after the biofix date (a growing season is shorter). */
export const MAX_SEASON_DAYS = 366;

/** Predicted dates reach this many days ahead, today included. */
export const PREDICTION_HORIZON_DAYS = 365;

/** A stage not yet reached, with the dates it is expected on. */
export type PredictedStage = NextStage & StagePrediction;

const NO_PREDICTION: StagePrediction = { predictedDate: null, predictedDateEarly: null, predictedDateLate: null, predictionBasis: null };

export interface ModelStageDetails {
  id: string;
  stage: string | null;
  description: string;
  gddThreshold: number;
  gddUnits: string;
}

export interface ModelDetails {
  biofix: number;
  gddMethod: string;
  gddBaseTemp: number;
  gddMaxBoundary: number | null;
  gddMinBoundary: number | null;
  gddUnits: string;
  stages: ModelStageDetails[];
}

export interface ModelResults {
  model: GrowthStageModel;
  field: FieldRecord;
  planting: PlantingRecord;
  biofixDate: IsoDate;
  gddUnits: string;
  previousStages: ReachedStage[];
  currentStage: CurrentStage | null;
  nextStage: PredictedStage | null;
  /** Every stage not yet reached (the next stage first), in threshold order. */
  predictedStages: PredictedStage[];
  /** Provenance of the weather used. */
  source: string;
}

export interface GrowthStageService {
  details(modelId: string, units: UnitSystem): ModelDetails;
  results(accountId: number, fieldId: string, modelId: string, units: UnitSystem): Promise<ModelResults>;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * The unit of an answer and how a model's °C values are written in it: under `usa` temperatures
 * and thresholds are rounded to 0.1 (4.5 °C is 40.1 °F, 15.56 °C is 60.0 °F), accumulated and
 * remaining degree-days to 0.01 in both systems.
 */
function answerUnits(units: UnitSystem) {
  const usa = units === 'usa';
  return {
    gddUnits: usa ? 'F' : 'C',
    temperature: (celsius: number) => (usa ? round(celsiusToFahrenheit(celsius), 1) : celsius),
    threshold: (degreeDays: number) => (usa ? round(celsiusDifferenceToFahrenheit(degreeDays), 1) : degreeDays),
    accumulated: (degreeDays: number) => round(usa ? celsiusDifferenceToFahrenheit(degreeDays) : degreeDays, 2),
  };
}

/**
 * The calendar days from `first` to `last` (at most a year apart) as a norm request's days: 02-29
 * is listed wherever the span covers the end of February, as the norm services expect.
 */
export function normDaysBetween(first: IsoDate, last: IsoDate): NormDays {
  const start = monthDayOf(first);
  const end = monthDayOf(last);
  // Walk a span whose February has a 29th.
  let date = dateIn(start <= '02-29' ? 2000 : 1999, start);
  const days: MonthDay[] = [start];
  while (days[days.length - 1] !== end && days.length <= 366) {
    date = addDays(date, 1);
    days.push(monthDayOf(date));
  }
  return { start, end, crossesYearEnd: end < start, days };
}

/**
 * Data the source does not hold (no forecast, too few norm years) or cannot give right now (an
 * unavailable provider) leaves that part of the prediction out: the stages reached so far do not
 * depend on it. Anything else propagates.
 */
export async function unlessNotHeld<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError && (error.kind === 'notFound' || error.kind === 'invalid')) return null;
    if (error instanceof SourceUnavailableError) return null;
    throw error;
  }
}

export interface GrowthStageDependencies {
  fields: Pick<FieldService, 'get'>;
  plantings: Pick<PlantingRepository, 'current'>;
  catalog: Catalog;
  clock: Clock;
  weather: WeatherSource;
  /** Forecast days for the predicted dates. */
  forecasts: ForecastService;
  /** The place's GDD norms for the predicted dates beyond the forecast. */
  norms: AgronomicNormService;
}

export function createGrowthStageService(deps: GrowthStageDependencies): GrowthStageService {
  const { fields, plantings, catalog, clock, weather, forecasts, norms } = deps;
  const requireModel = (modelId: string) => {
    const model = catalog.model(modelId);
    if (!model) throw notFoundError('Model', `No model with id '${modelId}' exists; see /v2/agronomics/models.`);
    return model;
  };

  /**
   * Predictions for the `pending` stages of a planting whose GDD through yesterday is
   * `accumulated` (see the module comment for the horizon and what is left out).
   */
  async function predict(
    model: GrowthStageModel,
    location: WeatherLocation,
    planting: PlantingRecord,
    biofixDate: IsoDate,
    today: IsoDate,
    accumulated: number,
    pending: readonly NextStage[],
  ): Promise<StagePrediction[]> {
    const none = pending.map(() => NO_PREDICTION);
    if (pending.length === 0) return none;
    let last = addDays(today, PREDICTION_HORIZON_DAYS - 1);
    const seasonLast = addDays(biofixDate, MAX_SEASON_DAYS - 1);
    if (seasonLast < last) last = seasonLast;
    if (planting.harvestDate !== null && planting.harvestDate < last) last = planting.harvestDate;
    const first = biofixDate > today ? biofixDate : today;
    if (first > last) return none;

    const parameters = modelGddParameters(model);
    let forecastLast = addDays(today, WEATHER_WINDOWS.forecastDaysAhead);
    if (last < forecastLast) forecastLast = last;
    const forecastDates = first <= forecastLast ? datesInRange(first, forecastLast) : [];
    const forecastWork = forecastDates.length
      ? unlessNotHeld(forecasts.daily(location, forecastDates))
      : Promise.resolve(null);
    // Norm days start after the forecast days, or where they would have been when the source has no forecast.
    const normsFrom = (withForecast: boolean) => (withForecast && forecastDates.length ? addDays(forecastLast, 1) : first);
    const normWork = async (from: IsoDate) => {
      if (from > last) return null;
      const request = { ...normDaysBetween(from, last), excludeYears: [], accumulationStartDay: null, gdd: parameters };
      return unlessNotHeld(norms.norms(location, request));
    };
    // Both start at once; only when the forecast is missing are norms asked for from its first day.
    const [forecast, normsAfterForecast] = await Promise.all([forecastWork, normWork(normsFrom(true))]);
    const normFirst = normsFrom(forecast !== null);
    const placeNorms = forecast !== null || forecastDates.length === 0 ? normsAfterForecast : await normWork(normFirst);

    const forecastDays: ForecastGddDay[] = (forecast?.days ?? []).map((day) => ({
      date: day.date,
      gdd: day.tmax !== null && day.tmin !== null ? dailyGdd(day.tmax, day.tmin, parameters) : null,
    }));
    const normDays: NormGddDay[] = [];
    if (placeNorms && normFirst <= last) {
      // The norms answer the request's days in order; `dayAt` computes a day's statistics, so each day is asked once.
      const index = new Map<MonthDay, number>(normDaysBetween(normFirst, last).days.map((day, d) => [day, d]));
      for (const date of datesInRange(normFirst, last)) {
        const d = index.get(monthDayOf(date));
        const day = d === undefined ? null : placeNorms.dayAt(d);
        normDays.push({ date, gddMean: day?.gdd.average ?? null, accumulatedGddStdDev: day?.accumulatedGdd.stdDev ?? null });
      }
    }
    return predictStageDates(
      accumulated,
      pending.map((stage) => stage.gddThreshold),
      forecastDays,
      normDays,
    );
  }

  return {
    details(modelId, units) {
      const model = requireModel(modelId);
      const convert = answerUnits(units);
      return {
        biofix: model.biofix,
        gddMethod: model.gddMethod,
        gddBaseTemp: convert.temperature(model.gddBaseTemp),
        gddMaxBoundary: model.gddMaxBoundary === null ? null : convert.temperature(model.gddMaxBoundary),
        gddMinBoundary: model.gddMinBoundary === null ? null : convert.temperature(model.gddMinBoundary),
        gddUnits: convert.gddUnits,
        stages: model.stages.map((stage) => ({
          id: stage.id,
          stage: stage.stage,
          description: stage.description,
          gddThreshold: convert.threshold(stage.gddThreshold),
          gddUnits: convert.gddUnits,
        })),
      };
    },

    async results(accountId, fieldId, modelId, units) {
      const field = await fields.get(accountId, fieldId);
      const model = requireModel(modelId);
      const planting = await plantings.current(accountId, fieldId);
      if (!planting) throw notFoundError('Planting', `The field '${fieldId}' has no planting; create one to run growth-stage models.`);
      if (!model.crops.includes(planting.crop)) {
        throw invalid(
          'Model does not apply to the crop.',
          `The model '${model.id}' applies to the crop ${model.crops.map((id) => `'${id}'`).join(', ')}; the current planting of field '${fieldId}' is '${planting.crop}'. See /v2/agronomics/models?cropId=${planting.crop}.`,
        );
      }
      const location = locationAt(field.latitude, field.longitude, field.id);
      const today = localToday(location, clock);
      const yesterday = addDays(today, -1);
      const biofixDate = addDays(planting.plantingDate, model.biofix);
      let end = addDays(biofixDate, MAX_SEASON_DAYS - 1);
      if (yesterday < end) end = yesterday;
      if (planting.harvestDate !== null && planting.harvestDate < end) end = planting.harvestDate;

      let days: DailyWeather[] = [];
      let source = weather.name;
      if (end >= biofixDate) {
        const result = await weather.daily(location.cell, { start: biofixDate, end });
        if (!result) throw new SourceUnavailableError(weather.name, `No weather is available for ${biofixDate} to ${end} at this field.`);
        days = result.days;
        source = result.source;
      }

      const series = accumulateModelGdd(model, days);
      const progress = growthStageProgress(model.stages, series);
      const accumulated = series.length > 0 ? series[series.length - 1]!.accumulatedGdd : 0;
      const next = progress.nextStage;
      // The stages not yet reached: the next one and every later one, in threshold order.
      const ordered = [...model.stages].sort((a, b) => a.gddThreshold - b.gddThreshold);
      const pending: NextStage[] = next
        ? ordered.slice(ordered.findIndex((stage) => stage.id === next.id)).map((stage) => ({
            id: stage.id,
            stage: stage.stage,
            description: stage.description,
            gddThreshold: stage.gddThreshold,
            gddRemaining: stage.gddThreshold - accumulated,
          }))
        : [];
      const predictions = await predict(model, location, planting, biofixDate, today, accumulated, pending);

      const convert = answerUnits(units);
      const reached = (stage: ReachedStage): ReachedStage => ({ ...stage, gddThreshold: convert.threshold(stage.gddThreshold) });
      const current = progress.currentStage;
      const predicted: PredictedStage[] = pending.map((stage, i) => ({
        ...stage,
        gddThreshold: convert.threshold(stage.gddThreshold),
        gddRemaining: convert.accumulated(stage.gddRemaining),
        ...predictions[i]!,
      }));
      return {
        model,
        field,
        planting,
        biofixDate,
        gddUnits: convert.gddUnits,
        previousStages: progress.previousStages.map(reached),
        currentStage: current && { ...reached(current), accumulatedGdds: convert.accumulated(current.accumulatedGdds) },
        nextStage: predicted[0] ?? null,
        predictedStages: predicted,
        source,
      };
    },
  };
}
