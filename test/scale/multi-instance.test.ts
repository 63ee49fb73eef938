/**
 * Several real server processes on one PostgreSQL schema and one Redis: tokens work across
 * instances, a disabled key is refused everywhere within seconds, a key's rate limit is shared,
 * and 500 batch jobs spread over the instances each complete once while one instance is killed
 * with SIGKILL in the middle.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyService } from '../../src/services/key-service.js';
import { systemClock } from '../../src/core/clock.js';
import { openStore, type Store } from '../../src/store/store.js';
import { POSTGRES_URL } from '../support/databases.js';
import { REDIS_URL, redisRequired } from '../support/redis.js';
import { freePort } from '../support/free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX_IMPORT = path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs');

interface Instance {
  port: number;
  child: ChildProcess;
  url: string;
}


async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', TSX_IMPORT, path.join(ROOT, 'src/cli/main.ts'), 'serve', '--no-dev-key'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return { port, child, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('instance did not become ready');
}

async function stop(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    instance.child.once('exit', () => resolve());
    instance.child.kill('SIGTERM');
    setTimeout(() => instance.child.kill('SIGKILL'), 10_000).unref();
  });
}

async function token(instance: Instance, key: string, secret: string): Promise<string> {
  const response = await fetch(`${instance.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe.runIf(redisRequired())('several instances on one PostgreSQL and Redis', () => {
  const schema = `scale_${randomBytes(5).toString('hex')}`;
  const databaseUrl = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let instances: Instance[] = [];
  let store: Store;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    store = await openStore(POSTGRES_URL, { schema });
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      LOG_LEVEL: 'warn',
      AGWX_KEY_CACHE_SECONDS: '1',
      AGWX_JOB_LEASE_SECONDS: '3',
      AGWX_JOB_POLL_MS: '100',
      AGWX_JOB_CONCURRENCY: '4',
      AGWX_NOW: '2024-06-15T12:00:00Z',
    };
    instances = await Promise.all([startInstance(env), startInstance(env), startInstance(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map(stop));
    await store?.close();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }, 60_000);

  it('accepts a token issued by one instance on every other', async () => {
    const issued = await createKeyService(store, systemClock()).createKey('tokens', {});
    const bearer = await token(instances[0]!, issued.key, issued.secret);
    for (const instance of instances) {
      const response = await fetch(`${instance.url}/v2/fields`, { headers: { authorization: `Bearer ${bearer}` } });
      expect(response.status).toBe(200);
    }
  });

  it('refuses a disabled key on every instance within seconds', async () => {
    const keys = createKeyService(store, systemClock());
    const issued = await keys.createKey('disable', {});
    const bearer = await token(instances[1]!, issued.key, issued.secret);
    for (const instance of instances) expect((await fetch(`${instance.url}/v2/fields`, { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(200);
    await keys.disableKey(issued.key);
    const disabledAt = Date.now();
    const refusedAfter = await Promise.all(
      instances.map(async (instance) => {
        while (Date.now() - disabledAt < 10_000) {
          if ((await fetch(`${instance.url}/v2/fields`, { headers: { authorization: `Bearer ${bearer}` } })).status === 401) return Date.now() - disabledAt;
          await new Promise((r) => setTimeout(r, 100));
        }
        return Infinity;
      }),
    );
    for (const ms of refusedAfter) expect(ms).toBeLessThan(5_000);
  });

  it("shares one key's rate limit between the instances", async () => {
    const issued = await createKeyService(store, systemClock()).createKey('rate', {});
    await store.keys.setRateLimit(issued.key, { perMinute: 10, burst: 0 });
    const bearer = await token(instances[2]!, issued.key, issued.secret);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await fetch(`${instances[i % 3]!.url}/v2/fields`, { headers: { authorization: `Bearer ${bearer}` } });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("lists on every instance show a field change made through another at once, though each holds the account's fields", async () => {
    const issued = await createKeyService(store, systemClock()).createKey('lists', {});
    const bearers = await Promise.all(instances.map((instance) => token(instance, issued.key, issued.secret)));
    const call = (at: number, method: string, path: string, body?: unknown) =>
      fetch(`${instances[at]!.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearers[at]}`, ...(body === undefined ? {} : { 'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const listed = async (at: number) => {
      const response = await call(at, 'GET', '/v2/fields?sort=name&limit=10');
      expect(response.status).toBe(200);
      const body = (await response.json()) as { fields: { id: string; name: string | null }[] };
      return body.fields.map((f) => `${f.id}:${f.name}`);
    };
    const create = (at: number, id: string, name: string) => call(at, 'POST', '/v2/fields', { id, name, farmId: 'farm', centerPoint: { latitude: 41.5, longitude: -93.5 } });
    expect((await create(0, 'b', 'Bravo')).status).toBe(201);
    // Every instance now holds the account's one field.
    for (let at = 0; at < 3; at++) expect(await listed(at)).toEqual(['b:Bravo']);
    expect((await create(1, 'a', 'Alpha')).status).toBe(201);
    for (let at = 0; at < 3; at++) expect(await listed(at)).toEqual(['a:Alpha', 'b:Bravo']);
    expect((await call(2, 'PATCH', '/v2/fields/b', [{ op: 'replace', path: '/name', value: 'Aardvark' }])).status).toBe(200);
    for (let at = 0; at < 3; at++) expect(await listed(at)).toEqual(['b:Aardvark', 'a:Alpha']);
    expect((await call(0, 'DELETE', '/v2/fields/a')).status).toBe(204);
    for (let at = 0; at < 3; at++) expect(await listed(at)).toEqual(['b:Aardvark']);
    // A change made straight in the database, by no instance, is seen too.
    const account = await store.accounts.findByName('lists');
    await store.handle.db.updateTable('fields').set({ name: 'Zulu' }).where('account_id', '=', account!.id).where('id', '=', 'b').execute();
    for (let at = 0; at < 3; at++) expect(await listed(at)).toEqual(['b:Zulu']);
  });

  it('runs 500 jobs spread over the instances exactly once, with one instance killed in the middle', async () => {
    const issued = await createKeyService(store, systemClock()).createKey('jobs', { enterprise: true });
    const bearers = await Promise.all(instances.map((instance) => token(instance, issued.key, issued.secret)));
    const create = await fetch(`${instances[0]!.url}/v2/fields`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearers[0]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'f1', farmId: 'farm', centerPoint: { latitude: 41.5, longitude: -93.5 } }),
    });
    expect(create.status).toBe(201);
    const jobIds: number[] = [];
    let killed = false;
    for (let i = 0; i < 500; i++) {
      const at = killed ? i % 2 : i % 3;
      const response = await fetch(`${instances[at]!.url}/v2/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearers[at]}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `job ${i}`,
          type: 'batch',
          requests: [
            { title: 'field', api: 'GET /v2/fields/f1' },
            { title: 'observations', api: 'GET /v2/weather/fields/f1/observations/2024-06-01,2024-06-07' },
            { title: 'missing', api: 'GET /v2/fields/none' },
          ],
        }),
      });
      expect(response.status).toBe(201);
      jobIds.push(((await response.json()) as { jobId: number }).jobId);
      if (i === 250) {
        instances[2]!.child.kill('SIGKILL');
        killed = true;
      }
    }
    const survivors = instances.slice(0, 2);
    const deadline = Date.now() + 150_000;
    const db = store.handle.db;
    let pending = Infinity;
    while (Date.now() < deadline) {
      const rows = await db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '!=', 'done').executeTakeFirstOrThrow();
      pending = Number(rows.n);
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(pending).toBe(0);
    const jobs = await db.selectFrom('jobs').select(['id', 'attempts', 'request_count']).where('id', 'in', jobIds).execute();
    expect(jobs).toHaveLength(500);
    // Only jobs the killed instance was running when it died were started a second time.
    expect(jobs.filter((j) => j.attempts > 1).length).toBeLessThanOrEqual(4);
    expect(jobs.every((j) => j.attempts >= 1)).toBe(true);
    const results = await db
      .selectFrom('job_results')
      .select(['job_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('job_id', 'in', jobIds)
      .groupBy('job_id')
      .execute();
    expect(results.every((r) => Number(r.n) === 3)).toBe(true);
    expect(results).toHaveLength(500);
    // A sample read back through the API has the payloads a direct call returns.
    const sample = (await (
      await fetch(`${survivors[1]!.url}/v2/jobs/${jobIds[251]}`, { headers: { authorization: `Bearer ${bearers[1]}` } })
    ).json()) as { jobStatus: string; results: { httpStatus: string; payload: { id?: string } }[] };
    expect(sample.jobStatus).toBe('done');
    expect(sample.results.map((r) => r.httpStatus)).toEqual(['200', '200', '404']);
    expect(sample.results[0]!.payload.id).toBe('f1');
  }, 240_000);
});
