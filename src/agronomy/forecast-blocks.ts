/**
 * Aggregation of consecutive forecast hours into blocks of N hours (the `blockSize` parameter:
 * 1, 2, 3, 4, 6, 8, 12 or 24).
 *
 * Per block:
 * - precipitation and solar: sums over the hours (mm; Wh/m²);
 * - temperature, relative humidity: mean, max, min of the hourly values;
 * - wind: `average` = mean of the hourly mean speeds; `max` = the highest hourly gust (the
 *   strongest wind the block will bring); `min` = the lowest hourly mean speed (the calmest
 *   spell). So min ≤ average ≤ max whenever gusts are at least the mean speed;
 * - dew point: mean; soil temperature and moisture: mean, max, min per layer;
 * - cloud cover: mean; sunshine = 100 − cloud cover;
 * - chance of rain: the chance that it rains in at least one hour, treating the hours as
 *   independent: 1 − Π(1 − pᵢ/100), in percent.
 *
 * A day's hours are grouped by wall-clock hour of its time frame (`wallClockBlockGroups`); the
 * forecast service cuts the days and asks for the hours.
 */
import { toEpochDay, type IsoDate } from '../core/dates.js';

/** One forecast hour (the weather sources' `HourlyWeather`). */
export interface ForecastHour {
  /** Start of the hour, UTC epoch ms. */
  time: number;
  /** °C */
  temperature: number;
  /** Precipitation amount over the hour, mm. */
  precipitation: number;
  /** Chance of measurable precipitation in the hour, 0–100. */
  precipitationChance: number;
  /** Opaque cloud cover, 0–100. */
  cloudCover: number;
  /** Shortwave radiation over the hour, Wh/m². */
  solar: number;
  /** % */
  relativeHumidity: number;
  /** Mean wind speed, m/s at 10 m. */
  windAverage: number;
  /** Gust speed, m/s at 10 m. */
  windGust: number;
  /** °C */
  dewPoint: number;
  /** °C at the four soil layers (0-0.1, 0.1-0.4, 0.4-1, 1-2 m). */
  soilTemperature: [number, number, number, number];
  /** Volumetric %, at the four soil layers. */
  soilMoisture: [number, number, number, number];
}

export const BLOCK_SIZES = [1, 2, 3, 4, 6, 8, 12, 24] as const;
export type BlockSize = (typeof BLOCK_SIZES)[number];

export function isBlockSize(value: number): value is BlockSize {
  return (BLOCK_SIZES as readonly number[]).includes(value);
}

export interface Spread {
  readonly average: number;
  readonly max: number;
  readonly min: number;
}

