/**
 * The WeatherCache of upstream providers, kept in the database (both dialects), so that every
 * instance shares it and it survives restarts. Rules: see weather-cache.ts.
 */
import type { WeatherRepository } from '../store/weather-repository.js';
import type { CachedDay, CachedHour, WeatherCache } from './weather-cache.js';
import type { DailyVariableTable } from './daily-variables.js';
import { createDailyYearCodec, DAILY_YEAR_CODEC, datesByYear, encodeYear } from './daily-year-codec.js';
import { decodeHour, encodeHour } from './hour-codec.js';

const HOUR_MS = 3_600_000;

/**
 * `variables`: the daily variables whose values are kept (default DAILY_VARIABLES; a test passes
 * a table extended with one).
 */
export function createDatabaseWeatherCache(repository: WeatherRepository, variables?: DailyVariableTable): WeatherCache {
  const { decodeYear, readSlot, writeSlot } = variables === undefined ? DAILY_YEAR_CODEC : createDailyYearCodec(variables);
  return {
    async readDaily(cellId, range, dataset) {
      const byYear = datesByYear(range.start, range.end);
      const years = [...byYear.keys()];
      if (years.length === 0) return [];
      const rows = (await repository.readDailyYears(cellId, years[0]!, years[years.length - 1]!, dataset)).filter((r) => r.dataset === dataset);
      const decoded = new Map(rows.map((row) => [row.year, decodeYear(row.days)]));
      const out: (CachedDay | undefined)[] = [];
      for (const [year, dates] of byYear) {
        const values = decoded.get(year);
        for (const date of dates) out.push(values ? readSlot(values, date) : undefined);
      }
      return out;
    },
    async writeDaily(cellId, dataset, days, complete, fetchedAt) {
      const byYear = new Map<number, typeof days[number][]>();
      for (const day of days) {
        const year = Number(day.date.slice(0, 4));
        let list = byYear.get(year);
        if (!list) byYear.set(year, (list = []));
        list.push(day);
      }
      for (const [year, list] of byYear) {
        await repository.updateDailyYear(
          dataset,
          cellId,
          year,
          (current) => {
            // A copy: the stored bytes are compared with the new ones to skip unchanged writes.
            const values = decodeYear(current && new Uint8Array(current));
            for (const day of list) {
              if (!complete && readSlot(values, day.date)?.complete) continue;
              writeSlot(values, { day, complete, fetchedAt });
            }
            return encodeYear(values);
          },
          fetchedAt,
        );
      }
    },
    async readHourly(cellId, dataset, start, hours) {
      const rows = await repository.readHours(cellId, dataset, start, start + hours * HOUR_MS);
      const byTime = new Map(rows.map((row) => [row.time, row]));
      const out: (CachedHour | undefined)[] = [];
      for (let i = 0; i < hours; i++) {
        const time = start + i * HOUR_MS;
        const row = byTime.get(time);
        const hour = row && decodeHour(time, row.hour);
        out.push(hour && { hour, fetchedAt: row!.fetchedAt });
      }
      return out;
    },
    async readElevation(cellId, dataset) {
      return (await repository.readElevations(cellId, dataset)).get(dataset) ?? null;
    },
    async writeElevation(cellId, dataset, elevation) {
      await repository.writeElevation(cellId, dataset, elevation, 0);
    },
    async writeHourly(cellId, dataset, hours, fetchedAt) {
      await repository.writeHours(
        cellId,
        dataset,
        hours.map((hour) => ({ time: hour.time, hour: encodeHour(hour) })),
        fetchedAt,
      );
    },
  };
}
