/** Daily values as series: each source's `dailySeries` is its `daily` answer, value for value. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_VARIABLE_NAMES } from '../../src/weather/daily-variables.js';
import { readDailySeries, seriesOfDaily, type DailySeries } from '../../src/weather/daily-series.js';
import { cellAt } from '../../src/weather/grid.js';
import { createSourceChain } from '../../src/weather/source-chain.js';
import { createDatabaseWeatherCache } from '../../src/weather/store/database-weather-cache.js';
import { createStoreSource } from '../../src/weather/store/store-source.js';
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

    it('come from the first source of a chain that holds the range', async () => {
      const chain = createSourceChain([createStoreSource(store.weather), createSyntheticSource({ cacheSize: 8 })]);
      expect((await readDailySeries(chain, cell, { start: '1999-12-30', end: '2000-01-02' }))!.source).toBe('import:a');
      expect((await readDailySeries(chain, cell, { start: '2001-01-01', end: '2001-01-02' }))!.source).toBe('synthetic');
    });
  });
});
