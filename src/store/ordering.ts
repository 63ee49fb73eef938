import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from './database.js';

export interface SortTerm<Column extends string = string> {
  column: Column;
  descending: boolean;
}

/**
 * One ORDER BY term that sorts the same on both dialects: byte-wise text comparison and NULLs
 * last whatever the direction.
 */
export function orderTerm(column: string, descending: boolean, dialect: DialectName, text: boolean): RawBuilder<unknown> {
  const ref = sql.ref(column);
  const collated = text && dialect === 'postgres' ? sql`${ref} collate "C"` : ref;
  return descending ? sql`${collated} desc nulls last` : sql`${collated} asc nulls last`;
}
