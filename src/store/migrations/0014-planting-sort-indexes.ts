/**
 * Plantings listed in any accepted order are read in an index's order, never sorted whole: one
 * index per sort column and direction, each after the account and before the id (the tie-break,
 * ascending in both directions), in the form `store/ordering.ts` writes its terms in for each
 * dialect (SQLite: a nullable column ascending as `column is null, column`; PostgreSQL: text
 * byte-wise, NULLs last). The id order has its own index.
 */
import { type Kysely, sql } from 'kysely';
import { isSqlite } from './dialect-helpers.js';

const SORTED: { column: string; nullable: boolean }[] = [
  { column: 'crop', nullable: false },
  { column: 'field_id', nullable: false },
  { column: 'planting_date', nullable: false },
  { column: 'harvest_date', nullable: true },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index plantings_sort_id on plantings (account_id, id)`.execute(db);
  for (const { column, nullable } of SORTED) {
    const ref = sql.id(column);
    if (isSqlite(db)) {
      // (account_id, field_id, id) exists since 0002.
      if (column !== 'field_id') {
        await sql`create index ${sql.id(`plantings_sort_${column}`)} on plantings (account_id, ${nullable ? sql`${ref} is null, ` : sql``}${ref}, id)`.execute(db);
      }
      await sql`create index ${sql.id(`plantings_sort_${column}_desc`)} on plantings (account_id, ${ref} desc, id)`.execute(db);
    } else {
      await sql`create index ${sql.id(`plantings_sort_${column}`)} on plantings (account_id, ${ref} collate "C" asc nulls last, id)`.execute(db);
      await sql`create index ${sql.id(`plantings_sort_${column}_desc`)} on plantings (account_id, ${ref} collate "C" desc nulls last, id)`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { column } of SORTED) {
    if (!(isSqlite(db) && column === 'field_id')) await db.schema.dropIndex(`plantings_sort_${column}`).execute();
    await db.schema.dropIndex(`plantings_sort_${column}_desc`).execute();
  }
  await db.schema.dropIndex('plantings_sort_id').execute();
}
