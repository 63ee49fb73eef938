import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datesInRange } from '../../src/core/dates.js';
import { openStore } from '../../src/store/store.js';
import { dssatFormat } from '../../src/weather/import/dssat.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { createField, createTestApp, TEST_NOW, type TestApp } from '../support/test-app.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-export-'));
const databaseUrl = `sqlite:${path.join(dir, 'cli.sqlite')}`;
// The command and the test app share the clock (TEST_NOW, 2024-06-15T12:00Z) and the synthetic weather.
const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', AGWX_NOW: new Date(TEST_NOW).toISOString(), AGWX_WEATHER: 'synthetic' };

function agwx(...args: string[]) {
  return run(tsx, [path.join(root, 'src/cli/main.ts'), ...args], { env, cwd: root, maxBuffer: 16 * 1024 * 1024 });
}

describe('agwx export', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, createSyntheticSource({}));
    auth = (await t.login('farmco')).auth;
    await createField(t, auth, 'north', { latitude: 42, longitude: -93 });
    const store = await openStore(databaseUrl);
    try {
      const account = await store.accounts.create('farmco', false, TEST_NOW);
      await store.fields.insert(account.id, { id: 'north', name: 'North', farmId: 'home', acres: null, latitude: 42, longitude: -93 }, TEST_NOW);
    } finally {
      await store.close();
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes to a file the same DSSAT file the API answers, and says what it wrote on stderr', async () => {
    const out = path.join(dir, 'iowa.WTH');
    const { stdout, stderr } = await agwx('export', '--format', 'dssat', '--lat', '42', '--lon', '-93', '--start', '2023-01-01', '--end', '2023-12-31', '--insi', 'iaam', '--out', out);
    expect(stdout).toBe('');
    expect(stderr).toContain('Exported 365 days (2023-01-01 to 2023-12-31) of synthetic weather');
    expect(stderr).toContain('IAAM2301.WTH');
    const text = fs.readFileSync(out, 'utf8');
    const api = await t.app.inject({ url: '/v2/weather/locations/42,-93/exports/dssat/2023-01-01,2023-12-31?insi=IAAM', headers: auth });
    expect(api.statusCode).toBe(200);
    expect(text).toBe(api.body);
    expect(dssatFormat.parse(text).days.map((d) => d.date)).toEqual(datesInRange('2023-01-01', '2023-12-31'));
  }, 60_000);

  it('writes an APSIM file of a field to stdout', async () => {
    const { stdout } = await agwx('export', '--format', 'apsim', '--field', 'north', '--account', 'farmco', '--start', '2024-04-01', '--end', '2024-04-30');
    const api = await t.app.inject({ url: '/v2/weather/fields/north/exports/apsim/2024-04-01,2024-04-30', headers: auth });
    expect(stdout).toBe(api.body);
    expect(stdout.split('\n').filter((line) => /^2024\s/.test(line))).toHaveLength(30);
  }, 60_000);

  it('stops with one clear line for bad dates, formats and places', async () => {
    const failing = async (args: string[], text: string) => {
      const error = await agwx('export', ...args).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(error.code).toBe(1);
      expect(error.stderr).toContain(text);
    };
    await failing(['--format', 'dssat', '--lat', '42', '--lon', '-93', '--start', '2024-06-01', '--end', '2024-06-20'], "'--end'");
    await failing(['--format', 'xls', '--lat', '42', '--lon', '-93', '--start', '2024-06-01', '--end', '2024-06-02'], 'dssat, wth, apsim, met');
    await failing(['--format', 'dssat', '--start', '2024-06-01', '--end', '2024-06-02'], '--lat and --lon');
    await failing(['--format', 'dssat', '--lat', '42', '--lon', '-93', '--start', '2024-06-01', '--end', '2024-06-02', '--date-format', 'ddd'], "'--date-format'");
    await failing(['--format', 'dssat', '--field', 'north', '--account', 'nobody', '--start', '2024-06-01', '--end', '2024-06-02'], "no account named 'nobody'");
  }, 60_000);
});
