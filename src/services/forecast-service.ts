/**
 * Forecast days for a place: the hourly forecast of the weather source, issued at the clock's
 * now, cut into the calendar days of the chosen time frame and aggregated into blocks.
 *
 * Time frame: a fixed UTC offset (UTC by default, or `utcOffset`) or the place's own time zone
 * (`useLocalTime`). A day's blocks cover that calendar day in the frame; in the place's zone a
 * daylight-saving day has 23 or 25 hours. Blocks are aligned to the wall clock: with a block size
 * of 6 they start at 00:00, 06:00, 12:00 and 18:00, and the block holding a clock change is an
 * hour shorter or longer. A block size of 1 always gives one block per hour (23, 24 or 25).
 *
 * The forecast hours start on whole UTC hours. Where the frame's day starts between whole hours
 * (offsets such as +05:30 or +05:45) each block shows the frame's times and carries the values of
 * the UTC hours that begin up to 59 minutes earlier.
 */
import type { Clock } from '../core/clock.js';
import type { Requester } from '../core/requester.js';
import { addDays, toEpochDay, type IsoDate } from '../core/dates.js';
import { blockDaylight, type Conditions, conditions, type ConditionsType } from '../agronomy/conditions.js';
import { aggregateBlock, type BlockSize, type ForecastBlock, wallClockBlockGroups } from '../agronomy/forecast-blocks.js';
import { startOfLocalDay, utcOffsetMinutes } from '../weather/time-zone.js';
import type { DailyWeather, HourlyWeather, WeatherSource } from '../weather/weather-source.js';
import { weatherDataNotFound, type WeatherLocation } from './weather-location.js';

export { BLOCK_SIZES, type BlockSize, isBlockSize, type Spread } from '../agronomy/forecast-blocks.js';
export { CONDITIONS_TYPES, type ConditionsType, DEFAULT_CONDITIONS_TYPE } from '../agronomy/conditions.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Block timestamps in a fixed offset from UTC (minutes east), or in the place's time zone. */
export type TimeFrame = { kind: 'offset'; offsetMinutes: number } | { kind: 'local' };

export interface ForecastOptions {
  blockSize: BlockSize;
  frame: TimeFrame;
  conditionsType: ConditionsType;
}

export interface PresentableBlock {
  /** Aggregated values (metric units). */
  values: ForecastBlock;
  /** First instant of the block in the frame, UTC epoch ms. */
  start: number;
  /** Last second of the block, UTC epoch ms. */
  end: number;
  /** Offsets (minutes east of UTC) to write `start` and `end` with. */
  startOffsetMinutes: number;
  endOffsetMinutes: number;
  conditions: Conditions;
}

export interface ForecastDayBlocks {
  date: IsoDate;
  blocks: PresentableBlock[];
}

export interface ForecastService {
  /** Blocks for each of the consecutive `dates` (ascending), from one hourly request. */
  forecast(location: WeatherLocation, dates: readonly IsoDate[], options: ForecastOptions, requester?: Requester): Promise<{ source: string; days: ForecastDayBlocks[] }>;
  /**
   * The consecutive `dates` (ascending) as daily weather: each local calendar day of the place
   * (23, 24 or 25 hours) aggregated as a day — highest and lowest temperature and humidity,
   * summed precipitation and solar energy, mean and highest wind — for the science that reads
   * days (agronomic values, growth stages). No blocks, times or conditions are made.
   */
  daily(location: WeatherLocation, dates: readonly IsoDate[], requester?: Requester): Promise<{ source: string; days: DailyWeather[] }>;
}

interface DaySlots {
  date: IsoDate;
  /** Index of the day's first hour slot in the request. */
  first: number;
  /** Number of hour slots (24, or 23/25 on a daylight-saving day in the local frame). */
  count: number;
  /** First instant of the day in the frame, UTC epoch ms. */
  start: number;
  /** The frame's offset for the whole day, or null when it changes during the day. */
  offsetMinutes: number | null;
}

/**
 * The calendar days of the frame: their first instants and offsets. In the place's zone each day
 * normally starts 24 hours after the previous one at the same offset; only where the offset has
 * changed is the day start looked up again (time-zone look-ups are the costly part).
 */
