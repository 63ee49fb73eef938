/**
 * The session cookie and the signed-in account of a request. The cookie is `HttpOnly`,
 * `SameSite=Lax`, and `Secure` when the service is reached over TLS (an `https` base URL, or a
 * request that arrived as `https`, which behind a proxy needs `AGWX_TRUST_PROXY=on`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Account } from '../store/account-repository.js';
import type { WebSession } from '../store/session-repository.js';
import type { SessionService } from '../services/session-service.js';
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

export function secureCookies(request: FastifyRequest, context: AppContext): boolean {
  return context.config.baseUrl.startsWith('https://') || request.protocol === 'https';
}

export function cookieOptions(request: FastifyRequest, context: AppContext, path: string, maxAgeSeconds?: number) {
  return {
    path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(request, context),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, context: AppContext, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, context, '/', SESSION_ABSOLUTE_SECONDS));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, context: AppContext): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, context, '/'));
}

/** The request's live session and its account, or null. */
export async function signedIn(request: FastifyRequest, context: AppContext, sessions: SessionService): Promise<SignedIn | null> {
  if (request.webSignedIn !== undefined) return request.webSignedIn;
  const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
  const account = session ? await context.store.accounts.findById(session.accountId) : undefined;
  request.webSignedIn = session && account ? { session, account } : null;
  return request.webSignedIn;
}
