/**
 * CSRF protection for the account area.
 *
 * - Signed-in forms carry the session's synchronizer token (random, stored with the session);
 *   `fetch` calls send it in `X-CSRF-Token`.
 * - The sign-in and sign-up forms (no session yet) use a signed double-submit token: a random
 *   cookie and, in the form, its HMAC under a secret kept in the database (so every instance
 *   checks every form, and a cookie planted by a neighbouring site cannot be paired with a
 *   matching form value).
 *
 * Cross-site `Origin` headers are refused as well.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { textPart } from '../http/request-parts.js';

export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export function sameText(a: string | undefined, b: string | undefined): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface FormTokens {
  /** A new value for the pre-session cookie. */
  newCookieValue(): string;
  /** The form token that goes with a pre-session cookie value. */
  formTokenFor(cookieValue: string): string;
  verifyPreSession(cookieValue: string | undefined, formToken: string | undefined): boolean;
}

export function createFormTokens(secret: string): FormTokens {
  const sign = (value: string) => createHmac('sha256', secret).update(`pre-session:${value}`).digest('base64url');
  return {
    newCookieValue: () => randomBytes(32).toString('base64url'),
    formTokenFor: sign,
    verifyPreSession(cookieValue, formToken) {
      if (!cookieValue || !/^[A-Za-z0-9_-]{43}$/.test(cookieValue)) return false;
      return sameText(sign(cookieValue), formToken);
    },
  };
}

/** The form's `_csrf` value, or the `X-CSRF-Token` header. */
export function presentedCsrfToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string') return header;
  return textPart(request.body, CSRF_FIELD);
}

/** False when the request names an origin other than this service's own (`Origin` header). */
export function sameOrigin(request: FastifyRequest, baseUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return false;
  try {
    const from = new URL(origin);
    if (from.origin === new URL(baseUrl).origin) return true;
    return from.host === request.host;
  } catch {
    return false;
  }
}
