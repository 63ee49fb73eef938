/**
 * The bearer-token hook, registered once around every protected route. Imagery routes opt in to
 * `?token=` with `config: { queryToken: true }`; no other route accepts it.
 */
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

/** Registers the hook on `scope` (an encapsulated plugin): every route in it requires a token. */
export function requireBearerToken(scope: FastifyInstance, tokens: TokenService): void {
  scope.decorateRequest('auth', null as unknown as AuthContext);
  scope.addHook('onRequest', async (request) => {
    request.auth = await tokens.authenticate(tokenOf(request));
  });
}
