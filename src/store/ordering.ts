import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from './database.js';

export interface SortTerm<Column extends string = string> {
  column: Column;
  descending: boolean;
}

/** The terms of a list's order, then `id` ascending to break ties unless a term names `id` already. */
export function withIdTieBreak<Column extends string>(sort: readonly SortTerm<Column | 'id'>[]): SortTerm<Column | 'id'>[] {
  return sort.some((term) => term.column === 'id') ? [...sort] : [...sort, { column: 'id', descending: false }];
}

export interface OrderColumn {
  column: string;
  /** Compared byte-wise (`collate "C"` on PostgreSQL; SQLite's default). */
  text: boolean;
  /** False for NOT NULL columns: SQLite then reads them in the order of a plain index. */
  nullable?: boolean;
}

/**
 * One ORDER BY term that sorts the same on both dialects: byte-wise text comparison and NULLs
 * last whatever the direction.
 *
 * On SQLite the term is written so that an index can give the order instead of a sort of every
 * row (it uses no index for `nulls last` on an ascending term): NULL is SQLite's smallest value,
 * so a descending term has its NULLs last already, an ascending term on a NOT NULL column has
 * none, and an ascending term on a nullable column is `column is null, column` (non-NULL first),
 * the form the expression indexes of migration 0011 are written in.
 */
export function orderTerm(order: OrderColumn, descending: boolean, dialect: DialectName): RawBuilder<unknown> {
  const ref = sql.ref(order.column);
  if (dialect === 'sqlite') {
    if (descending) return sql`${ref} desc`;
    return order.nullable === false ? sql`${ref} asc` : sql`${ref} is null, ${ref} asc`;
  }
  const collated = order.text ? sql`${ref} collate "C"` : ref;
  return descending ? sql`${collated} desc nulls last` : sql`${collated} asc nulls last`;
}
