/**
 * The `store` weather source: imported station data (datasets named `import:…`) for the cells
 * they were imported into. It answers a range only when one dataset holds every day of it;
 * otherwise the next source of the chain is asked. It has no forecasts. An answer carries the
 * station's elevation when the import gave one.
 *
 * Most cells hold no imported data: the set of cells that do is read once and re-read every
 * `refreshMs` (imports by another process show up within that time), so a request for any other
 * cell costs no query.
 */
import type { WeatherRepository } from '../store/weather-repository.js';
import { dayOfYear, type IsoDate, toEpochDay, yearOf } from '../core/dates.js';
import { type DailySeries, emptySeriesValues } from './daily-series.js';
import type { DailyResult, DailyWeather, GridCell, WeatherSource } from './weather-source.js';
import { DAILY_YEAR_CODEC, datesByYear, LAST_SLOT, type YearSlots } from './daily-year-codec.js';

const { decodeSlots, readSlotsInto, readYearSlot, slotsPart } = DAILY_YEAR_CODEC;

export const IMPORT_DATASET_PREFIX = 'import:';

export interface StoreSourceOptions {
  /** Elapsed-time source (ms, monotonic); default performance.now. */
  monotonic?: () => number;
  /** How often the set of cells with imported data is re-read. Default 30 s. */
  refreshMs?: number;
}

/** Stored years by dataset, then year (the slots read, decoded), and the elevations of the datasets that state one. */
interface StoredYears {
  datasets: Map<string, Map<number, YearSlots>>;
  elevations: Map<string, number>;
}

/** What to read of a cell: years, and the days of the year (0-based slots) needed in each. */
interface YearsToRead {
  firstYear: number;
  lastYear: number;
  firstSlot: number;
  lastSlot: number;
}

/** The years and slots of [start, end]: the range's own days when it lies in one year, else whole years. */
function yearsOfRange(start: IsoDate, end: IsoDate): YearsToRead {
  const firstYear = yearOf(start);
  const lastYear = yearOf(end);
  return firstYear === lastYear ? { firstYear, lastYear, firstSlot: dayOfYear(start) - 1, lastSlot: dayOfYear(end) - 1 } : { firstYear, lastYear, firstSlot: 0, lastSlot: LAST_SLOT };
}

