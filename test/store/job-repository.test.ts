/**
 * The job repository on every database kind, beyond the queue mechanics of
 * test/jobs/job-queue.test.ts: jobs belong to one account, cancelling and purging end a job for
 * its worker too, the cap on queued requests counts what is waiting or running, results are kept
 * in request order however many, and turns go to the account served least recently.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BundledRequest, JobResultRecord } from '../../src/store/job-repository.js';
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
    expect(await store.jobs.results(id)).toEqual([]);
    expect(await store.jobs.saveResults(id, 'w', NOW + LEASE, [result(1)])).toBe(false);
    expect(await store.jobs.extendLease(id, 'w', NOW + 2 * LEASE)).toBe(false);
    expect(await store.jobs.complete(id, 'w', NOW + 2)).toBe(false);
    expect(await store.jobs.release(id, 'w', NOW + 2)).toBe(false);
    expect(await store.jobs.results(id)).toEqual([]);
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
    expect(await store.jobs.results(id)).toEqual([]);
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
    const stored = await store.jobs.results(id);
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
    expect(await store.jobs.results(id)).toEqual([]);
    expect(await store.jobs.queueDepth()).toEqual({ queued: 0, running: 0 });
  });
});
