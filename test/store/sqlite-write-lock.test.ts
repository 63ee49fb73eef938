/**
 * SQLite transactions take the write lock as they begin (src/store/database.ts), so that two
 * processes on one file wait for each other (up to the busy timeout) instead of failing at once
 * with SQLITE_BUSY_SNAPSHOT when a read-then-write transaction finds that the other wrote since
 * its read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/store.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX_IMPORT = path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs');
const UPDATER = path.join(import.meta.dirname, 'processes/planting-updater.ts');

describe('SQLite write transactions shared by processes', () => {
  let dir: string;
  let file: string;
  let store: Store;
  let accountId: number;
  let plantingId: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-write-lock-'));
    file = path.join(dir, 'agwx.sqlite');
    store = await openStore(`sqlite:${file}`);
    accountId = (await store.accounts.create('write-lock', false, 1)).id;
    await store.fields.insert(accountId, { id: 'north', name: null, farmId: 'farm', acres: null, latitude: 41.9, longitude: -93.4 }, 1);
    const planting = await store.plantings.insert(
      accountId,
      'north',
      { crop: 'corn', plantingDate: '2024-05-01', projectedYield: { amount: 0, units: 'bu/ac' }, projectedHarvestDate: null, actualYield: null, harvestDate: null },
      1,
    );
    plantingId = planting!.id;
  });

  afterAll(async () => {
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds the write lock from the start of a transaction that only read so far', async () => {
    const other = new BetterSqlite3(file, { timeout: 0 });
    try {
      let otherWriter: unknown;
      await store.handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('plantings').select('id').where('id', '=', plantingId).execute();
        try {
          other.exec('begin immediate');
          other.exec('rollback');
        } catch (error) {
          otherWriter = error;
        }
      });
      expect(otherWriter).toMatchObject({ code: 'SQLITE_BUSY' });
      // Once the transaction has ended the other connection writes.
      other.exec('begin immediate');
      other.exec('rollback');
    } finally {
      other.close();
    }
  });

  it('lets two processes change the same planting at the same time, every change kept, none refused', async () => {
    const PER_PROCESS = 60;
    const children = [0, 1].map(() =>
      spawn(process.execPath, ['--import', TSX_IMPORT, UPDATER, file, String(accountId), String(plantingId), String(PER_PROCESS)], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const outputs = children.map((child) => lines(child));
    // Both have opened the file before either starts, so that their changes overlap.
    await Promise.all(outputs.map((output) => output.next('ready')));
    for (const child of children) child.stdin!.write('go\n');
    const reports = (await Promise.all(outputs.map((output) => output.next('{')))).map(
      (line) => JSON.parse(line) as { succeeded: number; failures: string[] },
    );
    expect(reports.flatMap((report) => report.failures)).toEqual([]);
    expect(reports.map((report) => report.succeeded)).toEqual([PER_PROCESS, PER_PROCESS]);
    const planting = await store.plantings.get(accountId, plantingId);
    expect(planting?.projectedYield?.amount).toBe(2 * PER_PROCESS);
  }, 60_000);
});

/** The lines a child writes to stdout: `next(start)` waits for the next one beginning with `start`. */
function lines(child: ChildProcess): { next(start: string): Promise<string> } {
  let buffered = '';
  const waiting: { start: string; resolve(line: string): void; reject(error: Error): void }[] = [];
  const seen: string[] = [];
  const offer = () => {
    for (let i = 0; i < waiting.length; i++) {
      const index = seen.findIndex((line) => line.startsWith(waiting[i]!.start));
      if (index < 0) continue;
      const [line] = seen.splice(index, 1);
      waiting.splice(i--, 1)[0]!.resolve(line!);
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    seen.push(...parts);
    offer();
  });
  child.once('close', (code) => {
    for (const wait of waiting.splice(0)) wait.reject(new Error(`the process exited (${code}) before writing '${wait.start}…'`));
  });
  return {
    next: (start) =>
      new Promise((resolve, reject) => {
        waiting.push({ start, resolve, reject });
        offer();
      }),
  };
}
