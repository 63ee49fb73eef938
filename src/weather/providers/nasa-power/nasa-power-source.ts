/**
 * NASA POWER as a `WeatherSource` (`nasa-power`): daily history from 1981 to today, read
 * through a `WeatherCache`; no hourly forecast (hourly → null). POWER's days are local solar
 * time days, the nearest it offers to civil local dates. Recent days POWER has not processed
 * yet come back as fill values: nulls, not cached as complete.
 * Failures reject with `SourceUnavailableError`; nothing of them is cached.
 */
import { addDays } from '../../../core/dates.js';
import type { Clock } from '../../../core/clock.js';
import type { WeatherCache } from '../../weather-cache.js';
import type { DailyResult, DateRange, GridCell, HourlyResult, WeatherSource } from '../../weather-source.js';
import { createHttpClient, type HttpClient } from '../http-client.js';
import { localDate, timeZoneAt as lookupTimeZone } from '../../time-zone.js';
import { readThroughDaily, siteElevation } from '../read-through-daily.js';
import { asSourceUnavailable } from '../upstream-failure.js';
import { parseNasaPowerDaily } from './nasa-power-parser.js';
import { DEFAULT_NASA_POWER_ENDPOINTS, nasaPowerDailyUrl, type NasaPowerEndpoints } from './nasa-power-request.js';
import { nasaPowerCompleteFields } from './nasa-power-variables.js';
import { DAILY_VARIABLES, type DailyVariableTable } from '../../daily-variables.js';

export const NASA_POWER_SOURCE_NAME = 'nasa-power';
/** First day of POWER's daily meteorology. */
export const NASA_POWER_START = '1981-01-01';
/** Longest range asked in one request (longer runs are split). */
const MAX_DAYS_PER_REQUEST = 366 * 5;

export interface NasaPowerSourceOptions {
  cache: WeatherCache;
  clock: Clock;
  http?: HttpClient;
  endpoints?: Partial<NasaPowerEndpoints>;
  timeZoneAt?: (latitude: number, longitude: number) => string;
  /** How long an incomplete day is served from the cache. Default 6 h (POWER updates daily). */
  provisionalTtlMs?: number;
  /** The daily variables asked for and read (their `nasaPower` entries). Default DAILY_VARIABLES. */
  variables?: DailyVariableTable;
}

export function createNasaPowerSource(options: NasaPowerSourceOptions): WeatherSource {
  const endpoints: NasaPowerEndpoints = { ...DEFAULT_NASA_POWER_ENDPOINTS, ...options.endpoints };
  const http = options.http ?? createHttpClient();
  const zoneOf = options.timeZoneAt ?? lookupTimeZone;
  const provisionalTtlMs = options.provisionalTtlMs ?? 6 * 3_600_000;
  const { cache, clock } = options;
  const variables = options.variables ?? DAILY_VARIABLES;
  const completeFields = nasaPowerCompleteFields(variables);

  return {
    name: NASA_POWER_SOURCE_NAME,

    /** POWER's daily meteorology starts in 1981 everywhere. */
    async firstYear(): Promise<number> {
      return Number(NASA_POWER_START.slice(0, 4));
    },

    async daily(cell: GridCell, range: DateRange): Promise<DailyResult | null> {
      const now = clock.now();
      const today = localDate(now, zoneOf(cell.latitude, cell.longitude));
      if (range.end < range.start) return { source: NASA_POWER_SOURCE_NAME, days: [] };
      if (range.start < NASA_POWER_START || range.end > today) return null;
      try {
        let fetchedElevation: number | null = null;
        const onElevation = (metres: number) => {
          fetchedElevation = metres;
        };
        const days = await readThroughDaily({
          cache,
          dataset: NASA_POWER_SOURCE_NAME,
          cellId: cell.id,
          range,
          today,
          now,
          provisionalTtlMs,
          completeFields,
          async fetchRun(run) {
            const out = [];
            for (let start = run.start; start <= run.end; start = addDays(start, MAX_DAYS_PER_REQUEST)) {
              const last = addDays(start, MAX_DAYS_PER_REQUEST - 1);
              const part = { start, end: last < run.end ? last : run.end };
              const response = await http.getText(nasaPowerDailyUrl(endpoints, cell.latitude, cell.longitude, part, variables));
              out.push(...parseNasaPowerDaily(response.body, part, onElevation, variables));
            }
            return out;
          },
        });
        const elevation = await siteElevation(cache, cell.id, NASA_POWER_SOURCE_NAME, fetchedElevation);
        return { source: NASA_POWER_SOURCE_NAME, days, elevation };
      } catch (error) {
        return asSourceUnavailable(NASA_POWER_SOURCE_NAME, error);
      }
    },

    // POWER's daily point values only.
    hourlyDetailDeg: null,
    async hourly(): Promise<HourlyResult | null> {
      return null;
    },
  };
}
