/**
 * A daily weather variable is one entry of the variables table: a table extended with one more
 * entry — the day's mean air temperature, which recorded Open-Meteo and NASA POWER answers and KNMI
 * files hold — reaches both providers' parsed days, imported station files, the stored years and a
 * source's daily answer with nothing else changed: every one of them is given the table and
 * reads the entry (names, units, aggregation, columns).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileEntry, entrySchema } from '../../src/api/output-table.js';
import { observationTable } from '../../src/api/weather/observations.js';
import { manualClock } from '../../src/core/clock.js';
import { writeJsonRows } from '../../src/core/json-rows.js';
import type { Store } from '../../src/store/store.js';
import { DAILY_VARIABLES, type DailyVariable, type DailyVariableTable } from '../../src/weather/daily-variables.js';
import { cellAt } from '../../src/weather/grid.js';
import { csvFormat } from '../../src/weather/import/csv.js';
import { knmiFormat } from '../../src/weather/import/knmi.js';
import { parseNasaPowerDaily } from '../../src/weather/providers/nasa-power/nasa-power-parser.js';
import { parseOpenMeteoDaily } from '../../src/weather/providers/open-meteo/open-meteo-parser.js';
import { createOpenMeteoSource } from '../../src/weather/providers/open-meteo/open-meteo-source.js';
import { createDailyYearCodec, DAILY_YEAR_CODEC, encodeYear } from '../../src/weather/daily-year-codec.js';
import { createDatabaseWeatherCache } from '../../src/weather/database-weather-cache.js';
import { emptyDailyWeather, type DailyWeather } from '../../src/weather/weather-source.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

const MEAN_TEMPERATURE: DailyVariable = {
  unit: '°C',
  description: 'Mean air temperature of the day',
  optional: true,
  slot: Object.keys(DAILY_VARIABLES).length,
  quantity: 'temperature',
  observation: { property: 'temperatures', member: 'mean', order: 2.5 },
  precision: { internal: 1, usa: 1 },
  openMeteo: { daily: 'temperature_2m_mean', complete: false },
  nasaPower: { parameters: [{ name: 'T2M' }], complete: false },
  stationFiles: { csv: ['tavg'], knmi: { column: 'TG', unit: '0.1C' } },
  mapGrids: [],
};
const TABLE: DailyVariableTable = { ...DAILY_VARIABLES, tmean: MEAN_TEMPERATURE };

/** The added variable of a day (typed days know only DAILY_VARIABLES). */
const tmeanOf = (day: DailyWeather | undefined) => (day as unknown as Record<string, unknown> | undefined)?.tmean;
const fahrenheit = (f: number) => ((f - 32) * 5) / 9;

/** A recorded Open-Meteo answer (Rathdrum, Idaho, 28–30 July 2025): `temperature_2m_mean` in °F. */
const OPEN_METEO = readFileSync('test/fixtures/providers/open-meteo/forecast_daily_agro_imperial_47.69N_116.78W_2025-07-28.json', 'utf8');
const OPEN_METEO_DATES = { start: '2025-07-28', end: '2025-07-30' };
const OPEN_METEO_TMEAN = [74.8, 80.4, 82.3].map(fahrenheit);
/** A recorded NASA POWER answer (Athens, January 2022): `T2M` in °C. */
const NASA_POWER = readFileSync('test/fixtures/providers/nasa-power/daily_point_athens_20220101_20220201_LST.json', 'utf8');
const KNMI = readFileSync('test/fixtures/stations/knmi/etmgeg_260_1989-1991.txt', 'utf8');

