/**
 * POST /oauth/token — OAuth 2.0 client-credentials grant. Basic credentials (key:secret), form
 * body `grant_type=client_credentials`. Rate-limited per client address and per key, so that
 * guessing secrets is impractical.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError, unauthorized } from '../../http/api-error.js';
import type { AppContext } from '../../app-context.js';

const TokenResponse = Type.Object({
  access_token: Type.String(),
  expires_in: Type.Integer(),
  token_type: Type.Literal('Bearer'),
});

const BASIC = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i;

function basicCredentials(header: string | undefined): { key: string; secret: string } {
  const match = header ? BASIC.exec(header) : null;
  if (!match) {
    throw unauthorized('Missing client credentials.', 'Send Authorization: Basic <base64 of key:secret>.', 'Basic');
  }
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // A NUL cannot be in any key, and PostgreSQL cannot even look one up.
  if (colon <= 0 || decoded.includes('\u0000')) throw unauthorized('Invalid client credentials.', 'The Basic credentials must encode key:secret.', 'Basic');
  return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The key named by Basic credentials, for rate limiting (never trusted for anything else). */
function basicKeyOf(header: string | undefined): string {
  try {
    return basicCredentials(header).key;
  } catch {
    return '-';
  }
}

export async function tokenRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const perMinute = context.config.tokenRequestsPerMinute;
  const limiters = [
    app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `ip:${request.ip}` }),
    app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `key:${basicKeyOf(request.headers.authorization)}` }),
  ];
  const limitTokenRequests = async (request: FastifyRequest) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new ApiError(
          429,
          'Too many token requests.',
          `Token requests are limited to ${perMinute} a minute per client and per key; retry in ${result.ttlInSeconds} s.`,
          { 'Retry-After': String(result.ttlInSeconds) },
        );
      }
    }
  };
  app.post(
    '/oauth/token',
    {
      onRequest: limitTokenRequests,
      schema: {
        summary: 'Get an access token (client credentials grant)',
        tags: ['authentication'],
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Object({ grant_type: Type.String() }, { additionalProperties: true }),
        response: { 200: TokenResponse },
      },
    },
    async (request, reply) => {
      const { key, secret } = basicCredentials(request.headers.authorization);
      const body = request.body as { grant_type: string };
      if (body.grant_type !== 'client_credentials') {
        throw new ApiError(400, 'Unsupported grant type.', `grant_type must be client_credentials (got '${body.grant_type}').`);
      }
      const record = await context.store.keys.find(key);
      const valid = record !== undefined && record.enabled && (await context.verifySecret(secret, record.secretHash));
      if (!valid) throw unauthorized('Invalid client credentials.', 'The key or secret is wrong, or the key is disabled.', 'Basic');
      await context.store.keys.touch(key, context.clock.now());
      const token = context.tokens.issue(key, record.accountId);
      reply.header('Cache-Control', 'no-store');
      return { access_token: token.accessToken, expires_in: token.expiresIn, token_type: 'Bearer' as const };
    },
  );
}
