/**
 * Batch jobs and their results: the queue lives here, in the database, so that a job accepted is
 * never lost and several instances share one queue.
 *
 * Claims: a worker claims a runnable job (queued, or running with an expired lease) in one
 * conditional statement — `FOR UPDATE SKIP LOCKED` on PostgreSQL, an immediate transaction on
 * SQLite — and holds it with a random token and a lease it renews. Every later write of the
 * worker (results, lease, completion) is conditional on its token, so a worker whose claim was
 * taken over, or whose job was cancelled, can no longer change the job.
 *
 * Accounts take turns: the claim picks the account with the fewest jobs running, then the one
 * served least recently (`served_at`), then its oldest job. A running job hands its turn back
 * when another account waits with fewer jobs running (`othersWaiting`); results are kept, so
 * the next claim goes on where the last one stopped.
 *
 * Results have a size: each row keeps its payload's bytes and each job their sum, so a budget of
 * bytes per job and per account is checked as results are saved (with the account's row held),
 * and a job's results are read back in pages of bounded size, never all at once.
 */
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from './database.js';
import { lockForUpdate } from './row-lock.js';
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
  /** The API key the requests run as (null: a job queued before keys were kept with jobs). */
  apiKey: string | null;
  requests: BundledRequest[];
  /** Positions that already have a result (saved by an earlier turn or run): not run again. */
  savedPositions: number[];
  token: string;
  attempts: number;
}

export interface JobResultRecord {
  position: number;
  httpStatus: number;
  /** Compact JSON. */
  payload: string;
  /** The `X-Data-Source` the request answered with, if any. */
  dataSource?: string | null;
}

/** Why a result is not stored as it is: it would take its job or its account past a budget. */
export interface BudgetOverrun {
  scope: 'job' | 'account';
  /** The budget, bytes. */
  budgetBytes: number;
  /** What the job's (or the account's) stored results hold already, bytes. */
  usedBytes: number;
  /** The result's payload, bytes. */
  resultBytes: number;
}

/** How many bytes of results a job, and all the jobs of its account, may keep. */
export interface ResultBudget {
  jobBytes: number;
  accountBytes: number;
  /** What is stored instead of a result that does not fit (small; kept even beyond the budget). */
  refusal(result: JobResultRecord, overrun: BudgetOverrun): JobResultRecord;
}

export interface NewJob {
  accountId: number;
  /** The API key that queues the job; its requests run as this key. */
  apiKey: string;
  title: string;
  type: string;
  requests: BundledRequest[];
}

