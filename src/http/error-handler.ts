/**
 * Turns every failure into the error body of the supplement, once, for every route:
 * ApiError, schema validation failures, body parsing failures, unknown paths (404) and
 * known paths with another method (405 with Allow). A database or Redis that cannot be reached
 * (or is restarting, or ended the connection) is 503 with Retry-After: the request may succeed a
 * little later. Unexpected errors are 500 with only the errorId in the body; the cause goes to
 * the log under the same id.
 * Requests Node's HTTP parser refuses before Fastify sees them get the same body
 * (`answerClientError`). A 503 of an outage answered to the application's own in-process caller
 * (a batch job's request) also says what was unavailable, so that the job retries it.
 */
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { DomainError } from '../core/errors.js';
import { WorkAbandonedError } from '../core/requester.js';
import { ApiError, errorBody, statusName, unauthorized } from './api-error.js';
import { INTERNAL_CALLER_HEADER } from './authenticate.js';

const DOMAIN_STATUS = { invalid: 400, unauthorized: 401, notFound: 404, conflict: 409, forbidden: 403 } as const;

/** A domain error as the error body, with the challenge header a 401 carries. */
function fromDomainError(error: DomainError): ApiError {
  if (error.kind === 'unauthorized') return unauthorized(error.simpleMessage, error.detailedMessage);
  return new ApiError(DOMAIN_STATUS[error.kind], error.simpleMessage, error.detailedMessage);
}

export interface ErrorHandlingOptions {
  /**
   * True for errors that mean a system the service depends on (the database, Redis) cannot be
   * reached right now: answered 503 with Retry-After rather than 500.
   */
  isDependencyUnavailable(error: unknown): boolean;
  /**
   * For an error that means the weather source cannot answer now (a provider down, or no source
   * configured), the seconds the client is asked to wait: answered 503 with Retry-After and the
   * error's message. Null for any other error.
   */
  weatherRetryAfterSeconds(error: unknown): number | null;
}
/** Seconds a client is asked to wait when a dependency is unavailable. */
const DEPENDENCY_RETRY_SECONDS = 5;

/**
 * On a 503 answered to an in-process caller (a batch job's request) because something the
 * service depends on cannot be reached for now: `dependency` (the database or Redis) or
 * `weather-provider` (an upstream weather provider did not answer, after its own retries). Batch
 * jobs retry such requests instead of keeping the 503. Never set on an answer to a client.
 */
export const UNAVAILABLE_HEADER = 'x-agwx-unavailable';
export type UnavailableCause = 'dependency' | 'weather-provider';

/** Marks an outage's 503 for requests that name the in-process caller; no other answer carries it. */
function markOutage(request: FastifyRequest, reply: FastifyReply, cause: UnavailableCause): void {
  if (request.headers[INTERNAL_CALLER_HEADER] !== undefined) reply.header(UNAVAILABLE_HEADER, cause);
}

/**
 * A weather provider that did not answer (network, timeout, 5xx or 429 after the client's
 * retries), as opposed to one that refused the request, gave an unusable answer or is not
 * configured at all: only the first may answer if asked again later.
 */
function isUnreachableProvider(error: { source?: unknown; cause?: unknown }): boolean {
  return error.source !== 'none' && (error.cause as { name?: unknown } | undefined)?.name === 'UpstreamUnavailableError';
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { description?: string };
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'the request body',
  querystring: 'the query string',
  params: 'the path',
  headers: 'the headers',
};

function describeValidation(issue: ValidationIssue, context: string): ApiError {
  const where = CONTEXT_NAMES[context] ?? context;
  const pointer = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') {
    const name = [pointer, String(issue.params.missingProperty)].filter(Boolean).join('.');
    return new ApiError(400, `Missing property '${name}'.`, `The property '${name}' is required in ${where}.`);
  }
  if (issue.keyword === 'additionalProperties') {
    const name = [pointer, String(issue.params.additionalProperty)].filter(Boolean).join('.');
    return new ApiError(400, `Unknown property '${name}'.`, `The property '${name}' is not accepted in ${where}.`);
  }
  const name = pointer || (context === 'body' ? 'body' : context);
  const rule = issue.parentSchema?.description ?? issue.message ?? 'is not valid';
  const label = context === 'body' ? 'property' : 'parameter';
  return new ApiError(400, `Invalid value for ${label} '${name}'.`, `'${name}' in ${where} ${rule.startsWith('must') ? rule : `must be ${rule}`}.`);
}

function fromFastifyError(error: FastifyError): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'Unsupported media type.', 'Send JSON bodies with Content-Type: application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'Missing request body.', 'This request needs a JSON body.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'Request body too large.', 'The request body exceeds the size limit of this service.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'Malformed JSON.', `The request body is not valid JSON: ${error.message}`);
    default:
      break;
  }
  if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') {
    return new ApiError(400, 'Malformed JSON.', `The request body is not valid JSON: ${error.message}`);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, 'Bad request.', error.message);
  }
  return null;
}

