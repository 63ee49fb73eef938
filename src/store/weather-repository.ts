/**
 * Stored weather rows. Daily values are packed per (dataset, cell, year), so a ten-year read of
 * one cell is ten rows; the packing itself is weather's (src/weather/daily-year-codec.ts,
 * hour-codec.ts), which this folder may not import: rows go in and out as bytes.
 */
import { type Kysely, type RawBuilder, sql, type SqlBool, type Transaction } from 'kysely';
import type { DialectName } from './database.js';
import { preparedQuery } from './prepared-query.js';
import { lockForUpdate } from './row-lock.js';
import type { Database } from './schema.js';

export interface DailyYearRow {
  dataset: string;
  year: number;
  days: Uint8Array;
  /** Where `days` begins in the stored row (bytes), when only a part of the row was read; absent for a whole row. */
  offset?: number;
  /** The elevation (m) the dataset's values at the cell stand for (see `writeElevation`); null when none was stored. */
  elevation: number | null;
}

/**
 * A part of each stored year row to read: a row of exactly `rowBytes` bytes gives only its bytes
 * [from, from + length); a row of any other length (another layout) comes whole.
 */
export interface RowPart {
  rowBytes: number;
  from: number;
  length: number;
}

export interface HourRow {
  time: number;
  hour: Uint8Array;
  fetchedAt: number;
}

export interface DatasetSummary {
  dataset: string;
  cells: number;
  firstYear: number;
  lastYear: number;
}

export interface WeatherRepository {
  /**
   * Rows of the cell for the years in [firstYear, lastYear]; all datasets, or those starting with
   * `datasetPrefix`; whole, or only `part` of each row (the database cuts it: a year row is tens of
   * kilobytes, and a request may need a few days of it).
   */
  readDailyYears(cellId: number, firstYear: number, lastYear: number, datasetPrefix?: string, part?: RowPart): Promise<DailyYearRow[]>;
  /**
   * Read-modify-write of one year row in a transaction that holds it: `change` gets the stored
   * bytes (or null) and returns the new bytes.
   */
  updateDailyYear(dataset: string, cellId: number, year: number, change: (current: Uint8Array | null) => Uint8Array, now: number): Promise<void>;
  readHours(cellId: number, dataset: string, start: number, end: number): Promise<HourRow[]>;
  writeHours(cellId: number, dataset: string, rows: { time: number; hour: Uint8Array }[], fetchedAt: number): Promise<void>;
  summary(): Promise<DatasetSummary[]>;
  /** Cells holding any daily data of datasets starting with `datasetPrefix`. */
  cellsWithDaily(datasetPrefix: string): Promise<number[]>;
  /** The earliest year of the cell's daily rows of datasets starting with `datasetPrefix`; null when there are none. */
  firstDailyYear(cellId: number, datasetPrefix: string): Promise<number | null>;
  /** Elevations (m) of the cell's datasets, by dataset; all datasets or those starting with `datasetPrefix`. */
  readElevations(cellId: number, datasetPrefix?: string): Promise<Map<string, number>>;
  /** Stores the elevation a dataset's values at the cell stand for (replacing an earlier one). */
  writeElevation(cellId: number, dataset: string, elevation: number, now: number): Promise<void>;
}

/**
 * The row's dataset starts with `prefix`, character for character, on both dialects. LIKE does
 * not: SQLite's knows no escape character unless one is named (so a prefix with an escaped `_` or
 * `%` matched nothing there) and ignores case.
 */
const datasetStartsWith = (length: number, prefix: string): RawBuilder<SqlBool> => sql<SqlBool>`substr(${sql.ref('dataset')}, 1, ${length}) = ${prefix}`;
/** `datasetStartsWith` of a known prefix. */
const startsWith = (prefix: string) => datasetStartsWith([...prefix].length, prefix);

const asBytes = (value: Uint8Array | Buffer): Uint8Array => (value instanceof Uint8Array ? value : new Uint8Array(value));

