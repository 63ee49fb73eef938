/**
 * The bearer-token hook, registered once around every protected route. Imagery routes opt in to
 * `?token=` with `config: { queryToken: true }`; no other route accepts it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from './api-error.js';
import type { AuthContext, TokenService } from './tokens.js';

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
    const token = (request.query as Record<string, unknown>)?.token;
    if (typeof token === 'string' && token !== '') return token;
  }
  throw unauthorized('Missing access token.', 'Send the access token as Authorization: Bearer <ACCESS_TOKEN>; get one from POST /oauth/token.');
}

/**
 * The application calling itself for an account (batch jobs run their requests through
 * `app.inject`): a header carrying a random secret made per app, never sent out nor stored, and
 * the caller. Without the secret the header is refused like a bad token.
 */
export const INTERNAL_CALLER_HEADER = 'x-agwx-internal-caller';

export interface InternalCaller {
  /** Headers that make an in-process request act for `auth`. */
  headersFor(auth: AuthContext): Record<string, string>;
  /** The caller named by a header value, or null unless it carries this app's secret. */
  verify(value: string): AuthContext | null;
}

export function createInternalCaller(): InternalCaller {
  const secret = randomBytes(32);
  const prefix = `${secret.toString('base64url')}.`;
  return {
    headersFor: (auth) => ({ [INTERNAL_CALLER_HEADER]: prefix + Buffer.from(JSON.stringify(auth)).toString('base64url') }),
    verify(value) {
      const dot = value.indexOf('.');
      const presented = Buffer.from(value.slice(0, Math.max(dot, 0)), 'base64url');
      if (dot < 0 || presented.length !== secret.length || !timingSafeEqual(presented, secret)) return null;
      try {
        return JSON.parse(Buffer.from(value.slice(dot + 1), 'base64url').toString()) as AuthContext;
      } catch {
        return null;
      }
    },
  };
}

/** Registers the hook on `scope` (an encapsulated plugin): every route in it requires a token. */
export function requireBearerToken(scope: FastifyInstance, tokens: TokenService, internalCaller?: InternalCaller): void {
  scope.decorateRequest('auth', null as unknown as AuthContext);
  scope.addHook('onRequest', async (request) => {
    const internal = request.headers[INTERNAL_CALLER_HEADER];
    if (internal !== undefined) {
      const caller = typeof internal === 'string' ? internalCaller?.verify(internal) : null;
      if (!caller) throw unauthorized('Invalid authorization header.', 'Send the access token as Authorization: Bearer <ACCESS_TOKEN>.');
      request.auth = caller;
      return;
    }
    request.auth = await tokens.authenticate(tokenOf(request));
  });
}
