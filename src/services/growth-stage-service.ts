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
 */
import { accumulateModelGdd } from '../agronomy/growth-stage-accumulation.js';
import { type CurrentStage, growthStageProgress, type NextStage, type ReachedStage } from '../agronomy/growth-stages.js';
import { celsiusDifferenceToFahrenheit, celsiusToFahrenheit } from '../agronomy/unit-conversions.js';
import type { Catalog, GrowthStageModel } from '../catalog/catalog.js';
import type { Clock } from '../core/clock.js';
import { addDays, type IsoDate } from '../core/dates.js';
import { invalid, notFoundError } from '../core/errors.js';
import type { UnitSystem } from '../core/units.js';
import type { FieldRecord } from '../store/field-repository.js';
import type { PlantingRecord } from '../store/planting-repository.js';
import type { Store } from '../store/store.js';
import { cellAt } from '../weather/grid.js';
import { localDate, timeZoneAt } from '../weather/time-zone.js';
import { type DailyWeather, SourceUnavailableError, type WeatherSource } from '../weather/weather-source.js';

/** Accumulation stops this many days after the biofix date (a growing season is shorter). */
export const MAX_SEASON_DAYS = 366;

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
  nextStage: NextStage | null;
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

export function createGrowthStageService(deps: { store: Store; catalog: Catalog; clock: Clock; weather?: WeatherSource }): GrowthStageService {
  const { store, catalog, clock, weather } = deps;
  const requireModel = (modelId: string) => {
    const model = catalog.model(modelId);
    if (!model) throw notFoundError('Model', `No model with id '${modelId}' exists; see /v2/agronomics/models.`);
    return model;
  };

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
      const field = await store.fields.get(accountId, fieldId);
      if (!field) throw notFoundError('Field', `No field with id '${fieldId}' exists for this account.`);
      const model = requireModel(modelId);
      const planting = await store.plantings.current(accountId, fieldId);
      if (!planting) throw notFoundError('Planting', `The field '${fieldId}' has no planting; create one to run growth-stage models.`);
      if (!model.crops.includes(planting.crop)) {
        throw invalid(
          'Model does not apply to the crop.',
          `The model '${model.id}' applies to the crop ${model.crops.map((id) => `'${id}'`).join(', ')}; the current planting of field '${fieldId}' is '${planting.crop}'. See /v2/agronomics/models?cropId=${planting.crop}.`,
        );
      }
      if (!weather) throw new SourceUnavailableError('none', 'No weather source is configured on this server.');

      const yesterday = addDays(localDate(clock.now(), timeZoneAt(field.latitude, field.longitude)), -1);
      const biofixDate = addDays(planting.plantingDate, model.biofix);
      let end = addDays(biofixDate, MAX_SEASON_DAYS - 1);
      if (yesterday < end) end = yesterday;
      if (planting.harvestDate !== null && planting.harvestDate < end) end = planting.harvestDate;

      let days: DailyWeather[] = [];
      let source = weather.name;
      if (end >= biofixDate) {
        const result = await weather.daily(cellAt(field.latitude, field.longitude), { start: biofixDate, end });
        if (!result) throw new SourceUnavailableError(weather.name, `No weather is available for ${biofixDate} to ${end} at this field.`);
        days = result.days;
        source = result.source;
      }

      const progress = growthStageProgress(model.stages, accumulateModelGdd(model, days));
      const convert = answerUnits(units);
      const reached = (stage: ReachedStage): ReachedStage => ({ ...stage, gddThreshold: convert.threshold(stage.gddThreshold) });
      const current = progress.currentStage;
      const next = progress.nextStage;
      return {
        model,
        field,
        planting,
        biofixDate,
        gddUnits: convert.gddUnits,
        previousStages: progress.previousStages.map(reached),
        currentStage: current && { ...reached(current), accumulatedGdds: convert.accumulated(current.accumulatedGdds) },
        nextStage: next && {
          ...next,
          gddThreshold: convert.threshold(next.gddThreshold),
          gddRemaining: convert.accumulated(next.gddRemaining),
        },
        source,
      };
    },
  };
}
