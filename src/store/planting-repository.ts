import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Kysely, sql, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DialectName } from './database.js';
import type { Page } from './field-repository.js';
import { type OrderColumn, orderTerm, type SortTerm, withIdTieBreak } from './ordering.js';
import { preparedQuery } from './prepared-query.js';
import { lockForUpdate } from './row-lock.js';
import type { Database, PlantingTable } from './schema.js';

/** A yield: an amount with its unit label (always both). */
export interface Yield {
  amount: number;
  units: string;
}

/** What a planting says, as written by the caller (crop resolved to its id). */
export interface PlantingValues {
  crop: string;
  plantingDate: string;
  projectedYield: Yield | null;
  projectedHarvestDate: string | null;
  actualYield: Yield | null;
  harvestDate: string | null;
}

export interface PlantingRecord extends PlantingValues {
  id: number;
  fieldId: string;
}

export type PlantingSortColumn = 'id' | 'crop' | 'fieldId' | 'plantingDate' | 'harvestDate';

export interface PlantingListOptions {
  /** Only the plantings of this field. */
  fieldId?: string;
  /** Only the current (most recently created) planting of each field. */
  currentOnly?: boolean;
  /** Only plantings of this crop id. */
  crop?: string;
  sort: SortTerm<PlantingSortColumn>[];
  limit: number;
  offset: number;
}

export interface PlantingRepository {
  /** Saves a new planting with an issued id; undefined when the account has no such field. */
  insert(accountId: number, fieldId: string, values: PlantingValues, now: number): Promise<PlantingRecord | undefined>;
  get(accountId: number, id: number): Promise<PlantingRecord | undefined>;
  /** How many plantings the account has. */
  count(accountId: number): Promise<number>;
  /** The most recently created planting of the field. */
  current(accountId: number, fieldId: string): Promise<PlantingRecord | undefined>;
  list(accountId: number, options: PlantingListOptions): Promise<Page<PlantingRecord>>;
  /**
   * Reads the planting, lets `change` compute the new values and saves them in one transaction
   * that holds the row. `change` may throw to abandon the change. Undefined when it does not exist.
   */
  update(accountId: number, id: number, change: (current: PlantingRecord) => PlantingValues): Promise<PlantingRecord | undefined>;
  delete(accountId: number, id: number): Promise<boolean>;
}

const COLUMNS: Record<PlantingSortColumn, OrderColumn & { column: keyof PlantingTable }> = {
  id: { column: 'id', text: false, nullable: false },
  crop: { column: 'crop', text: true, nullable: false },
  fieldId: { column: 'field_id', text: true, nullable: false },
  plantingDate: { column: 'planting_date', text: true, nullable: false },
  harvestDate: { column: 'harvest_date', text: true },
};

const SELECTED = [
  'id',
  'field_id',
  'crop',
  'planting_date',
  'projected_yield_amount',
  'projected_yield_units',
  'projected_harvest_date',
  'yield_amount',
  'yield_units',
  'harvest_date',
] as const;

type PlantingRow = Omit<Pick<PlantingTable, (typeof SELECTED)[number]>, 'id'> & { id: number };

const pair = (amount: number | null, units: string | null): Yield | null =>
  amount === null || units === null ? null : { amount, units };

const toRecord = (row: PlantingRow): PlantingRecord => ({
  id: Number(row.id),
  fieldId: row.field_id,
  crop: row.crop,
  plantingDate: row.planting_date,
  projectedYield: pair(row.projected_yield_amount, row.projected_yield_units),
  projectedHarvestDate: row.projected_harvest_date,
  actualYield: pair(row.yield_amount, row.yield_units),
  harvestDate: row.harvest_date,
});

const toColumns = (values: PlantingValues) => ({
  crop: values.crop,
  planting_date: values.plantingDate,
  projected_yield_amount: values.projectedYield?.amount ?? null,
  projected_yield_units: values.projectedYield?.units ?? null,
  projected_harvest_date: values.projectedHarvestDate,
  yield_amount: values.actualYield?.amount ?? null,
  yield_units: values.actualYield?.units ?? null,
  harvest_date: values.harvestDate,
});

/** The referenced field does not exist (either dialect). */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Counts of filtered lists kept (SQLite): one per account and filter, a few numbers each. */
const KEPT_COUNTS = 1024;

