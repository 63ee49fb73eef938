/**
 * `agwx serve` stops on SIGTERM within its shutdown grace even when a client holds a connection
 * open in the middle of a request (a half-sent request, or one whose body never comes): requests
 * in flight get the grace to finish, then every connection left is closed and the process exits
 * with 0, its counts written. Without the deadline such a connection held the close for the whole
 * request timeout (60 s), past the point where a supervisor kills the process.
 *
 * Large map images in flight at SIGTERM are answered, and each connection is closed after its
 * answer, so the process exits as soon as they are, not at the end of the grace (a kept-alive
 * connection stayed open for the keep-alive timeout); idle connections are closed and a new
 * connection is refused (the 503 of requests that still reach a route: test/http/graceful-close.test.ts).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-shutdown-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function serve(graceMs: number, env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number; databaseUrl: string }> {
  const port = 23_000 + Math.floor(Math.random() * 2000);
  const databaseUrl = `sqlite:${path.join(dir, `${port}.sqlite`)}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'serve', '--no-dev-key'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', AGWX_SHUTDOWN_GRACE_MS: String(graceMs), AGWX_COMPUTE_THREADS: '0', ...env },
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { child, port, databaseUrl };
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

  it('answers the large maps in flight, closes the idle connections and the door, and exits once the maps are answered', async () => {
    // Drawn on a compute thread, so the event loop takes the signal at once; the geodata is read by the first image.
    const { child, port, databaseUrl } = await serve(60_000, { AGWX_COMPUTE_THREADS: '1', AGWX_MAPS_AT_START: 'off' });
    const auth = await tokenFor(port, databaseUrl);
    for (const [id, latitude] of [['a', 41.9], ['b', 35.2]] as const) {
      const created = await fetch(`http://127.0.0.1:${port}/v2/fields`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ id, farmId: 'farm', centerPoint: { latitude, longitude: -93.4 } }),
      });
      expect(created.status).toBe(201);
    }
    // Two large images, each on a kept-alive connection of its own; seconds of drawing each.
    const mapOf = (field: string) =>
      `GET /v2/imagery/weathermaps/earth,states/fields/${field}?size=1536x1536&zoom=6 HTTP/1.1\r\nHost: agwx\r\nAuthorization: ${auth.authorization}\r\n\r\n`;
    const first = await connection(port);
    const second = await connection(port);
    // A kept-alive connection with nothing in flight: closed as the server stops listening.
    const idle = await connection(port);
    idle.socket.write('GET /health HTTP/1.1\r\nHost: agwx\r\n\r\n');
    expect((await idle.next()).status).toBe(200);
    first.socket.write(mapOf('a'));
    second.socket.write(mapOf('b'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = exit(child);
    const signalled = Date.now();
    child.kill('SIGTERM');
    await idle.closed;
    // A new connection finds the door closed: refused, or reset or closed unanswered when it came as
    // the listener closed (never a hang).
    const fresh = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.status,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(fresh);

    // Each image is answered whole, and its connection closed after it.
    for (const kept of [first, second]) {
      const image = await kept.next();
      expect([image.status, image.headers['content-type'], image.headers.connection]).toEqual([200, 'image/png', 'close']);
      expect(image.body.subarray(1, 4).toString()).toBe('PNG');
      await kept.closed;
    }
    expect(await exited).toEqual({ code: 0, signal: null });
    // Once both were answered, not at the end of the grace.
    expect(Date.now() - signalled).toBeLessThan(45_000);
  }, 240_000);
});

/** A token of a key made with `agwx keys create` on the service's database. */
async function tokenFor(port: number, databaseUrl: string): Promise<{ authorization: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'keys', 'create', '--account', 'drain', '--json'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  });
  const { key, secret } = JSON.parse(stdout) as { key: string; secret: string };
  const response = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A kept-alive connection whose answers (with Content-Length) are read one after another. */
async function connection(port: number): Promise<{ socket: net.Socket; next(): Promise<RawResponse>; closed: Promise<void> }> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let buffered = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake?.();
  });
  let ended = false;
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      ended = true;
      wake?.();
      resolve();
    }),
  );
  const more = () => new Promise<void>((resolve) => (wake = resolve));
  return {
    socket,
    closed,
    async next() {
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end >= 0) {
          const [statusLine, ...lines] = buffered.subarray(0, end).toString('latin1').split('\r\n');
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          const length = Number(headers['content-length']);
          if (buffered.length >= end + 4 + length) {
            const body = buffered.subarray(end + 4, end + 4 + length);
            buffered = buffered.subarray(end + 4 + length);
            return { status: Number(statusLine!.split(' ')[1]), headers, body };
          }
        }
        if (ended) throw new Error('the connection closed before a whole answer came');
        await more();
      }
    },
  };
}
