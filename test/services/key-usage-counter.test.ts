/**
 * The request counter: counts in memory, written in batches; a write that fails while the
 * database is unavailable is retried, one the database refuses is dropped; requests a batch job
 * runs in-process are not counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyDayCount, UsageRepository } from '../../src/store/usage-repository.js';
import { createKeyUsageCounter } from '../../src/services/key-usage-counter.js';
import { databaseKinds } from '../support/databases.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const silent = { warn: () => {}, error: () => {} } as never;

/** What node-postgres throws when the server is down. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
/** What PostgreSQL answers for a row naming a key that does not exist. */
const foreignKeyViolation = () => Object.assign(new Error('violates foreign key constraint'), { code: '23503' });

function recordingRepository(failures = 0, failure: () => Error = refused) {
  const writes: { counts: KeyDayCount[]; lastUsed: Map<string, number> }[] = [];
  let failing = failures;
  const usage: UsageRepository = {
    async add(counts, lastUsed) {
      if (failing-- > 0) throw failure();
      writes.push({ counts: [...counts], lastUsed: new Map(lastUsed) });
    },
    perKeyAndDay: async () => [],
  };
  return { usage, writes };
}

const noon = Date.parse('2024-06-15T12:00:00Z');

describe('key usage counter', () => {
  it('writes one row per key and UTC day, and the latest use per key', async () => {
    const { usage, writes } = recordingRepository();
    const counter = createKeyUsageCounter({ usage, log: silent });
    for (let i = 0; i < 1000; i++) counter.count('a', noon + i);
    counter.count('b', noon);
    counter.count('a', noon + 13 * 3600_000); // the next UTC day
    await counter.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.counts).toEqual([
      { key: 'a', day: '2024-06-15', requests: 1000 },
      { key: 'b', day: '2024-06-15', requests: 1 },
      { key: 'a', day: '2024-06-16', requests: 1 },
    ]);
    expect(writes[0]!.lastUsed).toEqual(new Map([['a', noon + 13 * 3600_000], ['b', noon]]));
    await counter.flush();
    expect(writes).toHaveLength(1); // nothing new, nothing written
  });

  it('keeps the counts of a failed write for the next one, and writes what is left when stopped', async () => {
    const { usage, writes } = recordingRepository(1);
    const counter = createKeyUsageCounter({ usage, log: silent });
    counter.count('a', noon);
    counter.count('a', noon);
    await counter.flush(); // fails
    counter.count('a', noon);
    await counter.stop();
    expect(writes.map((w) => w.counts)).toEqual([[{ key: 'a', day: '2024-06-15', requests: 3 }]]);
  });

  it('drops a write the database refuses for another reason, and goes on counting', async () => {
    const { usage, writes } = recordingRepository(1, foreignKeyViolation);
    const counter = createKeyUsageCounter({ usage, log: silent });
    counter.count('gone', noon);
    await counter.flush(); // refused: dropped, not retried forever
    counter.count('a', noon);
    await counter.flush();
    expect(writes.map((w) => w.counts)).toEqual([[{ key: 'a', day: '2024-06-15', requests: 1 }]]);
  });
});

describe.each(databaseKinds())('requests counted per key on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, undefined, { jobs: { concurrency: 1, pollMs: 10 } });
  });
  afterAll(async () => t.store.close());

  it("counts a batch job as the one request that created it, not the requests it runs", async () => {
    const { key, auth } = await t.login('counted');
    const headers = { ...auth, 'content-type': 'application/json' };
    let requests = 0;
    const send = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      requests++;
      return t.app.inject({ method, url, headers, ...(payload ? { payload: JSON.stringify(payload) } : {}) });
    };
    const created = await send('POST', '/v2/jobs', { title: 'three', type: 'batch', requests: [{ api: 'GET /v2/fields' }, { api: 'GET /v2/fields' }, { api: 'GET /v2/crops' }] });
    expect(created.statusCode).toBe(201);
    const jobId = created.json().jobId as number;
    const deadline = Date.now() + 20_000;
    while ((await send('GET', `/v2/jobs/${jobId}`)).json().jobStatus !== 'done') {
      if (Date.now() > deadline) throw new Error('the job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await t.app.close(); // writes the counts
    const stored = await t.store.handle.db.selectFrom('key_usage_daily').select(['key', 'requests']).execute();
    expect(stored.map((row) => ({ key: row.key, requests: Number(row.requests) }))).toEqual([{ key: key.key, requests }]);
  });
});
