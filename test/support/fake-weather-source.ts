/**
 * A weather source with known values, for exact assertions in HTTP tests. Daily values are simple
 * functions of the date; hourly values are simple functions of the UTC hour of day. It records
 * every request and can be told to fail.
 */
import type { IsoDate } from '../../src/core/dates.js';
import { datesInRange } from '../../src/core/dates.js';
import {
  type DailyResult,
  type DailyWeather,
  type DateRange,
  type GridCell,
  type HourlyRequest,
  type HourlyResult,
  type HourlyWeather,
  SourceUnavailableError,
  type WeatherSource,
} from '../../src/weather/weather-source.js';

const HOUR_MS = 3_600_000;

/** The fake's daily values for a date. */
export function fakeDay(date: IsoDate): DailyWeather {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const k = year - 2010;
  return {
    date,
    tmax: 20 + k + day / 100,
    tmin: 10 + k / 2,
    precipitation: month + (year % 2),
    solar: 5000 + day,
    rhMax: 90,
    rhMin: 40 + k,
    windDayMax: 6 + day / 10,
    windMorningMax: 5,
    windAverage: 3 + k / 10,
  };
}

/** The fake's forecast values for the hour starting at `time` (UTC epoch ms). */
export function fakeHour(time: number): HourlyWeather {
  const h = new Date(time).getUTCHours();
  return {
    time,
    temperature: 10 + h,
    precipitation: h >= 12 && h < 15 ? 3 : 0,
    precipitationChance: 20,
    cloudCover: h < 12 ? 10 : 95,
    solar: h >= 6 && h < 18 ? 100 : 0,
    relativeHumidity: 60 + h,
    windAverage: 2,
    windGust: 4 + h / 10,
    dewPoint: 5,
    soilTemperature: [15 + h / 10, 14, 13, 12],
    soilMoisture: [30, 31, 32, 33],
  };
}

export interface FakeWeatherSource extends WeatherSource {
  dailyCalls: { cell: GridCell; range: DateRange }[];
  hourlyCalls: { cell: GridCell; request: HourlyRequest }[];
  /** When set, every request rejects with SourceUnavailableError. */
  unavailable: boolean;
  /** When set, `daily` answers null (no source holds the data). */
  missing: boolean;
  /** Source name per request year (daily); default `fake`. */
  sourceOf: (range: DateRange) => string;
  /** Daily values that replace the fake's own on particular dates (a known weather series). */
  dayOverrides: Map<IsoDate, Partial<Omit<DailyWeather, 'date'>>>;
  /** The elevation daily answers name (as a station or provider would); default null (none). */
  elevation: number | null;
  /** The first year the fake states it holds (`firstYear`); default null (holds no stated years, nothing checked). */
  heldFrom: number | null;
  /** Back to answering as `fake`, with no calls recorded (between tests). */
  reset(): void;
}

export function createFakeWeatherSource(): FakeWeatherSource {
  const source: FakeWeatherSource = {
    name: 'fake',
    dailyCalls: [],
    hourlyCalls: [],
    unavailable: false,
    missing: false,
    sourceOf: () => 'fake',
    dayOverrides: new Map(),
    elevation: null,
    heldFrom: null,
    reset() {
      source.elevation = null;
      source.heldFrom = null;
      source.unavailable = false;
      source.missing = false;
      source.sourceOf = () => 'fake';
      source.dailyCalls.length = 0;
      source.hourlyCalls.length = 0;
      source.dayOverrides.clear();
    },
    async daily(cell, range): Promise<DailyResult | null> {
      source.dailyCalls.push({ cell, range });
      if (source.unavailable) throw new SourceUnavailableError('fake', 'The fake upstream is down.', 120);
      if (source.missing) return null;
      const days = datesInRange(range.start, range.end).map((date) => ({ ...fakeDay(date), ...source.dayOverrides.get(date) }));
      return { source: source.sourceOf(range), days, elevation: source.elevation };
    },
    async firstYear() {
      return source.heldFrom;
    },
    async hourly(cell, request): Promise<HourlyResult | null> {
      source.hourlyCalls.push({ cell, request });
      if (source.unavailable) throw new SourceUnavailableError('fake', 'The fake upstream is down.', 120);
      if (source.missing) return null;
      const hours: HourlyWeather[] = [];
      for (let i = 0; i < request.hours; i++) hours.push(fakeHour(request.start + i * HOUR_MS));
      return { source: 'fake-forecast', hours };
    },
  };
  return source;
}
