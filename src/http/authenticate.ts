/**
 * The bearer-token hook, registered once around every protected route. Imagery routes opt in to
 * `?token=` with `config: { queryToken: true }`; no other route accepts it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from './api-error.js';
import { textPart } from './request-parts.js';
import type { AuthContext } from '../core/auth-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Accept the access token as the `token` query parameter (imagery only). */
    queryToken?: boolean;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function tokenOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header) {
    const match = BEARER.exec(header);
    if (!match) throw unauthorized('Invalid authorization header.', 'Send the access token as Authorization: Bearer <ACCESS_TOKEN>.');
    return match[1]!;
  }
  if (request.routeOptions.config.queryToken) {
    const token = textPart(request.query, 'token');
    if (token !== undefined && token !== '') return token;
  }
  throw unauthorized('Missing access token.', 'Send the access token as Authorization: Bearer <ACCESS_TOKEN>; get one from POST /oauth/token.');
}

/**
 * The application calling itself for an API key (batch jobs run their requests through
 * `app.inject`): a header carrying a random secret made per app, never sent out nor stored, and
 * the key with its account. The request then acts as that key exactly as its tokens would (its
 * state, map limits and rate limits, re-read like theirs). Without the secret the header is
 * refused like a bad token.
 */
export const INTERNAL_CALLER_HEADER = 'x-agwx-internal-caller';

/** Whom an in-process request acts for. */
export interface InternalCallerIdentity {
  key: string;
  accountId: number;
}

export interface InternalCaller {
  /** Headers that make an in-process request act for `caller`. */
  headersFor(caller: InternalCallerIdentity): Record<string, string>;
  /** The caller named by a header value, or null unless it carries this app's secret. */
  verify(value: string): InternalCallerIdentity | null;
}

export function createInternalCaller(): InternalCaller {
  const secret = randomBytes(32);
  const prefix = `${secret.toString('base64url')}.`;
  return {
    headersFor: ({ key, accountId }) => ({ [INTERNAL_CALLER_HEADER]: prefix + Buffer.from(JSON.stringify({ key, accountId })).toString('base64url') }),
    verify(value) {
      const dot = value.indexOf('.');
      const presented = Buffer.from(value.slice(0, Math.max(dot, 0)), 'base64url');
      if (dot < 0 || presented.length !== secret.length || !timingSafeEqual(presented, secret)) return null;
      try {
        const caller = JSON.parse(Buffer.from(value.slice(dot + 1), 'base64url').toString()) as Partial<InternalCallerIdentity>;
        return typeof caller.key === 'string' && typeof caller.accountId === 'number' ? { key: caller.key, accountId: caller.accountId } : null;
      } catch {
        return null;
      }
    },
  };
}

/** Registers the hook on `scope` (an encapsulated plugin): every route in it requires a token. */
/** What the hook needs of the token service: the caller of a token, or of a job's API key. */
export interface CallerAuthenticator {
  authenticate(token: string): Promise<AuthContext>;
  authenticateKey(key: string, accountId: number): Promise<AuthContext>;
}

export function requireBearerToken(scope: FastifyInstance, tokens: CallerAuthenticator, internalCaller?: InternalCaller): void {
  scope.decorateRequest('auth', null as unknown as AuthContext);
  scope.addHook('onRequest', async (request) => {
    const internal = request.headers[INTERNAL_CALLER_HEADER];
    if (internal !== undefined) {
      const caller = typeof internal === 'string' ? internalCaller?.verify(internal) : null;
      if (!caller) throw unauthorized('Invalid authorization header.', 'Send the access token as Authorization: Bearer <ACCESS_TOKEN>.');
      request.auth = await tokens.authenticateKey(caller.key, caller.accountId);
      return;
    }
    request.auth = await tokens.authenticate(tokenOf(request));
  });
}
