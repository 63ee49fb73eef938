/**
 * The account area's use cases: web accounts (email and password, hashed with scrypt like key
 * secrets), sign-in with a growing wait after repeated failures, the account's applications (API
 * keys), their request counts, and the key the field explorer uses.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../core/clock.js';
import { conflict, invalid, notFoundError } from '../core/errors.js';
import type { Account } from '../store/account-repository.js';
import { DuplicateKeyError } from '../store/errors.js';
import type { ApiKeyRecord } from '../store/key-repository.js';
import type { Store } from '../store/store.js';
import { generateKey, generateSecret, hashSecret, verifySecret } from './credentials.js';
import { type KeyCap, storeKeyWithinCap } from './key-service.js';

export type { Account } from '../store/account-repository.js';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 100;
export const MAX_LABEL_LENGTH = 100;
/** Failed sign-ins for one email that cost nothing; each further one doubles the wait. */
export const FREE_SIGN_IN_FAILURES = 5;
const MAX_SIGN_IN_WAIT_SECONDS = 15 * 60;
/** Failures older than this are forgotten. */
const FAILURE_MEMORY_MS = 60 * 60 * 1000;
export const USAGE_DAYS = 30;
export const EXPLORER_PURPOSE = 'explorer';
const EXPLORER_LABEL = 'Field explorer';
const DAY_MS = 86_400_000;

export type SignInResult =
  | { outcome: 'signedIn'; account: Account }
  | { outcome: 'refused' }
  | { outcome: 'wait'; retryAfterSeconds: number };

export interface Application extends ApiKeyRecord {
  /** Requests answered per UTC day, oldest first, one entry per day of `AccountOverview.days`. */
  requestsPerDay: number[];
  requestsTotal: number;
}

export interface AccountOverview {
  /** The last `USAGE_DAYS` UTC days, oldest first (`YYYY-MM-DD`). */
  days: string[];
  applications: Application[];
}

export interface AccountService {
  signUp(email: string, password: string): Promise<Account>;
  signIn(email: string, password: string): Promise<SignInResult>;
  /** `name` is the account's name or a web account's email. */
  setEnterprise(name: string, enterprise: boolean): Promise<Account>;
  /** Refused (409) when the account has its cap of enabled keys already (the explorer's own key not counted). */
  createApplication(accountId: number, label: string): Promise<{ key: string; secret: string; label: string }>;
  overview(accountId: number): Promise<AccountOverview>;
  /** 404 (DomainError notFound) when the key does not exist or belongs to another account. */
  disableApplication(accountId: number, key: string): Promise<void>;
  /** The account's enabled explorer key, created on first use (its secret is never shown) and marked used now. */
  explorerKey(accountId: number): Promise<string>;
  /** The account with this id, if it exists. */
  find(accountId: number): Promise<Account | undefined>;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Seconds to wait before the next attempt after `failures` failures, 0 when none. */
export function signInWaitSeconds(failures: number): number {
  if (failures < FREE_SIGN_IN_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_SIGN_IN_FAILURES), MAX_SIGN_IN_WAIT_SECONDS);
}

