/**
 * Deadlines of a serving process's PostgreSQL (src/store/database.ts, `deadlines`): the server
 * cancels a statement past the statement timeout; a server that answers nothing is given up on a
 * little later and the connection closed; after three calls without an answer the circuit breaker
 * refuses calls at once, lets one probe through after its back-off, and closes when the server
 * answers again. Without deadlines (migrations, one-off commands) nothing is cut short.
 */
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircuitOpenError } from '../../src/core/circuit-breaker.js';
import { CLIENT_DEADLINE_GRACE_MS, type DatabaseHandle, openDatabase } from '../../src/store/database.js';
import { isDatabaseUnavailable } from '../../src/store/errors.js';
import { databaseKinds, POSTGRES_URL } from '../support/databases.js';

const STATEMENT_MS = 200;
const CONNECT_MS = 300;

/** Runs `action`; returns what it threw and how long it took. */
async function timed(action: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await action();
    return { error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

/**
 * A TCP proxy to `target`: `freeze()` stops passing bytes either way (a hung server, a network
 * black hole) while the connections stay open; `thaw()` passes them again.
 */
async function proxy(target: URL): Promise<{ url: string; open(): number; freeze(): void; thaw(): void; close(): Promise<void> }> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const [from, to] of [pair, [upstream, client] as const]) {
      from.on('data', (chunk) => to.write(chunk));
      from.on('error', end);
      from.on('close', end);
      if (frozen) from.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const each = (act: (socket: net.Socket) => void) => pairs.forEach((pair) => pair.forEach(act));
  return {
    url: url.toString(),
    open: () => pairs.size,
    freeze() {
      frozen = true;
      each((socket) => socket.pause());
    },
    thaw() {
      frozen = false;
      each((socket) => socket.resume());
    },
    async close() {
      each((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a PostgreSQL server that accepts connections and answers nothing, with deadlines', () => {
  let silent: net.Server;
  let handle: DatabaseHandle;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/test`;
    handle = openDatabase(url, { connectTimeoutMs: CONNECT_MS, deadlines: { statementTimeoutMs: STATEMENT_MS } });
  });
  afterAll(async () => {
    await handle.close().catch(() => undefined);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('fails three queries at the connect timeout, then refuses at once; after the back-off one probe goes to the server again', async () => {
    const select = () => sql`select 1`.execute(handle.db);
    for (let i = 0; i < 3; i++) {
      const { error, ms } = await timed(select);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(error).not.toBeInstanceOf(CircuitOpenError);
      expect(ms).toBeGreaterThanOrEqual(CONNECT_MS - 20);
    }
    expect(handle.breaker?.state()).toBe('open');
    const refused = await timed(select);
    expect(refused.error).toBeInstanceOf(CircuitOpenError);
    expect(isDatabaseUnavailable(refused.error)).toBe(true);
    expect(refused.ms).toBeLessThan(CONNECT_MS / 2);
    // Past the first back-off (250 ms) one call tries the server again; others are refused meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const probe = timed(select);
    const during = await timed(select);
    expect(during.error).toBeInstanceOf(CircuitOpenError);
    const probed = await probe;
    expect(probed.error).not.toBeInstanceOf(CircuitOpenError);
    expect(probed.ms).toBeGreaterThanOrEqual(CONNECT_MS - 20);
    expect(handle.breaker?.state()).toBe('open');
  });
});

describe.skipIf(!databaseKinds().includes('postgres'))('deadlines on a real PostgreSQL server', () => {
  it('sets the statement and idle-in-transaction timeouts on every connection, and none without deadlines', async () => {
    const serving = openDatabase(POSTGRES_URL, { deadlines: { statementTimeoutMs: 1234 }, poolSize: 2 });
    const oneOff = openDatabase(POSTGRES_URL, { poolSize: 1 });
    try {
      const setting = async (db: DatabaseHandle, name: string) => (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(db.db)).rows[0]!.value;
      expect(await setting(serving, 'statement_timeout')).toBe('1234ms');
      expect(await setting(serving, 'idle_in_transaction_session_timeout')).toBe('10s');
      expect(await setting(oneOff, 'statement_timeout')).toBe('0');
      expect(oneOff.breaker).toBeUndefined();
    } finally {
      await Promise.all([serving.close(), oneOff.close()]);
    }
  });

  it('has the server cancel a statement past its deadline: unavailable for now, the breaker still closed, the pool still serving', async () => {
    const handle = openDatabase(POSTGRES_URL, { deadlines: { statementTimeoutMs: STATEMENT_MS }, poolSize: 1 });
    try {
      for (let i = 0; i < 4; i++) {
        const { error, ms } = await timed(() => sql`select pg_sleep(5)`.execute(handle.db));
        expect(error).toMatchObject({ code: '57014' });
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(ms).toBeLessThan(STATEMENT_MS + CLIENT_DEADLINE_GRACE_MS);
      }
      expect(handle.breaker?.state()).toBe('closed');
      expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });

  it('gives up on a server that stops answering on open connections, closes them, opens the breaker, and closes it once the server answers again', async () => {
    const hop = await proxy(new URL(POSTGRES_URL));
    const handle = openDatabase(hop.url, { connectTimeoutMs: CONNECT_MS, deadlines: { statementTimeoutMs: STATEMENT_MS }, poolSize: 3 });
    const select = () => sql`select 1`.execute(handle.db);
    try {
      // Three open connections in the pool.
      await Promise.all([0, 1, 2].map(() => sql`select pg_sleep(0.05)`.execute(handle.db)));
      expect(hop.open()).toBe(3);
      hop.freeze();
      const unanswered = await Promise.all([0, 1, 2].map(() => timed(select)));
      for (const { error, ms } of unanswered) {
        expect((error as Error).message).toBe('Query read timeout');
        expect(ms).toBeGreaterThanOrEqual(STATEMENT_MS + CLIENT_DEADLINE_GRACE_MS - 20);
        expect(ms).toBeLessThan(2000);
      }
      expect(handle.breaker?.state()).toBe('open');
      const refused = await timed(select);
      expect(refused.error).toBeInstanceOf(CircuitOpenError);
      expect(refused.ms).toBeLessThan(STATEMENT_MS / 2);
      hop.thaw();
      const started = performance.now();
      while ((await timed(select)).error !== undefined) {
        expect(performance.now() - started).toBeLessThan(3000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(handle.breaker?.state()).toBe('closed');
      // The connections that got no answer were closed (the proxy sees it once it reads again),
      // not handed back to the pool: only the one opened since is left.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(hop.open()).toBe(1);
    } finally {
      await handle.close().catch(() => undefined);
      await hop.close();
    }
  });
});
