import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/core/dates.js';
import { csvFormat, guessCsvColumns, parseCsvColumnSpec } from '../../../src/weather/import/csv.js';
import { StationFileError } from '../../../src/weather/import/station-file-format.js';
import { detectStationFileFormat } from '../../../src/weather/import/station-file-formats.js';
import { readFileSync } from 'node:fs';

/** FAO-56 eq. 47 from 2 m to 10 m: 1 / (4.87 / ln(67.8·10 − 5.42)), so that reference ET takes a 2 m speed back to itself. */
const FROM_2M_TO_10M = Math.log(672.58) / 4.87;

const METEO_CSV = [
  '# exported by a station logger',
  'Datum;Tmax_F;Tmin_F;Rain_in;Rad_MJ;RHx;RHn;Wind_2m_kmh',
  '01/07/2021;86;59;0.5;25.2;90;40;7.2',
  '02/07/2021;NA;60.8;0;-99;;35;3.6',
  '03/07/2021;95;68;0.1;27;88;30;0',
].join('\n');

const METEO_MAPPING = parseCsvColumnSpec(
  'date=Datum:DD/MM/YYYY,tmax=Tmax_F:F,tmin=Tmin_F:F,precipitation=Rain_in:in,solar=Rad_MJ:MJ/m2,rhMax=RHx,rhMin=RHn,windAverage=Wind_2m_kmh:km/h@2',
);