export function sendApiError(reply: FastifyReply, request: FastifyRequest, error: ApiError): FastifyReply {
  reply.code(error.statusCode).headers(error.headers).type('application/json; charset=utf-8');
  return reply.send(errorBody(error.statusCode, String(request.id), error.simpleMessage, error.detailedMessage));
}

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What Node's HTTP parser refused, as the error body's status and messages. */
function describeClientError(code: string | undefined): ApiError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'Request timeout.', 'The request was not received in full in time; the connection is closed.');
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, 'Request headers too large.', 'The request line and headers together exceed 16 KiB; the connection is closed.');
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return new ApiError(400, 'Malformed request.', 'The Content-Length header is not a single whole number, or conflicts with Transfer-Encoding; the connection is closed.');
    default:
      return new ApiError(400, 'Malformed request.', 'The request is not valid HTTP/1.1 (request line, header or chunk encoding); the connection is closed.');
  }
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before any route runs
 * (malformed request line, bad Content-Length, headers too large, too slow) get the error body
 * with its status, then the connection is closed.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError = describeClientError(error.code);
  const errorId = randomUUID();
  this.log.info({ errorId, status: apiError.statusCode, code: error.code }, 'malformed request refused');
  const body = JSON.stringify(errorBody(apiError.statusCode, errorId, apiError.simpleMessage, apiError.detailedMessage));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${apiError.statusCode} ${statusName(apiError.statusCode)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${errorId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions): void {
  // A second router that knows every path, to tell 405 (known path, other method) from 404.
  const paths = FindMyWay({ ignoreTrailingSlash: false });
  // Every GET form of the API, for the 404 of a path that only misses its form.
  const forms = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('GET') && /^\/v[12]\//.test(route.url)) forms.add(route.url);
    for (const method of methods) {
      if (METHODS.includes(method as HTTPMethod) && !paths.find(method as HTTPMethod, route.url)) {
        paths.on(method as HTTPMethod, route.url, () => undefined);
      }
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let apiError: ApiError | null = null;
    if (error instanceof ApiError) apiError = error;
    else if (error instanceof DomainError) apiError = fromDomainError(error);
    else if (error.validation) apiError = describeValidation(error.validation[0] as ValidationIssue, error.validationContext ?? 'request');
    else apiError = fromFastifyError(error);
    if (apiError) {
      request.log.info({ errorId: request.id, status: apiError.statusCode, reason: apiError.detailedMessage }, 'request refused');
      return sendApiError(reply, request, apiError);
    }
    const weatherRetryAfter = options.weatherRetryAfterSeconds(error);
    if (weatherRetryAfter !== null) {
      request.log.warn({ errorId: request.id, err: error }, 'weather provider unavailable');
      if (isUnreachableProvider(error as { source?: unknown; cause?: unknown })) markOutage(request, reply, 'weather-provider');
      return sendApiError(reply, request, new ApiError(503, 'Weather data temporarily unavailable.', error.message, { 'Retry-After': String(weatherRetryAfter) }));
    }
    if (error instanceof WorkAbandonedError) {
      // The client has gone (http/requester.ts): nobody reads this answer; 499 as nginx logs it.
      request.log.info({ errorId: request.id, reason: error.message }, 'work stopped: the client has gone');
      return sendApiError(reply, request, new ApiError(499, 'Client closed request.', error.message));
    }
    if (options.isDependencyUnavailable(error)) {
      request.log.warn({ errorId: request.id, err: error }, 'a dependency is unavailable');
      const detail = `The service cannot reach a system it depends on; retry in ${DEPENDENCY_RETRY_SECONDS} s. Quote errorId ${request.id} if this persists.`;
      markOutage(request, reply, 'dependency');
      return sendApiError(reply, request, new ApiError(503, 'Service temporarily unavailable.', detail, { 'Retry-After': String(DEPENDENCY_RETRY_SECONDS) }));
    }
    request.log.error({ errorId: request.id, err: error }, 'unexpected error');
    return sendApiError(
      reply,
      request,
      new ApiError(500, 'Internal error.', `An unexpected error occurred. Quote errorId ${request.id} when reporting it.`),
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = METHODS.filter((method) => paths.find(method, path));
    if (allowed.length > 0) {
      if (allowed.includes('GET')) allowed.push('HEAD');
      return sendApiError(
        reply,
        request,
        new ApiError(405, 'Method not allowed.', `${request.method} is not allowed on ${path}. Allowed: ${allowed.join(', ')}.`, {
          Allow: allowed.join(', '),
        }),
      );
    }
    const near = formsNear(path, forms);
    const hint = near.length === 0 ? '' : ` The paths of this kind are: ${near.join(', ')}.`;
    return sendApiError(reply, request, new ApiError(404, 'Not found.', `No resource exists at ${path}.${hint}`));
  });
}

/** The most forms a 404 lists. */
const MOST_FORMS = 12;

/**
 * The GET forms that share the most leading segments with `path` (a `:name` segment matches any),
 * at least its version, family and place (`/v2/weather/fields/{fieldId}`), written `{name}`: what
 * a path without its dates, or with a form that does not exist, could have been.
 */
export function formsNear(path: string, forms: Iterable<string>): string[] {
  const asked = path.split('/').filter((part) => part !== '');
  let best = 0;
  let near: string[] = [];
  for (const form of forms) {
    const parts = form.split('/').filter((part) => part !== '');
    let shared = 0;
    while (shared < parts.length && shared < asked.length && (parts[shared]!.startsWith(':') || parts[shared] === asked[shared])) shared++;
    if (shared < 3 || shared < best) continue;
    if (shared > best) {
      best = shared;
      near = [];
    }
    near.push(form.replace(/:(\w+)/g, '{$1}'));
  }
  return near.sort().slice(0, MOST_FORMS);
}
