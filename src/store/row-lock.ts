import type { DialectName } from './database.js';

/**
 * Holds the selected rows until the transaction ends: `FOR UPDATE` on PostgreSQL. SQLite needs
 * nothing (a write transaction holds the file's write lock from its start, database.ts) and has
 * no such clause.
 */
export function lockForUpdate<Query extends { forUpdate(): Query }>(query: Query, dialect: DialectName): Query {
  return dialect === 'postgres' ? query.forUpdate() : query;
}
