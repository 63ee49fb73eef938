import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dssatFormat } from '../../../src/weather/import/dssat.js';

const CRND = readFileSync('test/fixtures/stations/dssat/CRND9001.WTH', 'utf8');
const UHIH = readFileSync('test/fixtures/stations/dssat/UHIH1201.WTH', 'utf8');
const MJ_TO_WH = 1e6 / 3600;
/** FAO-56 eq. 47 inverted: u10 = u2 · ln(67.8·10 − 5.42) / ln(67.8·2 − 5.42). */
/** FAO-56 eq. 47 from 2 m to 10 m: 1 / (4.87 / ln(67.8·10 − 5.42)), so that reference ET takes a 2 m speed back to itself. */
const FROM_2M_TO_10M = Math.log(672.58) / 4.87;
const es = (t: number) => 0.6108 * Math.exp((17.27 * t) / (t + 237.3));

describe('DSSAT .WTH import', () => {
  it('reads the station block and YYDDD rows (Carrington, ND)', () => {
    const result = dssatFormat.parse(CRND, { fileName: 'CRND9001.WTH' });
    expect(result.station).toEqual({ id: 'CRND', latitude: 47.509, longitude: -99.132, elevation: 1561 });
    expect(result.dataset).toBe('import:dssat-crnd');
    expect(result.skipped).toEqual([]);
    expect(result.days).toHaveLength(252); // 90114 … 90365
    expect(result.days[0]!.date).toBe('1990-04-24');
    expect(result.days.at(-1)!.date).toBe('1990-12-31');
    // 90114  13.0  26.2   7.1   7.7   8.4 332.8   (PAR, RHUM blank; WNDHT -99 → 2 m)
    const first = result.days[0]!;
    expect(first.solar).toBeCloseTo(13.0 * MJ_TO_WH, 8);
    expect(first.tmax).toBe(26.2);
    expect(first.tmin).toBe(7.1);
    expect(first.precipitation).toBe(7.7);
    expect(first.windAverage).toBeCloseTo((332.8 / 86.4) * FROM_2M_TO_10M, 8);
    expect(first.windAverage).toBeCloseTo(5.150, 3);
    expect(first.rhMax).toBe(100); // dew point 8.4 above TMIN 7.1: capped for display …
    expect(first.rhMin).toBeCloseTo((100 * es(8.4)) / es(26.2), 8);
    // … while the vapour pressure of the dew point is kept exactly (FAO-56 eq. 14)
    expect(first.vapourPressure).toBe(es(8.4));
    // the RH pair would give back a lower ea (eq. 17): the cap loses vapour pressure
    expect((es(7.1) * first.rhMax! / 100 + es(26.2) * first.rhMin! / 100) / 2).toBeLessThan(es(8.4) - 0.03);
    expect(first.windDayMax).toBeNull();
    expect(first.windMorningMax).toBeNull();
    // 90117   6.2   6.0  -5.0   0.0  -5.8 612.1
    const fourth = result.days[3]!;
    expect(fourth).toMatchObject({ date: '1990-04-27', tmax: 6, tmin: -5, precipitation: 0 });
    expect(fourth.rhMax).toBeCloseTo((100 * es(-5.8)) / es(-5), 8);
  });

  it('reads YYYYDDD rows, a name line and a leap day (Ihinger Hof)', () => {
    const result = dssatFormat.parse(UHIH, { fileName: 'UHIH1201.WTH' });
    expect(result.station).toEqual({ id: 'UHIH', name: 'Ihinger Hof, Stuttgart, Germany', latitude: 48.75, longitude: 8.917, elevation: 475 });
    expect(result.days).toHaveLength(366);
    // 2012060   5.0  10.7   3.4   0.2   5.2   0.0  93.3
    const leap = result.days.find((d) => d.date === '2012-02-29')!;
    expect(leap.solar).toBeCloseTo(5 * MJ_TO_WH, 8);
    expect([leap.tmax, leap.tmin, leap.precipitation, leap.windAverage]).toEqual([10.7, 3.4, 0.2, 0]);
    expect(leap.rhMin).toBeCloseTo((100 * es(5.2)) / es(10.7), 8);
  });

  it('treats -99 as missing and uses RHUM when there is no dew point', () => {
    const text = [
      '*WEATHER DATA : TEST',
      '@ INSI      LAT     LONG  ELEV   TAV   AMP REFHT WNDHT',
      '  TEST   10.000   20.000   100  20.0  10.0   2.0  10.0',
      '@  DATE  SRAD  TMAX  TMIN  RAIN  DEWP  WIND  RHUM',
      '2020001   -99  30.0  20.0   -99   -99 172.8  60.0',
    ].join('\n');
    const [day] = dssatFormat.parse(text).days;
    expect(day).toEqual({
      date: '2020-01-01',
      tmax: 30,
      tmin: 20,
      precipitation: null,
      solar: null,
      rhMax: 60,
      rhMin: 60,
      vapourPressure: null,
      rhMean: 60,
      windDayMax: null,
      windMorningMax: null,
      windAverage: 2, // 172.8 km/day at WNDHT 10 m: no height correction
    });
  });

  it('reports a malformed row with file:line, or skips it with skipBad', () => {
    const lines = CRND.split('\n');
    lines[6] = '90115   9.1  18.x   9.1   0.0  10.4 319.1         2.3      ';
    const broken = lines.join('\n');
    expect(() => dssatFormat.parse(broken, { fileName: 'CRND9001.WTH' })).toThrowError("CRND9001.WTH:7: TMAX: '18.x' is not a number");
    const result = dssatFormat.parse(broken, { fileName: 'CRND9001.WTH', skipBad: true });
    expect(result.skipped).toEqual([{ line: 7, reason: "TMAX: '18.x' is not a number" }]);
    expect(result.days).toHaveLength(251);
  });

  it('gives identical output for the same text', () => {
    expect(dssatFormat.parse(UHIH)).toEqual(dssatFormat.parse(UHIH));
  });
});
