/**
 * A daily weather variable is one entry of the variables table: a table extended with one more
 * entry (here Open-Meteo's FAO-56 reference ET of the day, which a recorded answer holds) reaches
 * a provider's parsed day, an imported CSV day, the stored years and a source's daily answer with
 * nothing else changed — every one of them is given the table and reads it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/core/clock.js';
import type { Store } from '../../src/store/store.js';
import { DAILY_VARIABLES, type DailyVariable, type DailyVariableTable } from '../../src/weather/daily-variables.js';
import { cellAt } from '../../src/weather/grid.js';
import { csvFormat } from '../../src/weather/import/csv.js';
import { parseOpenMeteoDaily } from '../../src/weather/providers/open-meteo/open-meteo-parser.js';
import { createOpenMeteoSource } from '../../src/weather/providers/open-meteo/open-meteo-source.js';
import { createDailyYearCodec, DAILY_YEAR_CODEC, encodeYear } from '../../src/weather/store/daily-year-codec.js';
import { createDatabaseWeatherCache } from '../../src/weather/store/database-weather-cache.js';
import { emptyDailyWeather, type DailyWeather } from '../../src/weather/weather-source.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

const REFERENCE_ET: DailyVariable = {
  unit: 'mm',
  description: "Open-Meteo's FAO-56 reference evapotranspiration of the day",
  optional: true,
  slot: Object.keys(DAILY_VARIABLES).length,
  conversion: 'depth',
  precision: { internal: 2, usa: 3 },
  openMeteo: { daily: 'et0_fao_evapotranspiration', complete: false },
  nasaPower: null,
  stationFiles: { csv: ['et0'] },
  mapGrids: [],
};
const TABLE: DailyVariableTable = { ...DAILY_VARIABLES, openMeteoEt0: REFERENCE_ET };

/** The added variable of a day (typed days know only DAILY_VARIABLES). */
const et0Of = (day: DailyWeather | undefined) => (day as unknown as Record<string, unknown> | undefined)?.openMeteoEt0;

/** A recorded Open-Meteo answer (Rathdrum, Idaho, 28–30 July 2025): daily values in °F, mp/h, with `et0_fao_evapotranspiration` in mm. */
const RECORDED = readFileSync('test/fixtures/providers/open-meteo/forecast_daily_agro_imperial_47.69N_116.78W_2025-07-28.json', 'utf8');
const DATES = { start: '2025-07-28', end: '2025-07-30' };
const RECORDED_ET0 = [6.35, 6.57, 7.08];

describe('a daily variable added to the table', () => {
  it("reaches Open-Meteo's parsed days from its entry's name, and only with the table that has it", () => {
    const days = parseOpenMeteoDaily(RECORDED, DATES, undefined, TABLE);
    expect(days.map(et0Of)).toEqual(RECORDED_ET0);
    expect(days[0]!.tmax).toBeCloseTo(((91.1 - 32) * 5) / 9, 10); // the others as before
    expect(parseOpenMeteoDaily(RECORDED, DATES).map(et0Of)).toEqual([undefined, undefined, undefined]);
  });

  it('reaches an imported CSV day, its column guessed by the entry\'s CSV name and converted by its unit', () => {
    const text = 'date,tmax,tmin,et0\n2025-07-28,33,13,6.35\n2025-07-29,35,19,\n';
    const { days } = csvFormat.parse(text, { variables: TABLE, missing: [''] });
    expect(days.map(et0Of)).toEqual([6.35, null]);
    const inches = csvFormat.parse(text, { variables: TABLE, columns: { date: { column: 'date' }, openMeteoEt0: { column: 'et0', unit: 'in' } } as never });
    expect(et0Of(inches.days[0])).toBeCloseTo(6.35 * 25.4, 10);
  });

  it('is stored at its slot and read back, and rows written before it read with it missing', () => {
    const codec = createDailyYearCodec(TABLE);
    const day = { ...emptyDailyWeather('2025-07-28'), tmax: 33, openMeteoEt0: 6.35 } as DailyWeather;
    const values = codec.emptyYear();
    codec.writeSlot(values, { day, complete: true, fetchedAt: 7 });
    expect(codec.readSlot(codec.decodeYear(encodeYear(values)), '2025-07-28')).toEqual({ day, complete: true, fetchedAt: 7 });
    const older = DAILY_YEAR_CODEC.emptyYear();
    DAILY_YEAR_CODEC.writeSlot(older, { day: { ...emptyDailyWeather('2025-07-28'), tmax: 33 }, complete: true, fetchedAt: 7 });
    const read = codec.readSlot(codec.decodeYear(encodeYear(older)), '2025-07-28')!;
    expect([read.day.tmax, et0Of(read.day)]).toEqual([33, null]);
  });

  describe.each(databaseKinds())('in the daily answer of a source built with the table, on %s', (kind) => {
    let store: Store;
    beforeAll(async () => {
      store = await openTestStore(kind);
    });
    afterAll(async () => store.close());

    it('is asked for, answered, stored, and answered again from the store', async () => {
      const urls: URL[] = [];
      const source = createOpenMeteoSource({
        cache: createDatabaseWeatherCache(store.weather, TABLE),
        clock: manualClock(Date.parse('2025-07-30T20:00:00Z')),
        http: {
          async getText(url) {
            urls.push(new URL(url));
            return { url, status: 200, headers: new Headers(), body: RECORDED };
          },
        },
        timeZoneAt: () => 'GMT',
        recentDays: 0,
        variables: TABLE,
      });
      const cell = cellAt(47.69, -116.78);
      const answer = await source.daily(cell, DATES);
      // the archive for the past days, the forecast API for today, each asked for the entry's name
      expect(urls.map((url) => url.pathname)).toEqual(['/v1/archive', '/v1/forecast']);
      for (const url of urls) expect(url.searchParams.get('daily')!.split(',')).toContain('et0_fao_evapotranspiration');
      expect(answer!.days.map(et0Of)).toEqual(RECORDED_ET0);
      // Read from the stored years (fresh), not asked again.
      const again = await source.daily(cell, { start: DATES.start, end: '2025-07-29' });
      expect(urls).toHaveLength(2);
      expect(again!.days.map(et0Of)).toEqual(RECORDED_ET0.slice(0, 2));
    });
  });
});
