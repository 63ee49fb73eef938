import { type Kysely, sql } from 'kysely';
import { isSqlite } from './dialect-helpers.js';

/**
 * `accounts.fields_revision`: a number that changes with every insert, update and delete of one of
 * the account's fields, in the same transaction, by triggers (so every writer bumps it, whatever
 * its version of the code). An instance that holds an account's fields in memory
 * (`store/held-field-lists.ts`) reads it to know whether what it holds is still the account's.
 * It counts up and wraps at 2³¹ − 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('fields_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isSqlite(db)) {
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'old'],
      ['delete', 'old'],
    ] as const) {
      await sql`create trigger ${sql.id(`fields_revision_${event}`)} after ${sql.raw(event)} on fields begin
        update accounts set fields_revision = (fields_revision + 1) % 2147483647 where id = ${sql.raw(row)}.account_id;
      end`.execute(db);
    }
    return;
  }
  // `set search_path from current`: the function finds `accounts` in the schema it was made in,
  // whatever the search path of the session whose write fires it.
  await sql`create function fields_revision_bump() returns trigger language plpgsql set search_path from current as $$
    begin
      update accounts set fields_revision = (fields_revision + 1) % 2147483647
        where id = case when tg_op = 'DELETE' then old.account_id else new.account_id end;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger fields_revision after insert or update or delete on fields for each row execute function fields_revision_bump()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`fields_revision_${event}`)}`.execute(db);
  } else {
    await sql`drop trigger fields_revision on fields`.execute(db);
    await sql`drop function fields_revision_bump()`.execute(db);
  }
  await db.schema.alterTable('accounts').dropColumn('fields_revision').execute();
}
