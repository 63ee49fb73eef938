/**
 * What route plugins receive: the configuration and the dependencies built once per app
 * (passed in, never module-level).
 */
import type { Config } from './config.js';
import type { Clock } from './core/clock.js';
import type { TokenService } from './http/tokens.js';
import type { Store } from './store/store.js';
import type { WeatherSource } from './weather/weather-source.js';

export interface AppContext {
  config: Config;
  store: Store;
  clock: Clock;
  tokens: TokenService;
  verifySecret(secret: string, hash: string): Promise<boolean>;
  /** The weather source chain; absent only in apps built without weather (some tests). */
  weather?: WeatherSource;
}
