/**
 * The observation service: the source's daily values laid out on the requested dates, whatever
 * order or gaps the source answers with; 404 when no source holds the range.
 */
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../src/core/dates.js';
import { createObservationService } from '../../src/services/observation-service.js';
import { locationAt } from '../../src/services/weather-location.js';
import { type DailyResult, type DailyWeather, emptyDailyWeather, SourceUnavailableError, type WeatherSource } from '../../src/weather/weather-source.js';
import { createFakeWeatherSource, fakeDay } from '../support/fake-weather-source.js';
import { rejection } from '../support/domain-errors.js';

const IOWA = locationAt(41.5, -93.5);

/** A source that answers the given result to every daily request. */
function answering(result: DailyResult | null | (() => Promise<never>)): WeatherSource {
  return {
    name: 'stub',
    daily: async () => (typeof result === 'function' ? result() : result),
    hourly: async () => null,
  };
}

const day = (date: IsoDate, tmax: number): DailyWeather => ({ ...emptyDailyWeather(date), tmax });

describe('observation service', () => {
  it("answers the source's days of the range in date order, with its name and elevation", async () => {
    const weather = createFakeWeatherSource();
    weather.elevation = 312;
    const observations = await createObservationService(weather).daily(IOWA, { start: '2024-02-28', end: '2024-03-01' });
    expect(observations.source).toBe('fake');
    expect(observations.elevation).toBe(312);
    expect(observations.days).toEqual([fakeDay('2024-02-28'), fakeDay('2024-02-29'), fakeDay('2024-03-01')]);
    expect(weather.dailyCalls).toEqual([{ cell: IOWA.cell, range: { start: '2024-02-28', end: '2024-03-01' } }]);
  });

  it('aligns days the source gives out of order or leaves out to the range, missing days with null values', async () => {
    const source = answering({ source: 'gappy', days: [day('2024-06-03', 3), day('2024-06-01', 1), day('2024-05-31', 0)] });
    const observations = await createObservationService(source).daily(IOWA, { start: '2024-06-01', end: '2024-06-04' });
    expect(observations.days.map((d) => d.date)).toEqual(['2024-06-01', '2024-06-02', '2024-06-03', '2024-06-04']);
    expect(observations.days.map((d) => d.tmax)).toEqual([1, null, 3, null]);
    expect(observations.days[1]).toEqual(emptyDailyWeather('2024-06-02'));
    // A source that names no elevation: null, for the elevation grid to answer.
    expect(observations.elevation).toBeNull();
  });

  it('is 404 when no source holds the range, naming the place and dates', async () => {
    const error = await rejection(createObservationService(answering(null)).daily(IOWA, { start: '2024-06-01', end: '2024-06-04' }), {
      kind: 'notFound',
      simpleMessage: 'Weather data not found.',
    });
    expect(error.detailedMessage).toContain('for 41.5,-93.5 from 2024-06-01 to 2024-06-04');
  });

  it('lets an unavailable source fail the request as it is (503)', async () => {
    const down = answering(() => Promise.reject(new SourceUnavailableError('upstream', 'down', 30)));
    await expect(createObservationService(down).daily(IOWA, { start: '2024-06-01', end: '2024-06-01' })).rejects.toBeInstanceOf(SourceUnavailableError);
  });
});
