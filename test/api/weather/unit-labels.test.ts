/** Daily values convert into the request's unit system as the daily variables table says. */
import { describe, expect, it } from 'vitest';
import { celsiusToFahrenheit, metersPerSecondToMph, millimetersToInches } from '../../../src/agronomy/unit-conversions.js';
import { dailyValue } from '../../../src/api/weather/unit-labels.js';
import { DAILY_VARIABLE_ENTRIES } from '../../../src/weather/daily-variables.js';
import { emptyDailyWeather } from '../../../src/weather/weather-source.js';

describe('dailyValue', () => {
  const day = emptyDailyWeather('2024-06-01');
  DAILY_VARIABLE_ENTRIES.forEach(([name], i) => (day[name] = 3 + i));

  it('leaves metric values as they are and converts usa values by the variable\'s unit', () => {
    const usa = { '°C': celsiusToFahrenheit, mm: millimetersToInches, 'm/s': metersPerSecondToMph } as Record<string, (value: number) => number>;
    for (const [name, variable] of DAILY_VARIABLE_ENTRIES) {
      const value = day[name]!;
      expect(dailyValue(day, name, 'metric'), name).toBe(value);
      expect(dailyValue(day, name, 'usa'), name).toBe((usa[variable.unit] ?? ((v: number) => v))(value));
    }
  });

  it('gives null for a missing value, and for an optional variable the day does not have', () => {
    const empty = emptyDailyWeather('2024-06-01');
    const { rhMean: _absent, ...withoutMean } = empty;
    for (const [name] of DAILY_VARIABLE_ENTRIES) expect(dailyValue(empty, name, 'usa'), name).toBeNull();
    expect(dailyValue(withoutMean, 'rhMean', 'metric')).toBeNull();
  });
});
