/**
 * The weather core's contract. Every source (synthetic, store, upstream providers) implements it;
 * services ask a chain of sources and take the first answer.
 *
 * Internal units (every source converts to these; each daily variable's is in daily-variables.ts):
 *   temperatures °C; precipitation mm; solar Wh/m² (per day for daily values, per hour for hourly);
 *   relative humidity %; vapour pressure kPa; wind m/s measured at 10 m; soil moisture volumetric %;
 *   elevation m above sea level.
 */
import type { ForecastHour } from '../agronomy/forecast-blocks.js';
import type { IsoDate } from '../core/dates.js';
import type { Requester } from '../core/requester.js';
import { DAILY_VARIABLE_NAMES, type DailyValues, type DailyVariableName } from './daily-variables.js';

/** A cell of the 5-arc-minute global grid (see grid.ts). */
export interface GridCell {
  /** row * 4320 + col; row 0 is the northernmost band, col 0 starts at 180° W. */
  readonly id: number;
  readonly row: number;
  readonly col: number;
  /** Cell centre. */
  readonly latitude: number;
  readonly longitude: number;
}

/** Inclusive range of local calendar dates. */
export interface DateRange {
  readonly start: IsoDate;
  readonly end: IsoDate;
}

/**
 * One local calendar day of weather: a value of each variable of DAILY_VARIABLES
 * (daily-variables.ts, which gives each one's unit and meaning), `null` where the source has no
 * value for it. The optional ones are absent from the days of sources that never give them.
 */
export interface DailyWeather extends DailyValues {
  date: IsoDate;
}

/** Every variable null, to be spread into a new day. */
const NO_VALUES: Readonly<Record<DailyVariableName, null>> = Object.freeze(
  Object.fromEntries(DAILY_VARIABLE_NAMES.map((name) => [name, null])) as Record<DailyVariableName, null>,
);

/** A day with no values (every variable null). */
export function emptyDailyWeather(date: IsoDate): DailyWeather {
  return { date, ...NO_VALUES };
}

/**
 * Daily values of a range as one series per variable (see daily-series.ts).
 */
export interface DailySeries {
  /** Provenance, as `DailyResult.source`. */
  source: string;
  /** Elevation the values stand for, as `DailyResult.elevation`. */
  elevation?: number | null;
  /** Day number (since 1970-01-01) of the range's first date; day `i` is `firstEpochDay + i`. */
  firstEpochDay: number;
  length: number;
  /** Every variable of DAILY_VARIABLES, one value per day; NaN where there is none. */
  values: Record<DailyVariableName, Float64Array>;
}

export interface DailyResult {
  /** Provenance, e.g. `synthetic`, `open-meteo`, `import:knmi-260`. */
  source: string;
  /**
   * Elevation of the place the values stand for, m above sea level, when the source knows it (an
   * imported station's, a provider's model cell). Absent or null: the caller uses the elevation
   * grid (see `weather/elevation/`).
   */
  elevation?: number | null;
  /** One entry per date of the range, in date order. */
  days: DailyWeather[];
}

/** Soil layers in the order 0-0.1 m, 0.1-0.4 m, 0.4-1 m, 1-2 m. */
export const SOIL_DEPTHS = ['0-0.1 m below ground', '0.1-0.4 m below ground', '0.4-1 m below ground', '1-2 m below ground'] as const;

/**
 * One forecast hour: the hour the forecast-block science aggregates (`ForecastHour`), in the
 * internal units; soil values at the four SOIL_DEPTHS.
 */
export type HourlyWeather = ForecastHour;

export interface HourlyResult {
  source: string;
  /** Consecutive hours from the requested start, in time order. */
  hours: HourlyWeather[];
}

export interface HourlyRequest {
  /** First hour wanted, UTC epoch ms, on a whole hour. */
  start: number;
  /** Number of hours wanted. */
  hours: number;
  /** When the forecast is issued (UTC epoch ms): the clock's now. Errors grow with lead time from it. */
  issuedAt: number;
  /**
   * False when the soil values are not needed (maps): a source may leave them NaN and answer
   * sooner. Default true.
   */
  soil?: boolean;
}

/**
 * A source of weather. Each read may name its requester (core/requester.ts): a source that
 * computes on the compute pool (the synthetic source) queues that work under the requester's
 * account and stops it once the requester has given up, rejecting with its abandonment; other
 * sources may ignore it. A chain hands it to each of its sources.
 */
export interface WeatherSource {
  /** Short name used in configuration (`synthetic`, `store`, `open-meteo`, `nasa-power`). */
  readonly name: string;
  /**
   * Daily values for local dates at the cell. Resolves to `null` when this source does not hold
   * the whole range (the next source in the chain is asked). Rejects with `SourceUnavailableError`
   * when a configured upstream cannot be reached.
   */
  daily(cell: GridCell, range: DateRange, requester?: Requester): Promise<DailyResult | null>;
  /**
   * The same answer as `daily`, as one series per variable (see daily-series.ts), for sources
   * that keep their values so: cheaper for many days. Sources without it are read through `daily`.
   * The series' arrays are the caller's: the source keeps no reference to them (agronomic norms
   * move them to a worker thread).
   */
  dailySeries?(cell: GridCell, range: DateRange, requester?: Requester): Promise<DailySeries | null>;
  /**
   * The first calendar year this source can hold daily values for at the cell (its data reach no
   * further back); `null` when it holds no daily values there at all. A source without this
   * method states no limit. Norms refuse years before it (see services/weather-norm-service.ts).
   */
  firstYear?(cell: GridCell): Promise<number | null>;
  /**
   * The finest spacing, in degrees, at which this source's hourly values carry detail of their own
   * (a gridded model's resolution): maps sample the source no closer than this. `null`: the source
   * has no hourly values anywhere. Absent: values may differ from one 5-arc-minute cell to the next.
   */
  readonly hourlyDetailDeg?: number | null;
  /** Hourly forecast values; `null` when this source has no forecast for the request. */
  hourly(cell: GridCell, request: HourlyRequest, requester?: Requester): Promise<HourlyResult | null>;
  /**
   * `hourly` for each of many cells at once (maps ask for one or a few hours at hundreds of
   * places): a source that can answer them together, away from the event loop, says so with this.
   * Sources without it are asked cell by cell.
   */
  hourlyMany?(cells: readonly GridCell[], request: HourlyRequest, requester?: Requester): Promise<(HourlyResult | null)[]>;
  /**
   * A token naming the state of this source's data for the cell: while it stays the same, the
   * same request gets the same answer (for forecasts: on the same local issue date). `null`, or a
   * source without this method, means answers may change at any time, so nothing built from them
   * is kept (see http/answer-cache.ts).
   */
  revision?(cell: GridCell): Promise<string | null>;
}

/** An upstream that a configured chain depends on could not answer. Served as 503 with Retry-After. */
export class SourceUnavailableError extends Error {
  constructor(
    readonly source: string,
    message: string,
    readonly retryAfterSeconds = 60,
  ) {
    super(message);
    this.name = 'SourceUnavailableError';
  }
}

/** The seconds to wait when `error` says the weather cannot be had now, else null (the error handler's classifier). */
export function weatherRetryAfterSeconds(error: unknown): number | null {
  return error instanceof SourceUnavailableError ? error.retryAfterSeconds : null;
}