export interface JobRepository {
  /**
   * Queues a job, unless the account's queued and running jobs would then bundle more than
   * `maxQueuedRequests` requests (checked while holding the account's row). Returns the job with
   * its queue position, or how many requests the account has queued already.
   */
  insert(job: NewJob, now: number, maxQueuedRequests?: number): Promise<{ job: JobRecord; queuePosition: number } | { refused: true; queuedRequests: number }>;
  get(accountId: number, id: number): Promise<JobRecord | undefined>;
  /**
   * 1 = next to run. Accounts take turns, one job each: the position counts the account's own
   * queued jobs before this one (k), and from every other account at most k of its queued jobs,
   * plus one more when it has a job queued before this one.
   */
  queuePosition(id: number): Promise<number>;
  requests(id: number): Promise<BundledRequest[]>;
  /**
   * The stored results in request order, in pages: a page holds results of at most `pageBytes`
   * together, or one result larger than that. Each page is one query, read when the previous one
   * has been taken, so reading a job of any size holds one page at a time (plus the positions and
   * sizes of at most 1,000 results). A job cancelled or purged meanwhile ends early.
   */
  resultPages(id: number, pageBytes: number): AsyncGenerator<JobResultRecord[], void, undefined>;
  /** Bytes of the stored results of the account's queued, running and done jobs. */
  accountResultBytes(accountId: number): Promise<number>;
  /**
   * Queued or running → cancelled; done → purged (one past its retention too, whether or not
   * `purgeCompletedBefore` reached it yet).
   * Results are deleted. Undefined when the account has no such job.
   */
  cancel(accountId: number, id: number, now: number): Promise<JobRecord | undefined>;
  /**
   * Claims a job that is queued or whose lease expired before `leaseNow`: of the account with the
   * fewest jobs running, then served least recently, the oldest. Results of earlier turns or runs
   * are kept (`savedPositions`). Undefined when nothing is runnable.
   */
  claim(token: string, leaseNow: number, leaseUntil: number): Promise<ClaimedJob | undefined>;
  /**
   * True when a runnable job of another account waits while that account has fewer jobs running
   * than `accountId` (this job included): the job should hand its turn back.
   */
  othersWaiting(accountId: number, leaseNow: number): Promise<boolean>;
  /** Renews the lease; false when the claim is lost (cancelled, or taken over). */
  extendLease(id: number, token: string, leaseUntil: number): Promise<boolean>;
  /**
   * Stores results and renews the lease, only while the claim holds. With a `budget`, each result
   * that would take the job's or the account's stored results past it is stored as the budget's
   * refusal instead (checked in order, holding the account's row, so that jobs of one account
   * saving at the same time never pass its budget together).
   */
  saveResults(id: number, token: string, leaseUntil: number, results: JobResultRecord[], budget?: ResultBudget): Promise<boolean>;
  /** Running → done, only while the claim holds; `leaseNow` (wall clock) is when the account was last served. */
  complete(id: number, token: string, completedAt: number, leaseNow?: number): Promise<boolean>;
  /** Running → queued (graceful shutdown, or its turn is over); results so far are kept. */
  release(id: number, token: string, leaseNow: number): Promise<boolean>;
  /** Done jobs completed at or before `cutoff` → purged, their results deleted; returns how many. */
  purgeCompletedBefore(cutoff: number, now: number): Promise<number>;
  /** Jobs waiting and running now (all accounts), for monitoring. */
  queueDepth(): Promise<{ queued: number; running: number }>;
}

const RESULT_ROWS_PER_INSERT = 200;
/** Positions and sizes read at once when a job's results are read page by page. */
const SIZES_PER_READ = 1000;
/** States whose jobs keep results (cancelled and purged jobs have none). */
const STATES_WITH_RESULTS = ['queued', 'running', 'done'];

