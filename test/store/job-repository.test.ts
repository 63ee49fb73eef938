/**
 * The job repository on every database kind, beyond the queue mechanics of
 * test/jobs/job-queue.test.ts: jobs belong to one account, cancelling and purging end a job for
 * its worker too, the cap on queued requests counts what is waiting or running, results are kept
 * in request order however many, and turns go to the account served least recently. Results
 * have sizes: a budget of bytes per job and per account, and reading in pages of bounded size.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as jobResultBytes from '../../src/store/migrations/0013-job-result-bytes.js';
import type { BudgetOverrun, BundledRequest, JobResultRecord, ResultBudget } from '../../src/store/job-repository.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

const NOW = Date.parse('2024-06-15T12:00:00Z');
const LEASE = 30_000;

describe.each(databaseKinds())('job repository on %s', (kind) => {
  let store: Store;
  let next = 0;
  const account = async () => (await store.accounts.create(`jobs-${++next}`, false, NOW)).id;
  const requests = (count: number): BundledRequest[] => Array.from({ length: count }, (_, i) => ({ title: i % 2 ? `r${i}` : null, api: `GET /v2/fields/f${i}` }));
  const queue = async (accountId: number, count = 2, cap?: number) => {
    const queued = await store.jobs.insert({ accountId, apiKey: 'key', title: 'job', type: 'batch', requests: requests(count) }, NOW, cap);
    if ('refused' in queued) throw new Error('refused');
    return queued.job.id;
  };
  const row = (id: number) =>
    store.handle.db.selectFrom('jobs').select(['state', 'requests', 'claim_token', 'lease_until', 'ended_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const result = (position: number, httpStatus = 200): JobResultRecord => ({ position, httpStatus, payload: JSON.stringify({ position }) });
  const storedResults = async (_: Store, id: number, pageBytes = 1024 * 1024) => {
    const all: JobResultRecord[] = [];
    for await (const page of store.jobs.resultPages(id, pageBytes)) all.push(...page);
    return all;
  };

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());
  // Claims take the next job of any account: each test starts with nothing runnable.
  beforeEach(async () => {
    await store.handle.db.updateTable('jobs').set({ state: 'cancelled', claim_token: null, lease_until: null }).where('state', 'in', ['queued', 'running']).execute();
  });

  it('queues a job as given and shows it to its own account only', async () => {
    const a = await account();
    const b = await account();
    const bundled = [
      { title: null, api: 'GET /v2/fields' },
      { title: 'Ünïcode "quoted" title', api: 'GET /v2/weather/observations/40.1,-88.2/2024-06-01,2024-06-10?units=us' },
    ];
    const queued = await store.jobs.insert({ accountId: a, apiKey: 'k-a', title: 'Season', type: 'batch', requests: bundled }, NOW);
    expect(queued).toEqual({
      job: { id: expect.any(Number), accountId: a, title: 'Season', type: 'batch', state: 'queued', requestCount: 2, createdAt: NOW, completedAt: null, attempts: 0 },
      queuePosition: 1,
    });
    const id = 'job' in queued ? queued.job.id : -1;
    expect(await store.jobs.get(a, id)).toEqual('job' in queued && queued.job);
    expect(await store.jobs.requests(id)).toEqual(bundled);
    expect(await store.jobs.get(b, id)).toBeUndefined();
    expect(await store.jobs.cancel(b, id, NOW)).toBeUndefined();
    expect((await row(id)).state).toBe('queued');
    expect(await store.jobs.requests(999_999)).toEqual([]);
    expect(await store.jobs.get(a, 999_999)).toBeUndefined();
  });

  it('cancels a queued job: its requests are dropped and no worker takes it', async () => {
    const a = await account();
    const id = await queue(a);
    expect(await store.jobs.cancel(a, id, NOW + 5)).toMatchObject({ id, state: 'cancelled', completedAt: null });
    expect(await row(id)).toEqual({ state: 'cancelled', requests: '[]', claim_token: null, lease_until: null, ended_at: NOW + 5 });
    expect(await store.jobs.claim('w', NOW, NOW + LEASE)).toBeUndefined();
    expect(await store.jobs.queueDepth()).toEqual({ queued: 0, running: 0 });
    // Cancelling again changes nothing.
    expect(await store.jobs.cancel(a, id, NOW + 9)).toMatchObject({ state: 'cancelled' });
    expect((await row(id)).ended_at).toBe(NOW + 5);
  });

  it('cancels a running job: its results are deleted and its worker can no longer write', async () => {
    const a = await account();
    const id = await queue(a, 3);
    const claim = (await store.jobs.claim('w', NOW, NOW + LEASE))!;
    expect(claim.id).toBe(id);
    expect(await store.jobs.saveResults(id, 'w', NOW + LEASE, [result(0)])).toBe(true);
    expect(await store.jobs.cancel(a, id, NOW + 1)).toMatchObject({ state: 'cancelled' });
    expect(await storedResults(store, id)).toEqual([]);
    expect(await store.jobs.saveResults(id, 'w', NOW + LEASE, [result(1)])).toBe(false);
    expect(await store.jobs.extendLease(id, 'w', NOW + 2 * LEASE)).toBe(false);
    expect(await store.jobs.complete(id, 'w', NOW + 2)).toBe(false);
    expect(await store.jobs.release(id, 'w', NOW + 2)).toBe(false);
    expect(await storedResults(store, id)).toEqual([]);
    expect((await store.jobs.get(a, id))?.state).toBe('cancelled');
    // An expired lease does not bring it back either.
    expect(await store.jobs.claim('v', NOW + 10 * LEASE, NOW + 11 * LEASE)).toBeUndefined();
  });

  it('purges a done job when it is cancelled, deleting its results', async () => {
    const a = await account();
    const id = await queue(a);
    await store.jobs.claim('w', NOW, NOW + LEASE);
    await store.jobs.saveResults(id, 'w', NOW + LEASE, [result(0), result(1)]);
    expect(await store.jobs.complete(id, 'w', NOW + 100)).toBe(true);
    expect(await store.jobs.get(a, id)).toMatchObject({ state: 'done', completedAt: NOW + 100, attempts: 1 });
    expect(await store.jobs.cancel(a, id, NOW + 200)).toMatchObject({ state: 'purged', completedAt: NOW + 100 });
    expect(await storedResults(store, id)).toEqual([]);
    expect(await row(id)).toMatchObject({ state: 'purged', requests: '[]', ended_at: NOW + 200 });
    // Purged stays purged, also for the retention sweep.
    expect(await store.jobs.cancel(a, id, NOW + 300)).toMatchObject({ state: 'purged' });
    expect(await store.jobs.purgeCompletedBefore(NOW + 1000, NOW + 1000)).toBe(0);
  });

  it('purges done jobs completed exactly at the cutoff, and only done ones', async () => {
    const a = await account();
    const done = await queue(a);
    await store.jobs.claim('w', NOW, NOW + LEASE);
    await store.jobs.complete(done, 'w', NOW);
    const cancelled = await queue(a);
    await store.jobs.cancel(a, cancelled, NOW);
    expect(await store.jobs.purgeCompletedBefore(NOW - 1, NOW + 1)).toBe(0);
    expect(await store.jobs.purgeCompletedBefore(NOW, NOW + 1)).toBe(1);
    expect(await row(done)).toMatchObject({ state: 'purged', requests: '[]', ended_at: NOW + 1 });
    expect((await row(cancelled)).state).toBe('cancelled');
  });

  it('counts queued and running jobs against the cap, not ended ones; a job fills it exactly', async () => {
    const a = await account();
    const b = await account();
    const insert = (accountId: number, count: number, cap: number) =>
      store.jobs.insert({ accountId, apiKey: 'key', title: 'cap', type: 'batch', requests: requests(count) }, NOW, cap);
    expect(await insert(a, 6, 5)).toEqual({ refused: true, queuedRequests: 0 });
    const running = await queue(a, 2);
    expect((await store.jobs.claim('w', NOW, NOW + LEASE))?.id).toBe(running);
    await queue(a, 1);
    expect(await insert(a, 3, 5)).toEqual({ refused: true, queuedRequests: 3 });
    expect('job' in (await insert(b, 5, 5))).toBe(true); // another account's room is its own
    expect('job' in (await insert(a, 2, 5))).toBe(true);
    expect(await insert(a, 1, 5)).toEqual({ refused: true, queuedRequests: 5 });
    await store.jobs.cancel(a, running, NOW);
    expect(await insert(a, 3, 5)).toEqual({ refused: true, queuedRequests: 3 });
    expect('job' in (await insert(a, 2, 5))).toBe(true);
  });

  it('reports the queue depth over every account, a job whose lease expired still running', async () => {
    const a = await account();
    const b = await account();
    await queue(a);
    await queue(a);
    await queue(b);
    await store.jobs.claim('w1', NOW, NOW + LEASE);
    await store.jobs.claim('w2', NOW, NOW + LEASE);
    expect(await store.jobs.queueDepth()).toEqual({ queued: 1, running: 2 });
    const taken = (await store.jobs.claim('w3', NOW + 2 * LEASE, NOW + 3 * LEASE))!;
    expect(taken).toBeDefined();
    expect(await store.jobs.queueDepth()).toEqual({ queued: 1, running: 2 });
  });

  it('keeps results in request order, however many and in whatever order saved, across turns', async () => {
    const a = await account();
    const id = await queue(a, 450);
    await store.jobs.claim('w', NOW, NOW + LEASE);
    // More than one insert statement's worth (200 rows), saved out of order.
    const first = Array.from({ length: 430 }, (_, i) => result(429 - i, i % 7 === 0 ? 404 : 200));
    expect(await store.jobs.saveResults(id, 'w', NOW + LEASE, first)).toBe(true);
    expect(await store.jobs.release(id, 'w', NOW + 1)).toBe(true);
    const again = (await store.jobs.claim('v', NOW + 2, NOW + 2 + LEASE))!;
    expect(again.id).toBe(id);
    expect(again.requests).toEqual(requests(450));
    expect(again.savedPositions.sort((x, y) => x - y)).toEqual(Array.from({ length: 430 }, (_, i) => i));
    expect(await store.jobs.saveResults(id, 'v', NOW + 2 + LEASE, Array.from({ length: 20 }, (_, i) => result(430 + i)))).toBe(true);
    expect(await store.jobs.complete(id, 'v', NOW + 3)).toBe(true);
    const stored = await storedResults(store, id);
    expect(stored.map((r) => r.position)).toEqual(Array.from({ length: 450 }, (_, i) => i));
    expect(stored[7]).toEqual({ position: 7, httpStatus: 200, payload: '{"position":7}' });
    expect(stored[429 - 7]).toEqual({ position: 422, httpStatus: 404, payload: '{"position":422}' });
  });

  it('gives the next turn to the account served least recently, never served first', async () => {
    const a = await account();
    const b = await account();
    const c = await account();
    const a1 = await queue(a);
    await store.jobs.claim('w', NOW, NOW + LEASE);
    await store.jobs.complete(a1, 'w', NOW + 1000, NOW + 1000);
    const b1 = await queue(b);
    await store.jobs.claim('w', NOW + 500, NOW + 500 + LEASE);
    await store.jobs.complete(b1, 'w', NOW + 600, NOW + 600);
    // Queued in this order; served last: A at +1000, B at +600, C never.
    const a2 = await queue(a);
    const b2 = await queue(b);
    const c1 = await queue(c);
    const order: number[] = [];
    for (let i = 0; i < 3; i++) {
      const claim = (await store.jobs.claim(`t${i}`, NOW + 2000 + i, NOW + 2000 + i + LEASE))!;
      order.push(claim.id);
      await store.jobs.complete(claim.id, claim.token, NOW + 2000 + i, NOW + 2000 + i);
    }
    expect(order).toEqual([c1, b2, a2]);
  });

  it('lets a job whose lease expired count as waiting, not running, when turns are weighed', async () => {
    const a = await account();
    const b = await account();
    await queue(a);
    const b1 = await queue(b);
    expect((await store.jobs.claim('wa', NOW, NOW + LEASE))?.accountId).toBe(a);
    expect((await store.jobs.claim('wb', NOW, NOW + LEASE))?.id).toBe(b1);
    // Both running on live leases: nobody waits.
    expect(await store.jobs.othersWaiting(a, NOW + 1)).toBe(false);
    // B's worker stops renewing; A renews. B's job is runnable again with no job of B running.
    expect(await store.jobs.extendLease((await store.handle.db.selectFrom('jobs').select('id').where('claim_token', '=', 'wa').executeTakeFirstOrThrow()).id, 'wa', NOW + 3 * LEASE)).toBe(true);
    expect(await store.jobs.othersWaiting(a, NOW + 2 * LEASE)).toBe(true);
    expect(await store.jobs.othersWaiting(b, NOW + 2 * LEASE)).toBe(false);
  });

  it('deletes the jobs and results of a deleted account', async () => {
    const a = await account();
    const id = await queue(a);
    await store.jobs.claim('w', NOW, NOW + LEASE);
    await store.jobs.saveResults(id, 'w', NOW + LEASE, [result(0)]);
    await store.handle.db.deleteFrom('accounts').where('id', '=', a).execute();
    expect(await store.handle.db.selectFrom('jobs').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await storedResults(store, id)).toEqual([]);
    expect(await store.jobs.queueDepth()).toEqual({ queued: 0, running: 0 });
  });

  describe('result sizes', () => {
    /** A result whose payload is `bytes` long (a JSON string). */
    const sized = (position: number, bytes: number): JobResultRecord => ({ position, httpStatus: 200, payload: JSON.stringify('x'.repeat(bytes - 2)) });
    const bytesOf = async (id: number) => Number((await store.handle.db.selectFrom('jobs').select('result_bytes').where('id', '=', id).executeTakeFirstOrThrow()).result_bytes);
    const running = async (accountId: number, count: number, token: string) => {
      const id = await queue(accountId, count);
      expect((await store.jobs.claim(token, NOW, NOW + LEASE))?.id).toBe(id);
      return id;
    };
    const refusals: BudgetOverrun[] = [];
    const budget = (jobBytes: number, accountBytes: number): ResultBudget => ({
      jobBytes,
      accountBytes,
      refusal: (r, overrun) => {
        refusals.push(overrun);
        return { position: r.position, httpStatus: 413, payload: `{"refused":"${overrun.scope}"}` };
      },
    });

    it('keeps each payload\'s UTF-8 bytes and the job\'s sum; cancelling or purging gives the account its room back', async () => {
      const a = await account();
      const id = await running(a, 3, 'w');
      await store.jobs.saveResults(id, 'w', NOW + LEASE, [sized(0, 100), { position: 1, httpStatus: 200, payload: '"é€"' }]);
      expect(await bytesOf(id)).toBe(100 + 7);
      const rows = await store.handle.db.selectFrom('job_results').select(['position', 'bytes']).where('job_id', '=', id).orderBy('position').execute();
      expect(rows).toEqual([
        { position: 0, bytes: 100 },
        { position: 1, bytes: 7 },
      ]);
      const other = await running(a, 1, 'v');
      await store.jobs.saveResults(other, 'v', NOW + LEASE, [sized(0, 50)]);
      expect(await store.jobs.accountResultBytes(a)).toBe(157);
      await store.jobs.complete(other, 'v', NOW);
      expect(await store.jobs.accountResultBytes(a)).toBe(157);
      await store.jobs.cancel(a, id, NOW);
      expect([await bytesOf(id), await store.jobs.accountResultBytes(a)]).toEqual([0, 50]);
      await store.jobs.purgeCompletedBefore(NOW, NOW);
      expect([await bytesOf(other), await store.jobs.accountResultBytes(a)]).toEqual([0, 0]);
    });

    it('reads a job far larger than a page in pages of bounded size (a larger result alone), in order, on its own queries', async () => {
      const a = await account();
      const count = 1_205; // more than the 1,000 positions and sizes read at once
      const id = await running(a, count, 'w');
      const sizeOf = (position: number) => (position === 7 ? 300_000 : position % 100 === 0 ? 40_000 : 1_000 + (position % 13));
      const all = Array.from({ length: count }, (_, i) => sized(i, sizeOf(i)));
      for (let start = 0; start < count; start += 300) expect(await store.jobs.saveResults(id, 'w', NOW + LEASE, all.slice(start, start + 300))).toBe(true);
      await store.jobs.complete(id, 'w', NOW);
      const total = all.reduce((sum, r) => sum + r.payload.length, 0);
      const pageBytes = 64 * 1024;
      expect(total).toBeGreaterThan(25 * pageBytes);

      const pages: number[][] = [];
      let largest = 0;
      for await (const page of store.jobs.resultPages(id, pageBytes)) {
        const bytes = page.reduce((sum, r) => sum + r.payload.length, 0);
        // Bounded by construction: a page holds at most pageBytes, or one result larger than that.
        if (page.length > 1) expect(bytes).toBeLessThanOrEqual(pageBytes);
        largest = Math.max(largest, bytes);
        pages.push(page.map((r) => r.position));
      }
      expect(largest).toBe(300_000);
      expect(pages.flat()).toEqual([...Array(count).keys()]);
      expect(pages.find((p) => p.includes(7))).toEqual([7]);
      // Pages are read as they are taken: stopping after the first reads nothing more.
      const reader = store.jobs.resultPages(id, pageBytes);
      expect((await reader.next()).value?.[0]?.position).toBe(0);
      await reader.return(undefined);
    });

    it('stores a result that would pass the job\'s budget as its refusal, and the rest goes on as long as it fits', async () => {
      refusals.length = 0;
      const a = await account();
      const id = await running(a, 5, 'w');
      expect(await store.jobs.saveResults(id, 'w', NOW + LEASE, [sized(0, 600), sized(1, 300), sized(2, 500)], budget(1_000, 10_000))).toBe(true);
      expect(await store.jobs.saveResults(id, 'w', NOW + LEASE, [sized(3, 60), sized(4, 200)], budget(1_000, 10_000))).toBe(true);
      expect((await storedResults(store, id)).map((r) => r.httpStatus)).toEqual([200, 200, 413, 200, 413]);
      const refusalBytes = '{"refused":"job"}'.length;
      expect(refusals).toEqual([
        { scope: 'job', budgetBytes: 1_000, usedBytes: 900, resultBytes: 500 },
        { scope: 'job', budgetBytes: 1_000, usedBytes: 960 + refusalBytes, resultBytes: 200 },
      ]);
      // A refusal counts by its own (small) size.
      expect(await bytesOf(id)).toBe(960 + 2 * refusalBytes);
    });

    it("holds all the account's jobs to the account's budget, stored results of done jobs included", async () => {
      refusals.length = 0;
      const a = await account();
      const b = await account();
      const first = await running(a, 1, 'w1');
      await store.jobs.saveResults(first, 'w1', NOW + LEASE, [sized(0, 700)], budget(1_000, 1_000));
      await store.jobs.complete(first, 'w1', NOW);
      const second = await running(a, 2, 'w2');
      expect(await store.jobs.saveResults(second, 'w2', NOW + LEASE, [sized(0, 400), sized(1, 250)], budget(1_000, 1_000))).toBe(true);
      expect((await storedResults(store, second)).map((r) => r.httpStatus)).toEqual([413, 200]);
      expect(refusals).toEqual([{ scope: 'account', budgetBytes: 1_000, usedBytes: 700, resultBytes: 400 }]);
      // Another account's budget is its own.
      const theirs = await running(b, 1, 'w3');
      await store.jobs.saveResults(theirs, 'w3', NOW + LEASE, [sized(0, 900)], budget(1_000, 1_000));
      expect((await storedResults(store, theirs))[0]!.httpStatus).toBe(200);
    });

    it('never lets two jobs of one account saving at once pass its budget together', async () => {
      const a = await account();
      const jobs = [await running(a, 10, 'p1'), await running(a, 10, 'p2')];
      await Promise.all(
        jobs.map(async (id, j) => {
          for (let i = 0; i < 10; i++) await store.jobs.saveResults(id, `p${j + 1}`, NOW + LEASE, [sized(i, 100)], budget(100_000, 1_000));
        }),
      );
      const kept = (await Promise.all(jobs.map((id) => storedResults(store, id)))).flat().filter((r) => r.httpStatus === 200);
      expect(kept).toHaveLength(10);
      expect(await store.jobs.accountResultBytes(a)).toBeLessThanOrEqual(1_000 + 10 * '{"refused":"account"}'.length);
    });

    it('measures the results stored before sizes were kept when it migrates', async () => {
      const a = await account();
      const id = await running(a, 2, 'm');
      await store.jobs.saveResults(id, 'm', NOW + LEASE, [sized(0, 120), { position: 1, httpStatus: 200, payload: '"Ünï"' }]);
      await jobResultBytes.down(store.handle.db as never);
      try {
        await store.handle.db.insertInto('job_results').values({ job_id: id, position: 2, http_status: 200, payload: '"ab"' } as never).execute();
      } finally {
        await jobResultBytes.up(store.handle.db as never);
      }
      const rows = await store.handle.db.selectFrom('job_results').select(['position', 'bytes']).where('job_id', '=', id).orderBy('position').execute();
      expect(rows.map((r) => r.bytes)).toEqual([120, 7, 4]);
      expect(await bytesOf(id)).toBe(131);
    });
  });
});
