/** Rows of JSON text: the text written from a row layout is the JSON of the same rows as objects. */
import { describe, expect, it } from 'vitest';
import { jsonNumber, receivedJsonRows, RowLayout, sentJsonRows, writeJsonRows, writeJsonRowsBytes } from '../../src/core/json-rows.js';
import { hashKeys, hashToUniform } from '../../src/weather/synthetic/hash-random.js';

interface Day {
  date: string;
  gdd: number | null;
  pet: number;
}

const days: Day[] = [
  { date: '2024-05-01', gdd: 12.345678901234567, pet: 0.1 + 0.2 },
  { date: '2024-05-02', gdd: null, pet: Number.NaN },
  { date: '2024-05-03', gdd: -0, pet: Number.POSITIVE_INFINITY },
  { date: '2024-05-04', gdd: 1e21, pet: 5e-7 },
];

/** What the response serializer writes of a day: non-finite numbers as null. */
const asObject = (d: Day) => ({
  date: d.date,
  gdd: d.gdd,
  pet: { amount: Number.isFinite(d.pet) ? d.pet : null, units: 'mm' },
  _links: { self: { href: `/v/${d.date}` } },
});

function layout() {
  return new RowLayout()
    .text('{"date":"')
    .string((i) => days[i]!.date)
    .text('","gdd":')
    .number((i) => days[i]!.gdd)
    .text(',"pet":{"amount":')
    .number((i) => days[i]!.pet)
    .text(',"units":"mm"},"_links":{"self":{"href":"/v/')
    .string((i) => days[i]!.date)
    .text('"}}}');
}

