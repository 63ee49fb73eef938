/**
 * The dates each dated resource accepts at a place, from its local today (spec "Limits"), the
 * ranges answered when a request names no dates, and the check of a requested range against its
 * window (a 400 naming the end that leaves it and saying what is allowed); the windows and norm
 * periods themselves (`WEATHER_WINDOWS`).
 */
import { DATE_NAMES, type DateSpan, type SpanNames } from '../core/date-spans.js';
import { addDays, addMonths, type IsoDate } from '../core/dates.js';
import { invalidParameterValue } from '../core/errors.js';

/** The date windows and norm periods (spec "Limits"). */
export const WEATHER_WINDOWS = {
  /** Observations: yesterday or earlier, at most this many months back from today. */
  observationMonthsBack: 30,
  /** Forecasts: today plus this many days. */
  forecastDaysAhead: 7,
  /** Norms without years: this many complete seasons before the current year. */
  normDefaultYears: 10,
  /** Norms: at least this many years must remain. */
  normMinimumYears: 3,
  /**
   * Norms: at most this many years in `{startYear},{endYear}` (before `excludeYears`). The spec
   * states no maximum; this one bounds the work of one request (every year is fetched and
   * computed) and still holds any 30-year climate normal with room to spare.
   */
  normMaximumYears: 50,
} as const;

/** The dates an endpoint accepts, inclusive, and how to say so. */
export interface DateWindow {
  earliest: IsoDate;
  latest: IsoDate;
  /** e.g. "yesterday or earlier at the location, at most 30 months back". */
  rule: string;
}

/** `accumulationStartDate` may reach back this many months from today. */
export const ACCUMULATION_START_MONTHS_BACK = 12;

/** Days of observed weather answered without dates: yesterday and the 6 days before. */
export const DEFAULT_OBSERVATION_DAYS = 7;

const { observationMonthsBack, forecastDaysAhead } = WEATHER_WINDOWS;

/** Observed weather and crop-model weather files: yesterday or earlier, at most 30 months back. */
export function observationWindow(today: IsoDate): DateWindow {
  return {
    earliest: addMonths(today, -observationMonthsBack),
    latest: addDays(today, -1),
    rule: `yesterday or earlier at the location, at most ${observationMonthsBack} months back`,
  };
}

/** Forecasts: today to 7 days ahead. `placeNoun` says where "today" is, as the path names the place. */
export function forecastWindow(today: IsoDate, placeNoun: 'field' | 'location'): DateWindow {
  return {
    earliest: today,
    latest: addDays(today, forecastDaysAhead),
    rule: `today or later at the ${placeNoun}, at most ${forecastDaysAhead} days ahead`,
  };
}

/** Agronomic values: 30 months back to 7 days ahead (observed days, then forecast days). */
export function agronomicValueWindow(today: IsoDate): DateWindow {
  return {
    earliest: addMonths(today, -observationMonthsBack),
    latest: addDays(today, forecastDaysAhead),
    rule: `at most ${observationMonthsBack} months back and at most ${forecastDaysAhead} days ahead at the location`,
  };
}

/** `accumulationStartDate`: from today one year ago through yesterday. */
export function accumulationStartWindow(today: IsoDate): DateWindow {
  return {
    earliest: addMonths(today, -ACCUMULATION_START_MONTHS_BACK),
    latest: addDays(today, -1),
    rule: 'from one year before today through yesterday at the location',
  };
}

/** Observed weather without dates: the last 7 days through yesterday. */
export function defaultObservationSpan(today: IsoDate): DateSpan {
  const latest = addDays(today, -1);
  return { start: addDays(latest, 1 - DEFAULT_OBSERVATION_DAYS), end: latest, single: false };
}

/** Forecasts without dates: today plus 7 days. */
export function defaultForecastSpan(today: IsoDate): DateSpan {
  return { start: today, end: addDays(today, forecastDaysAhead), single: false };
}

/** 400 naming the offending end when the span leaves the window. */
export function checkDatesWithin(span: DateSpan, window: DateWindow, names: SpanNames = DATE_NAMES): void {
  const allowed = `Dates must be ${window.rule}: from ${window.earliest} to ${window.latest}.`;
  if (span.start < window.earliest || span.start > window.latest) {
    const name = span.single ? names.single : names.start;
    throw invalidParameterValue(name, `${name} ${span.start} is outside the allowed dates. ${allowed}`);
  }
  if (span.end > window.latest || span.end < window.earliest) {
    const name = span.single ? names.single : names.end;
    throw invalidParameterValue(name, `${name} ${span.end} is outside the allowed dates. ${allowed}`);
  }
}
