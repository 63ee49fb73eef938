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
  /** Observations: yesterday or earlier, by default at most this many months back from today (`AGWX_OBSERVED_HISTORY`). */
  observationMonthsBack: 30,
  /**
   * With `AGWX_OBSERVED_HISTORY=unlimited`, and always for weather files: the first date asked of
   * any source (a day a source does not hold falls to the next source of the chain).
   */
  earliestObserved: '1900-01-01' as IsoDate,
  /**
   * Longest range of days in one request, in years: a whole range is answered as one CSV or
   * weather file, so this bounds one answer's size (about 18,000 rows).
   */
  rangeMaximumYears: 50,
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

const { observationMonthsBack, forecastDaysAhead, earliestObserved } = WEATHER_WINDOWS;

/**
 * How far back observed weather may be asked (`AGWX_OBSERVED_HISTORY`): months before today (the
 * spec's 30 by default), or `null`, unlimited: from `WEATHER_WINDOWS.earliestObserved`, as far as
 * the sources hold.
 */
export type ObservedHistory = number | null;

/** The first date of the history, and how to say how far back it reaches. */
function historyStart(today: IsoDate, history: ObservedHistory): { earliest: IsoDate; rule: string } {
  return history === null
    ? { earliest: earliestObserved, rule: `from ${earliestObserved} on` }
    : { earliest: addMonths(today, -history), rule: `at most ${history} months back` };
}

/** Observed weather: yesterday or earlier, within the observed history (30 months by default). */
export function observationWindow(today: IsoDate, history: ObservedHistory = observationMonthsBack): DateWindow {
  const { earliest, rule } = historyStart(today, history);
  return { earliest, latest: addDays(today, -1), rule: `yesterday or earlier at the location, ${rule}` };
}

/**
 * Crop-model weather files: yesterday or earlier, as far back as the sources hold (a model run
 * wants decades), whatever the observed history of the JSON resources.
 */
export function weatherFileWindow(today: IsoDate): DateWindow {
  return observationWindow(today, null);
}

/** Forecasts: today to 7 days ahead. `placeNoun` says where "today" is, as the path names the place. */
export function forecastWindow(today: IsoDate, placeNoun: 'field' | 'location'): DateWindow {
  return {
    earliest: today,
    latest: addDays(today, forecastDaysAhead),
    rule: `today or later at the ${placeNoun}, at most ${forecastDaysAhead} days ahead`,
  };
}

/** Agronomic values: within the observed history, to 7 days ahead (observed days, then forecast days). */
export function agronomicValueWindow(today: IsoDate, history: ObservedHistory = observationMonthsBack): DateWindow {
  const { earliest, rule } = historyStart(today, history);
  return { earliest, latest: addDays(today, forecastDaysAhead), rule: `${rule} and at most ${forecastDaysAhead} days ahead at the location` };
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

/**
 * 400 naming the offending end when the span leaves the window, or when it is longer than
 * `WEATHER_WINDOWS.rangeMaximumYears`.
 */
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
  const { rangeMaximumYears } = WEATHER_WINDOWS;
  const latestEnd = addDays(addMonths(span.start, 12 * rangeMaximumYears), -1);
  if (span.end > latestEnd) {
    throw invalidParameterValue(
      names.end,
      `A range may be at most ${rangeMaximumYears} years long: for ${names.start} ${span.start}, ${names.end} may be ${latestEnd} at the latest (got ${span.end}). Ask for longer periods in several ranges.`,
    );
  }
}