export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export function createAccountService(store: Store, clock: Clock, cap: KeyCap = {}): AccountService {
  // A hash to check wrong emails against, so an unknown email takes as long as a wrong password.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashSecret(randomBytes(16).toString('hex')));

  return {
    async signUp(rawEmail, password) {
      const email = normalizeEmail(rawEmail);
      if (email.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(email)) {
        throw invalid('Invalid email.', `Give an email address of at most ${MAX_EMAIL_LENGTH} characters, such as name@example.org.`);
      }
      if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
        throw invalid('Invalid password.', `The password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`);
      }
      if (await store.accounts.findByName(email)) throw conflict('Email in use.', 'An account for this email exists already; sign in instead.');
      try {
        return await store.accounts.createWithPassword({ email, passwordHash: await hashSecret(password), now: clock.now() });
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw conflict('Email in use.', 'An account for this email exists already; sign in instead.');
        throw error;
      }
    },

    async signIn(rawEmail, password) {
      const email = normalizeEmail(rawEmail).slice(0, 254);
      const now = clock.now();
      const failures = await store.sessions.signInFailures(email);
      if (failures && now - failures.lastFailedAt < FAILURE_MEMORY_MS) {
        const waitMs = signInWaitSeconds(failures.failures) * 1000 - (now - failures.lastFailedAt);
        if (waitMs > 0) return { outcome: 'wait', retryAfterSeconds: Math.ceil(waitMs / 1000) };
      }
      const account = await store.accounts.findByEmail(email);
      const hash = account?.passwordHash ?? (await decoy());
      const valid = (await verifySecret(password.slice(0, MAX_PASSWORD_LENGTH), hash)) && account?.passwordHash != null;
      if (!valid || !account) {
        // The next attempt for this email waits (see signInWaitSeconds) once failures pile up.
        await store.sessions.recordSignInFailure(email, now, now - FAILURE_MEMORY_MS);
        return { outcome: 'refused' };
      }
      if (failures) await store.sessions.clearSignInFailures(email);
      const { passwordHash: _hidden, ...plain } = account;
      return { outcome: 'signedIn', account: plain };
    },

    async setEnterprise(name, enterprise) {
      const account = (await store.accounts.findByName(name)) ?? (await store.accounts.findByEmail(normalizeEmail(name)));
      if (!account) throw notFoundError('Account', `No account named '${name}' exists.`);
      await store.accounts.setEnterprise(account.name, enterprise);
      return { id: account.id, name: account.name, email: account.email, createdAt: account.createdAt, enterprise };
    },

    async createApplication(accountId, rawLabel) {
      const label = rawLabel.trim();
      if (label.length === 0 || label.length > MAX_LABEL_LENGTH) {
        throw invalid('Invalid application name.', `Name the application with 1 to ${MAX_LABEL_LENGTH} characters.`);
      }
      const key = generateKey();
      const secret = generateSecret();
      await storeKeyWithinCap(store.keys, cap.maxKeysPerAccount, accountId, async () => ({ key, accountId, secretHash: await hashSecret(secret), now: clock.now(), label }));
      return { key, secret, label };
    },

    async overview(accountId) {
      const today = Math.floor(clock.now() / DAY_MS) * DAY_MS;
      const days = Array.from({ length: USAGE_DAYS }, (_, i) => utcDay(today - (USAGE_DAYS - 1 - i) * DAY_MS));
      const [keys, counts] = await Promise.all([
        store.keys.list(accountId),
        store.usage.perKeyAndDay(accountId, days[0]!, days[days.length - 1]!),
      ]);
      const index = new Map(days.map((day, i) => [day, i]));
      const perKey = new Map<string, number[]>();
      for (const count of counts) {
        const i = index.get(count.day);
        if (i === undefined) continue;
        let series = perKey.get(count.key);
        if (!series) perKey.set(count.key, (series = days.map(() => 0)));
        series[i]! += count.requests;
      }
      const applications = keys
        .map((record) => {
          const requestsPerDay = perKey.get(record.key) ?? days.map(() => 0);
          return { ...record, requestsPerDay, requestsTotal: requestsPerDay.reduce((a, b) => a + b, 0) };
        })
        .sort((a, b) => b.createdAt - a.createdAt || a.key.localeCompare(b.key));
      return { days, applications };
    },

    async disableApplication(accountId, key) {
      if (!(await store.keys.disableForAccount(key, accountId))) {
        throw notFoundError('Application', 'No such application exists in this account.');
      }
    },

    async explorerKey(accountId) {
      const existing = await store.keys.findEnabledByPurpose(accountId, EXPLORER_PURPOSE);
      if (existing) {
        await store.keys.touch(existing.key, clock.now());
        return existing.key;
      }
      const key = generateKey();
      const secretHash = await hashSecret(generateSecret());
      await store.keys.create({ key, accountId, secretHash, now: clock.now(), label: EXPLORER_LABEL, purpose: EXPLORER_PURPOSE });
      await store.keys.touch(key, clock.now());
      return key;
    },
    find: (accountId) => store.accounts.findById(accountId),
  };
}
