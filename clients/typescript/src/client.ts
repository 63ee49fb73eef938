/**
 * The agwx client: typed calls generated from the API's OpenAPI document (openapi-fetch), with
 * client-credentials tokens fetched and renewed, paged lists followed through `_links.next`,
 * 429 and 503 retried as `Retry-After` says, and every other failure thrown as an `AgwxError`.
 */
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';

/** The client reads JSON answers (some routes also offer CSV when asked with `Accept: text/csv`). */
type JsonMedia = 'application/json';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { AgwxError, parseRetryAfter } from './errors.js';
import type { paths } from './schema.js';

export interface RetryOptions {
  /** Attempts in all for one request answered 429 or 503 (default 3; 1 turns retrying off). */
  maxAttempts?: number;
  /** The longest wait before a retry; an answer asking for longer is thrown at once (default 120). */
  maxDelaySeconds?: number;
}

export interface AgwxClientOptions {
  /** Where the API is, such as `https://agwx.example.org` (a path prefix is kept). */
  baseUrl: string;
  /** The API key and its secret, exchanged for bearer tokens at `POST /oauth/token`. */
  key: string;
  secret: string;
  retry?: RetryOptions;
  /** A token is renewed this long before it expires (default 60; at most half its lifetime). */
  renewBeforeSeconds?: number;
  /** The fetch to use (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** Waits between retries (default: a timer); tests pass their own. */
  sleep?: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch (default `Date.now`): when tokens expire. */
  now?: () => number;
}

type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** The JSON a successful call answers. */
export type ResponseData<M extends HttpMethod, P extends PathsWithMethod<paths, M>, I = unknown> =
  paths[P] extends Record<M, infer Operation>
    ? Operation extends Record<string | number, any>
      ? Exclude<FetchResponse<Operation, I, JsonMedia>['data'], undefined>
      : never
    : never;

type Call<M extends HttpMethod> = <P extends PathsWithMethod<paths, M>, I extends MaybeOptionalInit<paths[P], M>>(
  path: P,
  ...init: InitParam<I>
) => Promise<ResponseData<M, P, I>>;

/** The items of a list answer: the elements of its one array property. */
export type ListItem<D> = { [K in keyof D]-?: K extends '_links' ? never : NonNullable<D[K]> extends readonly (infer E)[] ? E : never }[keyof D];

/** GET paths whose answers are pages with a `next` link. */
export type ListPath = {
  [P in PathsWithMethod<paths, 'get'>]: ResponseData<'get', P> extends { _links?: infer L } ? ('next' extends keyof NonNullable<L> ? P : never) : never;
}[PathsWithMethod<paths, 'get'>];

export interface AgwxClient {
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  patch: Call<'patch'>;
  /** Deletes; resolves once the server has answered 2xx. */
  delete: <P extends PathsWithMethod<paths, 'delete'>, I extends MaybeOptionalInit<paths[P], 'delete'>>(path: P, ...init: InitParam<I>) => Promise<void>;
  /**
   * Every item of a paged list, page after page: the first page is `path` with `init`, the next
   * ones are its `_links.next`, followed until a page has none.
   */
  paginate: <P extends ListPath, I extends MaybeOptionalInit<paths[P], 'get'>>(
    path: P,
    ...init: InitParam<I>
  ) => AsyncGenerator<ListItem<ResponseData<'get', P, I>>, void, undefined>;
  /** A bearer token valid for a while (for imagery URLs with `?token=`). */
  token(): Promise<string>;
  /** The underlying openapi-fetch client, with the same tokens, retries and errors. */
  api: Client<paths, JsonMedia>;
}

interface HeldToken {
  token: string;
  expiresAt: number;
  renewAt: number;
}