describe('a daily variable added to the table', () => {
  it('reaches the observation answer: a member of its property, in its unit, in the schema and the JSON', () => {
    const table = observationTable(TABLE);
    const day = { ...emptyDailyWeather('2024-03-01'), tmax: 30, tmin: 10, tmean: 20 } as DailyWeather;
    const place = { location: { latitude: 1, longitude: 2, fieldId: null } as never, basePath: '/v2/weather/locations/1,2', fieldHref: null };
    const usa = compileEntry(table, { place, units: 'usa', baseUrl: 'http://x' });
    expect(usa.object([day], 0).temperatures).toEqual({ max: 86, mean: 68, min: 50, units: 'F' });
    expect(JSON.parse(writeJsonRows(usa.rows([day], 1))).temperatures.mean).toBe(68);
    expect(Object.keys((entrySchema(table).properties.temperatures as unknown as { properties: object }).properties)).toEqual(['max', 'min', 'mean', 'units']);
  });

  it("reaches the providers' parsed days from its entry's names, converted from the units the answers state", () => {
    const openMeteo = parseOpenMeteoDaily(OPEN_METEO, OPEN_METEO_DATES, undefined, TABLE);
    expect(openMeteo.map(tmeanOf)).toEqual(OPEN_METEO_TMEAN.map((t) => expect.closeTo(t, 10)));
    expect(openMeteo[0]!.tmax).toBeCloseTo(fahrenheit(91.1), 10); // the others as before
    expect(parseOpenMeteoDaily(OPEN_METEO, OPEN_METEO_DATES).map(tmeanOf)).toEqual([undefined, undefined, undefined]);
    const nasaPower = parseNasaPowerDaily(NASA_POWER, { start: '2022-01-01', end: '2022-01-02' }, undefined, TABLE);
    const t2m = (JSON.parse(NASA_POWER) as { properties: { parameter: { T2M: Record<string, number> } } }).properties.parameter.T2M;
    expect(nasaPower.map(tmeanOf)).toEqual([t2m['20220101'], t2m['20220102']]);
  });

  it('reaches imported station files: a KNMI column in 0.1 °C, a CSV column guessed by its name or mapped in °F', () => {
    const knmi = knmiFormat.parse(KNMI, { variables: TABLE }).days;
    expect(tmeanOf(knmi[0])).toBe(7.3); // TG 73 on 1989-01-01
    const text = 'date,tmax,tmin,tavg\n2025-07-28,33,13,23.5\n2025-07-29,35,19,\n';
    expect(csvFormat.parse(text, { variables: TABLE, missing: [''] }).days.map(tmeanOf)).toEqual([23.5, null]);
    const inFahrenheit = csvFormat.parse(text, { variables: TABLE, columns: { date: { column: 'date' }, tmean: { column: 'tavg', unit: 'F' } } as never });
    expect(tmeanOf(inFahrenheit.days[0])).toBeCloseTo(fahrenheit(23.5), 10);
  });

  it('is stored at its slot and read back, and rows written before it read with it missing', () => {
    const codec = createDailyYearCodec(TABLE);
    const day = { ...emptyDailyWeather('2025-07-28'), tmax: 33, tmean: 23.5 } as DailyWeather;
    const values = codec.emptyYear();
    codec.writeSlot(values, { day, complete: true, fetchedAt: 7 });
    expect(codec.readSlot(codec.decodeYear(encodeYear(values)), '2025-07-28')).toEqual({ day, complete: true, fetchedAt: 7 });
    const older = DAILY_YEAR_CODEC.emptyYear();
    DAILY_YEAR_CODEC.writeSlot(older, { day: { ...emptyDailyWeather('2025-07-28'), tmax: 33 }, complete: true, fetchedAt: 7 });
    const read = codec.readSlot(codec.decodeYear(encodeYear(older)), '2025-07-28')!;
    expect([read.day.tmax, tmeanOf(read.day)]).toEqual([33, null]);
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
            return { url, status: 200, headers: new Headers(), body: OPEN_METEO };
          },
        },
        timeZoneAt: () => 'GMT',
        recentDays: 0,
        variables: TABLE,
      });
      const cell = cellAt(47.69, -116.78);
      const answer = await source.daily(cell, OPEN_METEO_DATES);
      // the archive for the past days, the forecast API for today, each asked for the entry's name
      expect(urls.map((url) => url.pathname)).toEqual(['/v1/archive', '/v1/forecast']);
      for (const url of urls) expect(url.searchParams.get('daily')!.split(',')).toContain('temperature_2m_mean');
      expect(answer!.days.map(tmeanOf)).toEqual(OPEN_METEO_TMEAN.map((t) => expect.closeTo(t, 10)));
      // Read from the stored years (fresh), not asked again.
      const again = await source.daily(cell, { start: OPEN_METEO_DATES.start, end: '2025-07-29' });
      expect(urls).toHaveLength(2);
      expect(again!.days.map(tmeanOf)).toEqual(answer!.days.slice(0, 2).map(tmeanOf));
    });
  });
});
