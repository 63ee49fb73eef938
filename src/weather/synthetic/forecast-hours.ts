/**
 * Forecast days disaggregated to hours at a place:
 *
 * - temperature: a cosine rise from Tmin at sunrise to Tmax at 14:30 local solar time (earlier on
 *   short days), then a cosine fall to the next day's Tmin at the next sunrise;
 * - solar: the day's total spread over the hours in proportion to the sine of the sun's elevation
 *   at mid-hour (the hour angle of FAO-56 with the day's declination and equation of time), dimmed by the hour's cloud cover, rescaled to the day's total;
 * - cloud cover: from the day's clearness (Angström: sunshine fraction = (Rs/Ra − 0.25)/0.5),
 *   interpolated between days with a small hourly wobble;
 * - humidity: the day's vapour pressure (interpolated between days) against the hour's
 *   temperature gives RH (at most 100 %) and the dew point (at most the temperature);
 * - precipitation: the day's amount falls in one contiguous spell whose length grows with the
 *   amount, with a triangular profile; the spell's hours carry the day's chance, the others 30 %
 *   of it;
 * - wind: a diurnal wave peaking mid-afternoon whose peak is the day maximum, gusts above it;
 * - soil: the daily soil states, interpolated through the day, plus a damped, lagged diurnal wave
 *   in the two upper layers.
 *
 * Each whole UTC hour belongs to the local day that contains its middle.
 */
import { dewPointFromVapourPressure, relativeHumidity, saturationVapourPressure, vapourPressureFromRelativeHumidity } from '../../agronomy/humidity.js';
import { daylightHours, degreesToRadians, extraterrestrialRadiation, solarDeclination, solarTimeCorrection, sunElevationSine } from '../../agronomy/solar-geometry.js';
import { WH_PER_MJ } from '../../agronomy/unit-conversions.js';
import { dayOfYear, fromEpochDay, type IsoDate, toEpochDay } from '../../core/dates.js';
import type { HourlyWeather } from '../weather-source.js';
import type { ForecastDay } from './forecast-day.js';
import { hashKeys, hashToUniform, mix32 } from './hash-random.js';
import { SOIL_STATE_VALUES } from './soil-state.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Values of an hour without soil, in this order, as `forecastHours` writes them. */
export const HOUR_VALUES = ['time', 'temperature', 'precipitation', 'precipitationChance', 'cloudCover', 'solar', 'relativeHumidity', 'windAverage', 'windGust', 'dewPoint'] as const;

/** Values of an hour with soil, in this order: `HOUR_VALUES`, four soil temperatures, four soil moistures. */
export const FORECAST_HOUR_VALUES = [
  ...HOUR_VALUES,
  'soilTemperature0',
  'soilTemperature1',
  'soilTemperature2',
  'soilTemperature3',
  'soilMoisture0',
  'soilMoisture1',
  'soilMoisture2',
  'soilMoisture3',
] as const;

/** The hour written at `base` (as `forecastHours` writes it); without `soil`, its soil values are NaN. */
export function unpackHour(values: Float64Array, base: number, soil: boolean): HourlyWeather {
  const s = base + HOUR_VALUES.length;
  return {
    time: values[base]!,
    temperature: values[base + 1]!,
    precipitation: values[base + 2]!,
    precipitationChance: values[base + 3]!,
    cloudCover: values[base + 4]!,
    solar: values[base + 5]!,
    relativeHumidity: values[base + 6]!,
    windAverage: values[base + 7]!,
    windGust: values[base + 8]!,
    dewPoint: values[base + 9]!,
    soilTemperature: soil ? [values[s]!, values[s + 1]!, values[s + 2]!, values[s + 3]!] : [NaN, NaN, NaN, NaN],
    soilMoisture: soil ? [values[s + 4]!, values[s + 5]!, values[s + 6]!, values[s + 7]!] : [NaN, NaN, NaN, NaN],
  };
}

