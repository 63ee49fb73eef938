import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/core/clock.js';
import { cellAt } from '../../src/weather/grid.js';
import { createDatabaseWeatherCache } from '../../src/weather/database-weather-cache.js';
import { createStoreSource } from '../../src/weather/store-source.js';
import { readDailySeries } from '../../src/weather/daily-series.js';
import { createSourceChain } from '../../src/weather/source-chain.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import type { WeatherRepository } from '../../src/store/weather-repository.js';
import type { DailyWeather, HourlyWeather } from '../../src/weather/weather-source.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

const day = (date: string, tmax: number | null = 20.1): DailyWeather => ({
  date,
  tmax,
  tmin: 8.3,
  precipitation: 0.1,
  solar: 5123.456,
  rhMax: 91,
  rhMin: 40.5,
  vapourPressure: 1.2345,
  rhMean: 66.6,
  windDayMax: 7.7,
  windMorningMax: 5.5,
  windAverage: 3.3,
});

describe.each(databaseKinds())('stored weather on %s', (kind) => {
  let store: Store;
  const cell = cellAt(52.1, 5.18);
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  it('returns exactly what was written, across a year boundary, with nulls kept', async () => {
    const cache = createDatabaseWeatherCache(store.weather);
    const days = [day('1989-12-31'), day('1990-01-01', null), day('1990-01-02', -3.14159)];
    await cache.writeDaily(cell.id, 'open-meteo', days, true, 1000);
    const read = await cache.readDaily(cell.id, { start: '1989-12-30', end: '1990-01-03' }, 'open-meteo');
    expect(read[0]).toBeUndefined();
    expect(read[4]).toBeUndefined();
    expect(read.slice(1, 4)).toEqual(days.map((d) => ({ day: d, complete: true, fetchedAt: 1000 })));
    expect(await cache.readDaily(cell.id, { start: '1990-01-01', end: '1990-01-01' }, 'nasa-power')).toEqual([undefined]);
  });

  it('never replaces a complete day with an incomplete one', async () => {
    const cache = createDatabaseWeatherCache(store.weather);
    await cache.writeDaily(cell.id, 'final', [day('2000-02-29', 30)], true, 1);
    await cache.writeDaily(cell.id, 'final', [day('2000-02-29', 99), day('2000-03-01', 99)], false, 2);
    const [leap, next] = await cache.readDaily(cell.id, { start: '2000-02-29', end: '2000-03-01' }, 'final');
    expect(leap).toMatchObject({ complete: true, fetchedAt: 1, day: { tmax: 30 } });
    expect(next).toMatchObject({ complete: false, fetchedAt: 2, day: { tmax: 99 } });
    await cache.writeDaily(cell.id, 'final', [day('2000-03-01', 12)], true, 3);
    expect((await cache.readDaily(cell.id, { start: '2000-03-01', end: '2000-03-01' }, 'final'))[0]).toMatchObject({ complete: true, day: { tmax: 12 } });
  });

  it('keeps forecast hours and replaces them on a later write', async () => {
    const cache = createDatabaseWeatherCache(store.weather);
    const hour = (time: number, temperature: number): HourlyWeather => ({
      time,
      temperature,
      precipitation: 0.2,
      precipitationChance: 40,
      cloudCover: 75,
      solar: 300,
      relativeHumidity: 60,
      windAverage: 3,
      windGust: 7,
      dewPoint: 10,
      soilTemperature: [18, 16, 14, 12],
      soilMoisture: [30, 28, 26, 24],
    });
    const start = Date.UTC(2024, 5, 15, 0);
    await cache.writeHourly(cell.id, 'open-meteo', [hour(start, 10), hour(start + 3_600_000, 11)], 5);
    await cache.writeHourly(cell.id, 'open-meteo', [hour(start + 3_600_000, 12)], 6);
    const read = await cache.readHourly(cell.id, 'open-meteo', start, 3);
    expect(read[0]).toEqual({ hour: hour(start, 10), fetchedAt: 5 });
    expect(read[1]).toEqual({ hour: hour(start + 3_600_000, 12), fetchedAt: 6 });
    expect(read[2]).toBeUndefined();
  });

  it('serves imported datasets as the store source only for whole ranges', async () => {
    const cache = createDatabaseWeatherCache(store.weather);
    const imported = [day('1995-06-01', 21), day('1995-06-02', 22), day('1995-06-03', 23)];
    await cache.writeDaily(cell.id, 'import:test-1', imported, true, 7);
    const source = createStoreSource(store.weather);
    expect(await source.daily(cell, { start: '1995-06-01', end: '1995-06-03' })).toEqual({ source: 'import:test-1', days: imported, elevation: null });
    await cache.writeElevation(cell.id, 'import:test-1', 1208.5);
    await cache.writeElevation(cell.id, 'open-meteo', 1134);
    expect((await source.daily(cell, { start: '1995-06-01', end: '1995-06-01' }))?.elevation).toBe(1208.5);
    expect(await cache.readElevation(cell.id, 'open-meteo')).toBe(1134);
    expect(await cache.readElevation(cell.id, 'nasa-power')).toBeNull();
    expect(await source.daily(cell, { start: '1995-06-01', end: '1995-06-04' })).toBeNull();
    expect(await source.daily(cellAt(-30, 20), { start: '1995-06-01', end: '1995-06-01' })).toBeNull();
    // Provider caches are not the store source's data.
    expect(await source.daily(cell, { start: '1989-12-31', end: '1989-12-31' })).toBeNull();
    expect((await store.weather.summary()).find((s) => s.dataset === 'import:test-1')).toEqual({ dataset: 'import:test-1', cells: 1, firstYear: 1995, lastYear: 1995 });
  });

  it('reads the seasons of a norm, asked for at once, in one query (the rows with their elevation), each season as read alone', async () => {
    const cache = createDatabaseWeatherCache(store.weather);
    const here = cellAt(47.3, 8.5);
    const days: DailyWeather[] = [];
    for (let year = 2010; year <= 2021; year++) for (const date of [`${year}-12-30`, `${year}-12-31`, `${year + 1}-01-01`, `${year + 1}-01-02`]) days.push(day(date, year + 0.5));
    await cache.writeDaily(here.id, 'import:zurich', days, true, 7);
    await cache.writeElevation(here.id, 'import:zurich', 556);
    const calls = { years: [] as [number, number][], elevations: 0 };
    const counted: WeatherRepository = {
      ...store.weather,
      readDailyYears: (cellId, first, last, prefix, part) => (calls.years.push([first, last]), store.weather.readDailyYears(cellId, first, last, prefix, part)),
      readElevations: (cellId, prefix) => (calls.elevations++, store.weather.readElevations(cellId, prefix)),
    };
    const chain = createSourceChain([createStoreSource(counted), createSyntheticSource({ cacheSize: 8 })]);
    await chain.dailySeries!(here, { start: '2010-12-30', end: '2010-12-30' }); // reads the set of cells with data
    calls.years = [];
    calls.elevations = 0;
    // Ten winter seasons across year ends, and one range of years apart from them.
    const seasons = Array.from({ length: 10 }, (_, k) => ({ start: `${2011 + k}-12-30`, end: `${2012 + k}-01-02` }));
    const apart = { start: '1950-06-01', end: '1950-06-02' };
    const together = await Promise.all([...seasons, apart].map((range) => readDailySeries(chain, here, range)));
    expect([...calls.years].sort((a, b) => a[0] - b[0])).toEqual([[1950, 1950], [2011, 2021]]);
    expect(calls.elevations).toBe(0);
    const alone = createStoreSource(store.weather);
    for (const [k, range] of seasons.entries()) {
      const expected = await alone.dailySeries!(here, range);
      expect(together[k]).toEqual(expected);
      expect(together[k]!.source).toBe('import:zurich');
      expect(together[k]!.elevation).toBe(556);
      expect(Array.from(together[k]!.values.tmax)).toEqual([2011.5 + k, 2011.5 + k, 2011.5 + k, 2011.5 + k]);
    }
    expect(together[10]!.source).toBe('synthetic');
  });

  it('states the first imported year of a cell as the first year the store source holds there', async () => {
    const cache = createDatabaseWeatherCache(store.weather);
    const here = cellAt(-33.9, 18.4);
    // Provider caches do not count, only imports.
    await cache.writeDaily(here.id, 'open-meteo', [day('1950-03-01')], true, 7);
    await cache.writeDaily(here.id, 'import:cape-b', [day('2003-01-01')], true, 7);
    await cache.writeDaily(here.id, 'import:cape-a', [day('1972-12-31'), day('1973-01-01')], true, 7);
    const source = createStoreSource(store.weather);
    expect(await source.firstYear!(here)).toBe(1972);
    expect(await source.firstYear!(cellAt(-40, -60))).toBeNull();
  });
});

describe('store source refresh', () => {
  it('sees data imported by another process after the refresh interval', async () => {
    const store = await openTestStore('sqlite');
    try {
      const clock = manualClock(0);
      const source = createStoreSource(store.weather, { monotonic: clock.now, refreshMs: 30_000 });
      const cell = cellAt(10, 10);
      expect(await source.daily(cell, { start: '2001-01-01', end: '2001-01-01' })).toBeNull();
      await createDatabaseWeatherCache(store.weather).writeDaily(cell.id, 'import:late', [day('2001-01-01')], true, 0);
      expect(await source.daily(cell, { start: '2001-01-01', end: '2001-01-01' })).toBeNull();
      // Until then answers over this cell may be kept; from then on, never (imports change them).
      expect(await source.revision!(cell)).toBe('store:none');
      clock.advance(30_000);
      expect((await source.daily(cell, { start: '2001-01-01', end: '2001-01-01' }))?.source).toBe('import:late');
      expect(await source.revision!(cell)).toBeNull();
      expect(await source.revision!(cellAt(-10, 10))).toBe('store:none');
    } finally {
      await store.close();
    }
  });
});
