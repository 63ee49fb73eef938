import { describe, expect, it } from 'vitest';
import { datesInRange } from '../../src/core/dates.js';
import { cellAt } from '../../src/weather/grid.js';
import { createSourceChain, InvalidSourceOrderError, parseSourceOrder } from '../../src/weather/source-chain.js';
import { SourceUnavailableError, type DailyWeather, type DateRange, type WeatherSource } from '../../src/weather/weather-source.js';

const CELL = cellAt(52, 5);
const RANGE = { start: '2024-01-01', end: '2024-01-03' };

function days(range: DateRange, tmax: number): DailyWeather[] {
  return datesInRange(range.start, range.end).map((date) => ({
    date,
    tmax,
    tmin: null,
    precipitation: null,
    solar: null,
    rhMax: null,
    rhMin: null,
    windDayMax: null,
    windMorningMax: null,
    windAverage: null,
  }));
}

function fake(name: string, behaviour: 'answer' | 'null' | 'unavailable', calls: string[]): WeatherSource {
  const act = async <T>(value: T): Promise<T | null> => {
    calls.push(name);
    if (behaviour === 'null') return null;
    if (behaviour === 'unavailable') throw new SourceUnavailableError(name, `${name} is down`, 120);
    return value;
  };
  return {
    name,
    daily: (_cell, range) => act({ source: name, days: days(range, name.length) }),
    hourly: () => act({ source: name, hours: [] }),
  };
}

describe('source chain', () => {
  it('answers from the first source that has the data, keeping its provenance', async () => {
    const calls: string[] = [];
    const chain = createSourceChain([fake('store', 'null', calls), fake('open-meteo', 'answer', calls), fake('synthetic', 'answer', calls)]);
    const result = await chain.daily(CELL, RANGE);
    expect(result!.source).toBe('open-meteo');
    expect(result!.days).toHaveLength(3);
    expect(calls).toEqual(['store', 'open-meteo']);
    const hourly = await chain.hourly(CELL, { start: 0, hours: 0, issuedAt: 0 });
    expect(hourly!.source).toBe('open-meteo');
    expect(chain.name).toBe('store,open-meteo,synthetic');
  });

  it("names a revision only when every source names one", async () => {
    const revised = (name: string, revision: string | null): WeatherSource => ({ ...fake(name, 'answer', []), revision: async () => revision });
    expect(await createSourceChain([revised('store', 'store:none'), revised('synthetic', 'synthetic:7')]).revision!(CELL)).toBe('store:none,synthetic:7');
    expect(await createSourceChain([revised('store', null), revised('synthetic', 'synthetic:7')]).revision!(CELL)).toBeNull();
    expect(await createSourceChain([revised('store', 'store:none'), fake('open-meteo', 'answer', [])]).revision!(CELL)).toBeNull();
  });

  it('states the earliest first year of its sources, ignoring sources that hold nothing at the cell', async () => {
    const from = (name: string, year: number | null): WeatherSource => ({ ...fake(name, 'answer', []), firstYear: async () => year });
    expect(await createSourceChain([from('store', 1972), from('nasa-power', 1981)]).firstYear!(CELL)).toBe(1972);
    expect(await createSourceChain([from('store', null), from('synthetic', 1900), from('open-meteo', 1940)]).firstYear!(CELL)).toBe(1900);
    expect(await createSourceChain([from('store', null)]).firstYear!(CELL)).toBeNull();
    // A source that states no first year leaves the chain without one (no limit is known).
    expect(createSourceChain([from('store', 1972), fake('open-meteo', 'answer', [])]).firstYear).toBeUndefined();
  });

  it('states the hourly detail of the sources that have hours: the finest, or none when one may vary cell by cell', () => {
    const withDetail = (name: string, hourlyDetailDeg: number | null | undefined): WeatherSource => ({
      ...fake(name, 'answer', []),
      ...(hourlyDetailDeg === undefined ? {} : { hourlyDetailDeg }),
    });
    // Daily-only sources (an import, POWER) say nothing of the hours the others give.
    expect(createSourceChain([withDetail('store', null), withDetail('synthetic', 0.5)]).hourlyDetailDeg).toBe(0.5);
    expect(createSourceChain([withDetail('a', 0.25), withDetail('b', 0.5)]).hourlyDetailDeg).toBe(0.25);
    expect(createSourceChain([withDetail('model', undefined), withDetail('synthetic', 0.5)]).hourlyDetailDeg).toBeUndefined();
    expect(createSourceChain([withDetail('store', null)]).hourlyDetailDeg).toBeNull();
  });

  it('propagates SourceUnavailableError instead of falling through', async () => {
    const calls: string[] = [];
    const chain = createSourceChain([fake('store', 'null', calls), fake('open-meteo', 'unavailable', calls), fake('synthetic', 'answer', calls)]);
    const error = await chain.daily(CELL, RANGE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect((error as SourceUnavailableError).retryAfterSeconds).toBe(120);
    expect(calls).toEqual(['store', 'open-meteo']);
    await expect(chain.hourly(CELL, { start: 0, hours: 1, issuedAt: 0 })).rejects.toBeInstanceOf(SourceUnavailableError);
  });

  it('answers null when no source has the data', async () => {
    const calls: string[] = [];
    const chain = createSourceChain([fake('store', 'null', calls), fake('nasa-power', 'null', calls)]);
    expect(await chain.daily(CELL, RANGE)).toBeNull();
    expect(await chain.hourly(CELL, { start: 0, hours: 1, issuedAt: 0 })).toBeNull();
    expect(await createSourceChain([]).daily(CELL, RANGE)).toBeNull();
  });

  it('refuses an answer with the wrong number of days', async () => {
    const broken: WeatherSource = { name: 'store', daily: async () => ({ source: 'store', days: [] }), hourly: async () => null };
    await expect(createSourceChain([broken]).daily(CELL, RANGE)).rejects.toThrowError(/answered 0 days/);
  });
});

describe('parseSourceOrder', () => {
  it('reads known names in order', () => {
    expect(parseSourceOrder('store,open-meteo')).toEqual(['store', 'open-meteo']);
    expect(parseSourceOrder(' Store , NASA-POWER ,synthetic')).toEqual(['store', 'nasa-power', 'synthetic']);
  });

  it('rejects unknown, repeated and empty names clearly', () => {
    expect(() => parseSourceOrder('store,openmeteo')).toThrowError(InvalidSourceOrderError);
    expect(() => parseSourceOrder('store,openmeteo')).toThrowError("Unknown weather source 'openmeteo' in 'store,openmeteo'; known sources: store, synthetic, open-meteo, nasa-power.");
    expect(() => parseSourceOrder('store,store')).toThrowError(/appears more than once/);
    expect(() => parseSourceOrder('')).toThrowError(/empty/);
    expect(() => parseSourceOrder('store,,synthetic')).toThrowError(/empty name/);
  });
});
