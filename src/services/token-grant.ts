/**
 * The client-credentials grant behind POST /oauth/token: checks a key and its secret and issues
 * an access token.
 *
 * The number of tokens is not limited (the interface spec): a right secret always gets one, and
 * after the first slow check it is recognised without the slow hash. Failed attempts (wrong
 * secret, unknown or disabled key, missing or malformed credentials) are counted per key tried
 * from one client address, and per client address across keys; once either has spent its budget
 * every attempt of that pair (or from that address) waits, the right secret too, so a guess made
 * while waiting tells nothing. Nothing is counted per key alone: a stranger guessing a key's
 * secret from elsewhere never holds back its owner (secrets are 256 random bits, so guessing from
 * many addresses gains nothing either).
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../core/clock.js';
import { SharedCalls } from '../core/shared-calls.js';
import type { CredentialFailureLimiter, FailureSubject } from '../limits/credential-failures.js';
import type { ApiKeyRecord, KeyRepository } from '../store/key-repository.js';
import type { RememberedSecrets } from './credentials.js';

/** The failure counts the grant needs, per subject (limits/credential-failures.ts keeps them). */
export type FailureBudget = CredentialFailureLimiter;

export interface ClientCredentials {
  key: string;
  secret: string;
}

export type GrantResult =
  | { outcome: 'issued'; accessToken: string; expiresIn: number }
  | { outcome: 'refused' }
  | { outcome: 'wait'; retryAfterSeconds: number };

export interface TokenGrant {
  /** `credentials` null: missing or malformed (a failed attempt of the address). */
  grant(clientAddress: string, credentials: ClientCredentials | null): Promise<GrantResult>;
}

export interface TokenGrantDependencies {
  keys: Pick<KeyRepository, 'find' | 'touch'>;
  tokens: { issue(key: string, accountId: number): { accessToken: string; expiresIn: number } };
  clock: Clock;
  /** The slow check of a secret against its stored hash. */
  verifySecret(secret: string, storedHash: string): Promise<boolean>;
  remembered: RememberedSecrets;
  failures: FailureBudget;
}

/** A key's last use is written at most this often by token requests (requests with tokens count it too). */
const TOUCH_INTERVAL_MS = 60_000;
const MAX_KEY_IN_COUNTER = 64;

type Verdict = 'right' | 'wrong' | { waitSeconds: number };

/** The kinds of subject failures are counted against (each with its own budget). */
export const FAILURES_PER_ADDRESS = 'address';
export const FAILURES_PER_KEY_AND_ADDRESS = 'pair';

/** The budgets of the failure counter: failed attempts per minute for a key from one address, and from one address across keys. */
export function failureBudgets(perKeyAndAddress: number, perAddress: number): Record<string, number> {
  return { [FAILURES_PER_KEY_AND_ADDRESS]: perKeyAndAddress, [FAILURES_PER_ADDRESS]: perAddress };
}

/** What an attempt counts against: its address, and the key tried from it (a key of unusual length named by its hash, so counter names stay short). */
export function failureSubjects(clientAddress: string, key?: string): FailureSubject[] {
  const subjects: FailureSubject[] = [{ kind: FAILURES_PER_ADDRESS, id: clientAddress }];
  if (key !== undefined) {
    const named = key.length <= MAX_KEY_IN_COUNTER ? `key:${key}` : `key-sha256:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
    subjects.push({ kind: FAILURES_PER_KEY_AND_ADDRESS, id: `${clientAddress} ${named}` });
  }
  return subjects;
}

export function createTokenGrant(deps: TokenGrantDependencies): TokenGrant {
  const { keys, tokens, clock, remembered, failures } = deps;
  // Identical attempts (address, key, secret) in flight at once share one check and one count:
  // a client starting many workers together is not refused for the slow first check.
  const checks = new SharedCalls<string, Verdict>();

  async function checkCounted(subjects: FailureSubject[], secret: string, record: ApiKeyRecord | undefined): Promise<Verdict> {
    const wait = await failures.reserve(subjects);
    if (wait > 0) return { waitSeconds: wait };
    let right: boolean;
    try {
      right = record !== undefined && (await deps.verifySecret(secret, record.secretHash));
    } catch (error) {
      await failures.release(subjects); // no verdict: not a failed attempt
      throw error;
    }
    if (!right) return 'wrong';
    remembered.add(secret, record!.secretHash);
    await failures.release(subjects);
    return 'right';
  }

  return {
    async grant(clientAddress, credentials) {
      if (!credentials) {
        const wait = await failures.reserve(failureSubjects(clientAddress));
        return wait > 0 ? { outcome: 'wait', retryAfterSeconds: wait } : { outcome: 'refused' };
      }
      const { key, secret } = credentials;
      const subjects = failureSubjects(clientAddress, key);
      const wait = await failures.waitSeconds(subjects);
      if (wait > 0) return { outcome: 'wait', retryAfterSeconds: wait };

      const found = await keys.find(key);
      const record = found?.enabled ? found : undefined;
      let verdict: Verdict;
      if (record && remembered.has(secret, record.secretHash)) {
        verdict = 'right';
      } else {
        verdict = await checks.run(JSON.stringify([clientAddress, key, secret]), () => checkCounted(subjects, secret, record));
      }
      if (verdict === 'wrong') return { outcome: 'refused' };
      if (verdict !== 'right') return { outcome: 'wait', retryAfterSeconds: verdict.waitSeconds };

      const now = clock.now();
      if (record!.lastUsedAt === null || Math.abs(now - record!.lastUsedAt) >= TOUCH_INTERVAL_MS) await keys.touch(key, now);
      const token = tokens.issue(key, record!.accountId);
      return { outcome: 'issued', accessToken: token.accessToken, expiresIn: token.expiresIn };
    },
  };
}
