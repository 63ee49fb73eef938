import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nasaPowerCsvFormat } from '../../../src/weather/import/nasa-power-csv.js';
import { nasaPowerJsonFormat } from '../../../src/weather/import/nasa-power-json.js';

const DIR = 'test/fixtures/providers/nasa-power/';
const ATHENS_CSV = readFileSync(`${DIR}daily_point_athens_20220101_20220201_LST.csv`, 'utf8');
const ATHENS_JSON = readFileSync(`${DIR}daily_point_athens_20220101_20220201_LST.json`, 'utf8');
const KINGSTHORPE_V1 = readFileSync(`${DIR}daily_point_kingsthorpe_1985_v1.json`, 'utf8');
const SOUTH_POLE = readFileSync(`${DIR}daily_ag_point_south_pole_19830101_UTC.csv`, 'utf8');
const MJ_TO_WH = 1e6 / 3600;
/** FAO-56 eq. 47 from 2 m to 10 m: 1 / (4.87 / ln(67.8·10 − 5.42)), so that reference ET takes a 2 m speed back to itself. */
const FROM_2M_TO_10M = Math.log(672.58) / 4.87;
const es = (t: number) => 0.6108 * Math.exp((17.27 * t) / (t + 237.3));

describe('NASA POWER CSV import', () => {
  it('reads the header block and converts the rows (Athens, Jan 2022)', () => {
    const result = nasaPowerCsvFormat.parse(ATHENS_CSV, { fileName: 'athens.csv' });
    expect(result.station).toEqual({ id: '37.9838_23.7275', latitude: 37.9838, longitude: 23.7275, elevation: 140.03 });
    expect(result.dataset).toBe('import:nasa-power-37.9838_23.7275');
    expect(result.days).toHaveLength(32);
    // 2022,8,15.85,5.74,11.43,9.79,13.09,10.24,1.97,20.37  (…,ALLSKY,T2M,T2M_MIN,T2M_MAX,T2MDEW,WS2M,PRECTOTCORR)
    const day = result.days[7]!;
    expect(day.date).toBe('2022-01-08');
    expect(day.solar).toBeCloseTo(5.74 * MJ_TO_WH, 8);
    expect([day.tmax, day.tmin, day.precipitation]).toEqual([13.09, 9.79, 20.37]);
    expect(day.rhMax).toBe(100); // dew point 10.24 above T2M_MIN 9.79: capped
    expect(day.rhMin).toBeCloseTo((100 * es(10.24)) / es(13.09), 8);
    expect(day.windAverage).toBeCloseTo(1.97 * FROM_2M_TO_10M, 8);
    expect(day.windDayMax).toBeNull();
    expect(result.days.at(-1)!.date).toBe('2022-02-01');
  });

  it('reads fill values as nulls and RH2M/WS10M as they are', () => {
    const result = nasaPowerCsvFormat.parse(SOUTH_POLE);
    expect(result.days).toEqual([
      { date: '1983-01-01', tmax: -22.7, tmin: -25.37, precipitation: null, solar: null, rhMax: 92.61, rhMin: 92.61, vapourPressure: null, rhMean: 92.61, windDayMax: null, windMorningMax: null, windAverage: 1.93 },
    ]);
    const withFill = SOUTH_POLE.replace('1983,1,-24.36,-25.37,-22.7', '1983,1,-24.36,-999,-22.7');
    expect(nasaPowerCsvFormat.parse(withFill).days[0]!.tmin).toBeNull();
  });

  it('reports a malformed row with file:line or skips it', () => {
    const lines = ATHENS_CSV.split('\n');
    const index = lines.findIndex((l) => l.startsWith('2022,3,'));
    lines[index] = '2022,3,15.46,10.61,11.95';
    const broken = lines.join('\n');
    expect(() => nasaPowerCsvFormat.parse(broken, { fileName: 'a.csv' })).toThrowError(`a.csv:${index + 1}: expected 10 fields, found 5`);
    expect(nasaPowerCsvFormat.parse(broken, { skipBad: true }).skipped).toEqual([{ line: index + 1, reason: 'expected 10 fields, found 5' }]);
  });

  it('rejects a solar unit it does not know', () => {
    const text = ATHENS_CSV.replace('All Sky Surface Shortwave Downward Irradiance (MJ/m^2/day)', 'All Sky Surface Shortwave Downward Irradiance (furlongs)');
    expect(() => nasaPowerCsvFormat.parse(text, { fileName: 'a.csv' })).toThrowError(/a\.csv:1: ALLSKY_SFC_SW_DWN is in 'furlongs'/);
  });
});

describe('NASA POWER JSON import', () => {
  it('gives the same days from the v2 JSON as from the CSV of the same data', () => {
    const fromJson = nasaPowerJsonFormat.parse(ATHENS_JSON);
    const fromCsv = nasaPowerCsvFormat.parse(ATHENS_CSV);
    expect(fromJson.days).toEqual(fromCsv.days);
    expect(fromJson.station).toEqual(fromCsv.station);
  });

  it('reads the retired v1 answer (PRECTOT, fillValue) of Kingsthorpe 1985', () => {
    const result = nasaPowerJsonFormat.parse(KINGSTHORPE_V1);
    expect(result.station).toEqual({ id: '-27.47999_151.81001', latitude: -27.47999, longitude: 151.81001, elevation: 434.55 });
    expect(result.days).toHaveLength(365);
    // "19850101": ALLSKY 30.96, PRECTOT 1.07, T2M_MAX 32.66, T2M_MIN 16.87
    expect(result.days[0]).toEqual({
      date: '1985-01-01',
      tmax: 32.66,
      tmin: 16.87,
      precipitation: 1.07,
      solar: 30.96 * MJ_TO_WH,
      rhMax: null,
      rhMin: null,
      vapourPressure: null,
      rhMean: null,
      windDayMax: null,
      windMorningMax: null,
      windAverage: null,
    });
  });

  it('reports a bad value at the line of its date, and bad JSON at its line', () => {
    const broken = KINGSTHORPE_V1.replace('"19850103": 33.19', '"19850103": "x"');
    const line = KINGSTHORPE_V1.slice(0, KINGSTHORPE_V1.indexOf('"19850103": 33.19')).split('\n').length;
    expect(() => nasaPowerJsonFormat.parse(broken, { fileName: 'k.json' })).toThrowError(`k.json:${line}: ALLSKY_SFC_SW_DWN: "x" is not a number`);
    const skipped = nasaPowerJsonFormat.parse(broken, { skipBad: true });
    expect(skipped.skipped).toEqual([{ line, reason: 'ALLSKY_SFC_SW_DWN: "x" is not a number' }]);
    expect(skipped.days).toHaveLength(364);
    expect(() => nasaPowerJsonFormat.parse(KINGSTHORPE_V1.slice(0, 5000), { fileName: 'k.json' })).toThrowError(/^k\.json:\d+: not JSON/);
  });
});
