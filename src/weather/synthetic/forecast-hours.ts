/**
 * Forecast days disaggregated to hours at a place:
 *
 * - temperature: a cosine rise from Tmin at sunrise to Tmax at 14:30 local solar time (earlier on
 *   short days), then a cosine fall to the next day's Tmin at the next sunrise;
 * - solar: the day's total spread over the hours in proportion to the sine of the sun's elevation
 *   at mid-hour, dimmed by the hour's cloud cover, rescaled to the day's total;
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
import { daylightHours, extraterrestrialRadiation, sunElevation } from '../../agronomy/solar-geometry.js';
import { WH_PER_MJ } from '../../agronomy/unit-conversions.js';
import { dayOfYear, fromEpochDay, type IsoDate, toEpochDay } from '../../core/dates.js';
import type { HourlyWeather } from '../weather-source.js';
import type { ForecastDay } from './forecast-day.js';
import { hashKeys, hashToUniform, mix32 } from './hash-random.js';
import type { SoilState } from './soil-state.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

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
  /** Forecast days by date, covering two days either side of the hours asked for. */
  days: ReadonlyMap<IsoDate, ForecastDay>;
  /**
   * End-of-day soil states by date, covering the day before the first hour to the last; null when
   * soil values are not wanted (they are then NaN, and no soil spin-up is needed).
   */
  soil: ReadonlyMap<IsoDate, SoilState> | null;
  /** UTC epoch ms of the start of a local day. */
  startOfDay(date: IsoDate): number;
  /** Local date at an instant. */
  dateAt(epochMs: number): IsoDate;
}

interface DayFrame {
  /** The local date, and the one before (soil states are kept by date). */
  date: IsoDate;
  previousDate: IsoDate;
  start: number;
  end: number;
  /** Whole UTC hours (start times) whose middle lies in the day. */
  slots: number[];
  solarWeights: number[];
  cloud: number[];
  rainStart: number;
  rainWeights: number[];
  rainWeightSum: number;
  solarWeightSum: number;
}

/**
 * Days are epoch-day numbers inside: an hour asks for its day, the days either side and their
 * noons several times, and date strings (parsed, built, hashed as map keys) cost more than the
 * arithmetic of the hour itself. Each day's values are computed once per call.
 */
export function forecastHours(input: ForecastHoursInput): HourlyWeather[] {
  const { latitude, longitude, days, soil } = input;
  const solarHourOffset = longitude / 15;

  /** Values computed once per day within this call. */
  const perDay = <T>(compute: (epochDay: number) => T) => {
    const known = new Map<number, T>();
    return (epochDay: number): T => {
      let value = known.get(epochDay);
      if (value === undefined) known.set(epochDay, (value = compute(epochDay)));
      return value;
    };
  };
  const day = perDay((epochDay): ForecastDay => {
    const date = fromEpochDay(epochDay);
    const d = days.get(date);
    if (!d) throw new Error(`forecast day ${date} missing`);
    return d;
  });
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
    const h = ((t / HOUR_MS + solarHourOffset) % 24 + 24) % 24;
    return h;
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

  const frameOf = perDay((targetDay): DayFrame => {
    const start = startOfDay(targetDay);
    const end = startOfDay(targetDay + 1);
    const slots: number[] = [];
    for (let t = Math.ceil((start - HOUR_MS / 2) / HOUR_MS) * HOUR_MS; t + HOUR_MS / 2 < end; t += HOUR_MS) {
      if (t + HOUR_MS / 2 >= start) slots.push(t);
    }
    const d = day(targetDay);
    const cloud = slots.map((t, i) => {
      const wobble = 2 * hashToUniform(hashKeys(input.seed ^ 0x51, input.localKey, targetDay, i)) - 1;
      return Math.min(100, Math.max(0, between(t + HOUR_MS / 2, cloudOf) + 8 * wobble));
    });
    const solarWeights = slots.map((t, i) => {
      const s = Math.sin((sunElevation(latitude, longitude, t + HOUR_MS / 2) * Math.PI) / 180);
      return s > 0 ? s * (1 - (0.6 * cloud[i]!) / 100) : 0;
    });
    const h = hashKeys(input.seed ^ 0x52, input.localKey, targetDay, input.issueEpochDay);
    let rainHours = 0;
    let rainStart = 0;
    const rainWeights: number[] = [];
    if (d.precipitation > 0) {
      rainHours = Math.max(1, Math.min(slots.length, Math.round((2 + 3 * Math.log1p(d.precipitation)) * (0.6 + 0.8 * hashToUniform(h)))));
      rainStart = Math.floor(hashToUniform(mix32((h ^ 0x9e3779b9) >>> 0)) * (slots.length - rainHours + 1));
      for (let j = 0; j < rainHours; j++) rainWeights.push(1 + Math.min(j, rainHours - 1 - j));
    }
    return {
      date: fromEpochDay(targetDay),
      previousDate: fromEpochDay(targetDay - 1),
      start,
      end,
      slots,
      solarWeights,
      cloud,
      rainStart,
      rainWeights,
      rainWeightSum: rainWeights.reduce((s, w) => s + w, 0),
      solarWeightSum: solarWeights.reduce((s, w) => s + w, 0),
    };
  });

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

  const out: HourlyWeather[] = [];
  let targetDay = toEpochDay(input.dateAt(input.start + HOUR_MS / 2));
  for (let i = 0; i < input.hours; i++) {
    const t = input.start + i * HOUR_MS;
    while (t + HOUR_MS / 2 >= frameOf(targetDay).end) targetDay++;
    const frame = frameOf(targetDay);
    const slot = Math.max(0, frame.slots.indexOf(t));
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

    const previous = soil === null ? NO_SOIL : soil.get(frame.previousDate);
    const current = soil === null ? NO_SOIL : soil.get(frame.date);
    if (!previous || !current) throw new Error(`soil state around ${frame.date} missing`);
    const fraction = Math.min(1, Math.max(0, (t + HOUR_MS / 2 - frame.start) / (frame.end - frame.start)));
    const airAmplitude = (d.tmax - d.tmin) / 2;
    const soilTemperature = [0, 1, 2, 3].map((k) => {
      const base = previous.temperature[k]! + fraction * (current.temperature[k]! - previous.temperature[k]!);
      const wave0 = k === 0 ? 0.6 * airAmplitude * Math.cos((2 * Math.PI * (solarHour - 16.5)) / 24) : 0;
      const wave1 = k === 1 ? 0.1 * airAmplitude * Math.cos((2 * Math.PI * (solarHour - 22)) / 24) : 0;
      return round1(base + wave0 + wave1);
    }) as HourlyWeather['soilTemperature'];
    const soilMoisture = [0, 1, 2, 3].map((k) => round1(previous.moisture[k]! + fraction * (current.moisture[k]! - previous.moisture[k]!))) as HourlyWeather['soilMoisture'];

    out.push({
      time: t,
      temperature,
      precipitation,
      precipitationChance,
      cloudCover: Math.round(frame.cloud[slot] ?? cloudOf(targetDay)),
      solar,
      relativeHumidity: humidity,
      windAverage,
      windGust: Math.max(windGust, windAverage),
      dewPoint,
      soilTemperature,
      soilMoisture,
    });
  }
  return out;
}

/** The soil state of hours computed without soil: every value NaN. */
const NO_SOIL: SoilState = { temperature: [NaN, NaN, NaN, NaN], moisture: [NaN, NaN, NaN, NaN] };

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
