/**
 * Local time at a location, offline: the IANA zone from latitude/longitude (the bundled
 * `@photostructure/tz-lookup` boundaries) and the zone's offsets from the runtime's `Intl`
 * time-zone database. Pure functions; the only thing kept between calls is one immutable
 * `Intl.DateTimeFormat` per zone (building one costs far more than using it) and the last local
 * day looked up in each zone.
 */
import tzLookup from '@photostructure/tz-lookup';
import { addDays, toEpochDay, type IsoDate } from '../core/dates.js';

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

/** Offset of the zone's wall clock from UTC at the instant, in minutes (east positive: Paris in summer = 120). */
export function utcOffsetMinutes(timeZone: string, epochMs: number): number {
  const w = wallClock(epochMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return Math.round((asUtc - wholeSecond) / MINUTE_MS);
}

/** The last local day looked up in each zone: its date and the UTC instants it spans. */
const lastDays = new Map<string, { start: number; end: number; date: IsoDate }>();

/**
 * The local calendar date in the zone at the instant. The day found last in each zone is kept
 * with the instants it spans, so asking again within the same local day (today, the hours of one
 * day) costs no calendar arithmetic.
 */
export function localDate(epochMs: number, timeZone: string): IsoDate {
  const last = lastDays.get(timeZone);
  if (last !== undefined && epochMs >= last.start && epochMs < last.end) return last.date;
  const date = wallDate(epochMs, timeZone);
  const start = startOfLocalDay(date, timeZone);
  const end = startOfLocalDay(addDays(date, 1), timeZone);
  if (epochMs >= start && epochMs < end && (last !== undefined || lastDays.size < 1000)) lastDays.set(timeZone, { start, end, date });
  return date;
}

/** The local calendar date in the zone at the instant, from the zone's wall clock. */
function wallDate(epochMs: number, timeZone: string): IsoDate {
  const w = wallClock(epochMs, timeZone);
  const yyyy = w.year < 0 ? `-${String(-w.year).padStart(6, '0')}` : String(w.year).padStart(4, '0');
  return `${yyyy}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
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
  if (wallDate(t, timeZone) === date && wallDate(t - 1, timeZone) < date) return t;
  // Midnight does not exist on this day (or is repeated): find the day's first minute by bisection.
  let lo = wallMidnight - 15 * HOUR_MS; // surely the previous local day
  let hi = wallMidnight + 15 * HOUR_MS; // surely `date` or later
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallDate(mid, timeZone) >= date) hi = mid;
    else lo = mid;
  }
  return hi;
}
