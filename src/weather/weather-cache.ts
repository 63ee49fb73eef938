/**
 * Read-through cache of upstream weather, per grid cell and dataset (`open-meteo`,
 * `nasa-power`, …). Providers read it before asking upstream and write what they fetched. The
 * database implementation lives with the store; `createMemoryWeatherCache` serves tests and
 * single-process use.
 *
 * Rules every implementation keeps:
 * - A day written with `complete = true` (in the past at the location, every variable the
 *   dataset supplies present) is final: a later write of the same day with `complete = false`
 *   does not replace it, and providers never fetch it again.
 * - Incomplete days and forecast hours are provisional: stored with the time they were fetched,
 *   replaced by any later write, and reused only while fresh (the provider decides how long).
 * - Providers write only after a whole answer was received and validated, so nothing from a
 *   failed or malformed answer ever reaches the cache.
 */
import type { DailyWeather, DateRange, HourlyWeather } from './weather-source.js';
import { datesInRange } from '../core/dates.js';

export interface CachedDay {
  day: DailyWeather;
  complete: boolean;
  /** When it was fetched, UTC epoch ms. */
  fetchedAt: number;
}

export interface CachedHour {
  hour: HourlyWeather;
  fetchedAt: number;
}

export interface WeatherCache {
  /** One entry per date of `range`, in date order: the stored day or `undefined`. */
  readDaily(cellId: number, range: DateRange, dataset: string): Promise<(CachedDay | undefined)[]>;
  writeDaily(cellId: number, dataset: string, days: readonly DailyWeather[], complete: boolean, fetchedAt: number): Promise<void>;
  /** One entry per hour from `start` (UTC epoch ms on a whole hour): the stored hour or `undefined`. */
  readHourly(cellId: number, dataset: string, start: number, hours: number): Promise<(CachedHour | undefined)[]>;
  writeHourly(cellId: number, dataset: string, hours: readonly HourlyWeather[], fetchedAt: number): Promise<void>;
  /** The elevation (m) the dataset's values at the cell stand for, or null when none was written. */
  readElevation(cellId: number, dataset: string): Promise<number | null>;
  /** Stores it (an imported station's, a provider's model cell); a later write replaces it. */
  writeElevation(cellId: number, dataset: string, elevation: number): Promise<void>;
}

const HOUR_MS = 3_600_000;

function cloneHour(hour: HourlyWeather): HourlyWeather {
  return { ...hour, soilTemperature: [...hour.soilTemperature], soilMoisture: [...hour.soilMoisture] };
}

/** An in-process cache (lost on restart; not shared between instances). */
export function createMemoryWeatherCache(): WeatherCache {
  const days = new Map<string, CachedDay>();
  const hours = new Map<string, CachedHour>();
  const elevations = new Map<string, number>();
  const dayKey = (cellId: number, dataset: string, date: string) => `${dataset}|${cellId}|${date}`;
  const hourKey = (cellId: number, dataset: string, time: number) => `${dataset}|${cellId}|${time}`;

  return {
    async readDaily(cellId, range, dataset) {
      return datesInRange(range.start, range.end).map((date) => {
        const entry = days.get(dayKey(cellId, dataset, date));
        return entry && { ...entry, day: { ...entry.day } };
      });
    },
    async writeDaily(cellId, dataset, written, complete, fetchedAt) {
      for (const day of written) {
        const key = dayKey(cellId, dataset, day.date);
        if (!complete && days.get(key)?.complete) continue;
        days.set(key, { day: { ...day }, complete, fetchedAt });
      }
    },
    async readHourly(cellId, dataset, start, count) {
      const out: (CachedHour | undefined)[] = [];
      for (let i = 0; i < count; i++) {
        const entry = hours.get(hourKey(cellId, dataset, start + i * HOUR_MS));
        out.push(entry && { hour: cloneHour(entry.hour), fetchedAt: entry.fetchedAt });
      }
      return out;
    },
    async writeHourly(cellId, dataset, written, fetchedAt) {
      for (const hour of written) hours.set(hourKey(cellId, dataset, hour.time), { hour: cloneHour(hour), fetchedAt });
    },
    async readElevation(cellId, dataset) {
      return elevations.get(`${dataset}|${cellId}`) ?? null;
    },
    async writeElevation(cellId, dataset, elevation) {
      elevations.set(`${dataset}|${cellId}`, elevation);
    },
  };
}
