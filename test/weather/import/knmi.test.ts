import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { knmiFormat } from '../../../src/weather/import/knmi.js';
import { StationFileError } from '../../../src/weather/import/station-file-format.js';

const FILE = 'test/fixtures/stations/knmi/etmgeg_260_1989-1991.txt';
const text = readFileSync(FILE, 'utf8');
const J_PER_CM2_TO_WH_PER_M2 = 10_000 / 3600;

/** Raw fields of a data row by date, by position in the column line (independent of the parser). */
function rawRow(date: string): string[] {
  const line = text.split('\n').find((l) => l.startsWith(`  260,${date},`));
  if (!line) throw new Error(`no row ${date}`);
  return line.split(',').map((f) => f.trim());
}
const COLUMN = { FG: 4, FHX: 5, TN: 12, TX: 14, Q: 20, RH: 22, UX: 36, UN: 38 };

describe('KNMI etmgeg import', () => {
  const parsed = knmiFormat.parse(text, { fileName: FILE });

  it('reads the station and names the dataset', () => {
    expect(parsed.station.id).toBe('260');
    expect(parsed.dataset).toBe('import:knmi-260');
    expect(parsed.skipped).toEqual([]);
    expect(parsed.days).toHaveLength(365 + 365 + 365);
    expect(parsed.days[0]!.date).toBe('1989-01-01');
    expect(parsed.days.at(-1)!.date).toBe('1991-12-31');
  });

  it('converts hand-picked 1990 rows exactly', () => {
    const byDate = new Map(parsed.days.map((d) => [d.date, d]));
    // 1990-04-15: FG=51 FHX=77 TN=49 TX=103 Q=1101 RH=188 UX=95 UN=64
    const april = byDate.get('1990-04-15')!;
    expect(april.tmax).toBe(10.3);
    expect(april.tmin).toBe(4.9);
    expect(april.precipitation).toBe(18.8);
    expect(april.solar).toBeCloseTo(3058.333, 3);
    expect(april.rhMax).toBe(95);
    expect(april.rhMin).toBe(64);
    expect(april.windAverage).toBe(5.1);
    expect(april.windDayMax).toBe(7.7);
    expect(april.windMorningMax).toBeNull();
    // 1990-01-01: RH=-1 (<0.05 mm) → 0; Q=83 J/cm² → 230.56 Wh/m²; TN=0
    const newYear = byDate.get('1990-01-01')!;
    expect(newYear).toEqual({
      date: '1990-01-01',
      tmax: 1.2,
      tmin: 0,
      precipitation: 0,
      solar: 83 * J_PER_CM2_TO_WH_PER_M2,
      rhMax: 93,
      rhMin: 85,
      vapourPressure: null,
      rhMean: 90,
      windDayMax: 2.1,
      windMorningMax: null,
      windAverage: 1,
    });
    // 1990-07-25: TX=180 TN=126 Q=828 → 2300 Wh/m²
    const july = byDate.get('1990-07-25')!;
    expect([july.tmax, july.tmin, july.solar, july.precipitation]).toEqual([18, 12.6, 2300, 0]);
    // the brief's example: Q=1234 J/cm² is 3427.8 Wh/m²
    expect(1234 * J_PER_CM2_TO_WH_PER_M2).toBeCloseTo(3427.8, 1);
  });

  it('returns every 1990 day equal to its raw row in internal units', () => {
    const year = parsed.days.filter((d) => d.date.startsWith('1990'));
    expect(year).toHaveLength(365);
    for (const day of year) {
      const raw = rawRow(day.date.replaceAll('-', ''));
      const n = (column: number) => (raw[column] === '' ? null : Number(raw[column]));
      const rh = n(COLUMN.RH);
      expect(day.tmax).toBeCloseTo(n(COLUMN.TX)! / 10, 10);
      expect(day.tmin).toBeCloseTo(n(COLUMN.TN)! / 10, 10);
      expect(day.precipitation).toBeCloseTo(rh === -1 ? 0 : rh! / 10, 10);
      expect(day.solar).toBeCloseTo(n(COLUMN.Q)! * J_PER_CM2_TO_WH_PER_M2, 8);
      expect(day.rhMax).toBe(n(COLUMN.UX));
      expect(day.rhMin).toBe(n(COLUMN.UN));
      expect(day.windAverage).toBeCloseTo(n(COLUMN.FG)! / 10, 10);
      expect(day.windDayMax).toBeCloseTo(n(COLUMN.FHX)! / 10, 10);
    }
  });

  it('reads station coordinates from a newer header and turns blanks into nulls', () => {
    const sample = [
      '# BRON: KONINKLIJK NEDERLANDS METEOROLOGISCH INSTITUUT (KNMI)',
      '# STN         LON(east)   LAT(north)  ALT(m)      NAME',
      '# 260         5.180       52.100      1.90        De Bilt',
      '# STN,YYYYMMDD,   FG,  FHX,   TN,   TX,    Q,   RH,   UX,   UN',
      '  260,20240101,     ,   80,   35,   91,  120,   -1,     ,   70',
    ].join('\n');
    const result = knmiFormat.parse(sample);
    expect(result.station).toEqual({ id: '260', longitude: 5.18, latitude: 52.1, elevation: 1.9, name: 'De Bilt' });
    expect(result.days[0]).toMatchObject({ date: '2024-01-01', windAverage: null, windDayMax: 8, tmin: 3.5, tmax: 9.1, precipitation: 0, rhMax: null, rhMin: 70 });
  });

  it('reports a malformed row with file:line, or skips it with skipBad', () => {
    const lines = text.split('\n');
    const index = lines.findIndex((l) => l.startsWith('  260,19900102,'));
    lines[index] = lines[index]!.replace(/^(\s*260,19900102,\s*\d+,\s*\d+,)\s*\d+,/, '$1  abc,');
    const broken = lines.join('\n');
    expect(() => knmiFormat.parse(broken, { fileName: 'etmgeg_260.txt' })).toThrowError(StationFileError);
    expect(() => knmiFormat.parse(broken, { fileName: 'etmgeg_260.txt' })).toThrowError(`etmgeg_260.txt:${index + 1}: FG: 'abc' is not a number`);
    const skipped = knmiFormat.parse(broken, { fileName: 'etmgeg_260.txt', skipBad: true });
    expect(skipped.skipped).toEqual([{ line: index + 1, reason: "FG: 'abc' is not a number" }]);
    expect(skipped.days).toHaveLength(1094);
    expect(skipped.days.some((d) => d.date === '1990-01-02')).toBe(false);
  });

  it('is deterministic and reports progress up to 1', () => {
    const fractions: number[] = [];
    const again = knmiFormat.parse(text, { fileName: FILE, onProgress: (f) => fractions.push(f) });
    expect(again).toEqual(parsed);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.length).toBeGreaterThan(10);
    expect(fractions.length).toBeLessThanOrEqual(201);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
  });

  it('lets the caller give station metadata and the dataset name', () => {
    const result = knmiFormat.parse(text, { station: { name: 'De Bilt', latitude: 52.1, longitude: 5.18 }, dataset: 'import:de-bilt' });
    expect(result.station).toEqual({ id: '260', name: 'De Bilt', latitude: 52.1, longitude: 5.18 });
    expect(result.dataset).toBe('import:de-bilt');
  });
});
