/** Daily values as series: each source's `dailySeries` is its `daily` answer, value for value. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOfYear, daysBetween, type IsoDate } from '../../src/core/dates.js';
import { DAILY_VARIABLE_NAMES } from '../../src/weather/daily-variables.js';
import { readDailySeries, seriesOfDaily, type DailySeries } from '../../src/weather/daily-series.js';
import { cellAt } from '../../src/weather/grid.js';
import { createSourceChain } from '../../src/weather/source-chain.js';
import { createDatabaseWeatherCache } from '../../src/weather/database-weather-cache.js';
import { createStoreSource } from '../../src/weather/store-source.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import type { DailyWeather, DateRange, WeatherSource } from '../../src/weather/weather-source.js';
import type { Store } from '../../src/store/store.js';
import { openTestStore } from '../support/databases.js';

/** The series and the `daily` answer of the same range, as comparable plain values. */
async function bothWays(source: WeatherSource, cell = cellAt(41.6, -93.6), range: DateRange) {
  const direct = await source.dailySeries!(cell, range);
  const daily = await source.daily(cell, range);
  const plain = (series: DailySeries | null) =>
    series && { ...series, values: Object.fromEntries(DAILY_VARIABLE_NAMES.map((name) => [name, Array.from(series.values[name], (v) => (Number.isNaN(v) ? null : v))])) };
  return { direct: plain(direct), converted: plain(daily && seriesOfDaily(daily, range)) };
}

describe('daily series', () => {
  it('of the synthetic source are its daily values, across year ends and 29 February', async () => {
    const synthetic = createSyntheticSource({ cacheSize: 32 });
    for (const range of [{ start: '2023-12-25', end: '2024-03-02' }, { start: '2020-02-29', end: '2020-02-29' }]) {
      const { direct, converted } = await bothWays(synthetic, undefined, range);
      expect(direct!.length).toBe(converted!.length);
      expect(direct).toEqual(converted);
    }
  });

  describe('of the store source', () => {
    let store: Store;
    const cell = cellAt(52.1, 5.18);
    const day = (date: string, tmax: number | null): DailyWeather => ({
      date, tmax, tmin: 8.3, precipitation: 0.1, solar: 5123.456, rhMax: 91, rhMin: 40.5, vapourPressure: 1.2345, rhMean: null, windDayMax: 7.7, windMorningMax: 5.5, windAverage: 3.3,
    });
    beforeAll(async () => {
      store = await openTestStore('sqlite');
      const cache = createDatabaseWeatherCache(store.weather);
      await cache.writeDaily(cell.id, 'import:a', [day('1999-12-30', 1), day('1999-12-31', 2), day('2000-01-01', null), day('2000-01-02', 4)], true, 7);
      await cache.writeElevation(cell.id, 'import:a', 12.5);
    });
    afterAll(() => store.close());

    it('are its daily values, across a year end, nulls kept, with the elevation; none where a day is missing', async () => {
      const source = createStoreSource(store.weather);
      const { direct, converted } = await bothWays(source, cell, { start: '1999-12-30', end: '2000-01-02' });
      expect(direct).toEqual(converted);
      expect(direct).toMatchObject({ source: 'import:a', elevation: 12.5, length: 4 });
      expect(direct!.values.tmax).toEqual([1, 2, null, 4]);
      expect(await source.dailySeries!(cell, { start: '1999-12-30', end: '2000-01-03' })).toBeNull();
      expect(await source.dailySeries!(cellAt(0, 0), { start: '1999-12-30', end: '1999-12-31' })).toBeNull();
    });

    it('read the days a range needs of rows of both layouts, and of seasons asked in the same turn', async () => {
      // Years 2010…2013 of a dataset: 2011 written in the older 11-value layout, the others in the current one.
      const other = cellAt(-33.9, 18.4);
      const cache = createDatabaseWeatherCache(store.weather);
      const tmaxOf = (date: string) => Number(date.slice(2, 4)) * 100 + dayOfYear(date as IsoDate) / 1000;
      const dates = (start: string, end: string) => Array.from({ length: daysBetween(start as IsoDate, end as IsoDate) + 1 }, (_, i) => addDays(start as IsoDate, i));
      await cache.writeDaily(other.id, 'import:b', [...dates('2010-01-01', '2010-12-31'), ...dates('2012-01-01', '2013-12-31')].map((date) => day(date, tmaxOf(date))), true, 7);
      const legacy = new Float64Array(366 * 11).fill(NaN);
      for (const date of dates('2011-01-01', '2011-12-31')) legacy.set([7, 1, tmaxOf(date), 8.3, 0.1, 5123.456, 91, 40.5, 7.7, 5.5, 3.3], (dayOfYear(date) - 1) * 11);
      await store.weather.updateDailyYear('import:b', other.id, 2011, () => new Uint8Array(legacy.buffer), 7);

      const source = createStoreSource(store.weather);
      const ranges = [
        { start: '2010-03-01', end: '2010-03-07' },
        { start: '2011-03-01', end: '2011-03-30' },
        { start: '2012-02-28', end: '2012-03-01' },
        { start: '2012-12-31', end: '2013-01-01' },
        { start: '2010-12-20', end: '2011-01-10' },
        { start: '2013-12-31', end: '2013-12-31' },
      ];
      // Each on its own, then all in one turn (one read of the cell for them all).
      const alone: (DailySeries | null)[] = [];
      for (const range of ranges) alone.push(await source.dailySeries!(other, range));
      const together = await Promise.all(ranges.map((range) => source.dailySeries!(other, range)));
      const daily = await Promise.all(ranges.map((range) => source.daily(other, range)));
      ranges.forEach((range, i) => {
        const expected = dates(range.start, range.end).map(tmaxOf);
        expect(Array.from(alone[i]!.values.tmax)).toEqual(expected);
        expect(Array.from(together[i]!.values.tmax)).toEqual(expected);
        expect(daily[i]!.days.map((d) => d.tmax)).toEqual(expected);
        expect(together[i]!.values.rhMean.every(Number.isNaN)).toBe(true);
      });
      // The older layout has no vapour pressure; the current rows have it.
      expect(Array.from(together[1]!.values.vapourPressure).every(Number.isNaN)).toBe(true);
      expect(Array.from(together[0]!.values.vapourPressure)).toEqual(Array(7).fill(1.2345));
      // A missing day anywhere in a range, read alone or with others, still means no answer.
      const [missing, present] = await Promise.all([source.dailySeries!(other, { start: '2009-12-31', end: '2010-01-02' }), source.dailySeries!(other, { start: '2010-06-01', end: '2010-06-02' })]);
      expect(missing).toBeNull();
      expect(Array.from(present!.values.tmax)).toEqual(dates('2010-06-01', '2010-06-02').map(tmaxOf));
    });

    it('come from the first source of a chain that holds the range', async () => {
      const chain = createSourceChain([createStoreSource(store.weather), createSyntheticSource({ cacheSize: 8 })]);
      expect((await readDailySeries(chain, cell, { start: '1999-12-30', end: '2000-01-02' }))!.source).toBe('import:a');
      expect((await readDailySeries(chain, cell, { start: '2001-01-01', end: '2001-01-02' }))!.source).toBe('synthetic');
    });
  });
});
