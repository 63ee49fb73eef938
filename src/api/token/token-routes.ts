/**
 * POST /oauth/token — OAuth 2.0 client-credentials grant. Basic credentials (key:secret), form
 * body `grant_type=client_credentials`. Tokens are not limited in number; failed attempts are
 * limited per key from one client address and per client address, so that guessing secrets is
 * impractical and a stranger's failures never lock out a key's owner (services/token-grant.ts).
 */
import { Type } from 'typebox';
import { ApiError, unauthorized } from '../../http/api-error.js';
import type { ClientCredentials, TokenGrant } from '../../services/token-grant.js';
import type { ApiPlugin } from '../api-plugin.js';

const TokenResponse = Type.Object({
  access_token: Type.String(),
  expires_in: Type.Integer(),
  token_type: Type.Literal('Bearer'),
});

const BASIC = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i;

/** The key and secret of Basic credentials, or what is wrong with them. */
function basicCredentials(header: string | undefined): ClientCredentials | { problem: string; detail: string } {
  const match = header ? BASIC.exec(header) : null;
  if (!match) return { problem: 'Missing client credentials.', detail: 'Send Authorization: Basic <base64 of key:secret>.' };
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // A NUL cannot be in any key, and PostgreSQL cannot even look one up.
  if (colon <= 0 || decoded.includes('\u0000')) return { problem: 'Invalid client credentials.', detail: 'The Basic credentials must encode key:secret.' };
  return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export interface TokenRouteOptions {
  grants: TokenGrant;
  /** Failed attempts allowed per minute for one key from one client address (for the docs and the 429). */
  failuresPerMinute: number;
  /** Failed attempts allowed per minute from one client address, all keys together. */
  addressFailuresPerMinute: number;
}

export const tokenRoutes: ApiPlugin<TokenRouteOptions> = async (app, { grants, failuresPerMinute, addressFailuresPerMinute }) => {
  const limits = `${failuresPerMinute} a minute for one key from one client address and ${addressFailuresPerMinute} a minute from one client address`;
  app.post(
    '/oauth/token',
    {
      schema: {
        summary: 'Get an access token (client credentials grant)',
        description:
          'Any number of tokens may be requested, and tokens overlap. Failed attempts (wrong secret, unknown key, ' +
          `missing or malformed credentials) are limited to ${limits}; ` +
          'past that every attempt of that key from that address (or from that address) is answered 429 with Retry-After until the minute ends. ' +
          'Failures from other addresses never hold back the right secret.',
        tags: ['authentication'],
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ grant_type: Type.String() }, { additionalProperties: true }),
        response: { 200: TokenResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.grant_type !== 'client_credentials') {
        throw new ApiError(400, 'Unsupported grant type.', `grant_type must be client_credentials (got '${body.grant_type}').`);
      }
      const credentials = basicCredentials(request.headers.authorization);
      const result = await grants.grant(request.ip, 'problem' in credentials ? null : credentials);
      if (result.outcome === 'wait') {
        throw new ApiError(
          429,
          'Too many failed token requests.',
          `Failed token requests are limited to ${limits}; retry in ${result.retryAfterSeconds} s.`,
          { 'Retry-After': String(result.retryAfterSeconds) },
        );
      }
      if ('problem' in credentials) throw unauthorized(credentials.problem, credentials.detail, 'Basic');
      if (result.outcome === 'refused') throw unauthorized('Invalid client credentials.', 'The key or secret is wrong, or the key is disabled.', 'Basic');
      reply.header('Cache-Control', 'no-store');
      return { access_token: result.accessToken, expires_in: result.expiresIn, token_type: 'Bearer' as const };
    },
  );
};
