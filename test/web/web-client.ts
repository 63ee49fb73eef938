/** A browser-like client over `app.inject`: keeps cookies, reads CSRF tokens from pages. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
}

export function setCookies(response: LightMyRequestResponse): SetCookie[] {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair!.indexOf('=');
    return { name: pair!.slice(0, eq), value: decodeURIComponent(pair!.slice(eq + 1)), attributes };
  });
}

export function csrfOf(body: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(body);
  if (!match) throw new Error(`no CSRF token in page:\n${body.slice(0, 500)}`);
  return match[1]!;
}

export class WebClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  private cookieHeader(): Record<string, string> {
    return this.cookies.size === 0 ? {} : { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private remember(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const c of setCookies(response)) {
      const expired = c.attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.remember(await this.app.inject({ method: 'GET', url, headers: { ...this.extraHeaders, ...this.cookieHeader() } }));
  }

  async post(url: string, form: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.remember(
      await this.app.inject({
        method: 'POST',
        url,
        headers: { ...this.extraHeaders, ...this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }

  /** Signs up (and so in) through the forms. */
  async signUp(email: string, password = 'correct horse battery'): Promise<LightMyRequestResponse> {
    const form = await this.get('/account/sign-up');
    return this.post('/account/sign-up', { _csrf: csrfOf(form.body), email, password });
  }

  async signIn(email: string, password: string): Promise<LightMyRequestResponse> {
    const form = await this.get('/account/sign-in');
    return this.post('/account/sign-in', { _csrf: csrfOf(form.body), email, password });
  }

  /** The CSRF token of the signed-in session (from the dashboard). */
  async sessionCsrf(): Promise<string> {
    return csrfOf((await this.get('/account/')).body);
  }

  /** Creates an application; returns its key and secret read from the page. */
  async createApplication(label: string): Promise<{ key: string; secret: string; response: LightMyRequestResponse }> {
    const response = await this.post('/account/applications', { _csrf: await this.sessionCsrf(), label });
    const key = /id="new-key">([^<]+)</.exec(response.body)?.[1];
    const secret = /id="new-secret">([^<]+)</.exec(response.body)?.[1];
    if (!key || !secret) throw new Error(`no key in page (${response.statusCode}):\n${response.body.slice(0, 800)}`);
    return { key, secret, response };
  }
}
