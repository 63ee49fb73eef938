import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DialectName } from './database.js';
import { DuplicateKeyError, isUniqueViolation } from './errors.js';
import { createHeldFieldLists, type HeldFieldListOptions } from './held-field-lists.js';
import { type OrderColumn, orderTerm, type SortTerm, withIdTieBreak } from './ordering.js';
import { preparedQuery } from './prepared-query.js';
import { lockForUpdate } from './row-lock.js';
import type { Database, FieldTable } from './schema.js';

export interface FieldRecord {
  id: string;
  name: string | null;
  farmId: string;
  acres: number | null;
  latitude: number;
  longitude: number;
}

export type FieldSortColumn = 'name' | 'farmId' | 'acres' | 'latitude' | 'longitude' | 'id';

export interface Page<T> {
  items: T[];
  total: number;
}

export interface FieldRepository {
  /** Throws DuplicateKeyError when the account has a field with this id. */
  insert(accountId: number, field: FieldRecord, now: number): Promise<void>;
  get(accountId: number, id: string): Promise<FieldRecord | undefined>;
  /** How many fields the account has. */
  count(accountId: number): Promise<number>;
  list(accountId: number, options: { sort: SortTerm<FieldSortColumn>[]; limit: number; offset: number }): Promise<Page<FieldRecord>>;
  /**
   * Reads the field, lets `change` compute the new state, and saves it, all in one transaction
   * that holds the row: concurrent changes are applied one after the other, never lost.
   * `change` may throw to abandon the change. Returns undefined when the field does not exist.
   */
  update(accountId: number, id: string, change: (current: FieldRecord) => FieldRecord): Promise<FieldRecord | undefined>;
  delete(accountId: number, id: string): Promise<boolean>;
}

const COLUMNS: Record<FieldSortColumn, OrderColumn & { column: keyof FieldTable }> = {
  name: { column: 'name', text: true },
  farmId: { column: 'farm_id', text: true, nullable: false },
  acres: { column: 'acres', text: false },
  latitude: { column: 'latitude', text: false, nullable: false },
  longitude: { column: 'longitude', text: false, nullable: false },
  id: { column: 'id', text: true, nullable: false },
};

type FieldRow = Pick<FieldTable, 'id' | 'name' | 'farm_id' | 'acres' | 'latitude' | 'longitude'>;

const toRecord = (row: FieldRow): FieldRecord => ({
  id: row.id,
  name: row.name,
  farmId: row.farm_id,
  acres: row.acres,
  latitude: row.latitude,
  longitude: row.longitude,
});

const SELECTED = ['id', 'name', 'farm_id', 'acres', 'latitude', 'longitude'] as const;

/** Sort orders whose compiled list query is kept. */
const KEPT_SORT_ORDERS = 256;

/** A page of an account's fields in the order of `sort`, ties by id (unless `sort` names it). */
export function fieldPageQuery(db: Kysely<Database>, dialect: DialectName, sort: readonly SortTerm<FieldSortColumn>[], accountId: number, limit: number, offset: number) {
  let select = db.selectFrom('fields').select(SELECTED).where('account_id', '=', accountId);
  for (const term of withIdTieBreak(sort)) select = select.orderBy(orderTerm(COLUMNS[term.column], term.descending, dialect));
  return select.limit(limit).offset(offset);
}

/** Fields read by id that are kept in memory (SQLite), the most recently read: about 200 bytes each. */
const KEPT_FIELDS = 50_000;

/** What the kept fields hold of a field read only once so far. */
const ONCE_READ = Object.freeze({ mark: -1, record: undefined });

/**
 * Lists are cut from the account's fields held in memory (store/held-field-lists.ts), checked
 * against the account's `fields_revision` on every list; accounts with more fields than are held
 * are paged by the database.
 *
 * With `changeMark` (SQLite, database.ts), a field read by id is kept, and given again while the
 * mark is the one read before it was read: while nothing has written to the database since. A
 * field is the first thing nearly every request reads, and a primary-key read through the driver
 * costs more than the rest of a small answer. A field is kept from its second read on: reading the
 * mark costs nearly what it saves, so a field read once (most of a large account's) is only noted.
 * Kept fields are frozen: they are shared.
 */
