/**
 * Big accounts stay fast. One account with 100,000 fields and 300,000 plantings (SQLite, whose
 * queries hold the event loop while they run) pages through its plantings in every accepted sort
 * order, to the deepest page, while `/health` is asked all along: `/health` answers within 50 ms at
 * the 99th percentile. Each accepted order is read in an index's order (the query plan says so; a
 * dropped index would show as a temporary B-tree), a combination of orders is refused with 400, and
 * the per-account caps refuse one field or planting more with 409 and change nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { manualClock } from '../../src/core/clock.js';
import { createKeyService } from '../../src/services/key-service.js';
import { openStore, type Store } from '../../src/store/store.js';
import { basic, expectErrorBody, TEST_NOW } from '../support/test-app.js';

const FIELDS = 100_000;
const PLANTINGS = 300_000;
const CROPS = ['corn', 'soybeans', 'wheat-hardred', 'barley', 'canola', 'cotton'];
const SORTS = ['id', '-id', 'crop', '-crop', 'field', '-field', 'plantingDate', '-plantingDate', 'harvestDate', '-harvestDate'];

let dir: string;
let file: string;
let store: Store;
let app: Awaited<ReturnType<typeof buildApp>>;
let auth: Record<string, string>;
let accountId: number;

function day(n: number): string {
  return new Date(Date.UTC(2000, 0, 1) + (n % 9000) * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-big-'));
  file = path.join(dir, 'big.sqlite');
  // Migrated, and the account made, through the store; the rows written in one transaction.
  const setup = await openStore(`sqlite:${file}`);
  const key = await createKeyService(setup, manualClock(TEST_NOW)).createKey('big', { enterprise: true });
  accountId = (await setup.accounts.findByName('big'))!.id;
  await setup.close();
  const db = new Database(file);
  const addField = db.prepare('insert into fields (account_id, id, name, farm_id, acres, latitude, longitude, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)');
  const addPlanting = db.prepare('insert into plantings (account_id, field_id, crop, planting_date, harvest_date, created_at) values (?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < FIELDS; i++) addField.run(accountId, `f${i}`, i % 7 === 0 ? null : `field ${i % 977}`.replace(' ', '-'), `farm${i % 50}`, i % 11 === 0 ? null : (i * 37) % 500, 40 + (i % 1000) / 100, -95 + (i % 700) / 100, TEST_NOW);
    for (let i = 0; i < PLANTINGS; i++) addPlanting.run(accountId, `f${(i * 7919) % FIELDS}`, CROPS[i % CROPS.length], day(i * 13), i % 3 === 0 ? null : day(i * 13 + 150), TEST_NOW);
  })();
  db.close();

  store = await openStore(`sqlite:${file}`);
  const config = loadConfig({ AGWX_BASE_URL: 'https://agwx.test', LOG_LEVEL: 'silent', AGWX_RATE_PER_MINUTE: '1000000', AGWX_ENTERPRISE_RATE_PER_MINUTE: '1000000', AGWX_MAX_FIELDS_PER_ACCOUNT: String(FIELDS), AGWX_MAX_PLANTINGS_PER_ACCOUNT: String(PLANTINGS) });
  app = await buildApp({ config, store, clock: manualClock(TEST_NOW), monotonic: () => performance.now(), logger: false });
  await app.ready();
  const token = await app.inject({ method: 'POST', url: '/oauth/token', headers: { authorization: basic(key.key, key.secret), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials' });
  auth = { authorization: `Bearer ${token.json().access_token}` };
}, 180_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The query plan SQLite makes for the plantings list in `sort` order. */
function plan(sort: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const column = { id: 'id', crop: 'crop', field: 'field_id', plantingDate: 'planting_date', harvestDate: 'harvest_date' }[sort.replace('-', '')]!;
    const nullable = column === 'harvest_date';
    const order = sort.startsWith('-') ? `${column} desc` : nullable ? `${column} is null, ${column} asc` : `${column} asc`;
    const tie = column === 'id' ? '' : ', id asc';
    const rows = db.prepare(`explain query plan select * from plantings where account_id = ? order by ${order}${tie} limit 100 offset 1000`).all(accountId) as { detail: string }[];
    return rows.map((row) => row.detail).join(' | ');
  } finally {
    db.close();
  }
}

describe('a big account', () => {
  it('reads its plantings in every accepted order from an index, without sorting them', () => {
    for (const sort of SORTS) {
      const detail = plan(sort);
      expect(detail, sort).toMatch(/USING (COVERING )?INDEX/);
      expect(detail, sort).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('refuses a combination of sort orders with 400 naming the accepted ones', async () => {
    const response = await app.inject({ url: '/v2/agronomics/plantings?limit=100&sort=crop,-plantingDate', headers: auth });
    const error = expectErrorBody(response, 400);
    expect(error.detailedMessage).toContain('one property');
    expect(error.detailedMessage).toContain('plantingDate');
  });

  // A timing test on a shared machine: tried again (with its own probes) if another process stalled this one.
  it('keeps /health within 50 ms (p99) while the plantings are paged in every order to the last page', { timeout: 120_000, retry: 2 }, async () => {
    const latencies: number[] = [];
    let listing = true;
    // Asked every 5 ms on a schedule: a request's latency counts from when it was due, so time the
    // event loop was held before it could even be sent counts too.
    const probe = (async () => {
      let due = performance.now();
      while (listing) {
        due += 5;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const response = await app.inject({ url: '/health' });
        latencies.push(performance.now() - due);
        expect(response.statusCode).toBe(200);
        if (performance.now() > due + 5) due = performance.now();
      }
    })();
    const pages: number[] = [];
    // Every order at four depths, three times over and then again until 200 probes have been
    // answered (a fast machine pages through three rounds in under a second): enough probes that
    // the 99th percentile is not one stall of a machine shared with other work.
    for (let round = 0; round < 3 || (latencies.length < 200 && round < 30); round++) {
      for (const sort of SORTS) for (const offset of [0, 1000, 150_000, PLANTINGS - 100]) {
        const start = performance.now();
        const response = await app.inject({ url: `/v2/agronomics/plantings?limit=100&offset=${offset}&sort=${sort}`, headers: auth });
        pages.push(performance.now() - start);
        expect(response.statusCode, `${sort} at ${offset}: ${response.body.slice(0, 200)}`).toBe(200);
        const body = response.json() as { plantings: { id: number }[] };
        expect(body.plantings).toHaveLength(100);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    listing = false;
    await probe;
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)]!;
    expect(latencies.length).toBeGreaterThan(100);
    expect(p99, `pages took up to ${Math.max(...pages).toFixed(1)} ms`).toBeLessThan(50);
  });

  it('refuses one field and one planting more than its caps with 409, and creates nothing', async () => {
    const field = await app.inject({ method: 'POST', url: '/v2/fields', headers: auth, payload: { id: 'one-more', farmId: 'farm1', centerPoint: { latitude: 41, longitude: -93 } } });
    expect(expectErrorBody(field, 409).detailedMessage).toContain('AGWX_MAX_FIELDS_PER_ACCOUNT');
    expect((await app.inject({ url: '/v2/fields/one-more', headers: auth })).statusCode).toBe(404);
    const planting = await app.inject({ method: 'POST', url: '/v2/agronomics/fields/f1/plantings', headers: auth, payload: { crop: 'corn', plantingDate: '2024-05-01' } });
    expect(expectErrorBody(planting, 409).detailedMessage).toContain('AGWX_MAX_PLANTINGS_PER_ACCOUNT');
    expect(await store.plantings.count(accountId)).toBe(PLANTINGS);
  });
});
