/**
 * The weather repository on every database kind: packed daily years and forecast hours come back
 * byte for byte, ranges and dataset prefixes select the same rows on both dialects, and a year
 * row is changed by one atomic read-modify-write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

/** Bytes 0 to 255 (NUL and high bytes included), then a pattern, `length` in all. */
const bytes = (length: number, seed = 0): Uint8Array => Uint8Array.from({ length }, (_, i) => (i < 256 ? i : i * 31 + seed) & 0xff);
/** The bytes alone: drivers may hand back a Buffer (a Uint8Array too), which toEqual tells apart. */
const plain = (value: Uint8Array | null): Uint8Array | null => value && Uint8Array.from(value);

describe.each(databaseKinds())('weather repository on %s', (kind) => {
  let store: Store;
  let nextCell = 1000;
  /** Cells of its own for each test (the one returned and the next nine): the store is shared. */
  const cell = () => (nextCell += 10);

  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  const put = (dataset: string, cellId: number, year: number, days: Uint8Array, now = 1) => store.weather.updateDailyYear(dataset, cellId, year, () => days, now);
  const updatedAt = async (dataset: string, cellId: number, year: number) =>
    Number(
      (
        await store.handle.db
          .selectFrom('weather_daily_years')
          .select('updated_at')
          .where('dataset', '=', dataset)
          .where('cell_id', '=', cellId)
          .where('year', '=', year)
          .executeTakeFirstOrThrow()
      ).updated_at,
    );

  it('round-trips year rows byte for byte, as Uint8Array, by dataset then year, for the years asked', async () => {
    const c = cell();
    const big = bytes(366 * 48, 7);
    await put('open-meteo', c, 2001, big);
    await put('open-meteo', c, 1999, bytes(300, 1));
    await put('import:station', c, 2000, bytes(256));
    await put('open-meteo', c + 1, 2000, bytes(10)); // another cell
    const rows = await store.weather.readDailyYears(c, 1999, 2001);
    expect(rows.map((r) => [r.dataset, r.year])).toEqual([
      ['import:station', 2000],
      ['open-meteo', 1999],
      ['open-meteo', 2001],
    ]);
    for (const row of rows) expect(row.days).toBeInstanceOf(Uint8Array);
    expect(rows.map((r) => plain(r.days))).toEqual([bytes(256), bytes(300, 1), big]);
    // Both ends of the range are included; years outside are not read.
    expect((await store.weather.readDailyYears(c, 2000, 2000)).map((r) => r.year)).toEqual([2000]);
    expect((await store.weather.readDailyYears(c, 2001, 2005)).map((r) => r.year)).toEqual([2001]);
    expect(await store.weather.readDailyYears(c, 2002, 2005)).toEqual([]);
    expect((await store.weather.readDailyYears(c, 1990, 2010, 'open-meteo')).map((r) => r.year)).toEqual([1999, 2001]);
    expect((await store.weather.readDailyYears(c, 1990, 2010, 'import:')).map((r) => r.dataset)).toEqual(['import:station']);
    expect(await store.weather.readDailyYears(c, 1990, 2010, 'nasa-power')).toEqual([]);
  });

  it('reads a part of the rows of the given length, every other row whole, by prefix too', async () => {
    const c = cell();
    const full = bytes(366 * 104, 3);
    await put('import:part', c, 2001, full);
    await put('import:part', c, 2002, bytes(366 * 88, 5)); // another length: comes whole
    await put('other', c, 2001, full);
    await store.weather.writeElevation(c, 'import:part', 1234.5, 1);
    await store.weather.writeElevation(c + 1, 'other', 99, 1); // another cell's
    const part = { rowBytes: full.length, from: 104 * 40, length: 104 * 7 };
    const rows = await store.weather.readDailyYears(c, 2000, 2003, 'import:', part);
    expect(rows.map((r) => ({ ...r, days: plain(r.days) }))).toEqual([
      { dataset: 'import:part', year: 2001, days: full.slice(part.from, part.from + part.length), offset: part.from, elevation: 1234.5 },
      { dataset: 'import:part', year: 2002, days: bytes(366 * 88, 5), elevation: 1234.5 },
    ]);
    // Without a prefix, and from the first byte to the last.
    const all = await store.weather.readDailyYears(c, 2001, 2001, undefined, { rowBytes: full.length, from: 0, length: full.length });
    expect(all.map((r) => [r.dataset, r.offset, plain(r.days), r.elevation])).toEqual([
      ['import:part', 0, full, 1234.5],
      ['other', 0, full, null],
    ]);
    const last = await store.weather.readDailyYears(c, 2001, 2001, 'other', { rowBytes: full.length, from: full.length - 104, length: 104 });
    expect(last.map((r) => plain(r.days))).toEqual([full.slice(full.length - 104)]);
  });

  it('gives the change the stored bytes (null at first) and stores what it returns', async () => {
    const c = cell();
    const seen: (Uint8Array | null)[] = [];
    const append = (byte: number) => (current: Uint8Array | null) => {
      seen.push(current);
      return Uint8Array.from([...(current ?? []), byte]);
    };
    await store.weather.updateDailyYear('ds', c, 2020, append(1), 10);
    await store.weather.updateDailyYear('ds', c, 2020, append(2), 20);
    expect(seen.map(plain)).toEqual([null, Uint8Array.from([1])]);
    expect(plain((await store.weather.readDailyYears(c, 2020, 2020))[0]!.days)).toEqual(Uint8Array.from([1, 2]));
    expect(await updatedAt('ds', c, 2020)).toBe(20);
    // Unchanged bytes are not written again (the row keeps its time).
    await store.weather.updateDailyYear('ds', c, 2020, (current) => Uint8Array.from(current!), 30);
    expect(await updatedAt('ds', c, 2020)).toBe(20);
  });

  it('stores nothing, not even an empty row, when the change throws', async () => {
    const c = cell();
    await expect(
      store.weather.updateDailyYear('ds-throw', c, 2020, () => {
        throw new Error('cannot decode');
      }, 1),
    ).rejects.toThrow('cannot decode');
    expect(await store.weather.readDailyYears(c, 2020, 2020)).toEqual([]);
    expect(await store.weather.cellsWithDaily('ds-throw')).toEqual([]);
    await put('ds-throw', c, 2021, Uint8Array.from([9]));
    await expect(
      store.weather.updateDailyYear('ds-throw', c, 2021, () => {
        throw new Error('refused');
      }, 2),
    ).rejects.toThrow('refused');
    expect(plain((await store.weather.readDailyYears(c, 2021, 2021))[0]!.days)).toEqual(Uint8Array.from([9]));
  });

  it('applies concurrent changes of one year row one after the other, losing none', async () => {
    const c = cell();
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    // Every writer appends its byte to what it reads, the first ones racing to create the row.
    await Promise.all(values.map((value) => store.weather.updateDailyYear('race', c, 2024, (current) => Uint8Array.from([...(current ?? []), value]), value)));
    const [row] = await store.weather.readDailyYears(c, 2024, 2024);
    expect([...row!.days].sort((x, y) => x - y)).toEqual(values);
  });

  it('reads forecast hours of the half-open range in time order, and replaces an hour written again', async () => {
    const c = cell();
    const hour = 3_600_000;
    const start = Date.UTC(2024, 5, 15);
    await store.weather.writeHours(
      c,
      'open-meteo',
      [2, 0, 1, 3].map((i) => ({ time: start + i * hour, hour: bytes(40, i) })),
      100,
    );
    await store.weather.writeHours(c, 'other', [{ time: start, hour: bytes(5) }], 100);
    await store.weather.writeHours(c, 'open-meteo', [{ time: start + hour, hour: Uint8Array.from([0, 255]) }], 200);
    await store.weather.writeHours(c, 'open-meteo', [], 300);
    const rows = await store.weather.readHours(c, 'open-meteo', start, start + 3 * hour);
    expect(rows.map((row) => ({ ...row, hour: plain(row.hour) }))).toEqual([
      { time: start, hour: bytes(40, 0), fetchedAt: 100 },
      { time: start + hour, hour: Uint8Array.from([0, 255]), fetchedAt: 200 },
      { time: start + 2 * hour, hour: bytes(40, 2), fetchedAt: 100 },
    ]);
    for (const row of rows) expect(row.hour).toBeInstanceOf(Uint8Array);
    expect(await store.weather.readHours(c + 1, 'open-meteo', start, start + 3 * hour)).toEqual([]);
  });

  it('summarises datasets, lists cells and first years, reading datasets by prefix', async () => {
    const c = cell();
    const d = cell();
    for (const [dataset, cellId, year] of [
      ['import:sum-a', c, 1990],
      ['import:sum-a', c, 1985],
      ['import:sum-a', d, 2010],
      ['import:sum-b', d, 1970],
      ['sum-provider', c, 1950],
    ] as const) {
      await put(dataset, cellId, year, Uint8Array.from([1]));
    }
    const summary = (await store.weather.summary()).filter((s) => s.dataset.includes('sum-'));
    expect(summary).toEqual([
      { dataset: 'import:sum-a', cells: 2, firstYear: 1985, lastYear: 2010 },
      { dataset: 'import:sum-b', cells: 1, firstYear: 1970, lastYear: 1970 },
      { dataset: 'sum-provider', cells: 1, firstYear: 1950, lastYear: 1950 },
    ]);
    expect((await store.weather.cellsWithDaily('import:sum-')).sort((x, y) => x - y)).toEqual([c, d]);
    expect(await store.weather.cellsWithDaily('import:sum-b')).toEqual([d]);
    expect(await store.weather.cellsWithDaily('sum-provider')).toEqual([c]);
    expect(await store.weather.firstDailyYear(c, 'import:')).toBe(1985);
    expect(await store.weather.firstDailyYear(d, 'import:')).toBe(1970);
    expect(await store.weather.firstDailyYear(d, 'import:sum-a')).toBe(2010);
    expect(await store.weather.firstDailyYear(c, 'import:sum-b')).toBeNull();
    expect(await store.weather.firstDailyYear(cell(), 'import:')).toBeNull();
  });

  it('keeps one elevation per dataset and cell, replaced by a later write', async () => {
    const c = cell();
    await store.weather.writeElevation(c, 'import:station', 1208.5, 1);
    await store.weather.writeElevation(c, 'open-meteo', 1134, 1);
    await store.weather.writeElevation(c + 1, 'open-meteo', -28, 1);
    expect(await store.weather.readElevations(c)).toEqual(new Map([['import:station', 1208.5], ['open-meteo', 1134]]));
    await store.weather.writeElevation(c, 'open-meteo', 1140.25, 2);
    expect(await store.weather.readElevations(c, 'open-meteo')).toEqual(new Map([['open-meteo', 1140.25]]));
    expect(await store.weather.readElevations(c, 'import:')).toEqual(new Map([['import:station', 1208.5]]));
    expect(await store.weather.readElevations(c + 1)).toEqual(new Map([['open-meteo', -28]]));
    expect(await store.weather.readElevations(cell())).toEqual(new Map());
  });

  it('matches a dataset prefix literally and case-sensitively, as on the other dialect', async () => {
    const c = cell();
    for (const dataset of ['import:my_station', 'import:myXstation', 'import:50%', 'import:500', 'IMPORT:upper']) {
      await put(dataset, c, 2000, Uint8Array.from([1]));
      await store.weather.writeElevation(c, dataset, 10, 1);
    }
    const datasets = async (prefix: string) => (await store.weather.readDailyYears(c, 2000, 2000, prefix)).map((r) => r.dataset);
    // '_' and '%' are characters of the name, not LIKE wildcards.
    expect(await datasets('import:my_')).toEqual(['import:my_station']);
    expect(await datasets('import:50%')).toEqual(['import:50%']);
    expect([...(await store.weather.readElevations(c, 'import:my_station')).keys()]).toEqual(['import:my_station']);
    expect(await store.weather.cellsWithDaily('import:50%')).toEqual([c]);
    expect(await store.weather.firstDailyYear(c, 'import:my_')).toBe(2000);
    // Imported datasets start with 'import:' exactly.
    expect((await datasets('import:')).sort()).toEqual(['import:50%', 'import:500', 'import:myXstation', 'import:my_station']);
    expect([...(await store.weather.readElevations(c, 'IMPORT:')).keys()]).toEqual(['IMPORT:upper']);
    expect(await datasets('')).toHaveLength(5);
  });
});
