/**
 * Browser sessions of the account area, and failed sign-ins per email. Sessions are kept by the
 * SHA-256 of the cookie's value, so the table alone cannot be used to sign in.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface WebSession {
  /** SHA-256 (hex) of the session cookie's value. */
  id: string;
  accountId: number;
  /** The synchronizer token every form of this session carries. */
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface SignInFailures {
  failures: number;
  lastFailedAt: number;
}

export interface SessionRepository {
  create(session: WebSession): Promise<void>;
  find(id: string): Promise<WebSession | undefined>;
  touch(id: string, now: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Deletes sessions idle since `idleBefore` or created before `createdBefore`. */
  deleteExpired(idleBefore: number, createdBefore: number): Promise<number>;
  signInFailures(email: string): Promise<SignInFailures | undefined>;
  /** Counts one more failure; a count older than `resetBefore` starts again from one. Returns the new count. */
  recordSignInFailure(email: string, now: number, resetBefore: number): Promise<number>;
  clearSignInFailures(email: string): Promise<void>;
}

export function sessionRepository(db: Kysely<Database>): SessionRepository {
  return {
    async create(session) {
      await db
        .insertInto('web_sessions')
        .values({
          id: session.id,
          account_id: session.accountId,
          csrf_token: session.csrfToken,
          created_at: session.createdAt,
          last_seen_at: session.lastSeenAt,
        })
        .execute();
    },
    async find(id) {
      const row = await db.selectFrom('web_sessions').selectAll().where('id', '=', id).executeTakeFirst();
      return (
        row && {
          id: row.id,
          accountId: row.account_id,
          csrfToken: row.csrf_token,
          createdAt: Number(row.created_at),
          lastSeenAt: Number(row.last_seen_at),
        }
      );
    },
    async touch(id, now) {
      await db.updateTable('web_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    },
    async delete(id) {
      await db.deleteFrom('web_sessions').where('id', '=', id).execute();
    },
    async deleteExpired(idleBefore, createdBefore) {
      const result = await db
        .deleteFrom('web_sessions')
        .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', createdBefore)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async signInFailures(email) {
      const row = await db.selectFrom('web_sign_in_failures').selectAll().where('email', '=', email).executeTakeFirst();
      return row && { failures: row.failures, lastFailedAt: Number(row.last_failed_at) };
    },
    async recordSignInFailure(email, now, resetBefore) {
      // One statement that counts on from the stored row: a read followed by a write would let
      // concurrent failures (on PostgreSQL) read the same count and save it once.
      const row = await db
        .insertInto('web_sign_in_failures')
        .values({ email, failures: 1, last_failed_at: now })
        .onConflict((oc) =>
          oc.column('email').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('web_sign_in_failures.last_failed_at', '>=', resetBefore)
              .then(eb('web_sign_in_failures.failures', '+', 1))
              .else(1)
              .end(),
            last_failed_at: now,
          })),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },
    async clearSignInFailures(email) {
      await db.deleteFrom('web_sign_in_failures').where('email', '=', email).execute();
    },
  };
}
