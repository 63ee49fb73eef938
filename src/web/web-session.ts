/**
 * The session cookie and the signed-in account of a request. The cookie is `HttpOnly`,
 * `SameSite=Lax`, and `Secure` when the service is reached over TLS (an `https` base URL, or a
 * request that arrived as `https`, which behind a proxy needs `AGWX_TRUST_PROXY=on`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account, AccountService } from '../services/account-service.js';
import type { SessionService, WebSession } from '../services/session-service.js';
import { SESSION_ABSOLUTE_SECONDS } from '../services/session-service.js';

export const SESSION_COOKIE = 'agwx_session';
export const PRE_SESSION_COOKIE = 'agwx_form';

export interface SignedIn {
  session: WebSession;
  account: Account;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved once per request by `signedIn`; undefined until then. */
    webSignedIn?: SignedIn | null;
  }
}

export function secureCookies(request: FastifyRequest, baseUrl: string): boolean {
  return baseUrl.startsWith('https://') || request.protocol === 'https';
}

export function cookieOptions(request: FastifyRequest, baseUrl: string, path: string, maxAgeSeconds?: number) {
  return {
    path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(request, baseUrl),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, baseUrl: string, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, baseUrl, '/', SESSION_ABSOLUTE_SECONDS));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, baseUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, baseUrl, '/'));
}

/** The request's live session and its account, or null. */
export async function signedIn(request: FastifyRequest, sessions: SessionService, accounts: Pick<AccountService, 'find'>): Promise<SignedIn | null> {
  if (request.webSignedIn !== undefined) return request.webSignedIn;
  const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
  const account = session ? await accounts.find(session.accountId) : undefined;
  request.webSignedIn = session && account ? { session, account } : null;
  return request.webSignedIn;
}
