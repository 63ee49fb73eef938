/**
 * What weather layers read: gridded values of one variable over a box, for one update time.
 * The application implements it on top of its weather source; `synthetic-weather-grid.ts`
 * is a deterministic stand-in for tests, the gallery and benchmarks.
 *
 * Units: temperature and dewPoint °C; relativeHumidity %; precipitationRate mm/h (radar);
 * recentPrecipitation mm over the 24 h ending at the update time; windSpeed and windGust m/s at
 * 10 m; cloudCover % (0–100).
 *
 * Contract: `sample` is called up to a few thousand times per image, so it must be a cheap
 * lookup (no I/O); any I/O belongs in `valuesFor`. The values of a given (variable, time) must
 * not change once that update is published: rendered images are cached under that time.
 */
import type { Requester } from '../../core/requester.js';
import type { LonLatBBox } from '../web-mercator.js';

export type WeatherGridVariable =
  | 'temperature'
  | 'dewPoint'
  | 'relativeHumidity'
  | 'precipitationRate'
  | 'recentPrecipitation'
  | 'windSpeed'
  | 'windGust'
  | 'cloudCover';

export interface WeatherGridSampler {
  /** Value at a point, or null where the grid has none. */
  sample(latitude: number, longitude: number): number | null;
}

export interface WeatherGridProvider {
  /**
   * Values of `variable` covering `bbox` for the update starting at `time` (UTC epoch ms).
   * May resolve asynchronously (e.g. after reading a stored grid, or computing it for `requester`).
   */
  valuesFor(variable: WeatherGridVariable, bbox: LonLatBBox, time: number, requester?: Requester): WeatherGridSampler | Promise<WeatherGridSampler>;
}
