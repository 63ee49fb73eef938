/**
 * The dates each dated resource accepts at a place, from its local today (spec "Limits"), the
 * ranges answered when a request names no dates, and the check of a requested range against its
 * window (a 400 naming the end that leaves it and saying what is allowed).
 */
import { DATE_NAMES, type DateSpan, type SpanNames } from '../core/date-spans.js';
import { addDays, addMonths, type IsoDate } from '../core/dates.js';
import { invalidParameterValue } from '../core/errors.js';
import { WEATHER_WINDOWS } from './weather-service.js';

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
