/**
 * The event-loop delay report `npm run bench -- --distinct` reads from the service: preloaded
 * into `agwx serve` started with an IPC channel, it answers 'event-loop-delay' with the delay
 * since the last report; the production command has no such hook and answers nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_LOOP_REPORT } from '../../bench/http/processes.js';
import { freePort } from '../support/free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX_IMPORT = path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs');

interface Delay {
  max: number;
  p99: number;
  mean: number;
}


const started: { child: ChildProcess; dir: string }[] = [];

async function serve(preload: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-loop-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', TSX_IMPORT, ...preload, path.join(ROOT, 'src/cli/main.ts'), 'serve', '--no-dev-key'], {
    env: { ...process.env, ...env, DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  started.push({ child, dir });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/openapi.json`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('service did not start');
}

function ask(child: ChildProcess, waitMs: number): Promise<Delay | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), waitMs);
    child.once('message', (message: { eventLoopDelay: Delay }) => {
      clearTimeout(timer);
      resolve(message.eventLoopDelay);
    });
    child.send('event-loop-delay');
  });
}

afterEach(async () => {
  for (const { child, dir } of started.splice(0)) {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('event-loop delay report of the benchmark', () => {
  it('answers each request with the delay in ms since the previous one', async () => {
    const { child, url } = await serve(['--import', EVENT_LOOP_REPORT]);
    await ask(child, 5000);
    for (let i = 0; i < 20; i++) await fetch(`${url}/openapi.json`);
    const delay = await ask(child, 5000);
    expect(delay).toBeDefined();
    for (const value of [delay!.max, delay!.p99, delay!.mean]) {
      expect(Number.isFinite(value)).toBe(true);
      expect(value).toBeGreaterThan(0);
      // milliseconds, not nanoseconds: an idle-ish server's loop is late by well under a minute
      expect(value).toBeLessThan(60_000);
    }
    expect(delay!.max).toBeGreaterThanOrEqual(delay!.p99);
  }, 90_000);

  it('is not in the production command: without the preload nothing answers, whatever the environment', async () => {
    const { child } = await serve([], { AGWX_EVENT_LOOP_IPC: '1' });
    expect(await ask(child, 1500)).toBeUndefined();
  }, 90_000);
});
