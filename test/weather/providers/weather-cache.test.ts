import { describe, expect, it } from 'vitest';
import { createMemoryWeatherCache } from '../../../src/weather/weather-cache.js';
import type { DailyWeather, HourlyWeather } from '../../../src/weather/weather-source.js';

const day = (date: string, tmax: number | null): DailyWeather => ({
  date,
  tmax,
  tmin: 1,
  precipitation: 0,
  solar: 100,
  rhMax: 90,
  rhMin: 50,
  windDayMax: 3,
  windMorningMax: 2,
  windAverage: 1,
});

describe('memory weather cache', () => {
  it('reads one entry per date, undefined where nothing is stored', async () => {
    const cache = createMemoryWeatherCache();
    await cache.writeDaily(7, 'open-meteo', [day('2024-01-02', 5)], true, 1000);
    const read = await cache.readDaily(7, { start: '2024-01-01', end: '2024-01-03' }, 'open-meteo');
    expect(read).toEqual([undefined, { day: day('2024-01-02', 5), complete: true, fetchedAt: 1000 }, undefined]);
    expect(await cache.readDaily(8, { start: '2024-01-02', end: '2024-01-02' }, 'open-meteo')).toEqual([undefined]);
    expect(await cache.readDaily(7, { start: '2024-01-02', end: '2024-01-02' }, 'nasa-power')).toEqual([undefined]);
  });

  it('never replaces a complete day with an incomplete one, but replaces provisional days', async () => {
    const cache = createMemoryWeatherCache();
    await cache.writeDaily(1, 'd', [day('2024-01-01', 5)], true, 1);
    await cache.writeDaily(1, 'd', [day('2024-01-01', null)], false, 2);
    await cache.writeDaily(1, 'd', [day('2024-01-02', null)], false, 3);
    await cache.writeDaily(1, 'd', [day('2024-01-02', 7)], false, 4);
    const read = await cache.readDaily(1, { start: '2024-01-01', end: '2024-01-02' }, 'd');
    expect(read.map((e) => [e!.day.tmax, e!.complete, e!.fetchedAt])).toEqual([
      [5, true, 1],
      [7, false, 4],
    ]);
  });

  it('stores hours by time and returns copies', async () => {
    const cache = createMemoryWeatherCache();
    const hour: HourlyWeather = {
      time: 3_600_000,
      temperature: 1,
      precipitation: 0,
      precipitationChance: 0,
      cloudCover: 0,
      solar: 0,
      relativeHumidity: 50,
      windAverage: 1,
      windGust: 2,
      dewPoint: 0,
      soilTemperature: [1, 2, 3, 4],
      soilMoisture: [10, 20, 30, 40],
    };
    await cache.writeHourly(1, 'd', [hour], 5);
    const [before, stored, after] = await cache.readHourly(1, 'd', 0, 3);
    expect(before).toBeUndefined();
    expect(after).toBeUndefined();
    expect(stored).toEqual({ hour, fetchedAt: 5 });
    stored!.hour.soilMoisture[0] = 99;
    expect((await cache.readHourly(1, 'd', 3_600_000, 1))[0]!.hour.soilMoisture[0]).toBe(10);
  });
});