export function createAgwxClient(options: AgwxClientOptions): AgwxClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const origin = new URL(baseUrl).origin;
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const maxAttempts = Math.max(1, options.retry?.maxAttempts ?? 3);
  const maxDelaySeconds = options.retry?.maxDelaySeconds ?? 120;
  const renewBeforeMs = (options.renewBeforeSeconds ?? 60) * 1000;
  const basic = `Basic ${btoa(`${options.key}:${options.secret}`)}`;

  /** Sends what `build` makes until it is not 429/503, or attempts or patience run out. */
  async function withRetries(build: () => Request): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const response = await fetchImpl(build());
      if ((response.status !== 429 && response.status !== 503) || attempt >= maxAttempts) return response;
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now());
      const delaySeconds = retryAfter ?? 2 ** (attempt - 1);
      if (delaySeconds > maxDelaySeconds) return response;
      await response.body?.cancel();
      await sleep(delaySeconds * 1000);
    }
  }

  let held: HeldToken | null = null;
  let pending: Promise<HeldToken> | null = null;

  async function requestToken(): Promise<HeldToken> {
    const url = `${baseUrl}/oauth/token`;
    const response = await withRetries(
      () =>
        new Request(url, {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: 'grant_type=client_credentials',
        }),
    );
    if (!response.ok) throw await AgwxError.fromResponse('POST', url, response);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    const receivedAt = now();
    const lifetimeMs = body.expires_in * 1000;
    return { token: body.access_token, expiresAt: receivedAt + lifetimeMs, renewAt: receivedAt + lifetimeMs - Math.min(renewBeforeMs, lifetimeMs / 2) };
  }

  async function token(): Promise<string> {
    if (held && now() < held.renewAt) return held.token;
    pending ??= requestToken().then(
      (fresh) => {
        held = fresh;
        pending = null;
        return fresh;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return (await pending).token;
  }

  /** Sends `request` with a bearer token; a 401 renews the token and tries once more. */
  async function authorized(request: Request): Promise<Response> {
    for (let renewed = false; ; renewed = true) {
      const bearer = await token();
      const response = await withRetries(() => {
        const attempt = request.clone();
        attempt.headers.set('authorization', `Bearer ${bearer}`);
        return attempt;
      });
      if (response.status === 401 && !renewed) {
        if (held?.token === bearer) held = null;
        await response.body?.cancel();
        continue;
      }
      if (!response.ok) throw await AgwxError.fromResponse(request.method, request.url, response);
      return response;
    }
  }

  /** A link's href as a URL; only links to the API itself are followed (they get the token). */
  function resolve(href: string): string {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
      if (new URL(href).origin !== origin) throw new Error(`refusing to follow a link away from ${origin}: ${href}`);
      return href;
    }
    return href.startsWith('/') ? `${baseUrl}${href}` : new URL(href, `${baseUrl}/`).href;
  }

  const api = createClient<paths, JsonMedia>({ baseUrl, fetch: authorized });

  // openapi-fetch answers { data } or { error }; `authorized` throws every error, so only data is left.
  const call =
    (method: Uppercase<HttpMethod>) =>
    async (path: string, ...init: unknown[]): Promise<unknown> => {
      const result = await api.request(method.toLowerCase() as HttpMethod, path as never, ...(init as [never]));
      return (result as { data?: unknown }).data;
    };

  async function* paginate(path: string, ...init: unknown[]): AsyncGenerator<unknown, void, undefined> {
    let page = await call('GET')(path, ...init);
    for (;;) {
      yield* itemsOf(page, path);
      const next = (page as { _links?: { next?: { href?: unknown } } } | undefined)?._links?.next?.href;
      if (typeof next !== 'string') return;
      const response = await authorized(new Request(resolve(next), { headers: { accept: 'application/json' } }));
      page = await response.json();
    }
  }

  return {
    get: call('GET') as Call<'get'>,
    post: call('POST') as Call<'post'>,
    put: call('PUT') as Call<'put'>,
    patch: call('PATCH') as Call<'patch'>,
    delete: (async (path: string, ...init: unknown[]) => {
      await call('DELETE')(path, ...init);
    }) as AgwxClient['delete'],
    paginate: paginate as unknown as AgwxClient['paginate'],
    token,
    api,
  };
}

function itemsOf(page: unknown, path: string): unknown[] {
  if (page !== null && typeof page === 'object') {
    for (const [key, value] of Object.entries(page)) if (key !== '_links' && Array.isArray(value)) return value;
  }
  throw new Error(`${path} did not answer a list`);
}