export function createStoreSource(repository: WeatherRepository, options: StoreSourceOptions = {}): WeatherSource {
  const monotonic = options.monotonic ?? (() => performance.now());
  const refreshMs = options.refreshMs ?? 30_000;
  let known: { cells: Set<number>; readAt: number } | undefined;
  let reading: Promise<Set<number>> | undefined;
  async function cellsWithData(): Promise<Set<number>> {
    const now = monotonic();
    if (known && now - known.readAt < refreshMs && now >= known.readAt) return known.cells;
    reading ??= repository
      .cellsWithDaily(IMPORT_DATASET_PREFIX)
      .then((ids) => {
        known = { cells: new Set(ids), readAt: monotonic() };
        return known.cells;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }
  /**
   * The stored years of the cell, per dataset, and the datasets' elevations. Only the slots asked
   * for are read of each year (a year row is 38 kB; a week's observations need 700 bytes of it).
   */
  async function readStoredYears(cellId: number, read: YearsToRead): Promise<StoredYears> {
    // One query: each row carries its dataset's elevation.
    const rows = await repository.readDailyYears(cellId, read.firstYear, read.lastYear, IMPORT_DATASET_PREFIX, slotsPart(read.firstSlot, read.lastSlot));
    const datasets = new Map<string, Map<number, YearSlots>>();
    const elevations = new Map<string, number>();
    for (const row of rows) {
      let perYear = datasets.get(row.dataset);
      if (!perYear) datasets.set(row.dataset, (perYear = new Map()));
      perYear.set(row.year, decodeSlots(row.days, row.offset));
      if (row.elevation !== null) elevations.set(row.dataset, row.elevation);
    }
    return { datasets, elevations };
  }

  // Reads of one cell asked for in the same turn are made together: a norm asks for each of its
  // ten or more seasons at once, and one query of the years they span costs far less than a
  // query a season. Each caller reads only its own years.
  // A read whose years lie apart from the pending read's is made on its own. The seasons of a
  // norm need the same days of each year, so the batch's slots are those of every caller.
  const batches = new Map<number, { toRead: YearsToRead; read: Promise<StoredYears> }>();
  function storedYears(cell: GridCell, start: IsoDate, end: IsoDate): Promise<StoredYears> {
    const wanted = yearsOfRange(start, end);
    const pending = batches.get(cell.id);
    if (pending) {
      const { toRead } = pending;
      const first = Math.min(toRead.firstYear, wanted.firstYear);
      const last = Math.max(toRead.lastYear, wanted.lastYear);
      if (last - first <= toRead.lastYear - toRead.firstYear + (wanted.lastYear - wanted.firstYear) + 2) {
        pending.toRead = {
          firstYear: first,
          lastYear: last,
          firstSlot: Math.min(toRead.firstSlot, wanted.firstSlot),
          lastSlot: Math.max(toRead.lastSlot, wanted.lastSlot),
        };
        return pending.read;
      }
      return readStoredYears(cell.id, wanted);
    }
    const batch = { toRead: wanted, read: undefined as unknown as Promise<StoredYears> };
    batch.read = Promise.resolve().then(() => {
      batches.delete(cell.id);
      return readStoredYears(cell.id, batch.toRead);
    });
    batches.set(cell.id, batch);
    return batch.read;
  }

  return {
    name: 'store',
    // Imports hold daily values only.
    hourlyDetailDeg: null,
    async daily(cell, range): Promise<DailyResult | null> {
      if (!(await cellsWithData()).has(cell.id)) return null;
      const byYear = datesByYear(range.start, range.end);
      const years = [...byYear.keys()];
      if (years.length === 0) return null;
      const { datasets, elevations } = await storedYears(cell, range.start, range.end);
      for (const [dataset, perYear] of datasets) {
        const days: DailyWeather[] = [];
        let whole = true;
        for (const [year, dates] of byYear) {
          const slots = perYear.get(year);
          for (const date of dates) {
            const stored = slots && readYearSlot(slots, date);
            if (!stored) {
              whole = false;
              break;
            }
            days.push(stored.day);
          }
          if (!whole) break;
        }
        if (whole) return { source: dataset, days, elevation: elevations.get(dataset) ?? null };
      }
      return null;
    },
    /** As `daily`, copied from the stored years into series (no day objects). */
    async dailySeries(cell, range): Promise<DailySeries | null> {
      if (range.end < range.start || !(await cellsWithData()).has(cell.id)) return null;
      const firstYear = yearOf(range.start);
      const lastYear = yearOf(range.end);
      const { datasets, elevations } = await storedYears(cell, range.start, range.end);
      const firstEpochDay = toEpochDay(range.start);
      const length = toEpochDay(range.end) - firstEpochDay + 1;
      for (const [dataset, perYear] of datasets) {
        const values = emptySeriesValues(length);
        let at = 0;
        for (let year = firstYear; year <= lastYear && at >= 0; year++) {
          const stored = perYear.get(year);
          const yearStart = toEpochDay(`${String(year).padStart(4, '0')}-01-01`);
          const from = Math.max(firstEpochDay, yearStart) - yearStart;
          const count = Math.min(firstEpochDay + length, toEpochDay(`${String(year + 1).padStart(4, '0')}-01-01`)) - (yearStart + from);
          if (!stored || !readSlotsInto(stored, from, count, values, at)) at = -1;
          else at += count;
        }
        if (at === length) return { source: dataset, elevation: elevations.get(dataset) ?? null, firstEpochDay, length, values };
      }
      return null;
    },
    /** The first year imported at the cell: norms may reach back to it (the chain's other sources permitting). */
    async firstYear(cell) {
      if (!(await cellsWithData()).has(cell.id)) return null;
      return repository.firstDailyYear(cell.id, IMPORT_DATASET_PREFIX);
    },
    async hourly() {
      return null;
    },
    // Imported data can change with any import, so answers from it are never kept; a cell without
    // imported data has none until the cell set is re-read, and then its revision becomes null.
    async revision(cell) {
      return (await cellsWithData()).has(cell.id) ? null : 'store:none';
    },
  };
}
