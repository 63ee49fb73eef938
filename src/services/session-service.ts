/**
 * Browser sessions of the account area. The cookie carries 256 random bits; the database keeps
 * only their SHA-256, with the account, a per-session CSRF token and two times: a session ends
 * after `idleSeconds` without use or `absoluteSeconds` after sign-in, whichever comes first.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../core/clock.js';
import type { SessionRepository, WebSession } from '../store/session-repository.js';

export type { WebSession } from '../store/session-repository.js';

export const SESSION_IDLE_SECONDS = 12 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 3600;
/** A session's last-seen time is written at most this often (not on every page). */
const TOUCH_INTERVAL_MS = 60_000;

export interface StartedSession {
  /** The cookie value (never stored). */
  token: string;
  session: WebSession;
}

export interface SessionService {
  start(accountId: number): Promise<StartedSession>;
  /** The live session the cookie value names, or null (unknown, idle too long, or too old). */
  resolve(token: string | undefined): Promise<WebSession | null>;
  end(token: string | undefined): Promise<void>;
}

export interface SessionLifetimes {
  idleSeconds?: number;
  absoluteSeconds?: number;
}

function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createSessionService(sessions: SessionRepository, clock: Clock, lifetimes: SessionLifetimes = {}): SessionService {
  const idleMs = (lifetimes.idleSeconds ?? SESSION_IDLE_SECONDS) * 1000;
  const absoluteMs = (lifetimes.absoluteSeconds ?? SESSION_ABSOLUTE_SECONDS) * 1000;
  return {
    async start(accountId) {
      const now = clock.now();
      // Housekeeping at sign-in: expired sessions of everyone go.
      await sessions.deleteExpired(now - idleMs, now - absoluteMs);
      const token = randomBytes(32).toString('base64url');
      const session: WebSession = {
        id: sessionId(token),
        accountId,
        csrfToken: randomBytes(32).toString('base64url'),
        createdAt: now,
        lastSeenAt: now,
      };
      await sessions.create(session);
      return { token, session };
    },
    async resolve(token) {
      if (!token || !TOKEN_SHAPE.test(token)) return null;
      const session = await sessions.find(sessionId(token));
      if (!session) return null;
      const now = clock.now();
      if (now - session.lastSeenAt >= idleMs || now - session.createdAt >= absoluteMs) {
        await sessions.delete(session.id);
        return null;
      }
      if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
        await sessions.touch(session.id, now);
        session.lastSeenAt = now;
      }
      return session;
    },
    async end(token) {
      if (token && TOKEN_SHAPE.test(token)) await sessions.delete(sessionId(token));
    },
  };
}
