/**
 * Local time at a location, offline: the IANA zone from latitude/longitude (the bundled
 * `@photostructure/tz-lookup` boundaries) and the zone's offsets from the runtime's `Intl`
 * time-zone database. Pure functions; what is kept between calls only saves work: one immutable
 * `Intl.DateTimeFormat` per zone (building one costs far more than using it) and each zone's
 * offset per UTC day once asked of it (a local date or a day's start is then arithmetic, not a
 * formatter call: these run for every hour of every forecast).
 */
import tzLookup from '@photostructure/tz-lookup';
import { fromEpochDay, toEpochDay, type IsoDate } from '../core/dates.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** IANA time-zone name at a location (over the open sea a nautical `Etc/GMT±n` zone). */
export function timeZoneAt(latitude: number, longitude: number): string {
  const lon = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return tzLookup(Math.max(-90, Math.min(90, latitude)), lon);
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Formatters by zone name; bounded by the number of IANA zones (a few hundred). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    if (formatters.size < 1000) formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Builds the formatter of every zone the runtime knows, ahead of use: the first formatter loads
 * the runtime's time-zone data (about 25 ms) and each zone's own about 0.2 ms, which would
 * otherwise land on the first requests of a fresh process. About 75 ms in all; for start-up.
 */
export function loadTimeZones(): void {
  for (const timeZone of Intl.supportedValuesOf('timeZone')) formatterFor(timeZone).formatToParts(0);
}

function wallClock(epochMs: number, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const era = parts.find((p) => p.type === 'era')?.value ?? 'AD';
  const year = get('year');
  return {
    year: era === 'BC' || era === 'B' ? 1 - year : year,
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** Offset of the zone from UTC at the instant, minutes, straight from `Intl` (about a microsecond or more a call). */
function intlOffsetMinutes(timeZone: string, epochMs: number): number {
  const w = wallClock(epochMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return Math.round((asUtc - wholeSecond) / MINUTE_MS);
}

/**
 * A zone's offset over one UTC day: at the day's start, and where it changes within the day
 * (clock changes happen at most once a day, on a whole minute) and to what.
 */
interface ZoneDay {
  offset: number;
  /** First instant with `after`; Infinity when the offset holds all day. */
  change: number;
  after: number;
}

/** Days of each zone already looked up; about 40 bytes a day, emptied past this many zone-days. */
const MAX_ZONE_DAYS = 200_000;
const zoneDays = new Map<string, Map<number, ZoneDay>>();
let zoneDayCount = 0;

function zoneDay(timeZone: string, epochDay: number): ZoneDay {
  let days = zoneDays.get(timeZone);
  if (days === undefined) zoneDays.set(timeZone, (days = new Map()));
  const known = days.get(epochDay);
  if (known !== undefined) return known;
  const start = epochDay * DAY_MS;
  const offset = intlOffsetMinutes(timeZone, start);
  const after = intlOffsetMinutes(timeZone, start + DAY_MS);
  let change = Number.POSITIVE_INFINITY;
  if (after !== offset) {
    // The first whole minute of the day with the new offset.
    let lo = 0;
    let hi = DAY_MS / MINUTE_MS;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (intlOffsetMinutes(timeZone, start + mid * MINUTE_MS) === offset) lo = mid;
      else hi = mid;
    }
    change = start + hi * MINUTE_MS;
  }
  const day: ZoneDay = { offset, change, after };
  if (zoneDayCount >= MAX_ZONE_DAYS) {
    zoneDays.clear();
    zoneDayCount = 0;
    zoneDays.set(timeZone, (days = new Map()));
  }
  days.set(epochDay, day);
  zoneDayCount++;
  return day;
}

/**
 * Offset of the zone's wall clock from UTC at the instant, in minutes (east positive: Paris in
 * summer = 120). Each UTC day of a zone is asked of `Intl` once; later calls are a map look-up.
 */
export function utcOffsetMinutes(timeZone: string, epochMs: number): number {
  const day = zoneDay(timeZone, Math.floor(epochMs / DAY_MS));
  return epochMs >= day.change ? day.after : day.offset;
}

/** The local calendar date in the zone at the instant. */
export function localDate(epochMs: number, timeZone: string): IsoDate {
  return fromEpochDay(Math.floor((epochMs + utcOffsetMinutes(timeZone, epochMs) * MINUTE_MS) / DAY_MS));
}

/**
 * UTC epoch ms of the first instant of the local calendar day `date` in the zone: local midnight,
 * or, where a clock change skips midnight, the instant the day begins.
 */
export function startOfLocalDay(date: IsoDate, timeZone: string): number {
  const wallMidnight = toEpochDay(date) * DAY_MS;
  let t = wallMidnight - utcOffsetMinutes(timeZone, wallMidnight) * MINUTE_MS;
  for (let i = 0; i < 3; i++) {
    const next = wallMidnight - utcOffsetMinutes(timeZone, t) * MINUTE_MS;
    if (next === t) break;
    t = next;
  }
  if (localDate(t, timeZone) === date && localDate(t - 1, timeZone) < date) return t;
  // Midnight does not exist on this day (or is repeated): find the day's first minute by bisection.
  let lo = wallMidnight - 15 * HOUR_MS; // surely the previous local day
  let hi = wallMidnight + 15 * HOUR_MS; // surely `date` or later
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (localDate(mid, timeZone) >= date) hi = mid;
    else lo = mid;
  }
  return hi;
}
