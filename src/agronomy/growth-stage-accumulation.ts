/**
 * GDD accumulated for a growth-stage model from its biofix: per day, the model's own method,
 * base and boundaries in its own unit (°F or °C, as published), and an early upper boundary
 * while the accumulation is below its limit (NDAWN wheat and barley: 70 °F until Haun stage 2.0,
 * 95 °F after). `growth-stages.ts` turns the totals into stages.
 */
import type { IsoDate } from '../core/dates.js';
import { dailyGddFromCelsius, type GddMethod, type GddParameters } from './gdd.js';

/** A model's GDD rule (the catalogue's `gdd`). */
export interface ModelGddRule {
  readonly method: GddMethod;
  readonly unit: 'F' | 'C';
  readonly baseTemp: number;
  readonly minBoundary: number | null;
  readonly maxBoundary: number | null;
  readonly earlyMaxBoundary?: { readonly boundary: number; readonly untilAccumulatedGdd: number };
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

/**
 * Accumulated GDD per day in the model's own unit, with its method, base and boundaries (and an
 * early upper boundary while the accumulation is below its limit). A day without temperatures
 * adds nothing.
 */
export function accumulateModelGdd(model: { readonly gdd: ModelGddRule }, days: readonly TemperatureDay[]): { date: IsoDate; accumulatedGdd: number }[] {
  const { gdd } = model;
  const parameters = (maxBoundary: number | null): GddParameters => ({
    method: gdd.method,
    unitSystem: gdd.unit === 'F' ? 'usa' : 'metric',
    baseTemp: gdd.baseTemp,
    minBoundary: gdd.minBoundary,
    maxBoundary,
  });
  const regular = parameters(gdd.maxBoundary);
  const early = gdd.earlyMaxBoundary ? parameters(gdd.earlyMaxBoundary.boundary) : null;
  let accumulated = 0;
  return days.map((day) => {
    if (day.tmax !== null && day.tmin !== null) {
      const inEarlyPhase = early !== null && accumulated < gdd.earlyMaxBoundary!.untilAccumulatedGdd;
      accumulated = round(accumulated + dailyGddFromCelsius(day.tmax, day.tmin, inEarlyPhase ? early : regular), 6);
    }
    return { date: day.date, accumulatedGdd: accumulated };
  });
}
