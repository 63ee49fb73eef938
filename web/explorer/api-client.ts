/**
 * The public API as the explorer uses it: an access token from `POST /account/api-token` (for the
 * account's explorer key; the session's CSRF token goes in `X-CSRF-Token`), then bearer requests.
 */

export interface ApiAnswer<T> {
  status: number;
  body: T | null;
  /** `simpleMessage detailedMessage` of an error body. */
  message: string;
  dataSource: string | null;
}

export class ApiClient {
  private token: string | null = null;
  private readonly listeners: ((token: string) => void)[] = [];

  constructor(private readonly csrfToken: string) {}

  /** Called with every new token (map tiles carry it as `?token=`). */
  onToken(listener: (token: string) => void): void {
    this.listeners.push(listener);
  }

  async accessToken(): Promise<string> {
    if (this.token) return this.token;
    const response = await fetch('/account/api-token', {
      method: 'POST',
      headers: { 'X-CSRF-Token': this.csrfToken },
      credentials: 'same-origin',
    });
    if (response.status === 401 || response.status === 403) {
      window.location.assign('/account/sign-in');
      throw new Error('Signed out.');
    }
    if (!response.ok) throw new Error(`Could not get an access token (${response.status}).`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    this.token = body.access_token;
    // Renew a minute before it expires.
    window.setTimeout(() => {
      this.token = null;
      void this.accessToken();
    }, Math.max(60, body.expires_in - 60) * 1000);
    for (const listener of this.listeners) listener(body.access_token);
    return body.access_token;
  }

  async get<T>(path: string): Promise<ApiAnswer<T>> {
    return this.send<T>('GET', path);
  }

  /** A request with a JSON body (`POST`, `PUT`, `PATCH`); the answer as `get` gives it. */
  async send<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    let response = await this.request(method, path, body);
    if (response.status === 401) {
      this.token = null;
      response = await this.request(method, path, body);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const error = parsed as { simpleMessage?: string; detailedMessage?: string } | null;
    return {
      status: response.status,
      body: response.ok ? (parsed as T) : null,
      message: response.ok ? '' : [error?.simpleMessage, error?.detailedMessage].filter(Boolean).join(' ') || `HTTP ${response.status}`,
      dataSource: response.headers.get('X-Data-Source'),
    };
  }

  /** Every page of a list, following `_links.next`. */
  async getAll<T>(path: string, listProperty: string, maxPages = 50): Promise<ApiAnswer<T[]>> {
    const items: T[] = [];
    let next: string | undefined = path;
    let last: ApiAnswer<Record<string, unknown>> | undefined;
    for (let page = 0; next && page < maxPages; page++) {
      last = await this.get<Record<string, unknown>>(next);
      if (!last.body) return { ...last, body: null };
      items.push(...((last.body[listProperty] as T[] | undefined) ?? []));
      next = (last.body._links as { next?: { href: string } } | undefined)?.next?.href;
    }
    return { status: last?.status ?? 200, body: items, message: '', dataSource: last?.dataSource ?? null };
  }

  private async request(method: string, path: string, body?: unknown): Promise<Response> {
    const token = await this.accessToken();
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }
}