export interface ForecastBlock {
  /** Start of the first hour, UTC epoch ms. */
  readonly startTime: number;
  /** Last second of the block, UTC epoch ms (start of the last hour + 59 min 59 s). */
  readonly endTime: number;
  /** Number of hours aggregated. */
  readonly hours: number;
  readonly temperature: Spread;
  /** mm */
  readonly precipitation: number;
  /** percent */
  readonly precipitationChance: number;
  /** percent */
  readonly cloudCover: number;
  /** percent, 100 − cloudCover */
  readonly sunshine: number;
  /** Wh/m² */
  readonly solar: number;
  readonly relativeHumidity: Spread;
  /** m/s: average of means, max of gusts, min of means */
  readonly wind: Spread;
  readonly dewPoint: number;
  readonly soilTemperature: [Spread, Spread, Spread, Spread];
  readonly soilMoisture: [Spread, Spread, Spread, Spread];
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Chance of rain in at least one of the hours: 1 − Π(1 − pᵢ), percentages in and out. */
export function combinedChance(chancesPercent: readonly number[]): number {
  let noRain = 1;
  for (const p of chancesPercent) noRain *= 1 - Math.min(100, Math.max(0, p)) / 100;
  return (1 - noRain) * 100;
}

function spread(values: readonly number[]): Spread {
  let sum = 0;
  let max = Number.NEGATIVE_INFINITY;
  let min = Number.POSITIVE_INFINITY;
  for (const v of values) {
    sum += v;
    if (v > max) max = v;
    if (v < min) min = v;
  }
  return { average: sum / values.length, max, min };
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

function sum(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0);
}

function layers(hours: readonly ForecastHour[], pick: (h: ForecastHour) => readonly number[]): [Spread, Spread, Spread, Spread] {
  const layer = (i: number) => spread(hours.map((h) => pick(h)[i]!));
  return [layer(0), layer(1), layer(2), layer(3)];
}

/** One block from a non-empty run of consecutive hours. */
export function aggregateBlock(hours: readonly ForecastHour[]): ForecastBlock {
  if (hours.length === 0) throw new RangeError('A forecast block needs at least one hour.');
  const first = hours[0]!;
  const last = hours[hours.length - 1]!;
  const windAverage = mean(hours.map((h) => h.windAverage));
  const cloudCover = mean(hours.map((h) => h.cloudCover));
  return {
    startTime: first.time,
    endTime: last.time + HOUR_MS - 1000,
    hours: hours.length,
    temperature: spread(hours.map((h) => h.temperature)),
    precipitation: sum(hours.map((h) => h.precipitation)),
    precipitationChance: combinedChance(hours.map((h) => h.precipitationChance)),
    cloudCover,
    sunshine: 100 - cloudCover,
    solar: sum(hours.map((h) => h.solar)),
    relativeHumidity: spread(hours.map((h) => h.relativeHumidity)),
    wind: {
      average: windAverage,
      max: Math.max(...hours.map((h) => h.windGust)),
      min: Math.min(...hours.map((h) => h.windAverage)),
    },
    dewPoint: mean(hours.map((h) => h.dewPoint)),
    soilTemperature: layers(hours, (h) => h.soilTemperature),
    soilMoisture: layers(hours, (h) => h.soilMoisture),
  };
}

/** A calendar day of forecast hours in its time frame (a fixed UTC offset or the place's zone). */
export interface ForecastDayFrame {
  /** The day's date in the frame. */
  readonly date: IsoDate;
  /** First instant of the day in the frame, UTC epoch ms. */
  readonly start: number;
  /** Number of hours: 24, or 23/25 on a daylight-saving day in the place's zone. */
  readonly count: number;
  /** The frame's offset for the whole day, minutes east of UTC; null when it changes during the day. */
  readonly offsetMinutes: number | null;
}

/**
 * The day's hours grouped into blocks by wall-clock hour, as indices 0…count−1 of the day's
 * hours: with a block size of 6 the blocks hold 00:00–05:59, 06:00–11:59, … of the frame's clock,
 * and the block holding a clock change is an hour shorter or longer (a 25-hour day in blocks of
 * 12 is 13 + 12 hours). A block size of 1 always gives one block per hour (23, 24 or 25).
 * `offsetAt` gives the frame's offset (minutes east) at an instant; it is asked only on a day
 * whose offset changes.
 */
export function wallClockBlockGroups(day: ForecastDayFrame, blockSize: BlockSize, offsetAt: (instant: number) => number): number[][] {
  const groups: number[][] = [];
  if (blockSize === 1) {
    for (let j = 0; j < day.count; j++) groups.push([j]);
    return groups;
  }
  const midnight = toEpochDay(day.date) * DAY_MS;
  let bucketOfGroup = -1;
  for (let j = 0; j < day.count; j++) {
    let wallHour = j;
    if (day.offsetMinutes === null) {
      const instant = day.start + j * HOUR_MS;
      wallHour = Math.floor((instant + offsetAt(instant) * MINUTE_MS - midnight) / HOUR_MS);
    }
    const bucket = Math.max(0, Math.min(Math.floor(23 / blockSize), Math.floor(wallHour / blockSize)));
    if (bucket !== bucketOfGroup) {
      groups.push([j]);
      bucketOfGroup = bucket;
    } else {
      groups[groups.length - 1]!.push(j);
    }
  }
  return groups;
}
