/**
 * What a forecast issued `leadDays` before a date says about that date: the generated day (the
 * value the observation will have) moved by a deterministic error whose spread grows with lead
 * time. Errors are drawn from hashes of (place, issue day, target day), so a forecast repeats
 * exactly for the same issue day and changes when it is issued again a day later.
 */
import { relativeHumidity, saturationVapourPressure, vapourPressureFromRelativeHumidity } from '../../agronomy/humidity.js';
import type { RequiredDailyVariableName } from '../daily-variables.js';
import type { DailyWeather } from '../weather-source.js';
import type { DailyClimate } from './cell-climate.js';
import { standardNormalCdf } from './hash-random.js';

export const FORECAST_ERROR = {
  /** Temperature error sd = base + perDay × lead, °C. */
  temperatureSd: [0.8, 0.4],
  /** Probability that the forecast gets rain/no rain wrong = base + perDay × lead (at most max). */
  occurrenceMiss: [0.04, 0.045, 0.4],
  /** Lognormal sd of the amount error = base + perDay × lead. */
  amountSd: [0.25, 0.1],
  /** Clear-sky fraction error sd = base + perDay × lead. */
  clearnessSd: [0.04, 0.02],
  /** Lognormal sd of the vapour pressure error. */
  vapourSd: [0.03, 0.015],
  /** Lognormal sd of the wind error. */
  windSd: [0.08, 0.05],
} as const;

/**
 * A forecast day: daily values (every variable every source states, never null) plus the chance of
 * measurable precipitation that day (0-100).
 */
export type ForecastDay = DailyWeather & { [Name in RequiredDailyVariableName]: number } & { precipitationChance: number };

/**
 * `truth` must have all values; `draws` holds 7 standard normals for this (place, issue, target);
 * `clearSkySolar` is the day's clear-sky radiation, Wh/m².
 */
export function forecastDay(truth: DailyWeather, climate: DailyClimate, leadDays: number, clearSkySolar: number, draws: Float64Array): ForecastDay {
  const lead = Math.max(0, leadDays);
  const E = FORECAST_ERROR;
  const tSd = E.temperatureSd[0] + E.temperatureSd[1] * lead;
  const tmax = round1(truth.tmax! + tSd * draws[0]!);
  const tmin = Math.min(round1(truth.tmin! + tSd * draws[1]!), round1(tmax - 0.1));

  const miss = Math.min(E.occurrenceMiss[2], E.occurrenceMiss[0] + E.occurrenceMiss[1] * lead);
  const wrong = standardNormalCdf(draws[2]!) < miss;
  const truthWet = truth.precipitation! >= 0.1;
  let precipitation = 0;
  if (truthWet && !wrong) {
    const sd = E.amountSd[0] + E.amountSd[1] * lead;
    precipitation = Math.max(0.1, round1(truth.precipitation! * Math.exp(sd * draws[3]! - 0.5 * sd * sd)));
  } else if (!truthWet && wrong) {
    const meanWetDay = climate.precipitation / Math.max(climate.wetFraction, 0.05);
    precipitation = Math.max(0.2, round1(meanWetDay * Math.exp(0.8 * draws[3]! - 0.32)));
  }
  const skill = Math.max(0, 1 - 2 * miss);
  const precipitationChance = Math.round(100 * (skill * (precipitation > 0 ? 1 : 0) + (1 - skill) * climate.wetFraction));

  let solar = 0;
  if (clearSkySolar > 1) {
    const kSd = E.clearnessSd[0] + E.clearnessSd[1] * lead;
    let k = truth.solar! / clearSkySolar + kSd * draws[4]!;
    if (precipitation > 0 && !truthWet) k *= 0.75;
    if (precipitation === 0 && truthWet) k = k / 0.75;
    solar = Math.min(Math.round(Math.min(1, Math.max(0.03, k)) * clearSkySolar), Math.floor(clearSkySolar));
  }

  const vSd = E.vapourSd[0] + E.vapourSd[1] * lead;
  const ea = Math.min(saturationVapourPressure(tmin), vapourPressureFromRelativeHumidity(truth.rhMin!, truth.tmax!) * Math.exp(vSd * draws[5]!));
  const rhMax = round1(relativeHumidity(ea, tmin));
  const rhMin = Math.min(rhMax, round1(relativeHumidity(ea, tmax)));

  const wSd = E.windSd[0] + E.windSd[1] * lead;
  const windFactor = Math.exp(wSd * draws[6]! - 0.5 * wSd * wSd);
  return {
    date: truth.date,
    tmax,
    tmin,
    precipitation,
    solar,
    rhMax,
    rhMin,
    windDayMax: round1(truth.windDayMax! * windFactor),
    windMorningMax: round1(truth.windMorningMax! * windFactor),
    windAverage: round1(truth.windAverage! * windFactor),
    precipitationChance,
  };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
