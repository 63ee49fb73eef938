/**
 * GDD accumulated for a growth-stage model from its biofix: per day, the model's own method,
 * base and boundaries in °C, as the model tables publish them. `growth-stages.ts` turns the
 * totals into stages.
 */
import type { IsoDate } from '../core/dates.js';
import { dailyGdd, type GddMethod, type GddParameters } from './gdd.js';

/** A model's GDD rule in °C (the catalogue's `gddMethod`, `gddBaseTemp` and boundaries). */
export interface ModelGddRule {
  readonly gddMethod: GddMethod;
  readonly gddBaseTemp: number;
  readonly gddMaxBoundary: number | null;
  readonly gddMinBoundary: number | null;
}

/** A day's temperatures, °C (null where missing). */
export interface TemperatureDay {
  readonly date: IsoDate;
  readonly tmax: number | null;
  readonly tmin: number | null;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** The model's method, base and boundaries as GDD parameters (°C). */
export function modelGddParameters(model: ModelGddRule): GddParameters {
  return {
    method: model.gddMethod,
    unitSystem: 'metric',
    baseTemp: model.gddBaseTemp,
    maxBoundary: model.gddMaxBoundary,
    minBoundary: model.gddMinBoundary,
  };
}

/**
 * Accumulated GDD (°C-days) per day with the model's method, base and boundaries. A day without
 * temperatures adds nothing.
 */
export function accumulateModelGdd(model: ModelGddRule, days: readonly TemperatureDay[]): { date: IsoDate; accumulatedGdd: number }[] {
  const parameters = modelGddParameters(model);
  let accumulated = 0;
  return days.map((day) => {
    if (day.tmax !== null && day.tmin !== null) accumulated = round(accumulated + dailyGdd(day.tmax, day.tmin, parameters), 6);
    return { date: day.date, accumulatedGdd: accumulated };
  });
}
