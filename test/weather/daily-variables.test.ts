/**
 * DAILY_VARIABLES is the one list of daily weather variables: the DailyWeather type, the empty
 * day, the provider requests and complete fields and the map grid fallback come from it, and the
 * providers fill exactly the variables it says they give.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { WeatherGridVariable } from '../../src/maps/index.js';
import {
  DAILY_VARIABLE_ENTRIES,
  DAILY_VARIABLE_NAMES,
  DAILY_VARIABLES,
  dailyVariable,
  dailyVariableOfMapGrid,
  dailyVariablesWhere,
  type DailyVariableName,
  type OptionalDailyVariableName,
} from '../../src/weather/daily-variables.js';
import { nasaPowerDay, nasaPowerMapping, NASA_POWER_COMPLETE_FIELDS, NASA_POWER_DAILY_PARAMETERS } from '../../src/weather/providers/nasa-power/nasa-power-variables.js';
import { parseOpenMeteoDaily } from '../../src/weather/providers/open-meteo/open-meteo-parser.js';
import {
  OPEN_METEO_COMPLETE_FIELDS,
  OPEN_METEO_DAILY_VARIABLES,
  OPEN_METEO_DAY_HOURLY_VARIABLES,
} from '../../src/weather/providers/open-meteo/open-meteo-variables.js';
import { type DailyWeather, emptyDailyWeather } from '../../src/weather/weather-source.js';

describe('the daily variables table', () => {
  it('gives DailyWeather its members: the table\'s variables and the date, the optional ones optional', () => {
    expectTypeOf<keyof DailyWeather>().toEqualTypeOf<'date' | DailyVariableName>();
    expectTypeOf<OptionalDailyVariableName>().toEqualTypeOf<'vapourPressure' | 'rhMean'>();
    expectTypeOf<DailyWeather['tmax']>().toEqualTypeOf<number | null>();
    expectTypeOf<DailyWeather['rhMean']>().toEqualTypeOf<number | null | undefined>();
    for (const [name, variable] of DAILY_VARIABLE_ENTRIES) {
      expect(dailyVariable(name)).toBe(variable);
      expect(variable.optional, name).toBe(name === 'vapourPressure' || name === 'rhMean');
      expect(variable.description.length, name).toBeGreaterThan(0);
    }
    expect(DAILY_VARIABLE_NAMES).toEqual(Object.keys(DAILY_VARIABLES));
  });

  it('makes an empty day with every variable null', () => {
    const day = emptyDailyWeather('2024-02-29');
    expect(Object.keys(day)).toEqual(['date', ...DAILY_VARIABLE_NAMES]);
    expect(day.date).toBe('2024-02-29');
    for (const name of DAILY_VARIABLE_NAMES) expect(day[name], name).toBeNull();
    // A new object every time: a day is filled in by whoever asked for it.
    expect(emptyDailyWeather('2024-02-29')).not.toBe(day);
  });

  it('numbers the stored slots from 0 without gaps, the first nine in the layout of the oldest rows', () => {
    const bySlot = [...DAILY_VARIABLE_NAMES].sort((a, b) => DAILY_VARIABLES[a].slot - DAILY_VARIABLES[b].slot);
    expect(bySlot.map((name) => DAILY_VARIABLES[name].slot)).toEqual(bySlot.map((_, i) => i));
    // Stored rows are read by these positions: they never change.
    expect(bySlot).toEqual(['tmax', 'tmin', 'precipitation', 'solar', 'rhMax', 'rhMin', 'windDayMax', 'windMorningMax', 'windAverage', 'vapourPressure', 'rhMean']);
  });

  it('measures by unit: °C as a temperature, mm as a depth, m/s as a speed, Wh/m² as solar energy, % as a percentage, kPa as a pressure', () => {
    const byUnit = { '°C': 'temperature', mm: 'depth', 'm/s': 'speed', 'Wh/m²': 'solar', '%': 'percent', kPa: 'pressure' } as const;
    for (const [name, variable] of DAILY_VARIABLE_ENTRIES) expect(variable.quantity, name).toBe(byUnit[variable.unit]);
  });

  it('names the map grid that falls back on a daily value', () => {
    expectTypeOf<(typeof DAILY_VARIABLES)[DailyVariableName]['mapGrids'][number]>().toExtend<WeatherGridVariable>();
    expect(dailyVariableOfMapGrid('recentPrecipitation')).toBe('precipitation');
    expect(() => dailyVariableOfMapGrid('temperature')).toThrowError(/named by 0 daily variables/);
  });
});

describe('the providers, as the table says', () => {
  it('Open-Meteo: the daily aggregates and hourly variables asked for, and the fields of a complete day', () => {
    const openMeteo = DAILY_VARIABLE_ENTRIES.flatMap(([, variable]) => (variable.openMeteo ? [variable.openMeteo] : []));
    expect(OPEN_METEO_DAILY_VARIABLES).toEqual(openMeteo.filter((entry) => entry.hourly === undefined).map((entry) => entry.daily));
    expect(OPEN_METEO_DAY_HOURLY_VARIABLES).toEqual([...new Set(openMeteo.flatMap((entry) => entry.hourly?.name ?? []))]);
    expect(OPEN_METEO_COMPLETE_FIELDS).toEqual(dailyVariablesWhere((variable) => variable.openMeteo?.complete === true));
    expect(OPEN_METEO_COMPLETE_FIELDS).toHaveLength(9);
  });

  it('NASA POWER: the parameters asked for and the fields of a complete day', () => {
    expect(NASA_POWER_DAILY_PARAMETERS).toEqual(DAILY_VARIABLE_ENTRIES.flatMap(([, variable]) => variable.nasaPower?.parameters?.[0]?.name ?? []));
    expect(NASA_POWER_COMPLETE_FIELDS).toEqual(dailyVariablesWhere((variable) => variable.nasaPower?.complete === true));
    expect([...NASA_POWER_COMPLETE_FIELDS].sort()).toEqual(['precipitation', 'rhMax', 'rhMin', 'solar', 'tmax', 'tmin', 'windAverage']);
  });

  /** An Open-Meteo unit for a value in the variable's internal unit (solar: MJ/m², as Open-Meteo answers). */
  const OPEN_METEO_UNITS = { '°C': '°C', mm: 'mm', 'Wh/m²': 'MJ/m²', '%': '%', 'm/s': 'm/s', kPa: 'kPa' } as const;
  const unitOf = (openMeteoName: string) => {
    const [, variable] = DAILY_VARIABLE_ENTRIES.find(([, v]) => v.openMeteo?.daily === openMeteoName || v.openMeteo?.hourly?.name === openMeteoName)!;
    return OPEN_METEO_UNITS[variable.unit];
  };
  const dates = ['2024-06-01', '2024-06-02'];
  const section = (names: readonly string[], time: string[]) => ({
    units: Object.fromEntries([['time', 'iso8601'], ...names.map((name) => [name, unitOf(name)])]),
    values: Object.fromEntries([['time', time], ...names.map((name) => [name, time.map((_, i) => 5 + (i % 24) / 4)])]),
  });

  it('Open-Meteo fills every variable the table maps from an answer with exactly what is asked for', () => {
    const hours = dates.flatMap((date) => Array.from({ length: 24 }, (_, h) => `${date}T${String(h).padStart(2, '0')}:00`));
    const daily = section(OPEN_METEO_DAILY_VARIABLES, dates);
    const hourly = section(OPEN_METEO_DAY_HOURLY_VARIABLES, hours);
    const body = JSON.stringify({ utc_offset_seconds: 0, daily_units: daily.units, daily: daily.values, hourly_units: hourly.units, hourly: hourly.values });
    for (const day of parseOpenMeteoDaily(body, { start: dates[0]!, end: dates[1]! })) {
      for (const [name, variable] of DAILY_VARIABLE_ENTRIES) expect(day[name] ?? null, name).toEqual(variable.openMeteo ? expect.any(Number) : null);
    }
  });

  it('Open-Meteo reads the daily aggregates the table names when an answer has no hourly values', () => {
    const names = DAILY_VARIABLE_ENTRIES.flatMap(([, variable]) => variable.openMeteo?.daily ?? []);
    const daily = section(names, dates);
    const body = JSON.stringify({ utc_offset_seconds: 0, daily_units: daily.units, daily: daily.values });
    for (const day of parseOpenMeteoDaily(body, { start: dates[0]!, end: dates[1]! })) {
      for (const [name, variable] of DAILY_VARIABLE_ENTRIES) expect(day[name] ?? null, name).toEqual(variable.openMeteo?.daily ? expect.any(Number) : null);
    }
  });

  it('NASA POWER fills every variable the table maps from an answer with exactly what is asked for', () => {
    const mapping = nasaPowerMapping(new Map(NASA_POWER_DAILY_PARAMETERS.map((parameter) => [parameter, undefined])));
    const day = nasaPowerDay('2024-06-01', mapping, (parameter) => (parameter === 'T2MDEW' ? 8 : parameter.startsWith('T2M') ? 12 : 3));
    for (const [name, variable] of DAILY_VARIABLE_ENTRIES) expect(day[name] ?? null, name).toEqual(variable.nasaPower ? expect.any(Number) : null);
  });
});