export interface ForecastHoursInput {
  latitude: number;
  longitude: number;
  /** Key of the place's own randomness (the grid cell id) and the generator seed. */
  localKey: number;
  seed: number;
  /** Epoch day the forecast was issued (local date), keys the hourly draws with the target day. */
  issueEpochDay: number;
  /** First hour (UTC epoch ms, whole hour) and count. */
  start: number;
  hours: number;
  /** Forecast days of consecutive local dates from `firstDay` (an epoch day), covering two days either side of the hours asked for. */
  firstDay: number;
  days: readonly ForecastDay[];
  /**
   * End-of-day soil states (`soilStates`, SOIL_STATE_VALUES numbers a day) of consecutive local
   * dates from `firstEpochDay`, covering the day before the first hour to the last; null when soil
   * values are not wanted (no soil spin-up is then needed).
   */
  soil: { firstEpochDay: number; values: Float64Array } | null;
  /** UTC epoch ms of the start of a local day. */
  startOfDay(date: IsoDate): number;
  /** Local date at an instant. */
  dateAt(epochMs: number): IsoDate;
}

/** The hours of one local day: the whole UTC hours whose middle lies in it, and what they share. */
interface DayFrame {
  start: number;
  end: number;
  /** The first of the day's hours (UTC epoch ms) and their number: consecutive hours. */
  firstSlot: number;
  slotCount: number;
  solarWeights: number[];
  cloud: number[];
  rainStart: number;
  rainWeights: number[];
  rainWeightSum: number;
  solarWeightSum: number;
}

/** Days around the hours asked for that a call keeps its per-day values for (more are computed on demand). */
const DAYS_AROUND = 4;

/**
 * The hours asked for, `HOUR_VALUES` (without soil) or `FORECAST_HOUR_VALUES` (with soil) numbers
 * an hour, one hour after another.
 *
 * Days are epoch-day numbers inside: an hour asks for its day, the days either side and their
 * noons several times, so each day's values are computed once per call and kept in arrays by day.
 */
