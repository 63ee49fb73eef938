/**
 * The account area's use cases on every database kind: sign-up rules and duplicate emails,
 * sign-in with a growing wait after repeated failures, applications (API keys) of the account,
 * request counts per day, and the field explorer's key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/core/clock.js';
import { type AccountService, createAccountService, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, signInWaitSeconds } from '../../src/services/account-service.js';
import { verifySecret } from '../../src/services/credentials.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';
import { rejection } from '../support/domain-errors.js';

const NOW = Date.parse('2024-06-15T12:00:00Z');
const PASSWORD = 'correct horse battery';

describe('signInWaitSeconds', () => {
  it('is free for 5 failures, then doubles from 1 s up to 15 minutes', () => {
    expect([0, 4, 5, 6, 7, 14, 15, 40].map(signInWaitSeconds)).toEqual([0, 0, 1, 2, 4, 512, 900, 900]);
  });
});

describe.each(databaseKinds())('account service on %s', (kind) => {
  let store: Store;
  const clock = manualClock(NOW);
  let accounts: AccountService;
  let next = 0;
  const email = () => `user${++next}-${kind}@example.org`;

  beforeAll(async () => {
    store = await openTestStore(kind);
    accounts = createAccountService(store, clock);
  });
  afterAll(async () => store.close());

  describe('sign-up', () => {
    it('creates an account named by its email, lower-cased and trimmed', async () => {
      clock.set(NOW);
      const address = email();
      const account = await accounts.signUp(`  ${address.toUpperCase()} `, PASSWORD);
      expect(account).toEqual({ id: account.id, name: address, email: address, enterprise: false, createdAt: NOW });
      expect(await accounts.find(account.id)).toEqual(account);
    });

    it('refuses a malformed or over-long email and a password of the wrong length, creating nothing', async () => {
      const address = email();
      for (const bad of ['no-at-sign', 'a@b', 'two words@example.org', `${'x'.repeat(90)}@example.org`]) {
        await rejection(accounts.signUp(bad, PASSWORD), { kind: 'invalid', simpleMessage: 'Invalid email.' });
      }
      await rejection(accounts.signUp(address, 'x'.repeat(MIN_PASSWORD_LENGTH - 1)), { kind: 'invalid', simpleMessage: 'Invalid password.' });
      await rejection(accounts.signUp(address, 'x'.repeat(MAX_PASSWORD_LENGTH + 1)), { kind: 'invalid', simpleMessage: 'Invalid password.' });
      expect(await store.accounts.findByEmail(address)).toBeUndefined();
      expect((await accounts.signUp(address, 'x'.repeat(MIN_PASSWORD_LENGTH))).email).toBe(address);
    });

    it('refuses an email in use (409), in any case, and the name of an operator account', async () => {
      const address = email();
      await accounts.signUp(address, PASSWORD);
      await rejection(accounts.signUp(address.toUpperCase(), `${PASSWORD}!`), { kind: 'conflict', simpleMessage: 'Email in use.' });
      const operatorName = email();
      await store.accounts.create(operatorName, false, NOW);
      await rejection(accounts.signUp(operatorName, PASSWORD), { kind: 'conflict', simpleMessage: 'Email in use.' });
    });
  });

  describe('sign-in', () => {
    it('signs in with the right password, whatever the case of the email, and never answers the hash', async () => {
      clock.set(NOW);
      const address = email();
      const account = await accounts.signUp(address, PASSWORD);
      const result = await accounts.signIn(` ${address.toUpperCase()}`, PASSWORD);
      expect(result).toEqual({ outcome: 'signedIn', account });
      expect(await accounts.signIn(address, `${PASSWORD}x`)).toEqual({ outcome: 'refused' });
      expect(await accounts.signIn(email(), PASSWORD)).toEqual({ outcome: 'refused' });
    });

    it('makes every attempt for an email wait after 5 failures, the right password too, doubling the wait', async () => {
      clock.set(NOW);
      const address = email();
      await accounts.signUp(address, PASSWORD);
      for (let i = 0; i < 5; i++) expect(await accounts.signIn(address, 'wrong password')).toEqual({ outcome: 'refused' });
      expect(await accounts.signIn(address, PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 1 });
      clock.advance(1000);
      expect(await accounts.signIn(address, 'wrong password')).toEqual({ outcome: 'refused' });
      expect(await accounts.signIn(address, PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 2 });
      clock.advance(1500);
      expect(await accounts.signIn(address, PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 1 });
      clock.advance(500);
      expect((await accounts.signIn(address, PASSWORD)).outcome).toBe('signedIn');
      // Signing in clears the failures: five more are free again.
      for (let i = 0; i < 5; i++) expect(await accounts.signIn(address, 'wrong password')).toEqual({ outcome: 'refused' });
      expect((await accounts.signIn(address, 'wrong password')).outcome).toBe('wait');
    });

    it('counts failures for unknown emails too, and forgets them once older than an hour', async () => {
      clock.set(NOW);
      const unknown = email();
      for (let i = 0; i < 5; i++) expect(await accounts.signIn(unknown, PASSWORD)).toEqual({ outcome: 'refused' });
      expect((await accounts.signIn(unknown, PASSWORD)).outcome).toBe('wait');
      // An hour after the last failure they still count: one more makes six, and the next waits 2 s.
      const other = email();
      for (let i = 0; i < 5; i++) await accounts.signIn(other, PASSWORD);
      clock.advance(3600_000);
      expect(await accounts.signIn(other, PASSWORD)).toEqual({ outcome: 'refused' });
      expect(await accounts.signIn(other, PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 2 });
      // Older than an hour they are forgotten: the count starts again from one.
      clock.set(NOW + 3600_001);
      expect(await accounts.signIn(unknown, PASSWORD)).toEqual({ outcome: 'refused' });
      expect(await accounts.signIn(unknown, PASSWORD)).toEqual({ outcome: 'refused' });
    });

    it('refuses an operator account, which has no password', async () => {
      const name = email();
      await store.accounts.create(name, false, NOW);
      expect(await accounts.signIn(name, PASSWORD)).toEqual({ outcome: 'refused' });
    });
  });

  describe('applications and the explorer key', () => {
    it('creates applications with a trimmed label and a secret checked against the stored hash', async () => {
      clock.set(NOW);
      const account = await accounts.signUp(email(), PASSWORD);
      const application = await accounts.createApplication(account.id, '  Farm app ');
      expect(application.label).toBe('Farm app');
      const stored = await store.keys.find(application.key);
      expect(stored).toMatchObject({ accountId: account.id, label: 'Farm app', enabled: true, purpose: null });
      expect(await verifySecret(application.secret, stored!.secretHash)).toBe(true);
      await rejection(accounts.createApplication(account.id, '   '), { kind: 'invalid', simpleMessage: 'Invalid application name.' });
      await rejection(accounts.createApplication(account.id, 'x'.repeat(101)), { kind: 'invalid', simpleMessage: 'Invalid application name.' });
    });

    it('refuses an application beyond the cap of enabled keys (409), counting neither disabled keys nor the explorer key', async () => {
      const capped = createAccountService(store, clock, { maxKeysPerAccount: 3 });
      const account = await capped.signUp(email(), PASSWORD);
      await capped.explorerKey(account.id);
      const made = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => capped.createApplication(account.id, `app ${i}`)));
      expect(made.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
      const refused = await rejection(capped.createApplication(account.id, 'one more'), { kind: 'conflict', simpleMessage: 'Too many API keys.' });
      expect(refused.detailedMessage).toBe('An account may have at most 3 enabled API keys (applications); disable one it no longer uses before creating another.');
      const [first] = (await capped.overview(account.id)).applications.filter((application) => application.purpose === null);
      await capped.disableApplication(account.id, first!.key);
      expect((await capped.createApplication(account.id, 'replacement')).label).toBe('replacement');
      await rejection(capped.createApplication(account.id, 'and another'), { kind: 'conflict' });
    });

    it("disables an application of the account only: another account's is 404", async () => {
      const owner = await accounts.signUp(email(), PASSWORD);
      const stranger = await accounts.signUp(email(), PASSWORD);
      const { key } = await accounts.createApplication(owner.id, 'app');
      await rejection(accounts.disableApplication(stranger.id, key), { kind: 'notFound', simpleMessage: 'Application not found.' });
      expect((await store.keys.find(key))!.enabled).toBe(true);
      await accounts.disableApplication(owner.id, key);
      expect((await store.keys.find(key))!.enabled).toBe(false);
    });

    it('creates the explorer key once and marks it used each time it is handed out', async () => {
      clock.set(NOW);
      const account = await accounts.signUp(email(), PASSWORD);
      const key = await accounts.explorerKey(account.id);
      expect(await store.keys.find(key)).toMatchObject({ accountId: account.id, purpose: 'explorer', label: 'Field explorer', enabled: true, lastUsedAt: NOW });
      clock.advance(5000);
      expect(await accounts.explorerKey(account.id)).toBe(key);
      expect((await store.keys.find(key))!.lastUsedAt).toBe(NOW + 5000);
      expect((await store.keys.list(account.id)).filter((record) => record.purpose === 'explorer')).toHaveLength(1);
      // A disabled explorer key is replaced.
      await accounts.disableApplication(account.id, key);
      const replacement = await accounts.explorerKey(account.id);
      expect(replacement).not.toBe(key);
      expect((await store.keys.find(replacement))!.enabled).toBe(true);
    });

    it("lists the account's applications newest first with their requests per UTC day of the last 30", async () => {
      clock.set(NOW);
      const account = await accounts.signUp(email(), PASSWORD);
      const older = await accounts.createApplication(account.id, 'older');
      clock.advance(1000);
      const newer = await accounts.createApplication(account.id, 'newer');
      await store.usage.add(
        [
          { key: older.key, day: '2024-06-15', requests: 5 },
          { key: older.key, day: '2024-05-17', requests: 2 },
          { key: older.key, day: '2024-05-16', requests: 99 },
          { key: newer.key, day: '2024-06-14', requests: 1 },
        ],
        new Map(),
      );
      const overview = await accounts.overview(account.id);
      expect(overview.days).toHaveLength(30);
      expect([overview.days[0], overview.days.at(-1)]).toEqual(['2024-05-17', '2024-06-15']);
      expect(overview.applications.map((app) => [app.label, app.requestsTotal])).toEqual([
        ['newer', 1],
        ['older', 7],
      ]);
      const olderSeries = overview.applications[1]!.requestsPerDay;
      expect([olderSeries[0], olderSeries[29], olderSeries.reduce((a, b) => a + b, 0)]).toEqual([2, 5, 7]);
    });

    it('sets the enterprise plan by account name or email, 404 for an unknown one', async () => {
      const address = email();
      const account = await accounts.signUp(address, PASSWORD);
      expect(await accounts.setEnterprise(address.toUpperCase(), true)).toMatchObject({ id: account.id, enterprise: true });
      expect((await accounts.find(account.id))!.enterprise).toBe(true);
      await rejection(accounts.setEnterprise(email(), true), { kind: 'notFound', simpleMessage: 'Account not found.' });
    });
  });
});
