/**
 * A chain of weather sources as one source: each request is answered by the first source that
 * holds the data (`null` means "ask the next"). Errors are not swallowed: a
 * `SourceUnavailableError` of a configured provider reaches the caller (served as 503), never a
 * silent fall-through to a later source. The answer keeps the provenance (`source`) of the
 * source that gave it.
 */
import { daysBetween } from '../core/dates.js';
import type { Requester } from '../core/requester.js';
import { type DailySeries, readDailySeries } from './daily-series.js';
import type { DailyResult, DateRange, GridCell, HourlyRequest, HourlyResult, WeatherSource } from './weather-source.js';

export const KNOWN_SOURCE_NAMES = ['store', 'synthetic', 'open-meteo', 'nasa-power'] as const;
export type SourceName = (typeof KNOWN_SOURCE_NAMES)[number];

export class InvalidSourceOrderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSourceOrderError';
  }
}

/**
 * Reads a configured order such as `store,open-meteo,synthetic` (comma-separated, spaces
 * allowed, case-insensitive). Empty, unknown or repeated names are an `InvalidSourceOrderError`.
 */
export function parseSourceOrder(text: string): SourceName[] {
  const names = text.split(',').map((name) => name.trim().toLowerCase());
  if (text.trim() === '' || names.every((name) => name === '')) {
    throw new InvalidSourceOrderError(`The weather source order is empty; give a comma-separated list of ${KNOWN_SOURCE_NAMES.join(', ')}.`);
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '') throw new InvalidSourceOrderError(`The weather source order '${text}' has an empty name; give a comma-separated list of ${KNOWN_SOURCE_NAMES.join(', ')}.`);
    if (!(KNOWN_SOURCE_NAMES as readonly string[]).includes(name)) {
      throw new InvalidSourceOrderError(`Unknown weather source '${name}' in '${text}'; known sources: ${KNOWN_SOURCE_NAMES.join(', ')}.`);
    }
    if (seen.has(name)) throw new InvalidSourceOrderError(`Weather source '${name}' appears more than once in '${text}'.`);
    seen.add(name);
  }
  return names as SourceName[];
}

/**
 * The chain's hourly detail: the finest of the sources that have hours (any that states none
 * makes it absent); `null` when none of them has hours.
 */
function hourlyDetailOf(chain: readonly WeatherSource[]): Pick<WeatherSource, 'hourlyDetailDeg'> {
  const detail = chain.map((source) => source.hourlyDetailDeg).filter((deg) => deg !== null);
  if (detail.length === 0) return { hourlyDetailDeg: null };
  return detail.every((deg) => deg !== undefined) ? { hourlyDetailDeg: Math.min(...detail) } : {};
}

export function createSourceChain(sources: readonly WeatherSource[]): WeatherSource {
  const chain = [...sources];
  const source: WeatherSource = {
    name: chain.map((source) => source.name).join(','),
    ...hourlyDetailOf(chain),

    async daily(cell: GridCell, range: DateRange, requester?: Requester): Promise<DailyResult | null> {
      for (const source of chain) {
        const result = await source.daily(cell, range, requester);
        if (result === null) continue;
        const expected = range.end < range.start ? 0 : daysBetween(range.start, range.end) + 1;
        if (result.days.length !== expected) {
          throw new Error(`Weather source '${source.name}' answered ${result.days.length} days for ${range.start}..${range.end} (${expected} expected)`);
        }
        return result;
      }
      return null;
    },

    async dailySeries(cell: GridCell, range: DateRange, requester?: Requester): Promise<DailySeries | null> {
      for (const source of chain) {
        const result = await readDailySeries(source, cell, range, requester);
        if (result !== null) return result;
      }
      return null;
    },

    async hourly(cell: GridCell, request: HourlyRequest, requester?: Requester): Promise<HourlyResult | null> {
      for (const source of chain) {
        const result = await source.hourly(cell, request, requester);
        if (result !== null) return result;
      }
      return null;
    },

    /** Each source in turn for the cells the ones before it had nothing for. */
    async hourlyMany(cells: readonly GridCell[], request: HourlyRequest, requester?: Requester): Promise<(HourlyResult | null)[]> {
      const answers: (HourlyResult | null)[] = cells.map(() => null);
      let open = cells.map((_, i) => i);
      for (const source of chain) {
        if (open.length === 0) break;
        const asked = open.map((i) => cells[i]!);
        const results = source.hourlyMany
          ? await source.hourlyMany(asked, request, requester)
          : await Promise.all(asked.map((cell) => source.hourly(cell, request, requester)));
        open.forEach((i, k) => (answers[i] = results[k] ?? null));
        open = open.filter((i) => answers[i] === null);
      }
      return answers;
    },

    /** The sources' revisions joined; null when any source has none. */
    async revision(cell: GridCell): Promise<string | null> {
      const parts: string[] = [];
      for (const source of chain) {
        const part = source.revision ? await source.revision(cell) : null;
        if (part === null) return null;
        parts.push(part);
      }
      return parts.join(',');
    },
  };
  // The chain holds a year when any of its sources does; it states a first year only when
  // every source states one.
  if (chain.every((member) => member.firstYear)) {
    return {
      ...source,
      async firstYear(cell: GridCell): Promise<number | null> {
        const years = await Promise.all(chain.map((member) => member.firstYear!(cell)));
        const held = years.filter((year): year is number => year !== null);
        return held.length === 0 ? null : Math.min(...held);
      },
    };
  }
  return source;
}
