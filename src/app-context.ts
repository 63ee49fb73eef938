/**
 * What route plugins receive: the configuration and the dependencies built once per app
 * (passed in, never module-level).
 */
import type { Redis } from 'ioredis';
import type { ReferenceEvapotranspirationOptions } from './agronomy/pet.js';
import type { Catalog } from './catalog/catalog.js';
import type { Config } from './config.js';
import type { AnswerCache } from './http/answer-cache.js';
import type { Clock } from './core/clock.js';
import type { TokenService } from './http/tokens.js';
import type { MapRenderer } from './maps/index.js';
import type { Store } from './store/store.js';
import type { KeyUsageCounter } from './web/key-usage-counter.js';
import type { ElevationModel } from './weather/elevation/elevation-grid.js';
import type { WeatherSource } from './weather/weather-source.js';

export interface AppContext {
  config: Config;
  store: Store;
  clock: Clock;
  tokens: TokenService;
  verifySecret(secret: string, hash: string): Promise<boolean>;
  /** Weather and agronomic answers kept ready (see http/answer-cache.ts). */
  answers: AnswerCache;
  /** The weather source chain; absent only in apps built without weather (some tests). */
  weather?: WeatherSource;
  /** Elevation of places whose weather source names none (the grid in data/elevation, read on first use). */
  elevation: ElevationModel;
  /** How PET is computed (default: ASCE-EWRI standardized ETos, full clear-sky model). */
  referenceEt: ReferenceEvapotranspirationOptions;
  /** The crop and growth-stage model catalogue; when absent, the one in data/catalog is loaded once as the routes are registered. */
  catalog?: Catalog;
  /** The app's map renderer (imagery); built once per app. */
  maps?: MapRenderer;
  /** Makes this instance's job worker look for queued jobs now (absent when it runs none). */
  wakeJobWorker?: () => void;
  /** Counts requests per key per UTC day (written to the database every few seconds). */
  keyUsage?: KeyUsageCounter;
  /** Redis shared by instances, when configured (readiness reports whether it answers). */
  redis?: Redis;
}
