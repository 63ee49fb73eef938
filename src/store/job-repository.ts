/**
 * Batch jobs and their results: the queue lives here, in the database, so that a job accepted is
 * never lost and several instances share one queue.
 *
 * Claims: a worker claims the oldest runnable job (queued, or running with an expired lease) in
 * one conditional statement — `FOR UPDATE SKIP LOCKED` on PostgreSQL, an immediate transaction
 * on SQLite — and holds it with a random token and a lease it renews. Every later write of the
 * worker (results, lease, completion) is conditional on its token, so a worker whose claim was
 * taken over, or whose job was cancelled, can no longer change the job.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectName } from './database.js';
import type { Database, JobTable } from './schema.js';

/** `running` is shown to clients as `queued` ("queued, may be running"). */
export type JobState = 'queued' | 'running' | 'done' | 'cancelled' | 'purged';

export interface BundledRequest {
  title: string | null;
  /** `GET /v2/…` */
  api: string;
}

export interface JobRecord {
  id: number;
  accountId: number;
  title: string;
  type: string;
  state: JobState;
  requestCount: number;
  createdAt: number;
  completedAt: number | null;
  attempts: number;
}

/** A job held by one worker: only writes carrying `token` change it. */
export interface ClaimedJob {
  id: number;
  accountId: number;
  requests: BundledRequest[];
  token: string;
  attempts: number;
}

export interface JobResultRecord {
  position: number;
  httpStatus: number;
  /** Compact JSON. */
  payload: string;
}

export interface NewJob {
  accountId: number;
  title: string;
  type: string;
  requests: BundledRequest[];
}

export interface JobRepository {
  /** Queues a job; returns it with its queue position (1 = next to run). */
  insert(job: NewJob, now: number): Promise<{ job: JobRecord; queuePosition: number }>;
  get(accountId: number, id: number): Promise<JobRecord | undefined>;
  /** 1 + the number of queued jobs (all accounts) created before this one. */
  queuePosition(id: number): Promise<number>;
  requests(id: number): Promise<BundledRequest[]>;
  /** Stored results, in request order. */
  results(id: number): Promise<JobResultRecord[]>;
  /**
   * Queued or running → cancelled; done → purged (`purgeDone` decides for an expired one too).
   * Results are deleted. Undefined when the account has no such job.
   */
  cancel(accountId: number, id: number, now: number): Promise<JobRecord | undefined>;
  /**
   * Claims the oldest job that is queued or whose lease expired before `leaseNow`; deletes the
   * results of an earlier, unfinished run. Undefined when nothing is runnable.
   */
  claim(token: string, leaseNow: number, leaseUntil: number): Promise<ClaimedJob | undefined>;
  /** Renews the lease; false when the claim is lost (cancelled, or taken over). */
  extendLease(id: number, token: string, leaseUntil: number): Promise<boolean>;
  /** Stores results and renews the lease, only while the claim holds. */
  saveResults(id: number, token: string, leaseUntil: number, results: JobResultRecord[]): Promise<boolean>;
  /** Running → done, only while the claim holds. */
  complete(id: number, token: string, completedAt: number): Promise<boolean>;
  /** Running → queued (graceful shutdown); partial results are deleted. */
  release(id: number, token: string): Promise<boolean>;
  /** Done jobs completed at or before `cutoff` → purged, their results deleted; returns how many. */
  purgeCompletedBefore(cutoff: number, now: number): Promise<number>;
  /** Jobs waiting and running now (all accounts), for monitoring. */
  queueDepth(): Promise<{ queued: number; running: number }>;
}

const RESULT_ROWS_PER_INSERT = 200;

const toRecord = (row: Pick<JobTable, 'account_id' | 'title' | 'type' | 'state' | 'request_count' | 'created_at' | 'completed_at'> & { id: number; attempts: number }): JobRecord => ({
  id: row.id,
  accountId: row.account_id,
  title: row.title,
  type: row.type,
  state: row.state as JobState,
  requestCount: row.request_count,
  createdAt: Number(row.created_at),
  completedAt: row.completed_at === null ? null : Number(row.completed_at),
  attempts: row.attempts,
});

const RECORD_COLUMNS = ['id', 'account_id', 'title', 'type', 'state', 'request_count', 'created_at', 'completed_at', 'attempts'] as const;

function encodeRequests(requests: BundledRequest[]): string {
  return JSON.stringify(requests.map((r) => [r.title, r.api]));
}

function decodeRequests(text: string): BundledRequest[] {
  return (JSON.parse(text) as [string | null, string][]).map(([title, api]) => ({ title, api }));
}

