/**
 * Accounts' fields held in memory, so that a page of a list in any order is cut from them instead
 * of being sorted and read by the database on every request.
 *
 * What is held for an account is tagged with the account's `fields_revision` (migration 0012:
 * triggers change it in the same transaction as every change to the account's fields). A list
 * reads the revision first, one indexed row, and uses what is held only when it is the same, so
 * a change made through any instance (or any process sharing the database) is seen by the next
 * list everywhere. Accounts with more than `maxFieldsPerAccount` fields are not held: their pages
 * come from the database as before.
 *
 * Pages sort as the database does (`store/ordering.ts`): text by code point (UTF-8 byte order,
 * SQLite's default and PostgreSQL's `collate "C"`), numbers numerically, NULLs last in either
 * direction, ties by id ascending unless a term names the id. A page is cut from the first term's
 * column order (made once per column and direction, like an index); only the runs of equal
 * first-term values around the page are sorted by every term.
 */
import { LRUCache } from 'lru-cache';
import { type SortTerm, withIdTieBreak } from './ordering.js';

/** A field as held: its sortable columns hold text, numbers or NULL, the id among them. */
type HeldRecord = { readonly id: string };

/** The fields of one account at one revision. */
export interface HeldFieldList<Field extends HeldRecord, Column extends keyof Field & string> {
  readonly revision: number;
  /** Undefined when the account has more fields than are held: pages come from the database. */
  page(sort: readonly SortTerm<Column>[], limit: number, offset: number): { items: Field[]; total: number } | undefined;
}

export interface HeldFieldLists<Field extends HeldRecord, Column extends keyof Field & string> {
  get(accountId: number): HeldFieldList<Field, Column> | undefined;
  /** Holds the account's fields read at `revision` (`fields` is every field, or more than the limit). */
  hold(accountId: number, revision: number, fields: Field[]): HeldFieldList<Field, Column>;
  /** Fields read for one account at most (one more tells that the account has too many). */
  readonly readLimit: number;
}

export interface HeldFieldListOptions {
  /** Accounts with more fields are not held. */
  maxFieldsPerAccount: number;
  /** Fields held over all accounts (the least recently listed accounts are dropped first). */
  maxFields: number;
}

export const DEFAULT_HELD_FIELD_LISTS: HeldFieldListOptions = { maxFieldsPerAccount: 5_000, maxFields: 200_000 };

export function createHeldFieldLists<Field extends HeldRecord, Column extends keyof Field & string>(
  options: HeldFieldListOptions = DEFAULT_HELD_FIELD_LISTS,
): HeldFieldLists<Field, Column> {
  type Held = HeldFieldList<Field, Column> & { size: number };
  const lists = new LRUCache<number, Held>({ maxSize: options.maxFields, sizeCalculation: (list) => list.size });
  return {
    readLimit: options.maxFieldsPerAccount + 1,
    get: (accountId) => lists.get(accountId),
    hold(accountId, revision, fields) {
      const held: Held = fields.length > options.maxFieldsPerAccount ? { revision, size: 1, page: () => undefined } : heldFieldList<Field, Column>(revision, fields);
      lists.set(accountId, held);
      return held;
    },
  };
}

/**
 * Code point order (that of UTF-8 bytes): JavaScript's `<` compares UTF-16 units, which puts a
 * character above U+FFFF (a surrogate pair, D800–DFFF) before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** Largest whole number that every product of ranks below stays under (exact in a double). */
const EXACT_KEYS = 2 ** 53;

