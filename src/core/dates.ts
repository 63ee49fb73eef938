/**
 * Calendar dates as `YYYY-MM-DD` strings (local dates at a location) and `MM-DD` days.
 * Pure helpers on a proleptic Gregorian calendar; no time zones here.
 */

export type IsoDate = string; // YYYY-MM-DD
export type MonthDay = string; // MM-DD

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** True when `text` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** True when `text` is a real calendar day `MM-DD` (02-29 allowed). */
export function isMonthDay(text: string): boolean {
  const m = MONTH_DAY.exec(text);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(2000, month);
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (days-from-civil, no Date objects: this is hot). */
export function toEpochDay(date: IsoDate): number {
  let y = (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100 + (date.charCodeAt(2) - 48) * 10 + (date.charCodeAt(3) - 48);
  const m = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48);
  const d = (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48);
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** `n` with at least two digits (`7` → `07`); non-integers and larger numbers as `String` pads them. */
export function twoDigits(n: number): string {
  return TWO_DIGITS[n] ?? String(n).padStart(2, '0');
}

/** `YYYY-MM-DD` of a day number since 1970-01-01 (civil-from-days), for years 0–9999. */
export function fromEpochDay(epochDay: number): IsoDate {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${TWO_DIGITS[Math.floor(y / 100)]}${TWO_DIGITS[y % 100]}-${TWO_DIGITS[m]}-${TWO_DIGITS[d]}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return toEpochDay(b) - toEpochDay(a);
}

/** Every date from start to end inclusive (empty when end < start). */
export function datesInRange(start: IsoDate, end: IsoDate): IsoDate[] {
  const first = toEpochDay(start);
  const last = toEpochDay(end);
  const out: IsoDate[] = [];
  for (let d = first; d <= last; d++) out.push(fromEpochDay(d));
  return out;
}

/** Day of year, 1 = 1 January. */
export function dayOfYear(date: IsoDate): number {
  return toEpochDay(date) - toEpochDay(`${date.slice(0, 4)}-01-01`) + 1;
}

export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

export function monthDayOf(date: IsoDate): MonthDay {
  return date.slice(5);
}

/** Adds `months` calendar months, clamping the day to the target month's length. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const year = yearOf(date);
  const monthIndex = year * 12 + (Number(date.slice(5, 7)) - 1) + months;
  const y = Math.floor(monthIndex / 12);
  const m = (monthIndex % 12) + 1;
  const d = Math.min(Number(date.slice(8, 10)), daysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const MINUTE_MS = 60_000;

/** Days from 1970-01-01 of 0000-01-01 and of 9999-12-31: `fromEpochDay`'s years. */
const FIRST_FOUR_DIGIT_DAY = -719_528;
const LAST_FOUR_DIGIT_DAY = 2_932_896;
const DAY_MS = 86_400_000;

/**
 * `YYYY-MM-DDTHH:mm:ss±HH:MM`: the instant as wall-clock time at the given offset (seconds
 * truncated, as `toISOString` gives them). Date objects only outside years 0–9999: a day of
 * hourly blocks formats 48 of these.
 */
export function formatTimestamp(epochMs: number, offsetMinutes: number): string {
  const wallMs = epochMs + offsetMinutes * MINUTE_MS;
  const day = Math.floor(wallMs / DAY_MS);
  let wall: string;
  if (day >= FIRST_FOUR_DIGIT_DAY && day <= LAST_FOUR_DIGIT_DAY) {
    const second = Math.floor((wallMs - day * DAY_MS) / 1000);
    wall = `${fromEpochDay(day)}T${twoDigits(Math.floor(second / 3600))}:${twoDigits(Math.floor(second / 60) % 60)}:${twoDigits(second % 60)}`;
  } else {
    wall = new Date(wallMs).toISOString().slice(0, 19);
  }
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${wall}${sign}${twoDigits(Math.floor(absolute / 60))}:${twoDigits(absolute % 60)}`;
}