export function jobRepository(db: Kysely<Database>, dialect: DialectName): JobRepository {
  /**
   * A write transaction that takes the write lock at its start: `BEGIN IMMEDIATE` on SQLite (so
   * that several processes on one file never both read the same queue state), an ordinary
   * transaction on PostgreSQL (row locks do the work there).
   */
  async function writeTransaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    if (dialect === 'postgres') return db.transaction().execute(work);
    return db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
  }

  const holdsClaim = async (trx: Kysely<Database>, id: number, token: string, leaseUntil: number) => {
    const result = await trx
      .updateTable('jobs')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('claim_token', '=', token)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };

  const queuePosition = async (executor: Kysely<Database>, id: number) => {
    const row = await executor
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'queued')
      .where('id', '<', id)
      .executeTakeFirstOrThrow();
    return Number(row.n) + 1;
  };

  return {
    async queueDepth() {
      const rows = await db
        .selectFrom('jobs')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('state', 'in', ['queued', 'running'])
        .groupBy('state')
        .execute();
      const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
      return { queued: count('queued'), running: count('running') };
    },
    async insert(job, now) {
      return writeTransaction(async (trx) => {
        const row = await trx
          .insertInto('jobs')
          .values({
            account_id: job.accountId,
            title: job.title,
            type: job.type,
            state: 'queued',
            requests: encodeRequests(job.requests),
            request_count: job.requests.length,
            created_at: now,
            claim_token: null,
            lease_until: null,
            completed_at: null,
            ended_at: null,
          })
          .returning(RECORD_COLUMNS)
          .executeTakeFirstOrThrow();
        return { job: toRecord(row), queuePosition: await queuePosition(trx, row.id) };
      });
    },

    async get(accountId, id) {
      const row = await db.selectFrom('jobs').select(RECORD_COLUMNS).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
      return row && toRecord(row);
    },

    queuePosition: (id) => queuePosition(db, id),

    async requests(id) {
      const row = await db.selectFrom('jobs').select('requests').where('id', '=', id).executeTakeFirst();
      return row ? decodeRequests(row.requests) : [];
    },

    async results(id) {
      const rows = await db
        .selectFrom('job_results')
        .select(['position', 'http_status', 'payload'])
        .where('job_id', '=', id)
        .orderBy('position')
        .execute();
      return rows.map((r) => ({ position: r.position, httpStatus: r.http_status, payload: r.payload }));
    },

    async cancel(accountId, id, now) {
      return writeTransaction(async (trx) => {
        await trx
          .updateTable('jobs')
          .set((eb) => ({
            state: eb.case().when('state', '=', 'done').then('purged').else('cancelled').end(),
            requests: '[]',
            claim_token: null,
            lease_until: null,
            ended_at: now,
          }))
          .where('id', '=', id)
          .where('account_id', '=', accountId)
          .where('state', 'in', ['queued', 'running', 'done'])
          .execute();
        const row = await trx.selectFrom('jobs').select(RECORD_COLUMNS).where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom('job_results').where('job_id', '=', id).execute();
        return toRecord(row);
      });
    },

    async claim(token, leaseNow, leaseUntil) {
      return writeTransaction(async (trx) => {
        const runnable = trx
          .selectFrom('jobs')
          .select('id')
          .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', leaseNow)])]))
          .orderBy('id')
          .limit(1);
        const row = await trx
          .updateTable('jobs')
          .set((eb) => ({ state: 'running', claim_token: token, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
          .where('id', '=', dialect === 'postgres' ? runnable.forUpdate().skipLocked() : runnable)
          .returning(['id', 'account_id', 'requests', 'attempts'])
          .executeTakeFirst();
        if (!row) return undefined;
        // An earlier run that did not finish (crash, lost lease) may have left results behind.
        await trx.deleteFrom('job_results').where('job_id', '=', row.id).execute();
        return { id: row.id, accountId: row.account_id, requests: decodeRequests(row.requests), token, attempts: row.attempts };
      });
    },

    extendLease: (id, token, leaseUntil) => writeTransaction((trx) => holdsClaim(trx, id, token, leaseUntil)),

    async saveResults(id, token, leaseUntil, results) {
      return writeTransaction(async (trx) => {
        // The lease update takes the job's row lock: a takeover or a cancellation is either
        // committed before (and this write is refused) or waits until this one is done.
        if (!(await holdsClaim(trx, id, token, leaseUntil))) return false;
        for (let start = 0; start < results.length; start += RESULT_ROWS_PER_INSERT) {
          const rows = results
            .slice(start, start + RESULT_ROWS_PER_INSERT)
            .map((r) => ({ job_id: id, position: r.position, http_status: r.httpStatus, payload: r.payload }));
          await trx.insertInto('job_results').values(rows).execute();
        }
        return true;
      });
    },

    async complete(id, token, completedAt) {
      const result = await writeTransaction((trx) =>
        trx
          .updateTable('jobs')
          .set({ state: 'done', completed_at: completedAt, claim_token: null, lease_until: null })
          .where('id', '=', id)
          .where('claim_token', '=', token)
          .where('state', '=', 'running')
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows) > 0;
    },

    async release(id, token) {
      return writeTransaction(async (trx) => {
        const result = await trx
          .updateTable('jobs')
          .set({ state: 'queued', claim_token: null, lease_until: null })
          .where('id', '=', id)
          .where('claim_token', '=', token)
          .where('state', '=', 'running')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('job_results').where('job_id', '=', id).execute();
        return true;
      });
    },

    async purgeCompletedBefore(cutoff, now) {
      return writeTransaction(async (trx) => {
        const purged = await trx
          .updateTable('jobs')
          .set({ state: 'purged', requests: '[]', ended_at: now })
          .where('state', '=', 'done')
          .where('completed_at', '<=', cutoff)
          .returning('id')
          .execute();
        const ids = purged.map((r) => r.id);
        for (let start = 0; start < ids.length; start += RESULT_ROWS_PER_INSERT) {
          await trx.deleteFrom('job_results').where('job_id', 'in', ids.slice(start, start + RESULT_ROWS_PER_INSERT)).execute();
        }
        return ids.length;
      });
    },
  };
}
