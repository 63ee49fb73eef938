/** Errors the client throws: every answer outside 2xx becomes an `AgwxError`. */

/** The error body every agwx error answer carries. */
export interface AgwxErrorBody {
  statusCode: number;
  statusName: string;
  /** The id of the request, also in the server's log: quote it when reporting a problem. */
  errorId: string;
  simpleMessage: string;
  detailedMessage: string;
}

export class AgwxError extends Error implements AgwxErrorBody {
  override readonly name = 'AgwxError';
  readonly statusCode: number;
  readonly statusName: string;
  readonly errorId: string;
  readonly simpleMessage: string;
  readonly detailedMessage: string;
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfterSeconds: number | null;
  readonly method: string;
  readonly url: string;
  /** The body as received (the error body, or whatever a proxy in between answered). */
  readonly body: unknown;

  constructor(init: AgwxErrorBody & { retryAfterSeconds: number | null; method: string; url: string; body: unknown }) {
    super(`${init.method} ${init.url}: ${init.statusCode} ${init.statusName}: ${init.simpleMessage}`);
    this.statusCode = init.statusCode;
    this.statusName = init.statusName;
    this.errorId = init.errorId;
    this.simpleMessage = init.simpleMessage;
    this.detailedMessage = init.detailedMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
  }

  /** The error of a response outside 2xx (reads its body). */
  static async fromResponse(method: string, url: string, response: Response): Promise<AgwxError> {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'), Date.now());
    if (isErrorBody(body)) return new AgwxError({ ...pick(body), retryAfterSeconds, method, url, body });
    return new AgwxError({
      statusCode: response.status,
      statusName: response.statusText || `HTTP ${response.status}`,
      errorId: '',
      simpleMessage: text.slice(0, 200) || `HTTP ${response.status}`,
      detailedMessage: text,
      retryAfterSeconds,
      method,
      url,
      body,
    });
  }
}

/** True when `error` is an AgwxError (with the given status, when one is named). */
export function isAgwxError(error: unknown, statusCode?: number): error is AgwxError {
  return error instanceof AgwxError && (statusCode === undefined || error.statusCode === statusCode);
}

function isErrorBody(body: unknown): body is AgwxErrorBody {
  if (body === null || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return (
    typeof b.statusCode === 'number' &&
    typeof b.statusName === 'string' &&
    typeof b.errorId === 'string' &&
    typeof b.simpleMessage === 'string' &&
    typeof b.detailedMessage === 'string'
  );
}

function pick(body: AgwxErrorBody): AgwxErrorBody {
  const { statusCode, statusName, errorId, simpleMessage, detailedMessage } = body;
  return { statusCode, statusName, errorId, simpleMessage, detailedMessage };
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}
