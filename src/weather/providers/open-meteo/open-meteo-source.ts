/**
 * Open-Meteo as a `WeatherSource` (`open-meteo`), read through a `WeatherCache`.
 *
 * daily: local dates at the cell (its IANA zone). Dates up to `today - recentDays - 1` come from
 * the archive API (ERA5, from 1940), later ones (recent past, today and up to 15 days ahead)
 * from the forecast API. A range starting before 1940 or ending beyond the forecast horizon is
 * not held: null.
 * hourly: the forecast API, for hours from 92 days back to 15 days ahead; fresh cached hours
 * (younger than `forecastTtlMs`) are served without a request.
 * Failures (unreachable after retries, 4xx, malformed answers) reject with
 * `SourceUnavailableError`; nothing of them is cached.
 */
import { addDays, fromEpochDay, type IsoDate } from '../../../core/dates.js';
import type { Clock } from '../../../core/clock.js';
import type { WeatherCache } from '../../weather-cache.js';
import type { DailyResult, DailyWeather, DateRange, GridCell, HourlyRequest, HourlyResult, WeatherSource } from '../../weather-source.js';
import { createHttpClient, type HttpClient } from '../http-client.js';
import { localDate, timeZoneAt as lookupTimeZone } from '../../time-zone.js';
import { readThroughDaily, siteElevation } from '../read-through-daily.js';
import { asSourceUnavailable } from '../upstream-failure.js';
import { parseOpenMeteoDaily, parseOpenMeteoHourly } from './open-meteo-parser.js';
import { DEFAULT_OPEN_METEO_ENDPOINTS, openMeteoDailyUrl, openMeteoHourlyUrl, type OpenMeteoEndpoints } from './open-meteo-request.js';
import { OPEN_METEO_ARCHIVE_START, OPEN_METEO_FORECAST_DAYS_AHEAD, OPEN_METEO_FORECAST_PAST_DAYS, openMeteoCompleteFields } from './open-meteo-variables.js';
import { DAILY_VARIABLES, type DailyVariableTable } from '../../daily-variables.js';

export const OPEN_METEO_SOURCE_NAME = 'open-meteo';

