/**
 * The generic JSON → CSV flattener (http/csv-table.ts), checked by reading its output back with an
 * independent RFC 4180 parser (csv-parse).
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvColumns, csvField, csvText, pagingLinkHeader } from '../../src/http/csv-table.js';
import { negotiateRepresentation } from '../../src/http/representation.js';

function read(text: string): string[][] {
  return parse(text, { relax_column_count: false }) as string[][];
}

const text = (document: unknown, rows: string[], unitless?: string[]) => [...csvText(document, { rows, unitless })].join('');

describe('CSV of a presenter object', () => {
  it('writes one row per item of the row array, leaf paths joined with dots, units in the names, no _links', () => {
    const document = {
      observations: [
        {
          date: '2024-06-01',
          location: { latitude: 41.5, longitude: -93.5 },
          temperatures: { max: 25.5, min: 10, units: 'C' },
          relativeHumidity: { max: 90, min: null },
          _links: { self: { href: '/x' } },
        },
        {
          date: '2024-06-02',
          location: { latitude: 41.5, longitude: -93.5 },
          temperatures: { max: -0.25, min: 1e-7, units: 'C' },
          relativeHumidity: { max: 80, min: 30 },
          _links: { self: { href: '/y' } },
        },
      ],
      _links: { self: { href: '/list' } },
    };
    const csv = text(document, ['observations']);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(4);
    const [header, first, second] = read(csv);
    expect(header).toEqual([
      'date',
      'location.latitude',
      'location.longitude',
      'temperatures.max (C)',
      'temperatures.min (C)',
      'relativeHumidity.max',
      'relativeHumidity.min',
    ]);
    expect(first).toEqual(['2024-06-01', '41.5', '-93.5', '25.5', '10', '90', '']);
    expect(second!.map((v, i) => (i > 0 ? Number(v) : v))).toEqual(['2024-06-02', 41.5, -93.5, -0.25, 1e-7, 80, 30]);
  });

  it('repeats the enclosing properties on every row and expands nested row arrays (forecast blocks)', () => {
    const document = {
      forecasts: [
        {
          date: '2024-06-16',
          location: { latitude: 1, longitude: 2 },
          forecast: [
            { startTime: 'a', precipitation: { chance: 20, amount: 0.5, units: 'mm' }, soil: [{ depth: '0-0.1 m', average: 15, units: 'C' }] },
            { startTime: 'b', precipitation: { chance: 30, amount: 0, units: 'mm' }, soil: [{ depth: '0-0.1 m', average: 16, units: 'C' }] },
          ],
          _links: {},
        },
        { date: '2024-06-17', location: { latitude: 1, longitude: 2 }, forecast: [{ startTime: 'c', precipitation: { chance: 0, amount: 1, units: 'mm' }, soil: [] }] },
      ],
    };
    const rows = read(text(document, ['forecasts', 'forecast'], ['precipitation.chance']));
    expect(rows[0]).toEqual([
      'date',
      'location.latitude',
      'location.longitude',
      'startTime',
      'precipitation.chance',
      'precipitation.amount (mm)',
      'soil.0.depth',
      'soil.0.average (C)',
    ]);
    expect(rows.slice(1)).toEqual([
      ['2024-06-16', '1', '2', 'a', '20', '0.5', '0-0.1 m', '15'],
      ['2024-06-16', '1', '2', 'b', '30', '0', '0-0.1 m', '16'],
      // A row without a column leaves it empty.
      ['2024-06-17', '1', '2', 'c', '0', '1', '', ''],
    ]);
  });

  it('writes an object without a row array (a single day) as one row', () => {
    expect(read(text({ day: '06-01', gdd: { average: 11.5, stdDev: 2 }, pet: { average: 4, stdDev: 0.5, units: 'in' }, _links: {} }, ['norms']))).toEqual([
      ['day', 'gdd.average', 'gdd.stdDev', 'pet.average (in)', 'pet.stdDev (in)'],
      ['06-01', '11.5', '2', '4', '0.5'],
    ]);
  });

  it('quotes fields holding quotes, commas and line breaks, and tells the empty string from null', () => {
    const document = { rows: [{ a: 'Clear, No Rain', b: 'say "hi"', c: 'two\r\nlines', d: '', e: null, f: true }] };
    const csv = text(document, ['rows']);
    expect(csv).toBe('a,b,c,d,e,f\r\n"Clear, No Rain","say ""hi""","two\r\nlines","",,true\r\n');
    expect(read(csv)[1]).toEqual(['Clear, No Rain', 'say "hi"', 'two\r\nlines', '', '', 'true']);
    expect(csvField(Number.NaN)).toBe('');
  });

  it('neutralises text a spreadsheet would take for a formula, and leaves numbers numbers', () => {
    const document = {
      location: { fieldId: '-A1' },
      rows: [
        { name: '=HYPERLINK("http://x.test","y")', farm: '+1', by: '@SUM(A1)', tab: '\tx', cr: '\rx', t: -3.5, plain: 'a-b', date: '2024-06-01' },
      ],
    };
    const csv = text(document, ['rows']);
    expect(csv.split('\r\n')[1]).toBe(`"'-A1","'=HYPERLINK(""http://x.test"",""y"")","'+1","'@SUM(A1)","'\tx","'\rx",-3.5,a-b,2024-06-01`);
    expect(read(csv)[1]).toEqual(["'-A1", `'=HYPERLINK("http://x.test","y")`, "'+1", "'@SUM(A1)", "'\tx", "'\rx", '-3.5', 'a-b', '2024-06-01']);
    expect(csvField(-0.5)).toBe('-0.5');
    expect(csvField('-')).toBe(`"'-"`);
  });

  it('hands out a long table in pieces, header first, every row exactly once', () => {
    const days = Array.from({ length: 20_000 }, (_, i) => ({ date: `d${i}`, value: i / 3, text: 'x'.repeat(20) }));
    const pieces = [...csvText({ dailyValues: days }, { rows: ['dailyValues'] })];
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) expect(piece.length).toBeLessThan(70_000);
    const rows = read(pieces.join(''));
    expect(rows).toHaveLength(20_001);
    expect(rows[12_346]).toEqual(['d12345', String(12_345 / 3), 'x'.repeat(20)]);
    expect(Number(rows[12_346]![1])).toBe(12_345 / 3);
  });

  it('lists the columns in the order the JSON first names them', () => {
    expect(csvColumns({ list: [{ a: 1 }, { a: 2, b: { c: 3, units: 'mm' } }] }, { rows: ['list'] })).toEqual(['a', 'b.c (mm)']);
  });

  it('puts next and prev links in a Link header value', () => {
    expect(pagingLinkHeader({ _links: { self: { href: '/s' }, next: { href: '/n?offset=3' }, prev: { href: '/p' } } })).toBe(
      '</n?offset=3>; rel="next", </p>; rel="prev"',
    );
    expect(pagingLinkHeader({ _links: { self: { href: '/s' } } })).toBeNull();
    expect(pagingLinkHeader({})).toBeNull();
  });
});

describe('choosing JSON or CSV from Accept', () => {
  it.each([
    [undefined, 'json'],
    ['', 'json'],
    ['*/*', 'json'],
    ['application/json', 'json'],
    ['application/json; charset=utf-8, text/csv;q=0.5', 'json'],
    ['text/csv;q=0.5, application/json', 'json'],
    ['text/csv, application/json', 'csv'],
    ['application/json;q=0.9, text/csv', 'csv'],
    ['text/csv', 'csv'],
    ['TEXT/CSV', 'csv'],
    ['text/csv; charset=utf-8', 'csv'],
    ['text/csv; header=present', 'csv'],
    ['text/*', 'csv'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'json'],
    ['application/xml', 'json'],
    ['text/csv; charset=iso-8859-1', 'json'],
    ['text/csv;q=0', 'json'],
  ])('Accept %s → %s', (accept, expected) => {
    expect(negotiateRepresentation(accept)).toBe(expected);
  });
});
