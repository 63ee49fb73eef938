/**
 * A deliberately simple daily soil model for forecast hours, at the four SOIL_DEPTHS
 * (0-0.1, 0.1-0.4, 0.4-1, 1-2 m):
 *
 * - Temperature: each layer follows the daily mean air temperature through an exponential
 *   filter whose time constant grows with depth (1.5, 5, 15 and 45 days), i.e. damped and lagged
 *   with depth; frozen values are damped further (snow cover and latent heat keep soil near 0 °C).
 *   The hourly wave is added by the caller.
 * - Moisture: a four-layer bucket (wilting point 10 %, field capacity 30 %, saturation 45 %
 *   volumetric): rain fills from the top, 40 % of the water above field capacity drains to the
 *   layer below each day, and Hargreaves reference evapotranspiration is drawn from the layers
 *   (40/35/20/5 %), reduced linearly below field capacity.
 */
import { extraterrestrialRadiation } from '../../agronomy/solar-geometry.js';
import { dayOfYear, fromEpochDay, isLeapYear, yearOf } from '../../core/dates.js';

export const SOIL_LAYER_THICKNESS_MM = [100, 300, 600, 1000] as const;
export const SOIL_TIME_CONSTANT_DAYS = [1.5, 5, 15, 45] as const;
export const SOIL_WILTING_POINT = 10;
export const SOIL_FIELD_CAPACITY = 30;
export const SOIL_SATURATION = 45;
const ET_SHARES = [0.4, 0.35, 0.2, 0.05];
/** Each layer's daily step towards the air temperature. */
const TEMPERATURE_STEP = SOIL_TIME_CONSTANT_DAYS.map((days) => 1 - Math.exp(-1 / days));

/** Numbers of a day's soil state as `soilStates` writes them: four temperatures (°C), then four moistures (volumetric %), top layer first. */
export const SOIL_STATE_VALUES = 8;

/** Consecutive days' weather the soil is run through, from `firstEpochDay`. */
export interface SoilDays {
  firstEpochDay: number;
  length: number;
  tmax: Float64Array;
  tmin: Float64Array;
  precipitation: Float64Array;
}

/**
 * End-of-day soil states, one per input day (the first days serve as spin-up), SOIL_STATE_VALUES
 * numbers a day.
 */
export function soilStates(days: SoilDays, latitude: number): Float64Array {
  const { length, tmax, tmin, precipitation } = days;
  const out = new Float64Array(length * SOIL_STATE_VALUES);
  if (length === 0) return out;
  const warmUp = Math.min(30, length);
  let warmSum = 0;
  for (let i = 0; i < warmUp; i++) warmSum += (tmax[i]! + tmin[i]!) / 2;
  const start = warmSum / warmUp;
  const slow = [start, start, start, start];
  const theta = [25, 25, 25, 25];
  const water = [0, 0, 0, 0];
  let date = fromEpochDay(days.firstEpochDay);
  let yearLength = isLeapYear(yearOf(date)) ? 366 : 365;
  let doy = dayOfYear(date);
  for (let i = 0; i < length; i++) {
    if (doy > yearLength) {
      doy = 1;
      date = fromEpochDay(days.firstEpochDay + i);
      yearLength = isLeapYear(yearOf(date)) ? 366 : 365;
    }
    const mean = (tmax[i]! + tmin[i]!) / 2;
    for (let k = 0; k < 4; k++) slow[k] += (mean - slow[k]!) * TEMPERATURE_STEP[k]!;

    for (let k = 0; k < 4; k++) water[k] = (theta[k]! / 100) * SOIL_LAYER_THICKNESS_MM[k]!;
    water[0] += precipitation[i]!;
    for (let k = 0; k < 4; k++) {
      const capacity = SOIL_LAYER_THICKNESS_MM[k]!;
      const saturated = (SOIL_SATURATION / 100) * capacity;
      const field = (SOIL_FIELD_CAPACITY / 100) * capacity;
      let move = water[k]! > saturated ? water[k]! - saturated : 0;
      move += Math.max(0, water[k]! - move - field) * 0.4;
      water[k] -= move;
      if (k < 3) water[k + 1] += move;
    }
    const ra = extraterrestrialRadiation(latitude, doy);
    const et0 = Math.max(0, 0.0023 * 0.408 * ra * (mean + 17.8) * Math.sqrt(Math.max(0, tmax[i]! - tmin[i]!)));
    const o = i * SOIL_STATE_VALUES;
    for (let k = 0; k < 4; k++) {
      const capacity = SOIL_LAYER_THICKNESS_MM[k]!;
      const t = (100 * water[k]!) / capacity;
      const beta = Math.min(1, Math.max(0, (t - SOIL_WILTING_POINT) / (SOIL_FIELD_CAPACITY - SOIL_WILTING_POINT)));
      const floor = ((SOIL_WILTING_POINT * 0.5) / 100) * capacity;
      water[k] = Math.max(floor, water[k]! - ET_SHARES[k]! * et0 * beta);
      theta[k] = (100 * water[k]!) / capacity;
      out[o + k] = round1(slow[k]! < 0 ? slow[k]! * 0.4 : slow[k]!);
      out[o + 4 + k] = round1(theta[k]!);
    }
    doy++;
  }
  return out;
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
