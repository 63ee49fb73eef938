import { type Kysely, sql } from 'kysely';
import { isSqlite } from './dialect-helpers.js';

/**
 * One index per sortable field column, (account, column, id): a page of an account's fields sorted
 * by one column is read in index order instead of sorting every field of the account first.
 * Text columns sort byte-wise (`collate "C"` on PostgreSQL, SQLite's default), as lists do.
 */
const SORTED: { column: string; text: boolean }[] = [
  { column: 'name', text: true },
  { column: 'farm_id', text: true },
  { column: 'acres', text: false },
  { column: 'latitude', text: false },
  { column: 'longitude', text: false },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const collate = (text: boolean) => (text && !isSqlite(db) ? sql` collate "C"` : sql``);
  for (const { column, text } of SORTED) {
    await sql`create index ${sql.id(`fields_sort_${column}`)} on fields (account_id, ${sql.id(column)}${collate(text)}, id${collate(true)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { column } of SORTED) await db.schema.dropIndex(`fields_sort_${column}`).execute();
}
