/** Turns what can go wrong upstream into the `SourceUnavailableError` the chain and the API understand. */
import { SourceUnavailableError } from '../weather-source.js';
import { DEFAULT_RETRY_AFTER_SECONDS, redactUrl, UpstreamRejectedError, UpstreamUnavailableError } from './http-client.js';
import { ProviderResponseError } from './provider-response-error.js';

/**
 * Unreachable after retries, a refused request (4xx) and an unusable answer all become
 * `SourceUnavailableError` (served as 503 with Retry-After); anything else is a bug and is
 * rethrown unchanged.
 */
export function asSourceUnavailable(source: string, error: unknown): never {
  if (error instanceof SourceUnavailableError) throw error;
  if (error instanceof UpstreamUnavailableError) {
    throw withCause(new SourceUnavailableError(source, `${source} is unreachable: ${error.message}`, error.retryAfterSeconds), error);
  }
  if (error instanceof UpstreamRejectedError) {
    throw withCause(
      new SourceUnavailableError(source, `${source} refused the request ${redactUrl(error.url)} (HTTP ${error.status}): ${error.body.slice(0, 300)}`, DEFAULT_RETRY_AFTER_SECONDS),
      error,
    );
  }
  if (error instanceof ProviderResponseError) {
    throw withCause(new SourceUnavailableError(source, error.message, DEFAULT_RETRY_AFTER_SECONDS), error);
  }
  throw error;
}

function withCause<E extends Error>(error: E, cause: unknown): E {
  (error as E & { cause?: unknown }).cause = cause;
  return error;
}