/** Bytes of `text` in UTF-8: what a result's payload takes in storage and in the answer. */
export function payloadBytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

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
   * A write transaction: on SQLite it takes the write lock at its start (database.ts), so that
   * several processes on one file never both read the same queue state; row locks do the work on
   * PostgreSQL.
   */
  const writeTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> => db.transaction().execute(work);

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
    const job = await executor.selectFrom('jobs').select('account_id').where('id', '=', id).executeTakeFirst();
    if (!job) return 1;
    const accounts = await executor
      .selectFrom('jobs')
      .select((eb) => [
        'account_id',
        eb.fn.countAll<number | string>().as('queued'),
        eb.fn.sum<number | string | null>(eb.case().when('id', '<', id).then(1).else(0).end()).as('before'),
      ])
      .where('state', '=', 'queued')
      .groupBy('account_id')
      .execute();
    const own = Number(accounts.find((a) => a.account_id === job.account_id)?.before ?? 0);
    let position = 1 + own;
    for (const account of accounts) {
      if (account.account_id === job.account_id) continue;
      position += Math.min(Number(account.queued), own + (Number(account.before ?? 0) > 0 ? 1 : 0));
    }
    return position;
  };

  /** Jobs of the same account as `jobs.account_id` running on an unexpired lease. */
  const runningOfAccount = (eb: ExpressionBuilder<Database & { j: JobTable }, 'j'>, leaseNow: number) =>
    eb
      .selectFrom('jobs as r')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('r.account_id', '=', 'j.account_id')
      .where('r.state', '=', 'running')
      .where('r.lease_until', '>=', leaseNow);

  /**
   * The results as they are stored under `budget`: in order, each one that would take the job's
   * or the account's stored bytes past its budget is replaced by the budget's refusal. The
   * account's row is held until the transaction ends (PostgreSQL; SQLite's write lock already
   * serialises), so two jobs of one account cannot both take the last room.
   */
  const withinBudget = async (trx: Kysely<Database>, id: number, results: JobResultRecord[], budget: ResultBudget) => {
    const job = await trx.selectFrom('jobs').select(['account_id', 'result_bytes']).where('id', '=', id).executeTakeFirstOrThrow();
    await lockForUpdate(trx.selectFrom('accounts').select('id').where('id', '=', job.account_id), dialect).execute();
    const account = await trx
      .selectFrom('jobs')
      .select((eb) => eb.fn.sum<number | string | null>('result_bytes').as('n'))
      .where('account_id', '=', job.account_id)
      .where('state', 'in', STATES_WITH_RESULTS)
      .executeTakeFirstOrThrow();
    let jobUsed = Number(job.result_bytes);
    let accountUsed = Number(account.n ?? 0);
    return results.map((result) => {
      const resultBytes = payloadBytes(result.payload);
      let stored = result;
      if (jobUsed + resultBytes > budget.jobBytes) {
        stored = budget.refusal(result, { scope: 'job', budgetBytes: budget.jobBytes, usedBytes: jobUsed, resultBytes });
      } else if (accountUsed + resultBytes > budget.accountBytes) {
        stored = budget.refusal(result, { scope: 'account', budgetBytes: budget.accountBytes, usedBytes: accountUsed, resultBytes });
      }
      const bytes = stored === result ? resultBytes : payloadBytes(stored.payload);
      jobUsed += bytes;
      accountUsed += bytes;
      return { ...stored, position: result.position, bytes };
    });
  };

  const runnable = (eb: ExpressionBuilder<Database & { j: JobTable }, 'j'>, leaseNow: number) =>
    eb.or([eb('j.state', '=', 'queued'), eb.and([eb('j.state', '=', 'running'), eb('j.lease_until', '<', leaseNow)])]);

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
    async insert(job, now, maxQueuedRequests) {
      return writeTransaction(async (trx) => {
        if (maxQueuedRequests !== undefined) {
          // The account's row serialises its submissions (PostgreSQL; SQLite's write lock already does).
          await lockForUpdate(trx.selectFrom('accounts').select('id').where('id', '=', job.accountId), dialect).execute();
          const queued = await trx
            .selectFrom('jobs')
            .select((eb) => eb.fn.sum<number | string | null>('request_count').as('n'))
            .where('account_id', '=', job.accountId)
            .where('state', 'in', ['queued', 'running'])
            .executeTakeFirstOrThrow();
          const queuedRequests = Number(queued.n ?? 0);
          if (queuedRequests + job.requests.length > maxQueuedRequests) return { refused: true as const, queuedRequests };
        }
        const row = await trx
          .insertInto('jobs')
          .values({
            account_id: job.accountId,
            api_key: job.apiKey,
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

    async *resultPages(id, pageBytes) {
      let after = -1;
      for (;;) {
        // Positions and sizes only: the index job_results_sizes answers this without the payloads.
        const sizes = await db
          .selectFrom('job_results')
          .select(['position', 'bytes'])
          .where('job_id', '=', id)
          .where('position', '>', after)
          .orderBy('position')
          .limit(SIZES_PER_READ)
          .execute();
        if (sizes.length === 0) return;
        let start = 0;
        while (start < sizes.length) {
          let end = start + 1;
          let bytes = sizes[start]!.bytes;
          while (end < sizes.length && bytes + sizes[end]!.bytes <= pageBytes) bytes += sizes[end++]!.bytes;
          const rows = await db
            .selectFrom('job_results')
            .select(['position', 'http_status', 'payload', 'data_source'])
            .where('job_id', '=', id)
            .where('position', '>=', sizes[start]!.position)
            .where('position', '<=', sizes[end - 1]!.position)
            .orderBy('position')
            .execute();
          if (rows.length === 0) return;
          yield rows.map((r) => ({ position: r.position, httpStatus: r.http_status, payload: r.payload, ...(r.data_source === null ? {} : { dataSource: r.data_source }) }));
          start = end;
        }
        if (sizes.length < SIZES_PER_READ) return;
        after = sizes[sizes.length - 1]!.position;
      }
    },

    async accountResultBytes(accountId) {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.sum<number | string | null>('result_bytes').as('n'))
        .where('account_id', '=', accountId)
        .where('state', 'in', STATES_WITH_RESULTS)
        .executeTakeFirstOrThrow();
      return Number(row.n ?? 0);
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
            result_bytes: 0,
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
        const next = trx
          .selectFrom('jobs as j')
          .select('j.id')
          .where((eb) => runnable(eb, leaseNow))
          .orderBy((eb) => runningOfAccount(eb, leaseNow))
          .orderBy((eb) =>
            eb.fn.coalesce(
              eb.selectFrom('jobs as s').select((inner) => inner.fn.max('s.served_at').as('m')).whereRef('s.account_id', '=', 'j.account_id'),
              eb.lit(0),
            ),
          )
          .orderBy('j.id')
          .limit(1);
        const row = await trx
          .updateTable('jobs')
          .set((eb) => ({ state: 'running', claim_token: token, lease_until: leaseUntil, served_at: leaseNow, attempts: eb('attempts', '+', 1) }))
          .where('id', '=', dialect === 'postgres' ? next.forUpdate().skipLocked() : next)
          .returning(['id', 'account_id', 'api_key', 'requests', 'attempts'])
          .executeTakeFirst();
        if (!row) return undefined;
        const saved = await trx.selectFrom('job_results').select('position').where('job_id', '=', row.id).execute();
        return {
          id: row.id,
          accountId: row.account_id,
          apiKey: row.api_key,
          requests: decodeRequests(row.requests),
          savedPositions: saved.map((r) => r.position),
          token,
          attempts: row.attempts,
        };
      });
    },

    async othersWaiting(accountId, leaseNow) {
      const own = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('state', '=', 'running')
        .where('lease_until', '>=', leaseNow)
        .executeTakeFirstOrThrow();
      const waiting = await db
        .selectFrom('jobs as j')
        .select('j.id')
        .where('j.account_id', '!=', accountId)
        .where((eb) => runnable(eb, leaseNow))
        .where((eb) => eb(runningOfAccount(eb, leaseNow), '<', Number(own.n)))
        .limit(1)
        .executeTakeFirst();
      return waiting !== undefined;
    },

    extendLease: (id, token, leaseUntil) => writeTransaction((trx) => holdsClaim(trx, id, token, leaseUntil)),

    async saveResults(id, token, leaseUntil, results, budget) {
      return writeTransaction(async (trx) => {
        // The lease update takes the job's row lock: a takeover or a cancellation is either
        // committed before (and this write is refused) or waits until this one is done.
        if (!(await holdsClaim(trx, id, token, leaseUntil))) return false;
        const rows = budget ? await withinBudget(trx, id, results, budget) : results.map((r) => ({ ...r, bytes: payloadBytes(r.payload) }));
        for (let start = 0; start < rows.length; start += RESULT_ROWS_PER_INSERT) {
          const values = rows
            .slice(start, start + RESULT_ROWS_PER_INSERT)
            .map((r) => ({ job_id: id, position: r.position, http_status: r.httpStatus, payload: r.payload, bytes: r.bytes, data_source: r.dataSource ?? null }));
          await trx.insertInto('job_results').values(values).execute();
        }
        const added = rows.reduce((sum, r) => sum + r.bytes, 0);
        if (added > 0) {
          await trx
            .updateTable('jobs')
            .set({ result_bytes: sql<number>`result_bytes + ${added}` })
            .where('id', '=', id)
            .execute();
        }
        return true;
      });
    },

    async complete(id, token, completedAt, leaseNow) {
      const result = await writeTransaction((trx) =>
        trx
          .updateTable('jobs')
          .set({ state: 'done', completed_at: completedAt, claim_token: null, lease_until: null, ...(leaseNow !== undefined ? { served_at: leaseNow } : {}) })
          .where('id', '=', id)
          .where('claim_token', '=', token)
          .where('state', '=', 'running')
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows) > 0;
    },

    async release(id, token, leaseNow) {
      const result = await writeTransaction((trx) =>
        trx
          .updateTable('jobs')
          .set({ state: 'queued', claim_token: null, lease_until: null, served_at: leaseNow })
          .where('id', '=', id)
          .where('claim_token', '=', token)
          .where('state', '=', 'running')
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows) > 0;
    },

    async purgeCompletedBefore(cutoff, now) {
      return writeTransaction(async (trx) => {
        const purged = await trx
          .updateTable('jobs')
          .set({ state: 'purged', requests: '[]', result_bytes: 0, ended_at: now })
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
