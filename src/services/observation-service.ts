/** Observed daily weather for a place: the daily values of a date range (its window: date-windows.ts). */
import { datesInRange } from '../core/dates.js';
import type { Requester } from '../core/requester.js';
import type { DailySeries } from '../weather/daily-series.js';
import { type DailyWeather, type DateRange, emptyDailyWeather, type WeatherSource } from '../weather/weather-source.js';
import { placeDailySeries, weatherDataNotFound, type WeatherLocation } from './weather-location.js';

export interface Observations {
  source: string;
  /** One entry per date of the range, in date order; a date the source lacks has null values. */
  days: DailyWeather[];
  /** The elevation the source names for the values (see `DailyResult.elevation`), or null. */
  elevation: number | null;
}

export interface ObservationService {
  /** Daily values of the inclusive range, in date order (computed for `requester`, see core/requester.ts). */
  daily(location: WeatherLocation, range: DateRange, requester?: Requester): Promise<Observations>;
  /** The same values as one series per variable (see weather/daily-series.ts), for many days. */
  series(location: WeatherLocation, range: DateRange, requester?: Requester): Promise<DailySeries>;
}

const emptyDay = emptyDailyWeather;

export function createObservationService(weather: WeatherSource): ObservationService {
  return {
    series: (location, range, requester) => placeDailySeries(weather, location, range, requester),
    async daily(location, range, requester) {
      const result = await weather.daily(location.cell, range, requester);
      if (!result) throw weatherDataNotFound(location, range);
      const dates = datesInRange(range.start, range.end);
      const aligned = result.days.length === dates.length && result.days.every((day, i) => day.date === dates[i]);
      const elevation = result.elevation ?? null;
      if (aligned) return { source: result.source, days: result.days, elevation };
      const byDate = new Map(result.days.map((day) => [day.date, day] as const));
      return { source: result.source, days: dates.map((date) => byDate.get(date) ?? emptyDay(date)), elevation };
    },
  };
}