export interface OpenMeteoSourceOptions {
  cache: WeatherCache;
  clock: Clock;
  /** Default: a client with the defaults of `createHttpClient`. */
  http?: HttpClient;
  endpoints?: Partial<OpenMeteoEndpoints>;
  /** IANA zone of a cell centre. Default: tz-lookup. */
  timeZoneAt?: (latitude: number, longitude: number) => string;
  /** Past days served by the forecast API instead of the archive (ERA5 lags about 5 days). Default 7. */
  recentDays?: number;
  /** How long an incomplete day (today, recent nulls) is served from the cache. Default 1 h. */
  provisionalTtlMs?: number;
  /** How long cached forecast hours are served. Default 1 h. */
  forecastTtlMs?: number;
  /** The daily variables asked for and read (their `openMeteo` entries). Default DAILY_VARIABLES. */
  variables?: DailyVariableTable;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export function createOpenMeteoSource(options: OpenMeteoSourceOptions): WeatherSource {
  const endpoints: OpenMeteoEndpoints = { ...DEFAULT_OPEN_METEO_ENDPOINTS, ...options.endpoints };
  const http = options.http ?? createHttpClient();
  const zoneOf = options.timeZoneAt ?? lookupTimeZone;
  const recentDays = options.recentDays ?? 7;
  const provisionalTtlMs = options.provisionalTtlMs ?? HOUR_MS;
  const forecastTtlMs = options.forecastTtlMs ?? HOUR_MS;
  const { cache, clock } = options;
  const variables = options.variables ?? DAILY_VARIABLES;
  const completeFields = openMeteoCompleteFields(variables);

  async function fetchDaily(url: string, range: DateRange, onElevation: (metres: number) => void): Promise<DailyWeather[]> {
    const response = await http.getText(url);
    return parseOpenMeteoDaily(response.body, range, onElevation, variables);
  }

  return {
    name: OPEN_METEO_SOURCE_NAME,

    /** The archive (ERA5) starts in 1940 everywhere. */
    async firstYear(): Promise<number> {
      return Number(OPEN_METEO_ARCHIVE_START.slice(0, 4));
    },

    async daily(cell: GridCell, range: DateRange): Promise<DailyResult | null> {
      const now = clock.now();
      const timeZone = zoneOf(cell.latitude, cell.longitude);
      const today = localDate(now, timeZone);
      if (range.end < range.start) return { source: OPEN_METEO_SOURCE_NAME, days: [] };
      if (range.start < OPEN_METEO_ARCHIVE_START || range.end > addDays(today, OPEN_METEO_FORECAST_DAYS_AHEAD)) return null;
      const lastArchiveDate: IsoDate = addDays(today, -recentDays - 1);
      try {
        let fetchedElevation: number | null = null;
        const onElevation = (metres: number) => {
          fetchedElevation = metres;
        };
        const days = await readThroughDaily({
          cache,
          dataset: OPEN_METEO_SOURCE_NAME,
          cellId: cell.id,
          range,
          today,
          now,
          provisionalTtlMs,
          completeFields,
          async fetchRun(run) {
            const parts: DailyWeather[] = [];
            if (run.start <= lastArchiveDate) {
              const archive = { start: run.start, end: run.end < lastArchiveDate ? run.end : lastArchiveDate };
              parts.push(...(await fetchDaily(openMeteoDailyUrl(endpoints.archiveUrl, cell.latitude, cell.longitude, archive, timeZone, endpoints.apiKey, variables), archive, onElevation)));
            }
            if (run.end > lastArchiveDate) {
              const recent = { start: run.start > lastArchiveDate ? run.start : addDays(lastArchiveDate, 1), end: run.end };
              parts.push(...(await fetchDaily(openMeteoDailyUrl(endpoints.forecastUrl, cell.latitude, cell.longitude, recent, timeZone, endpoints.apiKey, variables), recent, onElevation)));
            }
            return parts;
          },
        });
        const elevation = await siteElevation(cache, cell.id, OPEN_METEO_SOURCE_NAME, fetchedElevation);
        return { source: OPEN_METEO_SOURCE_NAME, days, elevation };
      } catch (error) {
        return asSourceUnavailable(OPEN_METEO_SOURCE_NAME, error);
      }
    },

    async hourly(cell: GridCell, request: HourlyRequest): Promise<HourlyResult | null> {
      const { start, hours, issuedAt } = request;
      if (hours <= 0) return { source: OPEN_METEO_SOURCE_NAME, hours: [] };
      const end = start + hours * HOUR_MS; // the parser also needs the hour starting at `end`
      if (start < issuedAt - OPEN_METEO_FORECAST_PAST_DAYS * DAY_MS || end > issuedAt + OPEN_METEO_FORECAST_DAYS_AHEAD * DAY_MS) return null;

      const cached = await cache.readHourly(cell.id, OPEN_METEO_SOURCE_NAME, start, hours);
      if (cached.every((entry) => entry !== undefined && issuedAt - entry.fetchedAt < forecastTtlMs)) {
        return { source: OPEN_METEO_SOURCE_NAME, hours: cached.map((entry) => entry!.hour) };
      }
      try {
        const startDate = fromEpochDay(Math.floor(start / DAY_MS));
        const endDate = fromEpochDay(Math.floor(end / DAY_MS));
        const url = openMeteoHourlyUrl(endpoints.forecastUrl, cell.latitude, cell.longitude, startDate, endDate, endpoints.apiKey);
        const response = await http.getText(url);
        const parsed = parseOpenMeteoHourly(response.body, start, hours);
        if (parsed === null) return null;
        await cache.writeHourly(cell.id, OPEN_METEO_SOURCE_NAME, parsed, clock.now());
        return { source: OPEN_METEO_SOURCE_NAME, hours: parsed };
      } catch (error) {
        return asSourceUnavailable(OPEN_METEO_SOURCE_NAME, error);
      }
    },
  };
}
