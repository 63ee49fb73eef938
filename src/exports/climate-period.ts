/**
 * Which days a weather file's annual temperature statistics (TAV, AMP) are taken from (pure).
 * Both need every calendar month, so they come from whole calendar years: the whole years inside
 * the export's dates; when there are none (a season, a few months), the latest whole year before
 * the export's end that the allowed dates hold, or else the earliest one they hold.
 */
import { yearOf } from '../core/dates.js';
import type { DateRange } from '../weather/weather-source.js';

function wholeYears(range: DateRange): { first: number; last: number } {
  const first = range.start.endsWith('-01-01') ? yearOf(range.start) : yearOf(range.start) + 1;
  const last = range.end.endsWith('-12-31') ? yearOf(range.end) : yearOf(range.end) - 1;
  return { first, last };
}

const yearRange = (first: number, last: number): DateRange => ({ start: `${first}-01-01`, end: `${last}-12-31` });

/** The climate period of an export `range` whose dates must lie in `allowed`; null when `allowed` holds no whole year. */
export function climatePeriod(range: DateRange, allowed: DateRange): DateRange | null {
  const inside = wholeYears(range);
  if (inside.first <= inside.last) return yearRange(inside.first, inside.last);
  const held = wholeYears(allowed);
  if (held.first > held.last) return null;
  const year = Math.min(Math.max(inside.last, held.first), held.last);
  return yearRange(year, year);
}
