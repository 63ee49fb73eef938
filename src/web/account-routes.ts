/**
 * The account area under `/account/`: sign up, sign in, sign out, and the signed-in account's
 * applications (create, list with request counts, disable), plus `POST /account/api-token`, which
 * gives the field explorer a short-lived access token for the account's explorer key.
 *
 * Every form carries a CSRF token (see csrf.ts). Sign-in is limited per client address and per
 * email, and after repeated failures for one email each further attempt must wait longer
 * (kept in the database, so it holds across instances).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { textPart } from '../http/request-parts.js';
import { normalizeEmail, type AccountService } from '../services/account-service.js';
import type { SessionService } from '../services/session-service.js';
import type { TokenService } from '../services/token-service.js';
import { createdBody, dashboardBody, messageBody, signInBody, signUpBody, signUpClosedBody } from './account-pages.js';
import { CSRF_FIELD, type FormTokens, presentedCsrfToken, sameOrigin, sameText } from './csrf.js';
import { page, type Html, type PageFrame } from './html.js';
import type { WebAssets } from './web-assets.js';
import { clearSessionCookie, cookieOptions, PRE_SESSION_COOKIE, SESSION_COOKIE, setSessionCookie, signedIn, type SignedIn } from './web-session.js';

export interface WebDependencies {
  accounts: AccountService;
  sessions: SessionService;
  /** Issues the explorer's access tokens. */
  tokens: Pick<TokenService, 'issue'>;
  /** Writes the request counts kept in memory, so the dashboard shows every request. */
  keyUsage: { flush(): Promise<void> };
  formTokens: FormTokens;
  assets: WebAssets;
  clock: Clock;
  baseUrl: string;
  signupEnabled: boolean;
}

const SIGN_IN_PER_ADDRESS_PER_MINUTE = 30;
const SIGN_IN_PER_EMAIL_PER_MINUTE = 10;
const SIGN_UP_PER_ADDRESS_PER_HOUR = 10;
const API_TOKENS_PER_ADDRESS_PER_MINUTE = 60;

type Limiter = (request: FastifyRequest) => Promise<number | null>;

/** A limiter answering the seconds to wait, or null when the request may go on. */
function limiter(app: FastifyInstance, max: number, timeWindow: number, keyOf: (request: FastifyRequest) => string): Limiter {
  const check = app.createRateLimit({ max, timeWindow, keyGenerator: keyOf });
  return async (request) => {
    const result = await check(request);
    return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : null;
  };
}

/** A form field's text ('' when absent). */
function field(request: FastifyRequest, name: string): string {
  return textPart(request.body, name) ?? '';
}