function heldFieldList<Field extends HeldRecord, Column extends keyof Field & string>(revision: number, fields: Field[]): HeldFieldList<Field, Column> & { size: number } {
  const records: Field[] = fields.map((field) => Object.freeze({ ...field }));
  const count = records.length;
  /**
   * Per column, each field's rank among the column's distinct values (equal values share one),
   * −1 for NULL; made when a list first sorts by the column.
   */
  const ranks = new Map<Column | 'id', Int32Array>();
  const ranksOf = (column: Column | 'id'): Int32Array => {
    let columnRanks = ranks.get(column);
    if (columnRanks) return columnRanks;
    const value = (i: number) => records[i]![column] as string | number | null;
    const compare = (a: number, b: number) => {
      const x = value(a)!;
      const y = value(b)!;
      if (typeof x === 'string') return compareCodePoints(x, y as string);
      return x < (y as number) ? -1 : x > (y as number) ? 1 : 0;
    };
    const order = Array.from({ length: count }, (_, i) => i)
      .filter((i) => value(i) !== null)
      .sort(compare);
    columnRanks = new Int32Array(count).fill(-1);
    let rank = -1;
    order.forEach((i, k) => {
      if (k === 0 || compare(order[k - 1]!, i) !== 0) rank++;
      columnRanks![i] = rank;
    });
    ranks.set(column, columnRanks);
    return columnRanks;
  };

  /** Field indices by id rank (ids are unique). */
  let byIdRank: Int32Array | undefined;
  const fieldOfIdRank = (): Int32Array => {
    if (byIdRank) return byIdRank;
    const idRanks = ranksOf('id');
    byIdRank = new Int32Array(count);
    for (let i = 0; i < count; i++) byIdRank[idRanks[i]!] = i;
    return byIdRank;
  };

  /** `indices` in the order of `terms` (which end with an id term: no ties). */
  const sortIndices = (indices: Int32Array, terms: readonly SortTerm<Column | 'id'>[]): Int32Array => {
    const columns = terms.map((term) => ranksOf(term.column));
    const n = indices.length;
    // Ranks lie in 0 … count − 1; a term's key is its rank in the term's direction, NULL after all.
    const radix = count + 1;
    if (radix ** terms.length <= EXACT_KEYS) {
      // One number per field, the terms' keys as its digits: a numeric sort of those, the last
      // digit (the id's rank in the id term's direction: unique) telling which field each is.
      const keys = new Float64Array(n);
      for (let k = 0; k < n; k++) {
        const i = indices[k]!;
        let key = 0;
        for (let t = 0; t < terms.length; t++) {
          const rank = columns[t]![i]!;
          key = key * radix + (rank < 0 ? count : terms[t]!.descending ? count - 1 - rank : rank);
        }
        keys[k] = key;
      }
      keys.sort();
      const ofIdRank = fieldOfIdRank();
      const idDescending = terms.at(-1)!.descending;
      const sorted = new Int32Array(n);
      for (let k = 0; k < n; k++) {
        const idKey = keys[k]! % radix;
        sorted[k] = ofIdRank[idDescending ? count - 1 - idKey : idKey]!;
      }
      return sorted;
    }
    const byComparison = Array.from(indices).sort((a, b) => {
      for (let t = 0; t < terms.length; t++) {
        const x = columns[t]![a]!;
        const y = columns[t]![b]!;
        if (x === y) continue;
        if (x < 0) return 1;
        if (y < 0) return -1;
        return terms[t]!.descending ? y - x : x - y;
      }
      return 0;
    });
    return Int32Array.from(byComparison);
  };

  /**
   * Per column and direction, every field in that order, ties by id ascending: made when a list
   * first sorts by the column that way (like an index of the column).
   */
  const columnOrders = new Map<string, Int32Array>();
  const columnOrder = (column: Column | 'id', descending: boolean): Int32Array => {
    const key = `${column}${descending ? '-' : '+'}`;
    let order = columnOrders.get(key);
    if (!order) {
      const all = Int32Array.from({ length: count }, (_, i) => i);
      order = sortIndices(all, column === 'id' ? [{ column, descending }] : [{ column, descending }, { column: 'id', descending: false }]);
      columnOrders.set(key, order);
    }
    return order;
  };

  /**
   * Positions `offset` … `offset + limit − 1` of the fields in the order of `sort`: field indices.
   * They lie in the first term's column order; only the fields from the start of the first page
   * field's run of equal first-term values to the end of the last one's are sorted by every term.
   */
  const page = (sort: readonly SortTerm<Column>[], limit: number, offset: number): Int32Array => {
    const terms = withIdTieBreak<Column | 'id'>(sort);
    terms.length = terms.findIndex((term) => term.column === 'id') + 1; // ids are unique: later terms never decide
    const first = terms[0]!;
    const order = columnOrder(first.column, first.descending);
    const end = Math.min(count, offset + limit);
    // The column order is the whole order when nothing but ids ascending breaks its ties.
    if (terms.length === 1 || (terms.length === 2 && !terms[1]!.descending)) return order.subarray(offset, end);
    const firstRanks = ranksOf(first.column);
    let from = offset;
    while (from > 0 && firstRanks[order[from - 1]!] === firstRanks[order[offset]!]) from--;
    let to = end;
    while (to < count && firstRanks[order[to]!] === firstRanks[order[end - 1]!]) to++;
    return sortIndices(order.subarray(from, to), terms).subarray(offset - from, end - from);
  };

  return {
    revision,
    size: Math.max(1, count),
    page(sort, limit, offset) {
      const items: Field[] = [];
      if (offset < count && limit > 0) {
        const indices = page(sort, limit, offset);
        for (let k = 0; k < indices.length; k++) items.push(records[indices[k]!]!);
      }
      return { items, total: count };
    },
  };
}
