/** Rows of JSON text: the text written from a row layout is the JSON of the same rows as objects. */
import { describe, expect, it } from 'vitest';
import { jsonNumber, receivedJsonRows, RowLayout, sentJsonRows, writeJsonRows } from '../../src/core/json-rows.js';

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

  it('writes null, NaN and ±Infinity as null, and every other number so that it reads back the same', () => {
    for (const value of [null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(jsonNumber(value)).toBe('null');
    for (const value of [0, -0, 1 / 3, -273.15, 12.345678901234567, 1e-7, 1e21, Number.MAX_VALUE]) {
      expect(jsonNumber(value)).toBe(JSON.stringify(value));
      expect(Object.is(JSON.parse(jsonNumber(value)), value === 0 ? 0 : value)).toBe(true);
    }
  });
});
