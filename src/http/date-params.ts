/**
 * Parsing of the date-like path segments and query values shared by the weather and agronomic
 * endpoints: `{date}` or `{startDate},{endDate}`, `MM-DD` days and day ranges (which may cross the
 * year end), `{startYear},{endYear}`, year lists, `{latitude},{longitude}`, UTC offsets and
 * booleans. Every refusal is a 400 that names the parameter and says what is allowed. Whether a
 * parsed range is allowed for a resource is services/date-windows.ts.
 */
import { DATE_NAMES, type DateSpan, MONTH_DAY_NAMES, type MonthDaySpan, monthDaysBetween, type SpanNames, type YearSpan } from '../core/date-spans.js';
import { isIsoDate, isMonthDay, type IsoDate, type MonthDay } from '../core/dates.js';
import { invalidParameter } from './api-error.js';

function partsOf(segment: string, names: SpanNames, what: string): [string, string] | [string] {
  const parts = segment.split(',').map((part) => part.trim());
  if (parts.length > 2) {
    throw invalidParameter(names.single, `Give one ${what} or two separated by a comma ({${names.start}},{${names.end}}); got '${segment}'.`);
  }
  // An open range `{start},` (empty end) is that one day: published clients write it so.
  if (parts.length === 2 && parts[1] === '' && parts[0] !== '') return [parts[0]!];
  return parts.length === 2 ? [parts[0]!, parts[1]!] : [parts[0]!];
}

/** One `YYYY-MM-DD` value that must be a real calendar date. */
export function parseIsoDate(text: string, name: string): IsoDate {
  if (!isIsoDate(text)) {
    throw invalidParameter(name, `${name} must be a real calendar date written YYYY-MM-DD (got '${text}').`);
  }
  return text;
}

/**
 * `{date}` or `{startDate},{endDate}`; a range whose end precedes its start is refused. An open
 * range `{date},` is the one date (answered as `{date}` is).
 */
export function parseDateSpan(segment: string, names: SpanNames = DATE_NAMES): DateSpan {
  const parts = partsOf(segment, names, 'date');
  if (parts.length === 1) {
    const date = parseIsoDate(parts[0], names.single);
    return { start: date, end: date, single: true };
  }
  const start = parseIsoDate(parts[0], names.start);
  const end = parseIsoDate(parts[1], names.end);
  if (end < start) {
    throw invalidParameter(names.end, `${names.end} (${end}) must not be before ${names.start} (${start}).`);
  }
  return { start, end, single: false };
}

export function parseMonthDay(text: string, name: string): MonthDay {
  if (!isMonthDay(text)) {
    throw invalidParameter(name, `${name} must be a calendar day written MM-DD, such as 06-01 or 02-29 (got '${text}').`);
  }
  return text;
}

/** `MM-DD` or `MM-DD,MM-DD` (an open `MM-DD,` is the one day). A range spans at most one year by construction. */
export function parseMonthDaySpan(segment: string, names: SpanNames = MONTH_DAY_NAMES): MonthDaySpan {
  const parts = partsOf(segment, names, 'day (MM-DD)');
  if (parts.length === 1) {
    const day = parseMonthDay(parts[0], names.single);
    return { start: day, end: day, single: true, crossesYearEnd: false, days: [day] };
  }
  const start = parseMonthDay(parts[0], names.start);
  const end = parseMonthDay(parts[1], names.end);
  return { start, end, single: false, crossesYearEnd: end < start, days: monthDaysBetween(start, end) };
}

const FOUR_DIGIT_YEAR = /^[1-9]\d{3}$/;

function parseYear(text: string, name: string): number {
  if (!FOUR_DIGIT_YEAR.test(text)) {
    throw invalidParameter(name, `${name} must be a four-digit year such as 2015 (got '${text}').`);
  }
  return Number(text);
}

/** `{startYear},{endYear}`, both four-digit, inclusive, end not before start; an open `{startYear},` is that one year. */
export function parseYearSpan(segment: string, names: { start: string; end: string } = { start: 'startYear', end: 'endYear' }): YearSpan {
  const parts = segment.split(',').map((part) => part.trim());
  if (parts.length === 2 && parts[1] === '' && parts[0] !== '') parts[1] = parts[0]!;
  if (parts.length !== 2) {
    throw invalidParameter(names.start, `Give the years as {${names.start}},{${names.end}}, two four-digit years separated by a comma (got '${segment}').`);
  }
  const startYear = parseYear(parts[0]!, names.start);
  const endYear = parseYear(parts[1]!, names.end);
  if (endYear < startYear) {
    throw invalidParameter(names.end, `${names.end} (${endYear}) must not be before ${names.start} (${startYear}).`);
  }
  return { startYear, endYear };
}

/** A comma-separated list of four-digit years (`excludeYears`); absent or empty → none. */
export function parseYearList(text: string | undefined, name = 'excludeYears'): number[] {
  if (text === undefined || text.trim() === '') return [];
  const years = new Set<number>();
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    if (!FOUR_DIGIT_YEAR.test(part)) {
      throw invalidParameter(name, `${name} must be a comma-separated list of four-digit years such as 2012,2016 (got '${part}').`);
    }
    years.add(Number(part));
  }
  return [...years].sort((a, b) => a - b);
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function parseCoordinate(text: string, name: string, limit: number): number {
  const value = Number(text);
  if (!DECIMAL.test(text) || !Number.isFinite(value)) {
    throw invalidParameter(name, `${name} must be a decimal number from ${-limit} to ${limit} (got '${text}').`);
  }
  if (value < -limit || value > limit) {
    throw invalidParameter(name, `${name} must be from ${-limit} to ${limit} (got ${text}).`);
  }
  return value;
}

/** `{latitude},{longitude}` in decimal degrees. */
export function parseCoordinates(segment: string): Coordinates {
  const parts = segment.split(',').map((part) => part.trim());
  if (parts.length !== 2) {
    throw invalidParameter('latitude', `The location must be {latitude},{longitude}, two decimal numbers separated by a comma such as 41.59,-93.62 (got '${segment}').`);
  }
  return { latitude: parseCoordinate(parts[0]!, 'latitude', 90), longitude: parseCoordinate(parts[1]!, 'longitude', 180) };
}

const UTC_OFFSET = /^([+-]?)(\d{2}):(\d{2})$/;
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * A UTC offset `±HH:MM` (e.g. `-05:00`, `+05:30`) in minutes east of UTC, from -14:00 to +14:00.
 * A `+` written unencoded in a query string arrives as a space; it is read as `+`.
 */
export function parseUtcOffset(text: string | undefined, name = 'utcOffset'): number | undefined {
  if (text === undefined || text === '') return undefined;
  const normalized = text.startsWith(' ') ? `+${text.trimStart()}` : text.trim();
  const match = UTC_OFFSET.exec(normalized);
  const allowed = `${name} must be a UTC offset written ±HH:MM from -14:00 to +14:00, such as -05:00 or +05:30 (got '${text}').`;
  if (!match) throw invalidParameter(name, allowed);
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  const total = hours * 60 + minutes;
  if (minutes > 59 || total > MAX_OFFSET_MINUTES) throw invalidParameter(name, allowed);
  return match[1] === '-' ? -total : total;
}

/** `true` or `false` (any case); absent → the fallback. */
export function parseBoolean(text: string | undefined, name: string, fallback: boolean): boolean {
  if (text === undefined || text === '') return fallback;
  const lower = text.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw invalidParameter(name, `${name} must be true or false (got '${text}').`);
}
