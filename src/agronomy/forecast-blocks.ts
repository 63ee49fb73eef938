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
 *   independent: 1 − Π(1 − pᵢ/100), in percent to 6 decimals (a one-hour block's chance is the
 *   hour's, not 1.0000000000000009 %).
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
  for (const p of chancesPercent) noRain *= noRainFactor(p);
  return chanceOfRain(noRain);
}

/** The chance, in percent to 6 decimals, of rain given the chance of none (0–1). */
function chanceOfRain(noRain: number): number {
  return Math.round((1 - noRain) * 1e8) / 1e6;
}

function noRainFactor(chancePercent: number): number {
  return 1 - Math.min(100, Math.max(0, chancePercent)) / 100;
}

/** Running mean, max and min of values added in order (NaN never counts as highest or lowest). */
class SpreadSum {
  sum = 0;
  max = Number.NEGATIVE_INFINITY;
  min = Number.POSITIVE_INFINITY;

  add(v: number): void {
    this.sum += v;
    if (v > this.max) this.max = v;
    if (v < this.min) this.min = v;
  }

  spread(count: number): Spread {
    return { average: this.sum / count, max: this.max, min: this.min };
  }
}

const spreadSums = (): [SpreadSum, SpreadSum, SpreadSum, SpreadSum] => [new SpreadSum(), new SpreadSum(), new SpreadSum(), new SpreadSum()];

/**
 * One block from a non-empty run of consecutive hours, in one pass over them. Sums run from 0 in
 * hour order; the highest gust and the lowest mean wind are `Math.max` and `Math.min` of the hours
 * (NaN if any hour's is).
 */
export function aggregateBlock(hours: readonly ForecastHour[]): ForecastBlock {
  const count = hours.length;
  if (count === 0) throw new RangeError('A forecast block needs at least one hour.');
  const temperature = new SpreadSum();
  const relativeHumidity = new SpreadSum();
  const soilTemperature = spreadSums();
  const soilMoisture = spreadSums();
  let precipitation = 0;
  let noRain = 1;
  let cloudCover = 0;
  let solar = 0;
  let windAverage = 0;
  let windMax = Number.NEGATIVE_INFINITY;
  let windMin = Number.POSITIVE_INFINITY;
  let dewPoint = 0;
  for (let i = 0; i < count; i++) {
    const h = hours[i]!;
    temperature.add(h.temperature);
    precipitation += h.precipitation;
    noRain *= noRainFactor(h.precipitationChance);
    cloudCover += h.cloudCover;
    solar += h.solar;
    relativeHumidity.add(h.relativeHumidity);
    windAverage += h.windAverage;
    windMax = Math.max(windMax, h.windGust);
    windMin = Math.min(windMin, h.windAverage);
    dewPoint += h.dewPoint;
    for (let layer = 0; layer < 4; layer++) {
      soilTemperature[layer]!.add(h.soilTemperature[layer]!);
      soilMoisture[layer]!.add(h.soilMoisture[layer]!);
    }
  }
  const meanCloudCover = cloudCover / count;
  const spreads = (sums: SpreadSum[]) => sums.map((sum) => sum.spread(count)) as [Spread, Spread, Spread, Spread];
  return {
    startTime: hours[0]!.time,
    endTime: hours[count - 1]!.time + HOUR_MS - 1000,
    hours: count,
    temperature: temperature.spread(count),
    precipitation,
    precipitationChance: chanceOfRain(noRain),
    cloudCover: meanCloudCover,
    sunshine: 100 - meanCloudCover,
    solar,
    relativeHumidity: relativeHumidity.spread(count),
    wind: { average: windAverage / count, max: windMax, min: windMin },
    dewPoint: dewPoint / count,
    soilTemperature: spreads(soilTemperature),
    soilMoisture: spreads(soilMoisture),
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
