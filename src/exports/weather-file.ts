/**
 * What a crop-model weather file is written from (pure): the place, the daily weather in the
 * internal units, the source that produced it, and the days the annual temperature statistics
 * (TAV, AMP) are taken from. Shared by the DSSAT and APSIM writers.
 */
import type { IsoDate } from '../core/dates.js';
import type { DailyWeather } from '../weather/weather-source.js';

export interface WeatherFileInput {
  latitude: number;
  longitude: number;
  /** Metres above sea level: the weather source's, else the elevation grid's. */
  elevation: number;
  /** Provenance of the daily values (`X-Data-Source`), e.g. `synthetic`, `open-meteo`. */
  source: string;
  /** Consecutive days in date order, one per date of the export. */
  days: readonly DailyWeather[];
  /** Days TAV and AMP are computed from (whole calendar years; see the export service), in date order. */
  climateDays: readonly DailyWeather[];
  /** A field's id when the export is of a field. */
  fieldId?: string | null;
}

/** Value written for a missing number (DSSAT's convention, also used in APSIM files). */
export const MISSING = -99;

/**
 * `value` with `decimals` decimals right-aligned in `width` characters; `-0.0` is written `0.0`.
 * Throws RangeError when it does not fit (fixed-width readers would take a neighbour's digits).
 */
export function fixed(value: number, width: number, decimals: number): string {
  let text = value.toFixed(decimals);
  if (/^-0(\.0*)?$/.test(text)) text = text.slice(1);
  if (text.length > width) throw new RangeError(`${text} does not fit in ${width} characters`);
  return text.padStart(width);
}

export function firstDate(input: WeatherFileInput): IsoDate {
  return input.days[0]!.date;
}

export function lastDate(input: WeatherFileInput): IsoDate {
  return input.days[input.days.length - 1]!.date;
}

/** `from … to …` of days, or `none` for an empty list. */
export function period(days: readonly DailyWeather[]): string {
  return days.length === 0 ? 'none' : `${days[0]!.date} to ${days[days.length - 1]!.date}`;
}