export function weatherRepository(db: Kysely<Database>, dialect: DialectName): WeatherRepository {
  const readForUpdate = (trx: Transaction<Database>, dataset: string, cellId: number, year: number) => {
    const query = trx
      .selectFrom('weather_daily_years')
      .select('days')
      .where('cell_id', '=', cellId)
      .where('dataset', '=', dataset)
      .where('year', '=', year);
    return lockForUpdate(query, dialect).executeTakeFirst();
  };
  // The reads of every weather request, compiled once (see prepared-query.ts).
  // A row of `rowBytes` bytes is cut to `length` bytes from `start` (1-based, as substr counts);
  // `size`, the stored row's length, tells whether it was.
  const dailyYearsQuery = (cellId: number, firstYear: number, lastYear: number, rowBytes: number, start: number, length: number) => {
    const days = sql.ref('days');
    return db
      .selectFrom('weather_daily_years')
      .select([
        'dataset',
        'year',
        sql<Uint8Array | Buffer>`case when length(${days}) = ${rowBytes} then substr(${days}, ${start}, ${length}) else ${days} end`.as('days'),
        sql<number>`length(${days})`.as('size'),
        (eb) =>
          eb
            .selectFrom('weather_dataset_sites as site')
            .select('site.elevation')
            .whereRef('site.cell_id', '=', 'weather_daily_years.cell_id')
            .whereRef('site.dataset', '=', 'weather_daily_years.dataset')
            .as('elevation'),
      ])
      .where('cell_id', '=', cellId)
      .where('year', '>=', firstYear)
      .where('year', '<=', lastYear)
      .orderBy('dataset')
      .orderBy('year');
  };
  const dailyYears = preparedQuery(db, 6, dailyYearsQuery);
  const dailyYearsOfDatasets = preparedQuery(
    db,
    8,
    (cellId: number, firstYear: number, lastYear: number, rowBytes: number, start: number, length: number, prefixLength: number, prefix: string) =>
      dailyYearsQuery(cellId, firstYear, lastYear, rowBytes, start, length).where(datasetStartsWith(prefixLength, prefix)),
  );
  const elevationsQuery = (cellId: number) => db.selectFrom('weather_dataset_sites').select(['dataset', 'elevation']).where('cell_id', '=', cellId);
  const elevations = preparedQuery(db, 1, elevationsQuery);
  const elevationsOfDatasets = preparedQuery(db, 3, (cellId: number, length: number, prefix: string) =>
    elevationsQuery(cellId).where(datasetStartsWith(length, prefix)),
  );
  return {
    async readDailyYears(cellId, firstYear, lastYear, datasetPrefix, part) {
      // No row is -1 bytes long: without a part every row comes whole.
      const [rowBytes, start, length] = part ? [part.rowBytes, part.from + 1, part.length] : [-1, 1, 0];
      const rows =
        datasetPrefix === undefined
          ? await dailyYears(cellId, firstYear, lastYear, rowBytes, start, length)
          : await dailyYearsOfDatasets(cellId, firstYear, lastYear, rowBytes, start, length, [...datasetPrefix].length, datasetPrefix);
      return rows.map((row) => {
        const elevation = row.elevation === null ? null : Number(row.elevation);
        return part && Number(row.size) === part.rowBytes
          ? { dataset: row.dataset, year: row.year, days: asBytes(row.days), offset: part.from, elevation }
          : { dataset: row.dataset, year: row.year, days: asBytes(row.days), elevation };
      });
    },
    async updateDailyYear(dataset, cellId, year, change, now) {
      await db.transaction().execute(async (trx) => {
        // Make sure the row exists so that it can be locked (two writers never both insert).
        await trx
          .insertInto('weather_daily_years')
          .values({ dataset, cell_id: cellId, year, days: new Uint8Array(0), updated_at: now })
          .onConflict((oc) => oc.columns(['cell_id', 'dataset', 'year']).doNothing())
          .execute();
        const row = await readForUpdate(trx, dataset, cellId, year);
        const current = row && row.days.length > 0 ? asBytes(row.days) : null;
        const next = change(current);
        if (current && Buffer.from(next).equals(Buffer.from(current))) return;
        await trx
          .updateTable('weather_daily_years')
          .set({ days: next, updated_at: now })
          .where('cell_id', '=', cellId)
          .where('dataset', '=', dataset)
          .where('year', '=', year)
          .execute();
      });
    },
    async readHours(cellId, dataset, start, end) {
      const rows = await db
        .selectFrom('weather_hours')
        .select(['time', 'hour', 'fetched_at'])
        .where('cell_id', '=', cellId)
        .where('dataset', '=', dataset)
        .where('time', '>=', start)
        .where('time', '<', end)
        .orderBy('time')
        .execute();
      return rows.map((row) => ({ time: row.time, hour: asBytes(row.hour), fetchedAt: row.fetched_at }));
    },
    async writeHours(cellId, dataset, rows, fetchedAt) {
      if (rows.length === 0) return;
      await db
        .insertInto('weather_hours')
        .values(rows.map((row) => ({ dataset, cell_id: cellId, time: row.time, hour: row.hour, fetched_at: fetchedAt })))
        .onConflict((oc) =>
          oc.columns(['cell_id', 'dataset', 'time']).doUpdateSet((eb) => ({ hour: eb.ref('excluded.hour'), fetched_at: eb.ref('excluded.fetched_at') })),
        )
        .execute();
    },
    async cellsWithDaily(datasetPrefix) {
      const rows = await db
        .selectFrom('weather_daily_years')
        .select('cell_id')
        .distinct()
        .where(startsWith(datasetPrefix))
        .execute();
      return rows.map((row) => row.cell_id);
    },
    async firstDailyYear(cellId, datasetPrefix) {
      const row = await db
        .selectFrom('weather_daily_years')
        .select((eb) => eb.fn.min<number | null>('year').as('first'))
        .where('cell_id', '=', cellId)
        .where(startsWith(datasetPrefix))
        .executeTakeFirst();
      return row?.first === null || row?.first === undefined ? null : Number(row.first);
    },
    async readElevations(cellId, datasetPrefix) {
      const rows = datasetPrefix === undefined ? await elevations(cellId) : await elevationsOfDatasets(cellId, [...datasetPrefix].length, datasetPrefix);
      return new Map(rows.map((row) => [row.dataset, Number(row.elevation)]));
    },
    async writeElevation(cellId, dataset, elevation, now) {
      await db
        .insertInto('weather_dataset_sites')
        .values({ dataset, cell_id: cellId, elevation, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['cell_id', 'dataset']).doUpdateSet((eb) => ({ elevation: eb.ref('excluded.elevation'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute();
    },
    async summary() {
      const rows = await db
        .selectFrom('weather_daily_years')
        .select((eb) => [
          'dataset',
          eb.fn.count<number>('cell_id').distinct().as('cells'),
          eb.fn.min<number>('year').as('first_year'),
          eb.fn.max<number>('year').as('last_year'),
        ])
        .groupBy('dataset')
        .orderBy('dataset')
        .execute();
      return rows.map((row) => ({ dataset: row.dataset, cells: Number(row.cells), firstYear: Number(row.first_year), lastYear: Number(row.last_year) }));
    },
  };
}
