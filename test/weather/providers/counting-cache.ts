import { createMemoryWeatherCache, type WeatherCache } from '../../../src/weather/weather-cache.js';

/** A memory cache that counts writes (days and hours written). */
export function countingCache(): WeatherCache & { dayWrites: number; hourWrites: number; completeDaysWritten: string[] } {
  const inner = createMemoryWeatherCache();
  const cache = {
    dayWrites: 0,
    hourWrites: 0,
    completeDaysWritten: [] as string[],
    readDaily: inner.readDaily,
    readHourly: inner.readHourly,
    readElevation: inner.readElevation,
    writeElevation: inner.writeElevation,
    async writeDaily(...args: Parameters<WeatherCache['writeDaily']>) {
      cache.dayWrites += args[2].length;
      if (args[3]) cache.completeDaysWritten.push(...args[2].map((d) => d.date));
      return inner.writeDaily(...args);
    },
    async writeHourly(...args: Parameters<WeatherCache['writeHourly']>) {
      cache.hourWrites += args[2].length;
      return inner.writeHourly(...args);
    },
  };
  return cache;
}
