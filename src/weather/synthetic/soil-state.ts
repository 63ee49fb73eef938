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
import { dayOfYear } from '../../core/dates.js';

export const SOIL_LAYER_THICKNESS_MM = [100, 300, 600, 1000] as const;
export const SOIL_TIME_CONSTANT_DAYS = [1.5, 5, 15, 45] as const;
export const SOIL_WILTING_POINT = 10;
export const SOIL_FIELD_CAPACITY = 30;
export const SOIL_SATURATION = 45;
const ET_SHARES = [0.4, 0.35, 0.2, 0.05];
/** Each layer's daily step towards the air temperature. */
const TEMPERATURE_STEP = SOIL_TIME_CONSTANT_DAYS.map((days) => 1 - Math.exp(-1 / days));

export interface SoilDayInput {
  date: string;
  tmax: number;
  tmin: number;
  precipitation: number;
}

/** The soil at the end of a day. */
export interface SoilState {
  temperature: [number, number, number, number];
  moisture: [number, number, number, number];
}

/** End-of-day soil states, one per input day (the first days serve as spin-up). */
export function soilStates(days: readonly SoilDayInput[], latitude: number): SoilState[] {
  if (days.length === 0) return [];
  const warmUp = days.slice(0, Math.min(30, days.length));
  const start = warmUp.reduce((s, d) => s + (d.tmax + d.tmin) / 2, 0) / warmUp.length;
  const slow = [start, start, start, start];
  const theta = [25, 25, 25, 25];
  const water = [0, 0, 0, 0];
  const out: SoilState[] = [];
  for (const day of days) {
    const mean = (day.tmax + day.tmin) / 2;
    for (let k = 0; k < 4; k++) slow[k] += (mean - slow[k]!) * TEMPERATURE_STEP[k]!;

    for (let k = 0; k < 4; k++) water[k] = (theta[k]! / 100) * SOIL_LAYER_THICKNESS_MM[k]!;
    water[0] += day.precipitation;
    for (let k = 0; k < 4; k++) {
      const capacity = SOIL_LAYER_THICKNESS_MM[k]!;
      const saturated = (SOIL_SATURATION / 100) * capacity;
      const field = (SOIL_FIELD_CAPACITY / 100) * capacity;
      let move = water[k]! > saturated ? water[k]! - saturated : 0;
      move += Math.max(0, water[k]! - move - field) * 0.4;
      water[k] -= move;
      if (k < 3) water[k + 1] += move;
    }
    const ra = extraterrestrialRadiation(latitude, dayOfYear(day.date));
    const et0 = Math.max(0, 0.0023 * 0.408 * ra * (mean + 17.8) * Math.sqrt(Math.max(0, day.tmax - day.tmin)));
    for (let k = 0; k < 4; k++) {
      const capacity = SOIL_LAYER_THICKNESS_MM[k]!;
      const t = (100 * water[k]!) / capacity;
      const beta = Math.min(1, Math.max(0, (t - SOIL_WILTING_POINT) / (SOIL_FIELD_CAPACITY - SOIL_WILTING_POINT)));
      const floor = ((SOIL_WILTING_POINT * 0.5) / 100) * capacity;
      water[k] = Math.max(floor, water[k]! - ET_SHARES[k]! * et0 * beta);
      theta[k] = (100 * water[k]!) / capacity;
    }
    out.push({
      temperature: slow.map((t) => round1(t < 0 ? t * 0.4 : t)) as SoilState['temperature'],
      moisture: theta.map(round1) as SoilState['moisture'],
    });
  }
  return out;
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