function daySlots(dates: readonly IsoDate[], frame: TimeFrame, timeZone: string): DaySlots[] {
  const boundaries: { start: number; offset: number }[] = [];
  if (frame.kind === 'offset') {
    const first = toEpochDay(dates[0]!) * DAY_MS - frame.offsetMinutes * MINUTE_MS;
    for (let i = 0; i <= dates.length; i++) boundaries.push({ start: first + i * DAY_MS, offset: frame.offsetMinutes });
  } else {
    let start = startOfLocalDay(dates[0]!, timeZone);
    let offset = utcOffsetMinutes(timeZone, start);
    boundaries.push({ start, offset });
    for (let i = 0; i < dates.length; i++) {
      const candidate = start + DAY_MS;
      const candidateOffset = utcOffsetMinutes(timeZone, candidate);
      if (candidateOffset === offset) {
        start = candidate;
      } else {
        start = startOfLocalDay(addDays(dates[i]!, 1), timeZone);
        offset = utcOffsetMinutes(timeZone, start);
      }
      boundaries.push({ start, offset });
    }
  }
  const rangeStart = boundaries[0]!.start;
  return dates.map((date, i) => {
    const from = boundaries[i]!;
    const to = boundaries[i + 1]!;
    return {
      date,
      first: Math.round((from.start - rangeStart) / HOUR_MS),
      count: Math.round((to.start - from.start) / HOUR_MS),
      start: from.start,
      offsetMinutes: from.offset === to.offset && to.start - from.start === DAY_MS ? from.offset : null,
    };
  });
}

export function createForecastService(deps: { weather: WeatherSource; clock: Clock }): ForecastService {
  const { weather, clock } = deps;

  /** The forecast hours of `days` (of `dates`), issued now, from one request; 404 when the source has too few. */
  async function hoursOf(location: WeatherLocation, dates: readonly IsoDate[], days: readonly DaySlots[], requester: Requester | undefined) {
    const last = days[days.length - 1]!;
    const totalHours = last.first + last.count;
    const dataStart = Math.floor(days[0]!.start / HOUR_MS) * HOUR_MS;
    const result = await weather.hourly(location.cell, { start: dataStart, hours: totalHours, issuedAt: clock.now() }, requester);
    if (!result || result.hours.length < totalHours) {
      throw weatherDataNotFound(location, { start: dates[0]!, end: dates[dates.length - 1]! });
    }
    return result;
  }

  return {
    async daily(location, dates, requester) {
      if (dates.length === 0) return { source: '', days: [] };
      const days = daySlots(dates, { kind: 'local' }, location.timeZone);
      const result = await hoursOf(location, dates, days, requester);
      return { source: result.source, days: days.map((day) => dailyOfHours(day.date, result.hours.slice(day.first, day.first + day.count))) };
    },
    async forecast(location, dates, options, requester) {
      if (dates.length === 0) return { source: '', days: [] };
      const { frame, blockSize } = options;
      const zone = location.timeZone;
      const offsetAt = (instant: number) => (frame.kind === 'offset' ? frame.offsetMinutes : utcOffsetMinutes(zone, instant));

      const days = daySlots(dates, frame, zone);
      const result = await hoursOf(location, dates, days, requester);
      const hours: readonly HourlyWeather[] = result.hours;

      return {
        source: result.source,
        days: days.map((day) => {
          const blocks = wallClockBlockGroups(day, blockSize, offsetAt).map((group): PresentableBlock => {
            const firstSlot = day.first + group[0]!;
            const values = aggregateBlock(hours.slice(firstSlot, firstSlot + group.length));
            const blockStart = day.start + group[0]! * HOUR_MS;
            const blockEnd = blockStart + group.length * HOUR_MS - 1000;
            const daylight = blockDaylight(location.latitude, location.longitude, values.startTime, values.hours);
            return {
              values,
              start: blockStart,
              end: blockEnd,
              startOffsetMinutes: day.offsetMinutes ?? offsetAt(blockStart),
              endOffsetMinutes: day.offsetMinutes ?? offsetAt(blockEnd),
              conditions: conditions(
                {
                  cloudCover: values.cloudCover,
                  precipitation: values.precipitation,
                  hours: values.hours,
                  windSpeed: values.wind.average,
                  daylight,
                },
                options.conditionsType,
              ),
            };
          });
          return { date: day.date, blocks };
        }),
      };
    },
  };
}

/** A day of forecast hours as daily weather (the day's aggregate, agronomy/forecast-blocks.ts). */
function dailyOfHours(date: IsoDate, hours: readonly HourlyWeather[]): DailyWeather {
  const day = aggregateBlock(hours);
  return {
    date,
    tmax: day.temperature.max,
    tmin: day.temperature.min,
    precipitation: day.precipitation,
    solar: day.solar,
    rhMax: day.relativeHumidity.max,
    rhMin: day.relativeHumidity.min,
    windDayMax: day.wind.max,
    windMorningMax: null,
    windAverage: day.wind.average,
  };
}