export async function accountRoutes(app: FastifyInstance, web: WebDependencies): Promise<void> {
  const { accounts, sessions, tokens, keyUsage, formTokens, assets, baseUrl, signupEnabled } = web;

  const signInByAddress = limiter(app, SIGN_IN_PER_ADDRESS_PER_MINUTE, 60_000, (r) => `web-sign-in-ip:${r.ip}`);
  const signInByEmail = limiter(app, SIGN_IN_PER_EMAIL_PER_MINUTE, 60_000, (r) => `web-sign-in-email:${normalizeEmail(field(r, 'email')).slice(0, 254)}`);
  const signUpByAddress = limiter(app, SIGN_UP_PER_ADDRESS_PER_HOUR, 3_600_000, (r) => `web-sign-up-ip:${r.ip}`);
  const apiTokenByAddress = limiter(app, API_TOKENS_PER_ADDRESS_PER_MINUTE, 60_000, (r) => `web-api-token-ip:${r.ip}`);

  const send = (
    reply: FastifyReply,
    status: number,
    frame: Omit<PageFrame, 'stylesheet' | 'signedIn'>,
    who: SignedIn | null,
    cacheControl = 'private, no-cache',
  ) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', cacheControl)
      .send(
        page({
          ...frame,
          stylesheet: assets.stylesheet(),
          signedIn: who ? { email: who.account.email ?? who.account.name, csrfToken: who.session.csrfToken } : null,
        }),
      );

  const tooMany = (reply: FastifyReply, seconds: number, who: SignedIn | null, body?: Html) =>
    send(
      reply.header('Retry-After', String(seconds)),
      429,
      {
        title: 'Too many attempts',
        body:
          body ??
          messageBody('Too many attempts', `Please wait ${seconds} seconds before trying again.`, { href: '/account/sign-in', text: 'Back to sign-in' }),
      },
      who,
    );

  const refuseForm = (reply: FastifyReply, who: SignedIn | null) =>
    send(
      reply,
      403,
      {
        title: 'Form expired',
        body: messageBody(
          'This form has expired',
          'The form was not sent from this site or is too old. Reload the page and send it again.',
          who ? { href: '/account/', text: 'Back to your applications' } : { href: '/account/sign-in', text: 'Back to sign-in' },
        ),
      },
      who,
    );

  /** The pre-session CSRF token for the sign-in and sign-up forms (setting its cookie when new). */
  const preSessionToken = (request: FastifyRequest, reply: FastifyReply): string => {
    let value = request.cookies[PRE_SESSION_COOKIE];
    if (!value || !/^[A-Za-z0-9_-]{43}$/.test(value)) {
      value = formTokens.newCookieValue();
      reply.setCookie(PRE_SESSION_COOKIE, value, cookieOptions(request, baseUrl, '/account'));
    }
    return formTokens.formTokenFor(value);
  };
  const preSessionFormValid = (request: FastifyRequest) =>
    sameOrigin(request, baseUrl) && formTokens.verifyPreSession(request.cookies[PRE_SESSION_COOKIE], field(request, CSRF_FIELD));
  const sessionFormValid = (request: FastifyRequest, who: SignedIn) =>
    sameOrigin(request, baseUrl) && sameText(presentedCsrfToken(request), who.session.csrfToken);

  /** Starts a session for the account (a fresh cookie value: no fixation) and goes to the dashboard. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, accountId: number) => {
    await sessions.end(request.cookies[SESSION_COOKIE]);
    const started = await sessions.start(accountId);
    setSessionCookie(request, reply, baseUrl, started.token);
    return reply.header('Cache-Control', 'no-store').redirect('/account/', 303);
  };

  const dashboard = async (reply: FastifyReply, who: SignedIn, status = 200, error?: string) => {
    const overview = await accounts.overview(who.account.id);
    return send(
      reply,
      status,
      { title: 'Applications', current: 'account', body: dashboardBody({ overview, csrfToken: who.session.csrfToken, error, enterprise: who.account.enterprise }) },
      who,
    );
  };

  app.get('/account', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/account/', 303));

  app.get('/account/', { schema: { hide: true } }, async (request, reply) => {
    const who = await signedIn(request, sessions, accounts);
    if (!who) return reply.redirect('/account/sign-in', 303);
    await keyUsage.flush();
    return dashboard(reply, who);
  });

  app.get('/account/sign-in', { schema: { hide: true } }, async (request, reply) => {
    if (await signedIn(request, sessions, accounts)) return reply.redirect('/account/', 303);
    const notice = textPart(request.query, 'signedOut') !== undefined ? 'You are signed out.' : undefined;
    return send(reply, 200, { title: 'Sign in', current: 'sign-in', body: signInBody({ csrfToken: preSessionToken(request, reply), notice }) }, null);
  });

  app.post('/account/sign-in', { schema: { hide: true } }, async (request, reply) => {
    if (!preSessionFormValid(request)) return refuseForm(reply, null);
    const email = field(request, 'email');
    const again = (status: number, error: string) =>
      send(reply, status, { title: 'Sign in', current: 'sign-in', body: signInBody({ csrfToken: preSessionToken(request, reply), email, error }) }, null);
    for (const limit of [signInByAddress, signInByEmail]) {
      const wait = await limit(request);
      if (wait !== null) {
        reply.header('Retry-After', String(wait));
        return again(429, `Too many sign-in attempts. Please wait ${wait} seconds before trying again.`);
      }
    }
    const result = await accounts.signIn(email, field(request, 'password'));
    if (result.outcome === 'wait') {
      reply.header('Retry-After', String(result.retryAfterSeconds));
      return again(429, `Too many failed sign-ins for this email. Please wait ${result.retryAfterSeconds} seconds before trying again.`);
    }
    if (result.outcome === 'refused') return again(401, 'The email or password is wrong.');
    return startSession(request, reply, result.account.id);
  });

  app.get('/account/sign-up', { schema: { hide: true } }, async (request, reply) => {
    if (await signedIn(request, sessions, accounts)) return reply.redirect('/account/', 303);
    if (!signupEnabled) return send(reply, 403, { title: 'Sign-up is closed', current: 'sign-up', body: signUpClosedBody() }, null);
    return send(reply, 200, { title: 'Create an account', current: 'sign-up', body: signUpBody({ csrfToken: preSessionToken(request, reply) }) }, null);
  });

  app.post('/account/sign-up', { schema: { hide: true } }, async (request, reply) => {
    if (!signupEnabled) return send(reply, 403, { title: 'Sign-up is closed', current: 'sign-up', body: signUpClosedBody() }, null);
    if (!preSessionFormValid(request)) return refuseForm(reply, null);
    const email = field(request, 'email');
    const wait = await signUpByAddress(request);
    if (wait !== null) return tooMany(reply, wait, null);
    try {
      const account = await accounts.signUp(email, field(request, 'password'));
      return await startSession(request, reply, account.id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const status = error.kind === 'conflict' ? 409 : 400;
      return send(
        reply,
        status,
        { title: 'Create an account', current: 'sign-up', body: signUpBody({ csrfToken: preSessionToken(request, reply), email, error: `${error.simpleMessage} ${error.detailedMessage}` }) },
        null,
      );
    }
  });

  app.post('/account/sign-out', { schema: { hide: true } }, async (request, reply) => {
    const who = await signedIn(request, sessions, accounts);
    if (!who) return reply.redirect('/account/sign-in', 303);
    if (!sessionFormValid(request, who)) return refuseForm(reply, who);
    await sessions.end(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(request, reply, baseUrl);
    return reply.redirect('/account/sign-in?signedOut', 303);
  });

  app.post('/account/applications', { schema: { hide: true } }, async (request, reply) => {
    const who = await signedIn(request, sessions, accounts);
    if (!who) return reply.redirect('/account/sign-in', 303);
    if (!sessionFormValid(request, who)) return refuseForm(reply, who);
    try {
      const created = await accounts.createApplication(who.account.id, field(request, 'label'));
      // The secret is in this page only: never cached, never in a URL.
      return send(reply, 201, { title: 'Application created', current: 'account', body: createdBody(created, baseUrl) }, who, 'no-store');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // A bad name is 400; an account at its cap of keys is 409.
      return dashboard(reply, who, error.kind === 'conflict' ? 409 : 400, `${error.simpleMessage} ${error.detailedMessage}`);
    }
  });

  app.post<{ Params: { key: string } }>('/account/applications/:key/disable', { schema: { hide: true } }, async (request, reply) => {
    const who = await signedIn(request, sessions, accounts);
    if (!who) return reply.redirect('/account/sign-in', 303);
    if (!sessionFormValid(request, who)) return refuseForm(reply, who);
    try {
      await accounts.disableApplication(who.account.id, request.params.key);
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'notFound') throw error;
      return send(
        reply,
        404,
        { title: 'Not found', current: 'account', body: messageBody('Application not found', 'No such application exists in this account.', { href: '/account/', text: 'Back to your applications' }) },
        who,
      );
    }
    return reply.redirect('/account/', 303);
  });

  app.post('/account/api-token', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const who = await signedIn(request, sessions, accounts);
    if (!who) return reply.code(401).send({ error: 'signed-out', message: 'Sign in at /account/sign-in.' });
    if (!sessionFormValid(request, who)) return reply.code(403).send({ error: 'csrf', message: 'Missing or wrong X-CSRF-Token; reload the page.' });
    const wait = await apiTokenByAddress(request);
    if (wait !== null) return reply.code(429).header('Retry-After', String(wait)).send({ error: 'rate-limited', message: `Retry in ${wait} s.` });
    const key = await accounts.explorerKey(who.account.id);
    const token = tokens.issue(key, who.account.id);
    return { access_token: token.accessToken, expires_in: token.expiresIn, token_type: 'Bearer' };
  });
}
