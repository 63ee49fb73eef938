/**
 * The start of a serving process's store (`startStore`): returned at once; tries the database
 * with back-off (0.5 s, doubled) while it does not answer, one log line per attempt; migrates
 * once it does; stops trying when told; a migration that fails for another reason than the
 * database being away ends the start (the process stops).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { STARTUP_RETRY_FIRST_MS, startStore } from '../../src/store/store.js';
import { freePort } from '../support/free-port.js';

function captureLog() {
  const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    log: {
      warn: (details: object, message: string) => lines.push({ level: 'warn', details: details as Record<string, unknown>, message }),
      info: (details: object, message: string) => lines.push({ level: 'info', details: details as Record<string, unknown>, message }),
    },
  };
}

describe('starting a store', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-startup-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('migrates a database that answers, and says so once', async () => {
    const { store, startup } = startStore(`sqlite:${path.join(dir, 'fresh.sqlite')}`);
    const { lines, log } = captureLog();
    expect(startup.state()).toEqual({ phase: 'waiting', attempts: 0 });
    startup.start(log);
    await startup.ready;
    expect(startup.state()).toEqual({ phase: 'ready' });
    expect(await store.migrationsApplied()).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', message: 'the database answers and is up to date' });
    await store.close();
  });

  it('ends the start when a migration fails for another reason than the database being away', async () => {
    const file = path.join(dir, 'clash.sqlite');
    const clash = new BetterSqlite3(file);
    clash.exec('create table accounts (x integer)');
    clash.close();
    const { store, startup } = startStore(`sqlite:${file}`);
    const { lines, log } = captureLog();
    startup.start(log);
    await expect(startup.ready).rejects.toThrow(/^Migration 0001-foundation failed/);
    expect(startup.state()).toEqual({ phase: 'failed' });
    expect(lines).toEqual([]);
    await store.close();
  });

  it('tries a database that does not answer again with back-off, one line per attempt, until told to stop', async () => {
    const { store, startup } = startStore(`postgres://postgres@127.0.0.1:${await freePort()}/test`, { connectTimeoutMs: 1000 });
    const { lines, log } = captureLog();
    let settled = false;
    startup.ready.then(
      () => (settled = true),
      () => (settled = true),
    );
    startup.start(log);
    // Attempts at 0, 0.5 s and 1.5 s; the fourth would be 2 s after the third.
    const started = performance.now();
    while (lines.length < 3 && performance.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(performance.now() - started).toBeGreaterThanOrEqual(STARTUP_RETRY_FIRST_MS * 3 - 50);
    expect(lines.map((line) => line.message)).toEqual(Array(3).fill('the database cannot be reached yet; trying again'));
    expect(lines.map((line) => line.details)).toEqual([
      { attempt: 1, retryInMs: 500, reason: expect.stringMatching(/ECONNREFUSED/) },
      { attempt: 2, retryInMs: 1000, reason: expect.stringMatching(/ECONNREFUSED/) },
      { attempt: 3, retryInMs: 2000, reason: expect.stringMatching(/ECONNREFUSED/) },
    ]);
    expect(startup.state()).toEqual({ phase: 'waiting', attempts: 3 });
    startup.stop();
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(lines).toHaveLength(3);
    expect(settled).toBe(false);
    await store.close();
  });
});
