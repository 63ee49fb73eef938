/**
 * The HTTP client every upstream provider shares: GET with a timeout (AbortSignal, covering the
 * body too), bounded retries with exponential backoff and jitter on network errors, timeouts,
 * 5xx and 429 (honouring `Retry-After`), and no retry on other 4xx answers. `fetch`, `sleep`
 * and the random source are injectable so tests run without waiting or network.
 */
import { systemClock, type Clock } from '../../core/clock.js';

export type FetchFunction = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  fetch?: FetchFunction;
  sleep?: (ms: number) => Promise<void>;
  /** 0 ≤ r < 1, for jitter. */
  random?: () => number;
  /** Per attempt, including reading the body. Default 15 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** Backoff before retry n (0-based) is base·2ⁿ, capped at maxDelayMs, with ±50 % jitter. Default 500 ms. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A `Retry-After` longer than this ends the retries at once (the caller reports it). Default 30 000 ms. */
  maxRetryAfterMs?: number;
  userAgent?: string;
  /** For HTTP-date `Retry-After` values. Default: the system clock. */
  clock?: Clock;
}

export interface HttpTextResponse {
  url: string;
  status: number;
  headers: Headers;
  body: string;
}

export interface HttpClient {
  /** A 2xx answer's body; rejects with `UpstreamUnavailableError` or `UpstreamRejectedError`. */
  getText(url: string, accept?: string): Promise<HttpTextResponse>;
}

/** No usable answer after the allowed attempts (network errors, timeouts, 5xx, 429). */
export class UpstreamUnavailableError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly attempts: number,
    /** From the last `Retry-After`, else a default of 60 s. */
    readonly retryAfterSeconds: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UpstreamUnavailableError';
  }
}

/** A 4xx answer other than 429: the request itself was refused; not retried. */
export class UpstreamRejectedError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status} from ${redactUrl(url)}: ${body.slice(0, 300)}`);
    this.name = 'UpstreamRejectedError';
  }
}

export const DEFAULT_RETRY_AFTER_SECONDS = 60;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Drops query parameters that look like credentials from a URL used in messages. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:apikey|api_key|key|token)=)[^&]*/gi, '$1…');
}

/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const fetchFn: FetchFunction = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = options.retries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 8_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const userAgent = options.userAgent ?? 'agwx';
  const clock = options.clock ?? systemClock();

  async function attempt(url: string, accept: string): Promise<{ response: Response; body: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    try {
      const response = await fetchFn(url, { signal: controller.signal, headers: { accept, 'user-agent': userAgent } });
      const body = await response.text();
      return { response, body };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async getText(url, accept = 'application/json') {
      let lastProblem = '';
      let lastStatus: number | undefined;
      let retryAfterSeconds: number | undefined;
      let attempts = 0;
      for (let attemptIndex = 0; attemptIndex <= retries; attemptIndex++) {
        attempts++;
        let retryAfterMs: number | undefined;
        try {
          const { response, body } = await attempt(url, accept);
          if (response.status >= 200 && response.status < 300) return { url, status: response.status, headers: response.headers, body };
          lastStatus = response.status;
          if (response.status !== 429 && response.status < 500) throw new UpstreamRejectedError(url, response.status, body);
          lastProblem = `HTTP ${response.status}`;
          retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'), clock.now());
          if (retryAfterSeconds !== undefined) {
            retryAfterMs = retryAfterSeconds * 1000;
            if (retryAfterMs > maxRetryAfterMs) break;
          }
        } catch (error) {
          if (error instanceof UpstreamRejectedError) throw error;
          lastStatus = undefined;
          lastProblem = describeNetworkError(error);
        }
        if (attemptIndex === retries) break;
        const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** attemptIndex);
        const jittered = backoff / 2 + random() * (backoff / 2) * 2; // within [backoff/2, 1.5·backoff)
        await sleep(Math.max(retryAfterMs ?? 0, Math.round(jittered)));
      }
      throw new UpstreamUnavailableError(
        `${redactUrl(url)} did not answer usefully after ${attempts} attempt(s) (${lastProblem})`,
        url,
        attempts,
        retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
        lastStatus,
      );
    },
  };
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return `${error.name === 'AbortError' || error.name === 'TimeoutError' ? 'timeout' : error.message}${detail}`;
  }
  return String(error);
}
