/**
 * The date ranges requests name: `{date}` or `{startDate},{endDate}`, `MM-DD` days and day ranges
 * (which may cross the year end) and `{startYear},{endYear}`. Parsed from text in
 * http/date-params.ts; checked against what each resource allows in services/date-windows.ts.
 */
import { addDays, type IsoDate, type MonthDay } from './dates.js';

/** Parameter names used in messages, as the endpoint's path template spells them. */
export interface SpanNames {
  single: string;
  start: string;
  end: string;
}

export const DATE_NAMES: SpanNames = { single: 'singleDate', start: 'startDate', end: 'endDate' };
export const MONTH_DAY_NAMES: SpanNames = { single: 'month-day', start: 'startDay', end: 'endDay' };

/** A `{date}` or `{startDate},{endDate}` segment; ends inclusive. */
export interface DateSpan {
  start: IsoDate;
  end: IsoDate;
  /** True for the one-date form (answered with a single object). */
  single: boolean;
}

/** An `MM-DD` day or day range; a range whose end day comes before its start day crosses the year end. */
export interface MonthDaySpan {
  start: MonthDay;
  end: MonthDay;
  single: boolean;
  /** True when the range runs from one year into the next (e.g. 11-01 to 03-31). */
  crossesYearEnd: boolean;
  /** Every calendar day of the range in order, 02-29 included when the range covers it. */
  days: MonthDay[];
}

export interface YearSpan {
  startYear: number;
  endYear: number;
}

/** Every calendar day of a leap year, 01-01 to 12-31 (02-29 included). */
const CALENDAR_DAYS: readonly MonthDay[] = (() => {
  const days: MonthDay[] = [];
  for (let date = '2000-01-01'; date <= '2000-12-31'; date = addDays(date, 1)) days.push(date.slice(5));
  return days;
})();

/** The calendar days from `start` to `end` inclusive, wrapping at the year end; 02-29 included. */
export function monthDaysBetween(start: MonthDay, end: MonthDay): MonthDay[] {
  const first = CALENDAR_DAYS.indexOf(start);
  const last = CALENDAR_DAYS.indexOf(end);
  if (first < 0 || last < 0) throw new RangeError(`Not a calendar day: ${first < 0 ? start : end}`);
  if (last >= first) return CALENDAR_DAYS.slice(first, last + 1);
  return [...CALENDAR_DAYS.slice(first), ...CALENDAR_DAYS.slice(0, last + 1)];
}

/** The day range `start` to `end` (several days, even when both are the same calendar day). */
export function monthDayRange(start: MonthDay, end: MonthDay): MonthDaySpan {
  return { start, end, single: false, crossesYearEnd: end < start, days: monthDaysBetween(start, end) };
}