/**
 * With `changeMark` (SQLite, database.ts), a list's total is kept, and given again while the mark
 * is the one read before it was counted: while nothing has written to the database since. SQLite
 * counts on the event loop, row by row (300,000 plantings: 14–22 ms on a slow machine, as long
 * as a page at their deepest offset takes), and a client paging through a list asks the same
 * total page after page. Also on SQLite, the page and the count are read in two turns of the
 * event loop, so that other requests are answered between them.
 */
export function plantingRepository(db: Kysely<Database>, dialect: DialectName, changeMark?: () => number): PlantingRepository {
  const keptCounts = changeMark && new LRUCache<string, { mark: number; total: number }>({ max: KEPT_COUNTS });
  const readForUpdate = (trx: Transaction<Database>, accountId: number, id: number) => {
    const query = trx.selectFrom('plantings').select(SELECTED).where('account_id', '=', accountId).where('id', '=', id);
    return lockForUpdate(query, dialect).executeTakeFirst();
  };

  const filtered = (accountId: number, options: Pick<PlantingListOptions, 'fieldId' | 'currentOnly' | 'crop'>) => {
    let query = db.selectFrom('plantings').where('account_id', '=', accountId);
    if (options.fieldId !== undefined) query = query.where('field_id', '=', options.fieldId);
    if (options.crop !== undefined) query = query.where('crop', '=', options.crop);
    if (options.currentOnly) {
      query = query.where('id', 'in', (eb) =>
        eb
          .selectFrom('plantings as latest')
          .select((inner) => inner.fn.max('latest.id').as('latest_id'))
          .where('latest.account_id', '=', accountId)
          .groupBy('latest.field_id'),
      );
    }
    return query;
  };

  // `limit 1` as a literal: SQLite runs this read about twice as fast as with a bound limit.
  const countOfAccount = preparedQuery(db, 1, (accountId: number) =>
    db
      .selectFrom('plantings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId),
  );
  const latestOfField = preparedQuery(db, 2, (accountId: number, fieldId: string) =>
    db
      .selectFrom('plantings')
      .select(SELECTED)
      .where('account_id', '=', accountId)
      .where('field_id', '=', fieldId)
      .orderBy('id', 'desc')
      .limit(sql.lit(1)),
  );
  return {
    async insert(accountId, fieldId, values, now) {
      try {
        const row = await db
          .insertInto('plantings')
          .values({ account_id: accountId, field_id: fieldId, ...toColumns(values), created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: Number(row.id), fieldId, ...values };
      } catch (error) {
        if (isForeignKeyViolation(error)) return undefined;
        throw error;
      }
    },
    async count(accountId) {
      const [row] = await countOfAccount(accountId);
      return Number(row!.n);
    },
    async get(accountId, id) {
      const row = await db.selectFrom('plantings').select(SELECTED).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async current(accountId, fieldId) {
      const [row] = await latestOfField(accountId, fieldId);
      return row && toRecord(row);
    },
    async list(accountId, options) {
      let query = filtered(accountId, options).select(SELECTED);
      for (const term of withIdTieBreak(options.sort)) query = query.orderBy(orderTerm(COLUMNS[term.column], term.descending, dialect));
      const page = query.limit(options.limit).offset(options.offset);
      const counted = async () =>
        Number(
          (
            await filtered(accountId, options)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      if (!keptCounts) {
        const [rows, total] = await Promise.all([page.execute(), counted()]);
        return { items: rows.map(toRecord), total };
      }
      const key = JSON.stringify([accountId, options.fieldId ?? null, options.crop ?? null, options.currentOnly === true]);
      const mark = changeMark!();
      const rows = await page.execute();
      const kept = keptCounts.get(key);
      if (kept && kept.mark === mark) return { items: rows.map(toRecord), total: kept.total };
      await nextTurn();
      const countMark = changeMark!();
      const total = await counted();
      keptCounts.set(key, { mark: countMark, total });
      return { items: rows.map(toRecord), total };
    },
    async update(accountId, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await readForUpdate(trx, accountId, id);
        if (!row) return undefined;
        const current = toRecord(row);
        const next = change(current);
        await trx.updateTable('plantings').set(toColumns(next)).where('account_id', '=', accountId).where('id', '=', id).execute();
        return { id: current.id, fieldId: current.fieldId, ...next };
      });
    },
    async delete(accountId, id) {
      const result = await db.deleteFrom('plantings').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
