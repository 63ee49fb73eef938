/**
 * The forecast service: one hourly request for the consecutive dates, cut into the calendar days of
 * the time frame (a fixed UTC offset or the place's zone) and aggregated into wall-clock blocks;
 * in the place's zone a daylight-saving day has 23 or 25 hours.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { datesInRange } from '../../src/core/dates.js';
import { type BlockSize, createForecastService, DEFAULT_CONDITIONS_TYPE, type ForecastOptions, type TimeFrame } from '../../src/services/forecast-service.js';
import { locationAt } from '../../src/services/weather-location.js';
import type { WeatherSource } from '../../src/weather/weather-source.js';
import { createFakeWeatherSource, fakeHour } from '../support/fake-weather-source.js';
import { rejection } from '../support/domain-errors.js';

const HOUR = 3_600_000;
const ISSUED = Date.parse('2024-06-15T12:34:00Z');
const IOWA = locationAt(41.5, -93.5); // America/Chicago

const options = (blockSize: BlockSize, frame: TimeFrame): ForecastOptions => ({ blockSize, frame, conditionsType: DEFAULT_CONDITIONS_TYPE });
const utc: TimeFrame = { kind: 'offset', offsetMinutes: 0 };
const local: TimeFrame = { kind: 'local' };

function service(weather: WeatherSource = createFakeWeatherSource()) {
  return createForecastService({ weather, clock: fixedClock(ISSUED) });
}

describe('forecast service', () => {
  it('asks one hourly forecast for all the dates, issued at the clock, and answers one 24-hour block per UTC day', async () => {
    const weather = createFakeWeatherSource();
    const forecast = await service(weather).forecast(IOWA, ['2024-06-15', '2024-06-16'], options(24, utc));
    expect(weather.hourlyCalls).toEqual([{ cell: IOWA.cell, request: { start: Date.parse('2024-06-15T00:00:00Z'), hours: 48, issuedAt: ISSUED } }]);
    expect(forecast.source).toBe('fake-forecast');
    expect(forecast.days.map((day) => day.date)).toEqual(['2024-06-15', '2024-06-16']);
    const [block] = forecast.days[1]!.blocks;
    expect(forecast.days[1]!.blocks).toHaveLength(1);
    expect(block).toMatchObject({ start: Date.parse('2024-06-16T00:00:00Z'), end: Date.parse('2024-06-16T23:59:59Z'), startOffsetMinutes: 0, endOffsetMinutes: 0 });
    // The fake's hours: temperature 10 + UTC hour, 3 mm from 12:00 to 14:59, 100 Wh/m² from 06:00 to 17:59.
    expect(block!.values).toMatchObject({
      hours: 24,
      temperature: { average: 21.5, max: 33, min: 10 },
      precipitation: 9,
      solar: 1200,
      relativeHumidity: { max: 83, min: 60 },
      wind: { average: 2, min: 2 },
    });
    expect(block!.values.wind.max).toBeCloseTo(6.3, 10);
  });

  it('cuts days at a fixed offset, between whole hours too: blocks show the frame times and carry the hours that begin up to 59 minutes earlier', async () => {
    const weather = createFakeWeatherSource();
    const india = await service(weather).forecast(IOWA, ['2024-06-15'], options(6, { kind: 'offset', offsetMinutes: 330 }));
    const dayStart = Date.parse('2024-06-14T18:30:00Z');
    expect(weather.hourlyCalls[0]!.request).toMatchObject({ start: Date.parse('2024-06-14T18:00:00Z'), hours: 24 });
    const blocks = india.days[0]!.blocks;
    expect(blocks.map((b) => b.start)).toEqual([0, 6, 12, 18].map((h) => dayStart + h * HOUR));
    expect(blocks.map((b) => b.end)).toEqual([6, 12, 18, 24].map((h) => dayStart + h * HOUR - 1000));
    expect(blocks.every((b) => b.startOffsetMinutes === 330 && b.endOffsetMinutes === 330)).toBe(true);
    expect(blocks[0]!.values.startTime).toBe(Date.parse('2024-06-14T18:00:00Z'));
    expect(blocks[0]!.values.temperature).toEqual({ average: 10 + (18 + 19 + 20 + 21 + 22 + 23) / 6, max: 33, min: 28 });

    const west = await service().forecast(IOWA, ['2024-06-15'], options(24, { kind: 'offset', offsetMinutes: -300 }));
    expect(west.days[0]!.blocks[0]).toMatchObject({ start: Date.parse('2024-06-15T05:00:00Z'), startOffsetMinutes: -300 });
  });

  it("cuts days in the place's zone: an ordinary summer day is 24 hours from local midnight", async () => {
    const forecast = await service().forecast(IOWA, ['2024-06-15'], options(12, local));
    expect(forecast.days[0]!.blocks.map((b) => [b.start, b.values.hours, b.startOffsetMinutes])).toEqual([
      [Date.parse('2024-06-15T05:00:00Z'), 12, -300],
      [Date.parse('2024-06-15T17:00:00Z'), 12, -300],
    ]);
  });

  it('gives the spring daylight-saving day 23 hours and the autumn one 25 in the local frame', async () => {
    const weather = createFakeWeatherSource();
    const spring = await service(weather).forecast(IOWA, ['2024-03-09', '2024-03-10', '2024-03-11'], options(1, local));
    // 24 + 23 + 24 hours from midnight CST.
    expect(weather.hourlyCalls[0]!.request).toMatchObject({ start: Date.parse('2024-03-09T06:00:00Z'), hours: 71 });
    expect(spring.days.map((day) => day.blocks.length)).toEqual([24, 23, 24]);
    const changeDay = spring.days[1]!.blocks;
    expect(changeDay[0]).toMatchObject({ start: Date.parse('2024-03-10T06:00:00Z'), startOffsetMinutes: -360 });
    expect(changeDay.at(-1)).toMatchObject({ start: Date.parse('2024-03-11T04:00:00Z'), startOffsetMinutes: -300 });
    expect(spring.days[2]!.blocks[0]!.start).toBe(Date.parse('2024-03-11T05:00:00Z'));

    const whole = await service().forecast(IOWA, ['2024-03-10'], options(24, local));
    expect(whole.days[0]!.blocks[0]).toMatchObject({
      start: Date.parse('2024-03-10T06:00:00Z'),
      end: Date.parse('2024-03-11T04:59:59Z'),
      startOffsetMinutes: -360,
      endOffsetMinutes: -300,
    });
    expect(whole.days[0]!.blocks[0]!.values.hours).toBe(23);
    // Blocks of 6 follow the wall clock: 02:00 does not exist, so the first block is an hour short.
    const sixes = await service().forecast(IOWA, ['2024-03-10'], options(6, local));
    expect(sixes.days[0]!.blocks.map((b) => b.values.hours)).toEqual([5, 6, 6, 6]);

    const autumn = await service().forecast(IOWA, ['2024-11-03'], options(12, local));
    expect(autumn.days[0]!.blocks.map((b) => b.values.hours)).toEqual([13, 12]);
    expect(autumn.days[0]!.blocks[0]).toMatchObject({ start: Date.parse('2024-11-03T05:00:00Z'), startOffsetMinutes: -300, endOffsetMinutes: -360 });
    const hourly = await service().forecast(IOWA, ['2024-11-03'], options(1, local));
    expect(hourly.days[0]!.blocks).toHaveLength(25);
  });

  it('carries the hours in order: each day takes its own slice of the one request', async () => {
    const forecast = await service().forecast(IOWA, datesInRange('2024-06-15', '2024-06-17'), options(1, utc));
    const starts = forecast.days.flatMap((day) => day.blocks.map((b) => b.values.startTime));
    expect(starts).toHaveLength(72);
    expect(starts.every((start, i) => start === Date.parse('2024-06-15T00:00:00Z') + i * HOUR)).toBe(true);
    expect(forecast.days[2]!.blocks[13]!.values.temperature.max).toBe(fakeHour(Date.parse('2024-06-17T13:00:00Z')).temperature);
  });

  it('asks nothing for no dates', async () => {
    const weather = createFakeWeatherSource();
    expect(await service(weather).forecast(IOWA, [], options(24, utc))).toEqual({ source: '', days: [] });
    expect(weather.hourlyCalls).toHaveLength(0);
  });

  it('is 404 when the source has no forecast or too few hours', async () => {
    const missing = createFakeWeatherSource();
    missing.missing = true;
    await rejection(service(missing).forecast(IOWA, ['2024-06-15'], options(24, utc)), { kind: 'notFound', simpleMessage: 'Weather data not found.' });
    const short: WeatherSource = {
      name: 'short',
      daily: async () => null,
      hourly: async (_cell, request) => ({ source: 'short', hours: Array.from({ length: request.hours - 1 }, (_, i) => fakeHour(request.start + i * HOUR)) }),
    };
    const error = await rejection(service(short).forecast(IOWA, ['2024-06-15', '2024-06-16'], options(24, utc)), { kind: 'notFound' });
    expect(error.detailedMessage).toContain('from 2024-06-15 to 2024-06-16');
  });

  it('gives daily weather of the place\'s local days (a 23-hour spring day included): the day\'s extremes, totals and mean wind, as its 24-hour block', async () => {
    const weather = createFakeWeatherSource();
    const dates = ['2024-03-09', '2024-03-10', '2024-03-11'];
    const daily = await service(weather).daily(IOWA, dates);
    const blocks = await service(weather).forecast(IOWA, dates, options(24, local));
    expect(daily.source).toBe(blocks.source);
    expect(daily.days.map((day) => day.date)).toEqual(dates);
    daily.days.forEach((day, d) => {
      const block = blocks.days[d]!.blocks[0]!.values;
      expect(day).toEqual({
        date: dates[d],
        tmax: block.temperature.max,
        tmin: block.temperature.min,
        precipitation: block.precipitation,
        solar: block.solar,
        rhMax: block.relativeHumidity.max,
        rhMin: block.relativeHumidity.min,
        windDayMax: block.wind.max,
        windMorningMax: null,
        windAverage: block.wind.average,
      });
    });
    expect(blocks.days[1]!.blocks[0]!.values.hours).toBe(23);
  });
});
