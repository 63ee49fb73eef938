/**
 * The map renderer of one app: weather layers read the app's WeatherSource through the lattice
 * grid provider. Without a weather source, weather layers are refused (503) rather than drawn
 * from a stand-in; reference layers work either way. Reference geodata loads lazily, on the
 * first image that needs it.
 */
import type { Clock } from '../../core/clock.js';
import { type MapRenderer, type TileCache, type WeatherGridProvider, createMapRenderer } from '../../maps/index.js';
import { type MapWeatherGridOptions, createMapWeatherGrid } from '../../services/map-weather-grid.js';
import { SourceUnavailableError, type WeatherSource } from '../../weather/weather-source.js';

export interface ImageryRendererOptions {
  weather?: WeatherSource;
  clock: Clock;
  /** Default: the renderer's in-process LRU cache. */
  cache?: TileCache;
  grid?: MapWeatherGridOptions;
}

/** Stands in for the grid when the app has no weather source; the routes answer 503 before reaching it. */
const noWeatherGrid: WeatherGridProvider = {
  valuesFor() {
    throw new SourceUnavailableError('none', 'This server has no weather source configured.', 3600);
  },
};

export function createImageryRenderer(options: ImageryRendererOptions): MapRenderer {
  const weather = options.weather ? createMapWeatherGrid(options.weather, options.grid) : noWeatherGrid;
  return createMapRenderer({
    weather,
    clock: options.clock,
    ...(options.cache ? { cache: options.cache } : {}),
    variant: options.weather ? `weather:${options.weather.name}` : 'no-weather',
  });
}
