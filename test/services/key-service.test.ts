/**
 * API keys issued by the operator: the account is created on first use (an existing one may be
 * raised to enterprise, never lowered), the secret is shown once and stored as a slow hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { verifySecret } from '../../src/services/credentials.js';
import { createKeyService, type KeyService } from '../../src/services/key-service.js';
import type { Store } from '../../src/store/store.js';
import { openTestStore } from '../support/databases.js';
import { rejection } from '../support/domain-errors.js';

const NOW = Date.parse('2024-06-15T12:00:00Z');

describe('key service', () => {
  let store: Store;
  let keys: KeyService;
  beforeAll(async () => {
    store = await openTestStore('sqlite');
    keys = createKeyService(store, fixedClock(NOW));
  });
  afterAll(async () => store.close());

  it('creates the account on its first key and issues a secret that matches the stored hash only', async () => {
    const issued = await keys.createKey('acme', {});
    expect(issued.account).toBe('acme');
    expect(issued.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await store.keys.find(issued.key);
    expect(stored).toMatchObject({ accountName: 'acme', enterprise: false, enabled: true, createdAt: NOW, lastUsedAt: null });
    expect(stored!.secretHash).not.toContain(issued.secret);
    expect(await verifySecret(issued.secret, stored!.secretHash)).toBe(true);
    expect(await keys.keyCount()).toBe(1);
  });

  it('adds keys to an existing account, raising it to enterprise when asked and never lowering it', async () => {
    const first = await keys.createKey('farmco', {});
    const second = await keys.createKey('farmco', { enterprise: true });
    const [a, b] = await Promise.all([store.keys.find(first.key), store.keys.find(second.key)]);
    expect(a!.accountId).toBe(b!.accountId);
    expect(b!.enterprise).toBe(true);
    await keys.createKey('farmco', { enterprise: false });
    expect((await store.accounts.findByName('farmco'))!.enterprise).toBe(true);
    expect((await keys.listKeys()).filter((record) => record.accountName === 'farmco')).toHaveLength(3);
  });

  it("disables a key, 404 for a key that does not exist", async () => {
    const { key } = await keys.createKey('disabling', {});
    await keys.disableKey(key);
    expect((await store.keys.find(key))!.enabled).toBe(false);
    await rejection(keys.disableKey('no-such-key'), { kind: 'notFound', simpleMessage: 'Key not found.' });
  });

  it('refuses a key beyond the cap of enabled keys (409) unless the operator goes beyond it; disabled keys make room', async () => {
    const capped = createKeyService(store, fixedClock(NOW), { maxKeysPerAccount: 2 });
    const first = await capped.createKey('capped', {});
    await capped.createKey('capped', {});
    await rejection(capped.createKey('capped', {}), { kind: 'conflict', simpleMessage: 'Too many API keys.' });
    const beyond = await capped.createKey('capped', { beyondCap: true });
    expect((await store.keys.find(beyond.key))!.enabled).toBe(true);
    await capped.disableKey(first.key);
    await capped.disableKey(beyond.key);
    await capped.createKey('capped', {});
    await rejection(capped.createKey('capped', {}), { kind: 'conflict' });
    // Without a cap (the default of the service), any number.
    for (let i = 0; i < 3; i++) await keys.createKey('capped', {});
  });
});