describe('generic CSV import', () => {
  it('applies the column mapping, units, wind height and missing markers', () => {
    const result = csvFormat.parse(METEO_CSV, { fileName: 'logger.csv', columns: METEO_MAPPING, station: { id: 'farm-1', latitude: 45, longitude: 7 } });
    expect(result.station).toEqual({ id: 'farm-1', latitude: 45, longitude: 7 });
    expect(result.dataset).toBe('import:csv-farm-1');
    expect(result.days).toHaveLength(3);
    const [first, second, third] = result.days;
    expect(first!.date).toBe('2021-07-01');
    expect(first!.tmax).toBeCloseTo(30, 10);
    expect(first!.tmin).toBeCloseTo(15, 10);
    expect(first!.precipitation).toBeCloseTo(12.7, 10);
    expect(first!.solar).toBeCloseTo(7000, 8);
    expect([first!.rhMax, first!.rhMin]).toEqual([90, 40]);
    expect(first!.windAverage).toBeCloseTo(2 * FROM_2M_TO_10M, 10);
    expect(second).toMatchObject({ date: '2021-07-02', tmax: null, solar: null, rhMax: null, rhMin: 35, precipitation: 0 });
    expect(second!.tmin).toBeCloseTo(16, 10);
    expect(third!.windAverage).toBe(0);
  });

  it('guesses a mapping from internal names when none is given', () => {
    const text = 'date,tmax,tmin,precipitation,solar\n2020-05-01,20.5,8,1.2,5000\n2020-05-02,21,9,0,5100\n';
    expect(guessCsvColumns(['date', 'tmax', 'tmin', 'precipitation', 'solar'])).toEqual({
      date: { column: 0 },
      tmax: { column: 1 },
      tmin: { column: 2 },
      precipitation: { column: 3 },
      solar: { column: 4 },
    });
    const result = csvFormat.parse(text, { fileName: 'data/my-station.csv' });
    expect(result.station.id).toBe('my-station');
    expect(result.days[0]).toEqual({
      date: '2020-05-01',
      tmax: 20.5,
      tmin: 8,
      precipitation: 1.2,
      solar: 5000,
      rhMax: null,
      rhMin: null,
      vapourPressure: null,
      rhMean: null,
      windDayMax: null,
      windMorningMax: null,
      windAverage: null,
    });
  });

  it('takes caller missing markers', () => {
    const text = 'date,tmax\n2020-05-01,M\n2020-05-02,-99\n';
    expect(csvFormat.parse(text, { missing: ['M', '-99'] }).days.map((d) => d.tmax)).toEqual([null, null]);
    // with only 'M' as a marker, -99 is read as a number and fails the plausibility check
    expect(() => csvFormat.parse(text, { missing: ['M'], fileName: 'x.csv' })).toThrowError('x.csv:3: tmax: -99 is outside -90..65');
    expect(csvFormat.parse('date,tmax\n2020-05-02,-99.0\n').days[0]!.tmax).toBeNull();
  });

  it('reports a malformed row as file:line, or skips it with skipBad', () => {
    const text = 'date,tmax,tmin\n2020-05-01,20,10\n2020-05-32,21,11\n2020-05-03,abc,11\n2020-05-04,22,12\n2020-05-04,22,12\n';
    expect(() => csvFormat.parse(text, { fileName: 'bad.csv' })).toThrowError(StationFileError);
    expect(() => csvFormat.parse(text, { fileName: 'bad.csv' })).toThrowError("bad.csv:3: date: '2020-05-32' is not a YYYY-MM-DD date");
    const result = csvFormat.parse(text, { fileName: 'bad.csv', skipBad: true });
    expect(result.skipped).toEqual([
      { line: 3, reason: "date: '2020-05-32' is not a YYYY-MM-DD date" },
      { line: 4, reason: "tmax: 'abc' is not a number" },
      { line: 6, reason: 'duplicate date 2020-05-04' },
    ]);
    expect(result.days.map((d) => d.date)).toEqual(['2020-05-01', '2020-05-04']);
  });

  it('rejects implausible values and unknown columns or units', () => {
    expect(() => csvFormat.parse('date,tmax\n2020-01-01,99\n', { fileName: 'hot.csv' })).toThrowError('hot.csv:2: tmax: 99 is outside -90..65');
    expect(() => csvFormat.parse('date,tmax\n2020-01-01,9\n', { columns: { date: { column: 'date' }, tmax: { column: 'TX' } } })).toThrowError(/no column named 'TX'/);
    expect(() =>
      csvFormat.parse('date,tmax\n2020-01-01,9\n', { columns: { date: { column: 'date' }, tmax: { column: 'tmax', unit: 'R' as never } } }),
    ).toThrowError(/unknown unit 'R'/);
    expect(() => parseCsvColumnSpec('date=d,rain=r')).toThrowError(/unknown variable 'rain'/);
  });

  it('handles quoted fields, tabs and day-of-year dates', () => {
    const text = 'when\t"max temp"\n2020032\t"12.5"\n';
    const result = csvFormat.parse(text, { columns: { date: { column: 'when', format: 'YYYYDDD' }, tmax: { column: 'max temp' } } });
    expect(result.days).toEqual([expect.objectContaining({ date: '2020-02-01', tmax: 12.5 })]);
  });

  it('reads RFC 4180 fields: quoted delimiters, doubled quotes and line breaks, a row numbered from its first line', () => {
    // Lines: 1 comment, 2 header, 3-4 one row (a note over two lines), 5 empty, 6 spaces, 7, 8.
    const text = '# logger\r\ndate;"t""max";note\r\n2020-05-01;"2.5";"dry\r\nwindy"\r\n\r\n   \n2020-05-02;"3,5";x\r2020-05-32;4;"a;b"\n';
    const columns = { date: { column: 'date' }, tmax: { column: 't"max' } };
    expect(() => csvFormat.parse(text, { fileName: 'q.csv', columns })).toThrowError("q.csv:7: t\"max: '3,5' is not a number");
    const result = csvFormat.parse(text, { fileName: 'q.csv', columns, skipBad: true });
    expect(result.days.map((day) => [day.date, day.tmax])).toEqual([['2020-05-01', 2.5]]);
    expect(result.skipped).toEqual([
      { line: 7, reason: "t\"max: '3,5' is not a number" },
      { line: 8, reason: "date: '2020-05-32' is not a YYYY-MM-DD date" },
    ]);
    const spread = 'date,tmax\n2020-05-01,"1"\n2020-05-02,"x\n\ny"\n2020-05-03,3\n';
    expect(() => csvFormat.parse(spread, { fileName: 'n.csv' })).toThrowError("n.csv:3: tmax: 'x\n\ny' is not a number");
  });

  it('reports an unclosed quote at the line its field starts', () => {
    const text = 'date,tmax\n2020-05-01,1\n# note\n2020-05-02,"2\n2020-05-03,3\n';
    expect(() => csvFormat.parse(text, { fileName: 'open.csv' })).toThrowError('open.csv:4: unterminated quoted field');
    expect(csvFormat.parse(text, { skipBad: true }).skipped).toEqual([{ line: 4, reason: 'unterminated quoted field' }]);
  });

  it('reports its progress as it reads, then 1', () => {
    const text = ['date,tmax', ...Array.from({ length: 500 }, (_, i) => `${addDays('2001-01-01', i)},${i % 30}`)].join('\n');
    const fractions: number[] = [];
    expect(csvFormat.parse(text, { onProgress: (fraction) => fractions.push(fraction) }).days).toHaveLength(500);
    expect(fractions.length).toBeGreaterThan(100);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((fraction, i) => i === 0 || fraction > fractions[i - 1]!)).toBe(true);
  });

  it('gives identical output for the same text', () => {
    const options = { columns: METEO_MAPPING, station: { id: 'a' } };
    expect(csvFormat.parse(METEO_CSV, options)).toEqual(csvFormat.parse(METEO_CSV, options));
  });
});

describe('station file format detection', () => {
  it('recognises each fixture', () => {
    const cases: [string, string][] = [
      ['test/fixtures/stations/knmi/etmgeg_260_1989-1991.txt', 'knmi'],
      ['test/fixtures/stations/dssat/CRND9001.WTH', 'dssat'],
      ['test/fixtures/stations/dssat/UHIH1201.WTH', 'dssat'],
      ['test/fixtures/providers/nasa-power/daily_point_athens_20220101_20220201_LST.csv', 'nasa-power-csv'],
      ['test/fixtures/providers/nasa-power/daily_point_kingsthorpe_1985_v1.json', 'nasa-power-json'],
      ['test/fixtures/providers/nasa-power/daily_point_bangalore_202401_T2M_v2.json', 'nasa-power-json'],
    ];
    for (const [file, name] of cases) expect(detectStationFileFormat(readFileSync(file, 'utf8'))?.name, file).toBe(name);
    expect(detectStationFileFormat('date,tmax\n2020-01-01,1\n')?.name).toBe('csv');
    expect(detectStationFileFormat('hello world')).toBeUndefined();
  });
});