export function forecastHours(input: ForecastHoursInput): Float64Array {
  const { latitude, longitude, days, soil } = input;
  const solarHourOffset = longitude / 15;
  const [sinLatitude, cosLatitude] = [Math.sin(degreesToRadians(latitude)), Math.cos(degreesToRadians(latitude))];
  const firstLocalDay = toEpochDay(input.dateAt(input.start + HOUR_MS / 2));
  const tableFirst = firstLocalDay - DAYS_AROUND;
  const tableLength = Math.ceil(input.hours / 24) + 2 * DAYS_AROUND + 1;

  /** A number computed once per day within this call. */
  const perDay = (compute: (epochDay: number) => number) => {
    const known: number[] = new Array<number>(tableLength).fill(NaN);
    return (epochDay: number): number => {
      const i = epochDay - tableFirst;
      if (i < 0 || i >= tableLength) return compute(epochDay);
      let value = known[i]!;
      if (value !== value) known[i] = value = compute(epochDay);
      return value;
    };
  };
  const day = (epochDay: number): ForecastDay => {
    const d = days[epochDay - input.firstDay];
    if (!d) throw new Error(`forecast day ${fromEpochDay(epochDay)} missing`);
    return d;
  };
  const dayOfYearOf = perDay((epochDay) => dayOfYear(fromEpochDay(epochDay)));
  const startOfDay = perDay((epochDay) => input.startOfDay(fromEpochDay(epochDay)));
  const daylength = perDay((epochDay) => clampedDaylength(latitude, dayOfYearOf(epochDay)));
  const cloudOf = perDay((epochDay) => {
    const d = day(epochDay);
    const ra = extraterrestrialRadiation(latitude, dayOfYearOf(epochDay)) * WH_PER_MJ;
    if (ra < 1) return d.precipitation > 0 ? 90 : 50; // polar night: no daylight to judge the sky by
    const sunshine = Math.min(1, Math.max(0, (d.solar / ra - 0.25) / 0.5));
    return 100 * (1 - sunshine);
  });
  const vapourOf = perDay((epochDay) => {
    const d = day(epochDay);
    return vapourPressureFromRelativeHumidity(d.rhMin, d.tmax);
  });
  const solarDayOf = (t: number): number => Math.floor((t + solarHourOffset * HOUR_MS) / DAY_MS);
  const solarHourOf = (t: number): number => {
    const x = t / HOUR_MS + solarHourOffset;
    const h = x - 24 * Math.floor(x / 24);
    return h < 0 ? h + 24 : h;
  };
  const noonOf = (epochDay: number): number => epochDay * DAY_MS + 12 * HOUR_MS - solarHourOffset * HOUR_MS;
  const between = (t: number, getter: (epochDay: number) => number): number => {
    const date = solarDayOf(t);
    const noon = noonOf(date);
    const other = t >= noon ? date + 1 : date - 1;
    const w = Math.abs(t - noon) / DAY_MS;
    return (1 - w) * getter(date) + w * getter(other);
  };
  /** Sunrise in local solar hours. */
  const sunrise = (epochDay: number): number => 12 - daylength(epochDay) / 2;
  /** Hour of the day's maximum temperature, local solar time. */
  const peak = (epochDay: number): number => Math.min(14.5, 12 + daylength(epochDay) / 2 - 1);

  const frameOfDay = (targetDay: number): DayFrame => {
    const start = startOfDay(targetDay);
    const end = startOfDay(targetDay + 1);
    let firstSlot = Math.ceil((start - HOUR_MS / 2) / HOUR_MS) * HOUR_MS;
    if (firstSlot + HOUR_MS / 2 < start) firstSlot += HOUR_MS;
    let slotCount = 0;
    while (firstSlot + slotCount * HOUR_MS + HOUR_MS / 2 < end) slotCount++;
    const d = day(targetDay);
    const declination = solarDeclination(dayOfYearOf(targetDay));
    const correction = solarTimeCorrection(dayOfYearOf(targetDay));
    const cloud: number[] = [];
    const solarWeights: number[] = [];
    let solarWeightSum = 0;
    for (let i = 0; i < slotCount; i++) {
      const t = firstSlot + i * HOUR_MS;
      const wobble = 2 * hashToUniform(hashKeys(input.seed ^ 0x51, input.localKey, targetDay, i)) - 1;
      cloud[i] = Math.min(100, Math.max(0, between(t + HOUR_MS / 2, cloudOf) + 8 * wobble));
      const s = sunElevationSine(sinLatitude, cosLatitude, longitude, declination, correction, t + HOUR_MS / 2);
      solarWeightSum += solarWeights[i] = s > 0 ? s * (1 - (0.6 * cloud[i]!) / 100) : 0;
    }
    const h = hashKeys(input.seed ^ 0x52, input.localKey, targetDay, input.issueEpochDay);
    let rainHours = 0;
    let rainStart = 0;
    const rainWeights: number[] = [];
    let rainWeightSum = 0;
    if (d.precipitation > 0) {
      rainHours = Math.max(1, Math.min(slotCount, Math.round((2 + 3 * Math.log1p(d.precipitation)) * (0.6 + 0.8 * hashToUniform(h)))));
      rainStart = Math.floor(hashToUniform(mix32((h ^ 0x9e3779b9) >>> 0)) * (slotCount - rainHours + 1));
      for (let j = 0; j < rainHours; j++) rainWeightSum += rainWeights[j] = 1 + Math.min(j, rainHours - 1 - j);
    }
    return { start, end, firstSlot, slotCount, solarWeights, cloud, rainStart, rainWeights, rainWeightSum, solarWeightSum };
  };
  const frames: (DayFrame | undefined)[] = [];
  const frameOf = (targetDay: number): DayFrame => (frames[targetDay - tableFirst] ??= frameOfDay(targetDay));

  const temperatureAt = (t: number): number => {
    const date = solarDayOf(t);
    const h = solarHourOf(t);
    const today = day(date);
    const sunriseToday = sunrise(date);
    const peakToday = peak(date);
    if (h < sunriseToday) {
      const y = date - 1;
      const from = peak(y) - 24;
      return cosineBetween(h, from, day(y).tmax, sunriseToday, today.tmin);
    }
    if (h <= peakToday) return cosineBetween(h, sunriseToday, today.tmin, peakToday, today.tmax);
    const next = date + 1;
    return cosineBetween(h, peakToday, today.tmax, sunrise(next) + 24, day(next).tmin);
  };

  const width = soil === null ? HOUR_VALUES.length : FORECAST_HOUR_VALUES.length;
  const out = new Float64Array(input.hours * width);
  let targetDay = firstLocalDay;
  for (let i = 0; i < input.hours; i++) {
    const t = input.start + i * HOUR_MS;
    while (t + HOUR_MS / 2 >= frameOf(targetDay).end) targetDay++;
    const frame = frameOf(targetDay);
    const index = (t - frame.firstSlot) / HOUR_MS;
    const slot = Number.isInteger(index) && index >= 0 && index < frame.slotCount ? index : 0;
    const d = day(targetDay);
    const solarHour = solarHourOf(t + HOUR_MS / 2);
    const u = hashToUniform(hashKeys(input.seed ^ 0x53, input.localKey, targetDay * 32 + slot, input.issueEpochDay));

    const temperature = round1(temperatureAt(t));
    const weightSum = frame.solarWeightSum;
    const solar = weightSum > 0 ? Math.round((d.solar * frame.solarWeights[slot]!) / weightSum) : 0;

    const inRain = frame.rainWeights.length > 0 && slot >= frame.rainStart && slot < frame.rainStart + frame.rainWeights.length;
    const precipitation = inRain ? Math.round((100 * d.precipitation * frame.rainWeights[slot - frame.rainStart]!) / frame.rainWeightSum) / 100 : 0;
    const precipitationChance = inRain ? d.precipitationChance : Math.round(0.3 * d.precipitationChance);

    const ea = Math.min(saturationVapourPressure(temperature), between(t, vapourOf));
    const humidity = round1(relativeHumidity(ea, temperature));
    const dewPoint = Math.min(temperature, round1(dewPointFromVapourPressure(ea)));

    const amplitude = d.windAverage > 0 ? Math.min(1.5, Math.max(0, d.windDayMax / d.windAverage - 1)) : 0;
    const wave = 1 + amplitude * Math.cos((2 * Math.PI * (solarHour - 14.5)) / 24);
    const windAverage = round1(Math.max(0, d.windAverage * wave * (1 + 0.16 * (u - 0.5))));
    const windGust = round1(windAverage * (1.3 + 0.35 * hashToUniform(mix32(((u * 4294967296) ^ 0x7f4a7c15) >>> 0))) + 0.5);

    const o = i * width;
    out[o] = t;
    out[o + 1] = temperature;
    out[o + 2] = precipitation;
    out[o + 3] = precipitationChance;
    out[o + 4] = Math.round(frame.slotCount > 0 ? frame.cloud[slot]! : cloudOf(targetDay));
    out[o + 5] = solar;
    out[o + 6] = humidity;
    out[o + 7] = windAverage;
    out[o + 8] = Math.max(windGust, windAverage);
    out[o + 9] = dewPoint;
    if (soil === null) continue;

    const at = (targetDay - 1 - soil.firstEpochDay) * SOIL_STATE_VALUES;
    if (at < 0 || at + 2 * SOIL_STATE_VALUES > soil.values.length) throw new Error(`soil state around ${fromEpochDay(targetDay)} missing`);
    const states = soil.values;
    const next = at + SOIL_STATE_VALUES;
    const fraction = Math.min(1, Math.max(0, (t + HOUR_MS / 2 - frame.start) / (frame.end - frame.start)));
    const airAmplitude = (d.tmax - d.tmin) / 2;
    for (let k = 0; k < 4; k++) {
      const base = states[at + k]! + fraction * (states[next + k]! - states[at + k]!);
      const wave0 = k === 0 ? 0.6 * airAmplitude * Math.cos((2 * Math.PI * (solarHour - 16.5)) / 24) : 0;
      const wave1 = k === 1 ? 0.1 * airAmplitude * Math.cos((2 * Math.PI * (solarHour - 22)) / 24) : 0;
      out[o + 10 + k] = round1(base + wave0 + wave1);
      out[o + 14 + k] = round1(states[at + 4 + k]! + fraction * (states[next + 4 + k]! - states[at + 4 + k]!));
    }
  }
  return out;
}

/** Day length (h) clamped to 4-20 h, so polar days keep a diurnal cycle. */
function clampedDaylength(latitude: number, dayOfYear: number): number {
  return Math.min(20, Math.max(4, daylightHours(latitude, dayOfYear)));
}

function cosineBetween(h: number, h0: number, v0: number, h1: number, v1: number): number {
  const x = Math.min(1, Math.max(0, (h - h0) / (h1 - h0)));
  return v0 + (v1 - v0) * (1 - Math.cos(Math.PI * x)) / 2;
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
