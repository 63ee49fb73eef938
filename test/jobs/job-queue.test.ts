/** The database queue: claims, leases, hand-back and retention, on every database kind. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';
import { storedResults } from './job-test-helpers.js';

const NOW = Date.parse('2024-06-15T12:00:00Z');
const LEASE = 30_000;

describe.each(databaseKinds())('job queue on %s', (kind) => {
  let store: Store;
  let accountId: number;

  beforeAll(async () => {
    store = await openTestStore(kind);
    accountId = (await store.accounts.create('queue', false, NOW)).id;
  });
  afterAll(async () => store.close());

  const queue = async (count: number, title = 'job', account = accountId) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const queued = await store.jobs.insert(
        { accountId: account, apiKey: 'key', title: `${title}-${i}`, type: 'batch', requests: [{ title: null, api: 'GET /v2/fields' }, { title: 't', api: 'GET /v2/fields/x' }] },
        NOW,
      );
      if ('refused' in queued) throw new Error('refused');
      ids.push(queued.job.id);
    }
    return ids;
  };
  /** Claims until the queue is empty (as a finishing worker would). */
  const drain = async (token: string, at = NOW) => {
    for (;;) {
      const job = await store.jobs.claim(token, at, at + LEASE);
      if (!job) return;
      await store.jobs.complete(job.id, token, at);
    }
  };
  const state = async (id: number) =>
    store.handle.db.selectFrom('jobs').select(['state', 'attempts', 'claim_token']).where('id', '=', id).executeTakeFirstOrThrow();
  const resultCount = async (id: number) =>
    Number((await store.handle.db.selectFrom('job_results').select((eb) => eb.fn.countAll<number>().as('n')).where('job_id', '=', id).executeTakeFirstOrThrow()).n);

  it('queues in creation order and reports positions; claims the oldest first, each once while its lease holds', async () => {
    await drain('cleanup');
    const ids = await queue(3);
    expect(await Promise.all(ids.map((id) => store.jobs.queuePosition(id)))).toEqual([1, 2, 3]);
    const first = await store.jobs.claim('a', NOW, NOW + LEASE);
    expect(first).toMatchObject({ id: ids[0], accountId, token: 'a', attempts: 1 });
    expect(first!.requests).toEqual([
      { title: null, api: 'GET /v2/fields' },
      { title: 't', api: 'GET /v2/fields/x' },
    ]);
    expect(await Promise.all(ids.slice(1).map((id) => store.jobs.queuePosition(id)))).toEqual([1, 2]);
    expect((await store.jobs.claim('b', NOW + 1000, NOW + 1000 + LEASE))?.id).toBe(ids[1]);
    expect((await store.jobs.claim('c', NOW + 1000, NOW + 1000 + LEASE))?.id).toBe(ids[2]);
    expect(await store.jobs.claim('d', NOW + 2000, NOW + 2000 + LEASE)).toBeUndefined();
    for (const [id, token] of [
      [ids[0]!, 'a'],
      [ids[1]!, 'b'],
      [ids[2]!, 'c'],
    ] as const) {
      expect(await store.jobs.complete(id, token, NOW)).toBe(true);
    }
  });

  it('gives a job whose lease expired to another worker, with the results saved so far; the first can no longer write', async () => {
    const [id] = await queue(1, 'lease');
    const first = (await store.jobs.claim('first', NOW, NOW + LEASE))!;
    expect(await store.jobs.saveResults(id!, 'first', NOW + LEASE, [{ position: 0, httpStatus: 200, payload: '{"a":1}' }])).toBe(true);
    expect(await store.jobs.extendLease(id!, 'first', NOW + 2 * LEASE)).toBe(true);
    // Still held at the renewed lease's end minus one millisecond.
    expect(await store.jobs.claim('second', NOW + 2 * LEASE - 1, NOW + 3 * LEASE)).toBeUndefined();
    const second = await store.jobs.claim('second', NOW + 2 * LEASE + 1, NOW + 3 * LEASE);
    expect(second).toMatchObject({ id: first.id, token: 'second', attempts: 2, savedPositions: [0], apiKey: 'key' });
    expect(await resultCount(id!)).toBe(1);
    expect(await store.jobs.saveResults(id!, 'first', NOW + 4 * LEASE, [{ position: 1, httpStatus: 200, payload: '{}' }])).toBe(false);
    expect(await store.jobs.extendLease(id!, 'first', NOW + 4 * LEASE)).toBe(false);
    expect(await store.jobs.complete(id!, 'first', NOW)).toBe(false);
    expect(await store.jobs.release(id!, 'first', NOW)).toBe(false);
    expect(await resultCount(id!)).toBe(1);
    expect(await store.jobs.saveResults(id!, 'second', NOW + 4 * LEASE, [{ position: 1, httpStatus: 404, payload: '{"b":2}' }])).toBe(true);
    expect(await store.jobs.complete(id!, 'second', NOW + 5)).toBe(true);
    expect(await state(id!)).toEqual({ state: 'done', attempts: 2, claim_token: null });
    expect(await storedResults(store, id!)).toEqual([
      { position: 0, httpStatus: 200, payload: '{"a":1}' },
      { position: 1, httpStatus: 404, payload: '{"b":2}' },
    ]);
  });

  it('takes a released job back into the queue at its place, with its results so far', async () => {
    const [older, younger] = await queue(2, 'release');
    const claimed = (await store.jobs.claim('w', NOW, NOW + LEASE))!;
    expect(claimed.id).toBe(older);
    await store.jobs.saveResults(older!, 'w', NOW + LEASE, [{ position: 0, httpStatus: 200, payload: '{}' }]);
    expect(await store.jobs.release(older!, 'w', NOW)).toBe(true);
    expect(await state(older!)).toEqual({ state: 'queued', attempts: 1, claim_token: null });
    expect(await resultCount(older!)).toBe(1);
    expect(await store.jobs.queuePosition(older!)).toBe(1);
    expect(await store.jobs.queuePosition(younger!)).toBe(2);
    const again = await store.jobs.claim('v', NOW, NOW + LEASE);
    expect(again).toMatchObject({ id: older, savedPositions: [0] });
    await store.jobs.complete(older!, 'v', NOW);
    await drain('cleanup');
  });

  it('takes turns between accounts: fewest jobs running first, then the account served least recently', async () => {
    await drain('cleanup');
    const [a, b, c] = await Promise.all(['turn-a', 'turn-b', 'turn-c'].map(async (name) => (await store.accounts.create(name, false, NOW)).id));
    const [a1, a2, a3] = await queue(3, 'a', a);
    const [b1] = await queue(1, 'b', b);
    const [c1] = await queue(1, 'c', c);
    // Round robin: one job of each account, in the order they have jobs waiting, then A again.
    expect(await store.jobs.queuePosition(b1!)).toBe(2);
    expect(await store.jobs.queuePosition(c1!)).toBe(3);
    expect(await store.jobs.queuePosition(a2!)).toBe(4);
    expect(await store.jobs.queuePosition(a3!)).toBe(5);
    const claims = [];
    for (let i = 0; i < 4; i++) claims.push((await store.jobs.claim(`turn-${i}`, NOW + i, NOW + i + LEASE))!.id);
    expect(claims).toEqual([a1, b1, c1, a2]);

    // A has two jobs running, B one: A's only waiting job is its own; B waiting with fewer running makes A yield.
    expect(await store.jobs.othersWaiting(a, NOW + 5)).toBe(false);
    const [b2] = await queue(1, 'b2', b);
    expect(await store.jobs.othersWaiting(a, NOW + 5)).toBe(true);
    expect(await store.jobs.othersWaiting(b, NOW + 5)).toBe(false);
    expect(await store.jobs.othersWaiting(c, NOW + 5)).toBe(false);
    // A hands a2 back; the next claim goes to B, served before A's hand-back.
    expect(await store.jobs.release(a2!, 'turn-3', NOW + 10)).toBe(true);
    expect((await store.jobs.claim('turn-4', NOW + 11, NOW + 11 + LEASE))?.id).toBe(b2);
    await drain('cleanup', NOW + 10 * LEASE);
  });

  it("refuses a job that would take the account's queued requests over the cap, even when submissions race", async () => {
    const account = (await store.accounts.create('capped', false, NOW)).id;
    const job = { accountId: account, apiKey: 'key', title: 'cap', type: 'batch', requests: [{ title: null, api: 'GET /v2/fields' }, { title: null, api: 'GET /v2/fields' }] };
    const first = await store.jobs.insert(job, NOW, 3);
    expect('job' in first).toBe(true);
    expect(await store.jobs.insert(job, NOW, 3)).toEqual({ refused: true, queuedRequests: 2 });
    const racing = await Promise.all(Array.from({ length: 6 }, () => store.jobs.insert(job, NOW, 7)));
    expect(racing.filter((r) => 'job' in r)).toHaveLength(2);
    // Done jobs no longer count.
    await drain('cleanup');
    expect('job' in (await store.jobs.insert(job, NOW, 3))).toBe(true);
    await drain('cleanup');
  });

  it('claims each job once when many claims race', async () => {
    const ids = await queue(12, 'race');
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => store.jobs.claim(`racer-${i}`, NOW, NOW + LEASE)));
    const claimed = claims.filter((c) => c !== undefined).map((c) => c!.id);
    expect(claimed.sort((a, b) => a - b)).toEqual(ids);
    for (const claim of claims) if (claim) await store.jobs.complete(claim.id, claim.token, NOW);
  });

  it('purges done jobs completed at or before the cutoff, with their results, once', async () => {
    const [oldJob, newJob, queued] = await queue(3, 'retention');
    for (const [id, completedAt] of [
      [oldJob!, NOW - 10],
      [newJob!, NOW + 10],
    ] as const) {
      const claim = (await store.jobs.claim(`r-${id}`, NOW, NOW + LEASE))!;
      expect(claim.id).toBe(id);
      await store.jobs.saveResults(id, claim.token, NOW + LEASE, [{ position: 0, httpStatus: 200, payload: '{}' }]);
      await store.jobs.complete(id, claim.token, completedAt);
    }
    expect(await store.jobs.purgeCompletedBefore(NOW, NOW + 1)).toBeGreaterThanOrEqual(1);
    expect((await state(oldJob!)).state).toBe('purged');
    expect(await resultCount(oldJob!)).toBe(0);
    expect((await state(newJob!)).state).toBe('done');
    expect(await resultCount(newJob!)).toBe(1);
    expect((await state(queued!)).state).toBe('queued');
    expect(await store.jobs.purgeCompletedBefore(NOW, NOW + 1)).toBe(0);
    await drain('cleanup');
  });
});
