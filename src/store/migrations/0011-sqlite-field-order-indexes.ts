import { type Kysely, sql } from 'kysely';
import { isSqlite } from './dialect-helpers.js';

/**
 * SQLite only: indexes in the forms `store/ordering.ts` writes its ORDER BY terms in there, so a
 * page of an account's fields sorted by one column, either way, is read in index order (SQLite
 * uses no index for `nulls last`, the form of 0010's indexes and of PostgreSQL's terms).
 *
 * - descending, every sortable column: (account, column desc, id);
 * - ascending, the nullable columns: (account, column is null, column, id), non-NULL first. They
 *   replace 0010's ascending indexes of those columns, which SQLite no longer uses.
 *
 * PostgreSQL reads 0010's indexes either way (it scans an index backwards and honours `nulls
 * last`): nothing changes there.
 */
const SORTED = ['name', 'farm_id', 'acres', 'latitude', 'longitude'];
const NULLABLE = ['name', 'acres'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  for (const column of SORTED) {
    await sql`create index ${sql.id(`fields_sort_${column}_desc`)} on fields (account_id, ${sql.id(column)} desc, id)`.execute(db);
  }
  for (const column of NULLABLE) {
    await sql`create index ${sql.id(`fields_sort_${column}_nulls_last`)} on fields (account_id, ${sql.id(column)} is null, ${sql.id(column)}, id)`.execute(db);
    await sql`drop index ${sql.id(`fields_sort_${column}`)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  for (const column of NULLABLE) {
    await sql`create index ${sql.id(`fields_sort_${column}`)} on fields (account_id, ${sql.id(column)}, id)`.execute(db);
    await sql`drop index ${sql.id(`fields_sort_${column}_nulls_last`)}`.execute(db);
  }
  for (const column of SORTED) await sql`drop index ${sql.id(`fields_sort_${column}_desc`)}`.execute(db);
}