describe('JSON rows', () => {
  it('writes the rows as JSON.stringify writes the same objects, comma-separated', () => {
    const text = writeJsonRows(layout().rows(days.length));
    expect(`[${text}]`).toBe(JSON.stringify(days.map(asObject)));
  });

  it('writes rows in the order asked for, and nothing for no rows', () => {
    const reversed = writeJsonRows(layout().rows(days.length, (k) => days.length - 1 - k));
    expect(`[${reversed}]`).toBe(JSON.stringify([...days].reverse().map(asObject)));
    expect(writeJsonRows(layout().rows(0))).toBe('');
  });

  it('keeps only plain data, so that the rows can be sent to another thread', () => {
    const rows = layout().rows(days.length);
    expect(writeJsonRows(structuredClone(rows))).toBe(writeJsonRows(rows));
    expect(rows.numberCount).toBe(2);
    expect(rows.stringCount).toBe(2);
  });

  it('sends the strings as one and gets back the same rows, empty and non-ASCII strings included', () => {
    const texts = ['', 'Poznań', '"quoted\\u0000"', '', '2024-02-29'];
    const rows = new RowLayout().text('{"a":').string((i) => JSON.stringify(texts[i]!)).text(',"b":"').string((i) => texts[i]!).text('"}').rows(texts.length);
    const sent = structuredClone(sentJsonRows(rows));
    expect(typeof sent.strings).toBe('string');
    expect(receivedJsonRows(sent)).toEqual(rows);
    expect(writeJsonRows(receivedJsonRows(sent))).toBe(writeJsonRows(rows));
    const none = layout().rows(0);
    expect(receivedJsonRows(structuredClone(sentJsonRows(none)))).toEqual(none);
  });

  it('writes as bytes the UTF-8 of the text, whatever the numbers and strings, in a buffer of its own when asked', () => {
    // Short and long strings (a nested answer is one string of thousands of characters), ASCII or not.
    const long = '[{"startTime":"2024-06-15T00:00:00Z","temperatures":{"value":21.5}}]'.repeat(150);
    const texts = ['', 'Poznań', '"quoted\\u0000"', '2024-02-29', 'ß\u{1F33D}x', '\uD800', '2024-06-15T00:00:00Z', long, `${long}Poznań`, `Poznań${long}\uDC00`];
    let draw = 0;
    const random = () => hashToUniform(hashKeys(23, draw++, 0));
    const values = [0, -0, 0.5, -0.05, 21474836.47, -21474836.47, 1e21, -1e-7, 5e-7, Number.NaN, Number.NEGATIVE_INFINITY, Number.MAX_VALUE, -Number.MIN_VALUE, 0.1 + 0.2];
    // Each number of digits of the whole part, either side of its boundary, with and without hundredths.
    for (let size = 1; size <= 1e7; size *= 10) values.push(size - 0.01, size, size + 0.1, -(size - 0.09), 10 * size - 1);
    for (let i = 0; i < 2000; i++) {
      const x = (random() - 0.5) * 10 ** Math.floor(random() * 14 - 4);
      values.push(x, Math.round(x * 10) / 10, Math.round(x * 100) / 100, Math.round(x));
    }
    const rows = new RowLayout()
      .text('{"é":"')
      .string((i) => texts[i % texts.length]!)
      .text('","v":')
      .number((i) => values[i]!)
      .text(',"w":')
      .number((i) => values[values.length - 1 - i]!)
      .text('}')
      .rows(values.length);
    expect(writeJsonRowsBytes(rows).equals(Buffer.from(writeJsonRows(rows), 'utf8'))).toBe(true);
    expect(writeJsonRowsBytes(layout().rows(days.length)).toString('utf8')).toBe(writeJsonRows(layout().rows(days.length)));
    expect(writeJsonRowsBytes(layout().rows(0))).toHaveLength(0);
    // Owned: not a slice of Node's shared pool of small buffers, so its memory can be moved.
    const owned = writeJsonRowsBytes(layout().rows(1), { owned: true });
    expect(owned.byteOffset).toBe(0);
    expect(owned.buffer.byteLength).toBeLessThan(Buffer.poolSize);
    expect(owned.toString('utf8')).toBe(writeJsonRows(layout().rows(1)));
  });

  it('writes null, NaN and ±Infinity as null, and every other number so that it reads back the same', () => {
    for (const value of [null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(jsonNumber(value)).toBe('null');
    for (const value of [0, -0, 1 / 3, -273.15, 12.345678901234567, 1e-7, 1e21, Number.MAX_VALUE]) {
      expect(jsonNumber(value)).toBe(JSON.stringify(value));
      expect(Object.is(JSON.parse(jsonNumber(value)), value === 0 ? 0 : value)).toBe(true);
    }
  });

  it('writes numbers kept to hundredths exactly as JSON.stringify does', () => {
    // Every hundredth from -5,000 to 5,000, as computed (k / 100) and as rounded values are
    // (Math.round(x * 10) / 10 and the like), the doubles either side of each, and sizes up to
    // and past the 31-bit limit of the short way.
    const values: number[] = [];
    for (let k = -500_000; k <= 500_000; k++) values.push(k / 100);
    let draw = 0;
    const random = () => hashToUniform(hashKeys(17, draw++, 0));
    for (let i = 0; i < 100_000; i++) {
      const x = (random() - 0.5) * 10 ** Math.floor(random() * 12 - 3);
      values.push(Math.round(x * 10) / 10, Math.round(x * 100) / 100, x, (Math.round(x * 100) + 0.5) / 100);
    }
    for (const k of [2 ** 31 - 2, 2 ** 31 - 1, 2 ** 31, 2 ** 32 + 1, 10 ** 15 + 7]) values.push(k / 100, -k / 100, k, -k);
    values.push(0.1 + 0.2, 61.19999999999999, 168.50000000000003, 1.0000000000000009, 0.0700000000000001, 5e-7, 0.005, -0.005, 0.015);
    const wrong: string[] = [];
    for (const value of values) {
      for (const v of [value, nextUp(value), -nextUp(-value)]) {
        if (jsonNumber(v) !== JSON.stringify(v)) wrong.push(`${JSON.stringify(v)} written as ${jsonNumber(v)}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });
});

/** The next double above `x` (finite x). */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigInt64(0, view.getBigInt64(0) + (x > 0 ? 1n : -1n));
  return view.getFloat64(0);
}