export function fieldRepository(db: Kysely<Database>, dialect: DialectName, held?: HeldFieldListOptions, changeMark?: () => number): FieldRepository {
  const readForUpdate = (trx: Transaction<Database>, accountId: number, id: string) => {
    const query = trx.selectFrom('fields').select(SELECTED).where('account_id', '=', accountId).where('id', '=', id);
    return lockForUpdate(query, dialect).executeTakeFirst();
  };
  const byId = preparedQuery(db, 2, (accountId: number, id: string) =>
    db.selectFrom('fields').select(SELECTED).where('account_id', '=', accountId).where('id', '=', id),
  );
  const countQuery = preparedQuery(db, 1, (accountId: number) =>
    db
      .selectFrom('fields')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId),
  );
  // One compiled query per sort order asked for (column and direction of each term), the most
  // recently used kept: building and compiling a query costs as much as reading a page.
  const pages = new LRUCache<string, (accountId: number, limit: number, offset: number) => Promise<FieldRow[]>>({ max: KEPT_SORT_ORDERS });
  const pageQuery = (sort: SortTerm<FieldSortColumn>[]) => {
    const key = sort.map((t) => `${t.column}${t.descending ? '-' : '+'}`).join(',');
    let query = pages.get(key);
    if (!query) {
      query = preparedQuery(db, 3, (accountId: number, limit: number, offset: number) => fieldPageQuery(db, dialect, sort, accountId, limit, offset));
      pages.set(key, query);
    }
    return query;
  };
  const readById = async (accountId: number, id: string) => {
    const [row] = await byId(accountId, id);
    return row && toRecord(row);
  };
  const heldLists = createHeldFieldLists<FieldRecord, FieldSortColumn>(held);
  const kept = changeMark && { mark: changeMark, records: new LRUCache<string, { mark: number; record: FieldRecord | undefined }>({ max: KEPT_FIELDS }) };
  const revisionQuery = preparedQuery(db, 1, (accountId: number) => db.selectFrom('accounts').select('fields_revision').where('id', '=', accountId));
  // The account's revision and fields in one statement (one snapshot), one row with NULL fields
  // when it has none; no row when there is no such account.
  const allFieldsQuery = preparedQuery(db, 2, (accountId: number, limit: number) =>
    db
      .selectFrom('accounts')
      .leftJoin('fields', 'fields.account_id', 'accounts.id')
      .select(['accounts.fields_revision', 'fields.id', 'fields.name', 'fields.farm_id', 'fields.acres', 'fields.latitude', 'fields.longitude'])
      .where('accounts.id', '=', accountId)
      .limit(limit),
  );
  const databasePage = async (accountId: number, sort: SortTerm<FieldSortColumn>[], limit: number, offset: number): Promise<Page<FieldRecord>> => {
    const [rows, count] = await Promise.all([pageQuery(sort)(accountId, limit, offset), countQuery(accountId)]);
    return { items: rows.map(toRecord), total: Number(count[0]!.n) };
  };
  return {
    async insert(accountId, field, now) {
      try {
        await db
          .insertInto('fields')
          .values({
            account_id: accountId,
            id: field.id,
            name: field.name,
            farm_id: field.farmId,
            acres: field.acres,
            latitude: field.latitude,
            longitude: field.longitude,
            created_at: now,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateKeyError(`A field with id '${field.id}' exists already.`);
        throw error;
      }
    },
    async count(accountId) {
      const [row] = await countQuery(accountId);
      return Number(row!.n);
    },
    async get(accountId, id) {
      if (!kept) return readById(accountId, id);
      const key = `${accountId}/${id}`;
      const known = kept.records.get(key);
      // A field read once is only noted: most fields of a large account are read once in a while,
      // and reading the mark costs about what the read it would save does. From its second read
      // on it is kept.
      if (!known) {
        kept.records.set(key, ONCE_READ);
        return readById(accountId, id);
      }
      const mark = kept.mark();
      if (known.record && known.mark === mark) return known.record;
      const record = await readById(accountId, id);
      if (record) kept.records.set(key, { mark, record: Object.freeze(record) });
      return record;
    },
    async list(accountId, { sort, limit, offset }) {
      let list = heldLists.get(accountId);
      if (list) {
        const [account] = await revisionQuery(accountId);
        if (!account) return { items: [], total: 0 };
        if (account.fields_revision !== list.revision) list = undefined;
      }
      if (!list) {
        const rows = await allFieldsQuery(accountId, heldLists.readLimit);
        if (rows.length === 0) return { items: [], total: 0 };
        const fields = rows.filter((row): row is FieldRow & { fields_revision: number } => row.id !== null).map(toRecord);
        list = heldLists.hold(accountId, rows[0]!.fields_revision, fields);
      }
      return list.page(sort, limit, offset) ?? databasePage(accountId, sort, limit, offset);
    },
    async update(accountId, id, change) {
      return db.transaction().execute(async (trx) => {
        const row = await readForUpdate(trx, accountId, id);
        if (!row) return undefined;
        const next = change(toRecord(row));
        await trx
          .updateTable('fields')
          .set((eb) => ({ name: next.name, farm_id: next.farmId, version: eb('version', '+', 1) }))
          .where('account_id', '=', accountId)
          .where('id', '=', id)
          .execute();
        return next;
      });
    },
    async delete(accountId, id) {
      const result = await db.deleteFrom('fields').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
