import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { fixedClock } from '../../../src/core/clock.js';
import type { Store } from '../../../src/store/store.js';
import { cellAt } from '../../../src/weather/grid.js';
import { importStationFile } from '../../../src/weather/import/import-station-file.js';
import { createDatabaseWeatherCache } from '../../../src/weather/database-weather-cache.js';
import { createWeatherSources } from '../../../src/weather/weather-sources.js';
import { databaseKinds, openTestStore } from '../../support/databases.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/stations');
const knmi = fs.readFileSync(path.join(fixtures, 'knmi/etmgeg_260_1989-1991.txt'), 'utf8');
const dssat = fs.readFileSync(path.join(fixtures, 'dssat/CRND9001.WTH'), 'utf8');
const DE_BILT = { latitude: 52.1, longitude: 5.18 };

describe.each(databaseKinds())('imported station data served by the weather sources on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  const sources = () => createWeatherSources(loadConfig({}), store, fixedClock(Date.parse('2024-06-15T12:00:00Z')));

  it('answers a 1990 range at De Bilt with exactly the KNMI values in internal units', async () => {
    const result = await importStationFile({ text: knmi, fileName: 'etmgeg_260.txt', ...DE_BILT }, createDatabaseWeatherCache(store.weather));
    expect(result).toMatchObject({ dataset: 'import:knmi-260', format: 'knmi', firstDate: '1989-01-01', lastDate: '1991-12-31', skipped: [] });
    const answer = await sources().daily(cellAt(DE_BILT.latitude, DE_BILT.longitude), { start: '1990-03-01', end: '1990-03-02' });
    expect(answer?.source).toBe('import:knmi-260');
    // Raw rows: TX 73 / 63, TN 18 / 7 (0.1 °C); RH 70 / 8 (0.1 mm); Q 769 / 813 J/cm²; UX 95 / 95, UN 57 / 57, UG 73 / 79 %;
    // FG 57 / 41 and FHX 93 / 67 (0.1 m/s at 10 m).
    expect(answer?.days).toEqual([
      { date: '1990-03-01', tmax: 7.3, tmin: 1.8, precipitation: 7, solar: (769 * 1e4) / 3600, rhMax: 95, rhMin: 57, vapourPressure: null, rhMean: 73, windDayMax: 9.3, windMorningMax: null, windAverage: 5.7 },
      { date: '1990-03-02', tmax: 6.3, tmin: 0.7, precipitation: 0.8, solar: (813 * 1e4) / 3600, rhMax: 95, rhMin: 57, vapourPressure: null, rhMean: 79, windDayMax: 6.7, windMorningMax: null, windAverage: 4.1 },
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const cell = cellAt(DE_BILT.latitude, DE_BILT.longitude);
    const before = await store.weather.readDailyYears(cell.id, 1989, 1991);
    await importStationFile({ text: knmi, fileName: 'etmgeg_260.txt', ...DE_BILT }, createDatabaseWeatherCache(store.weather));
    const after = await store.weather.readDailyYears(cell.id, 1989, 1991);
    expect(after.map((r) => Buffer.from(r.days).toString('base64'))).toEqual(before.map((r) => Buffer.from(r.days).toString('base64')));
  });

  it('answers a DSSAT range at the file\'s own coordinates with the file\'s values', async () => {
    const result = await importStationFile({ text: dssat, fileName: 'CRND9001.WTH' }, createDatabaseWeatherCache(store.weather));
    expect(result.dataset).toMatch(/^import:dssat/);
    const answer = await sources().daily(cellAt(47.509, -99.132), { start: '1990-04-24', end: '1990-04-25' });
    expect(answer?.source).toBe(result.dataset);
    // 90114: SRAD 13.0 MJ/m², TMAX 26.2, TMIN 7.1, RAIN 7.7; 90115: 9.1, 18.3, 9.1, 0.0.
    expect(answer?.days.map((d) => [d.date, d.tmax, d.tmin, d.precipitation])).toEqual([
      ['1990-04-24', 26.2, 7.1, 7.7],
      ['1990-04-25', 18.3, 9.1, 0],
    ]);
    expect(answer?.days[0]!.solar).toBeCloseTo((13.0 * 1e6) / 3600, 6);
    expect(answer?.days[1]!.solar).toBeCloseTo((9.1 * 1e6) / 3600, 6);
  });

  it('keeps the station elevation with the data: the file\'s, or the one given, and answers with it', async () => {
    const cell = cellAt(47.509, -99.132);
    const range = { start: '1990-04-24', end: '1990-04-24' };
    // CRND9001.WTH: "@ INSI LAT LONG ELEV" … 1561
    const fromFile = await importStationFile({ text: dssat, fileName: 'CRND9001.WTH' }, createDatabaseWeatherCache(store.weather));
    expect(fromFile.elevation).toBe(1561);
    expect((await sources().daily(cell, range))?.elevation).toBe(1561);
    const given = await importStationFile({ text: dssat, fileName: 'CRND9001.WTH', elevation: 476 }, createDatabaseWeatherCache(store.weather));
    expect(given.elevation).toBe(476);
    const answer = await sources().daily(cell, range);
    expect(answer?.elevation).toBe(476);
    // the day's dew point (8.4 °C, above TMIN 7.1 °C) kept as its vapour pressure, exactly
    expect(answer?.days[0]!.vapourPressure).toBe(0.6108 * Math.exp((17.27 * 8.4) / (8.4 + 237.3)));
    expect(answer?.days[0]!.rhMax).toBe(100);
    // a file without elevation and none given: nothing stored, so the elevation grid answers for the place
    const knmiAnswer = await sources().daily(cellAt(DE_BILT.latitude, DE_BILT.longitude), { start: '1990-03-01', end: '1990-03-01' });
    expect(knmiAnswer?.elevation).toBeNull();
    await expect(
      importStationFile({ text: dssat, fileName: 'CRND9001.WTH', elevation: Number('high') }, createDatabaseWeatherCache(store.weather)),
    ).rejects.toThrow('CRND9001.WTH: elevation NaN m is outside -500..9000');
  });

  it('leaves dates the station does not hold to the next source', async () => {
    const answer = await sources().daily(cellAt(DE_BILT.latitude, DE_BILT.longitude), { start: '1991-12-30', end: '1992-01-02' });
    expect(answer?.source).toBe('synthetic');
  });
});

describe('agwx import', () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, '../../..');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-import-'));
  const env = { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'import.sqlite')}` };
  const agwx = (...args: string[]) => run(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'src/cli/main.ts'), ...args], { env, cwd: root });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stops at a malformed row with file:line, and --skip-bad lists every skipped row', async () => {
    const lines = knmi.split('\n');
    const broken = lines
      .map((line) => (line.startsWith('  260,19900305') || line.startsWith('  260,19900306') ? `  260,${line.slice(6, 14)},garbage` : line))
      .join('\n');
    const file = path.join(dir, 'broken.txt');
    fs.writeFileSync(file, broken);
    const badLines = broken.split('\n').flatMap((line, i) => (line.includes('garbage') ? [i + 1] : []));
    expect(badLines).toHaveLength(2);
    const failed = await agwx('import', file, '--lat', '52.1', '--lon', '5.18').then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`${file}:${badLines[0]}`);
    const { stdout } = await agwx('import', file, '--lat', '52.1', '--lon', '5.18', '--skip-bad');
    for (const line of badLines) expect(stdout).toContain(`skipped ${file}:${line}`);
    expect(stdout).toMatch(/Imported 1093 days \(1989-01-01 to 1991-12-31\) as import:knmi-260/);
  }, 60_000);
});
