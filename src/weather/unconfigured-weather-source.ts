/**
 * The weather source of an app built without one: every request for weather is answered 503 with
 * Retry-After (SourceUnavailableError), never with made-up numbers. Answers are never kept.
 */
import { SourceUnavailableError, type WeatherSource } from './weather-source.js';

const RETRY_AFTER_SECONDS = 60;

export function unconfiguredWeatherSource(): WeatherSource {
  const unavailable = () => new SourceUnavailableError('none', 'No weather source is configured for this service.', RETRY_AFTER_SECONDS);
  return {
    name: 'none',
    daily: () => Promise.reject(unavailable()),
    hourly: () => Promise.reject(unavailable()),
    revision: async () => null,
  };
}
