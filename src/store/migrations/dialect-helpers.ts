import { type ColumnDefinitionBuilder, type Kysely, SqliteAdapter } from 'kysely';

export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** An integer primary key the database numbers itself (SQLite rowid alias, PostgreSQL identity). */
export function autoIncrementId(db: Kysely<unknown>): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return isSqlite(db) ? (c) => c.primaryKey().autoIncrement() : (c) => c.primaryKey().generatedByDefaultAsIdentity();
}

/** Column type for byte strings: `blob` on SQLite, `bytea` on PostgreSQL. */
export function binaryType(db: Kysely<unknown>): 'blob' | 'bytea' {
  return isSqlite(db) ? 'blob' : 'bytea';
}
