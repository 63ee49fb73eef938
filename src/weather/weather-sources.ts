/**
 * Builds the configured weather source chain (`AGWX_WEATHER`, default `store,synthetic`): one
 * source per name, in order. Providers cache what they fetch in the database.
 */
import type { Clock } from '../core/clock.js';
import type { Store } from '../store/store.js';
import { createNasaPowerSource } from './providers/nasa-power/nasa-power-source.js';
import { createOpenMeteoSource } from './providers/open-meteo/open-meteo-source.js';
import { createSourceChain, type SourceName } from './source-chain.js';
import { createDatabaseWeatherCache } from './database-weather-cache.js';
import { createStoreSource } from './store-source.js';
import { createSyntheticSource } from './synthetic/synthetic-source.js';
import type { WeatherSource } from './weather-source.js';
import type { BlockGenerator } from './synthetic/block-generation.js';

/** What the chain is built from (the configuration's weather settings). */
export interface WeatherSourceSettings {
  /** The sources in the order they are asked (`AGWX_WEATHER`). */
  weatherSources: readonly SourceName[];
  /** Synthetic blocks (32 days of one cell) kept in memory. */
  syntheticCacheSize: number;
  openMeteoForecastUrl?: string;
  openMeteoArchiveUrl?: string;
  nasaPowerUrl?: string;
}

export function createWeatherSources(config: WeatherSourceSettings, store: Store, clock: Clock, options: { compute?: BlockGenerator } = {}): WeatherSource {
  const cache = createDatabaseWeatherCache(store.weather);
  const build: Record<SourceName, () => WeatherSource> = {
    store: () => createStoreSource(store.weather),
    synthetic: () => createSyntheticSource({ cacheSize: config.syntheticCacheSize, ...(options.compute ? { compute: options.compute } : {}) }),
    'open-meteo': () =>
      createOpenMeteoSource({
        cache,
        clock,
        endpoints: {
          ...(config.openMeteoForecastUrl ? { forecastUrl: config.openMeteoForecastUrl } : {}),
          ...(config.openMeteoArchiveUrl ? { archiveUrl: config.openMeteoArchiveUrl } : {}),
        },
      }),
    'nasa-power': () => createNasaPowerSource({ cache, clock, endpoints: config.nasaPowerUrl ? { dailyPointUrl: config.nasaPowerUrl } : {} }),
  };
  return createSourceChain(config.weatherSources.map((name) => build[name]()));
}
