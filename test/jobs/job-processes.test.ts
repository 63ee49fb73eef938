/**
 * The real processes on one SQLite file: a server killed with SIGKILL in the middle of a job
 * loses nothing — started again (an `agwx serve` and an `agwx worker` process side by side), the
 * job is claimed again, runs the requests without a saved result and completes with every result; jobs queued meanwhile run
 * exactly once; both processes stop gracefully.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { createKeyService } from '../../src/services/key-service.js';
import { openStore } from '../../src/store/store.js';

const root = path.resolve(import.meta.dirname, '../..');
const main = path.join(root, 'src/cli/main.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-jobs-crash-'));
const file = path.join(dir, 'jobs.sqlite');
const port = 21_000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${file}`,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  AGWX_JOB_CONCURRENCY: '1',
  AGWX_JOB_LEASE_SECONDS: '2',
  AGWX_JOB_POLL_MS: '50',
  // Bundled requests take from the key's per-minute budget, and so does this test's polling; this
  // test is about crashes and leases, so the rate limit must not be what sets its pace.
  AGWX_RATE_PER_MINUTE: '1000000',
};
const children: ChildProcess[] = [];

/** `tsx src/cli/main.ts …` as one process (the tsx launcher would run it in a child that SIGKILL misses). */
function start(...args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], { env, cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 60_000, everyMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function answering(): Promise<true | undefined> {
  try {
    await fetch(`${base}/openapi.json`);
    return true;
  } catch {
    return undefined;
  }
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('server processes on one SQLite file', () => {
  it('completes a job that was running when the server was killed, and runs every job once', async () => {
    // The key is made in-process (each extra process start costs seconds).
    const setup = await openStore(`sqlite:${file}`);
    const { key, secret } = await createKeyService(setup, systemClock()).createKey('crash', {});
    await setup.close();

    let server = start('serve', '--no-dev-key');
    await until(answering, 'the server to listen');
    const token = (
      (await (
        await fetch(`${base}/oauth/token`, {
          method: 'POST',
          headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
        })
      ).json()) as { access_token: string }
    ).access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return (await response.json()) as { jobId: number };
    };
    await post('/v2/fields', { id: 'f1', name: 'One', farmId: 'farm', acres: 3, centerPoint: { latitude: 45, longitude: 5 } });

    const COUNT = 600;
    const expectedStatus = (i: number) => (i % 4 === 3 ? '404' : '200');
    const requests = Array.from({ length: COUNT }, (_, i) => ({ title: `r${i}`, api: i % 4 === 3 ? `GET /v2/fields/gone-${i}` : `GET /v2/fields/f1?n=${i}` }));
    const { jobId } = await post('/v2/jobs', { title: 'interrupted', type: 'batch', requests });

    // Kill the server as soon as the job has written its first results.
    const db = new BetterSqlite3(file);
    const progress = () => (db.prepare('select count(*) as n from job_results where job_id = ?').get(jobId) as { n: number }).n;
    await until(() => (progress() > 0 ? true : undefined), 'the first results', 30_000, 5);
    server.kill('SIGKILL');
    await exited(server);
    const atCrash = db.prepare('select state, attempts from jobs where id = ?').get(jobId);
    expect(atCrash).toEqual({ state: 'running', attempts: 1 });
    expect(progress()).toBeLessThan(COUNT);

    // Start again: a server and a separate worker process share the queue.
    server = start('serve', '--no-dev-key');
    const worker = start('worker');
    await until(answering, 'the server to listen again');
    const more = [];
    for (let j = 0; j < 6; j++) {
      more.push((await post('/v2/jobs', { title: `after-${j}`, type: 'batch', requests: Array.from({ length: 30 }, (_, i) => ({ api: `GET /v2/fields/f1?j=${j}&i=${i}` })) })).jobId);
    }
    const done = await until(
      async () => {
        const response = await fetch(`${base}/v2/jobs/${jobId}`, { headers });
        const job = (await response.json()) as { jobStatus: string; results?: { title: string; api: string; httpStatus: string }[] };
        return job.jobStatus === 'done' ? job : undefined;
      },
      'the interrupted job to complete',
      60_000,
      100,
    );
    expect(done.results).toHaveLength(COUNT);
    done.results!.forEach((result, i) => {
      expect(result.title).toBe(`r${i}`);
      expect(result.api).toBe(requests[i]!.api);
      expect(result.httpStatus).toBe(expectedStatus(i));
    });
    expect(db.prepare('select attempts from jobs where id = ?').get(jobId)).toEqual({ attempts: 2 });

    await until(() => {
      const open = db.prepare("select count(*) as n from jobs where state != 'done'").get() as { n: number };
      return open.n === 0 ? true : undefined;
    }, 'the later jobs', 60_000, 50);
    for (const id of more) {
      expect(db.prepare('select attempts, state from jobs where id = ?').get(id)).toEqual({ attempts: 1, state: 'done' });
      expect(db.prepare('select count(*) as n from job_results where job_id = ?').get(id)).toEqual({ n: 30 });
    }
    db.close();

    server.kill('SIGTERM');
    worker.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    expect(await exited(worker)).toBe(0);
  }, 180_000);
});
