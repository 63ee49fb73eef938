/**
 * A real `agwx serve` process for the fault tests, on a free port with the environment the test
 * gives: how to call it (timed), get a token, wait for a condition, and check that it is still
 * running and that an answer is a proper 503.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { freePort } from './free-port.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX_IMPORT = path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs');

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
}

export interface ServeProcess {
  base: string;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  call(url: string, init?: RequestInit): Promise<Answer>;
  /** GET with a bearer token. */
  authorized(url: string, token: string): Promise<Answer>;
  /** POST /oauth/token with the key's credentials. */
  tokenFor(key: { key: string; secret: string }): Promise<Answer>;
  /** Throws when it has exited; fails when its output tells of an unhandled error. */
  expectAlive(): void;
  /** The lines it logged (pino JSON) whose message starts with `message`. */
  logged(message: string): Record<string, unknown>[];
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

export async function startServe(env: Record<string, string>, args: string[] = ['--no-dev-key']): Promise<ServeProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', TSX_IMPORT, path.join(ROOT, 'src/cli/main.ts'), 'serve', ...args], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const call = async (url: string, init: RequestInit = {}): Promise<Answer> => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, ms: performance.now() - started };
  };
  return {
    base,
    output: () => output,
    call,
    authorized: (url, token) => call(url, { headers: { authorization: `Bearer ${token}` } }),
    tokenFor: ({ key, secret }) =>
      call('/oauth/token', {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      }),
    expectAlive() {
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(`the server exited (${server.exitCode ?? server.signalCode}); its output:\n${output.slice(-4000)}`);
      }
      expect(output).not.toMatch(/Unhandled|uncaught/i);
    },
    logged(message) {
      // Whole lines only: the last one may still be being written.
      return output
        .split('\n')
        .slice(0, -1)
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => typeof line.msg === 'string' && line.msg.startsWith(message));
    },
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
        setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
      });
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds (an error counts as not yet); returns the time it took. */
export async function until(check: () => Promise<boolean>, limitMs: number, what = 'the condition'): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await sleep(100);
  }
  throw new Error(`${what} did not hold within ${limitMs} ms`);
}

/** 503, Retry-After, the error body, nothing of the cause in it; returns the body. */
export function expectUnavailable(answer: Answer): Record<string, unknown> {
  expect(answer.status, answer.text).toBe(503);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['statusCode', 'statusName', 'errorId', 'simpleMessage', 'detailedMessage']);
  expect(body.statusCode).toBe(503);
  expect(body.statusName).toBe('Service Unavailable');
  expect(answer.text).not.toMatch(/ECONN|127\.0\.0\.1|terminat|57P0|stack|at \w+ \(/i);
  return body;
}
