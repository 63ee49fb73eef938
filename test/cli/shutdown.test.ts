/**
 * `agwx serve` stops on SIGTERM within its shutdown grace even when a client holds a connection
 * open in the middle of a request (a half-sent request, or one whose body never comes): requests
 * in flight get the grace to finish, then every connection left is closed and the process exits
 * with 0, its counts written. Without the deadline such a connection held the close for the whole
 * request timeout (60 s), past the point where a supervisor kills the process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-shutdown-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function serve(graceMs: number): Promise<{ child: ChildProcess; port: number }> {
  const port = 23_000 + Math.floor(Math.random() * 2000);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'serve', '--no-dev-key'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, `${port}.sqlite`)}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', AGWX_SHUTDOWN_GRACE_MS: String(graceMs), AGWX_COMPUTE_THREADS: '0' },
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the service did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exit(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** A connection that has sent `text` and then waits; resolves once the server has read it. */
async function hold(port: number, text: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(text);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return socket;
}

describe('shutdown', () => {
  it('exits within the grace when connections hold half-sent requests', async () => {
    const { child, port } = await serve(1500);
    const held = [
      await hold(port, 'GET /health HTTP/1.1\r\nHost: agwx\r\n'),
      await hold(port, 'POST /oauth/token HTTP/1.1\r\nHost: agwx\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ngrant'),
    ];
    const closed = held.map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())));
    const started = Date.now();
    const exited = exit(child);
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(15_000);
    await Promise.all(closed);
  }, 90_000);

  it('exits at once when the connections left are idle', async () => {
    const { child, port } = await serve(30_000);
    // Keep-alive connections that finished their requests do not hold the close.
    const idle = await hold(port, 'GET /health HTTP/1.1\r\nHost: agwx\r\n\r\n');
    const started = Date.now();
    const exited = exit(child);
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    idle.destroy();
  }, 90_000);
});
