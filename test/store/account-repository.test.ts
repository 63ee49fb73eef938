/**
 * The account repository on every database kind: operator accounts by name, web accounts by
 * email (which is also their name), the enterprise flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateKeyError } from '../../src/store/errors.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';

describe.each(databaseKinds())('account repository on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => store.close());

  it('finds an operator account by name and id, names compared exactly, and never by email', async () => {
    const account = await store.accounts.create('Operator', false, 10);
    expect(account).toEqual({ id: account.id, name: 'Operator', enterprise: false, createdAt: 10, email: null });
    expect(await store.accounts.findByName('Operator')).toEqual(account);
    expect(await store.accounts.findByName('operator')).toBeUndefined();
    expect(await store.accounts.findById(account.id + 1000)).toBeUndefined();
    expect(await store.accounts.findByEmail('Operator')).toBeUndefined();
    // Names differing only in case are different accounts.
    const lower = await store.accounts.create('operator', true, 11);
    expect(lower.id).not.toBe(account.id);
    expect(await store.accounts.findByName('operator')).toEqual(lower);
  });

  it('sets and clears the enterprise flag of the named account only', async () => {
    const a = await store.accounts.create('flag-a', false, 1);
    const b = await store.accounts.create('flag-b', false, 1);
    expect(await store.accounts.setEnterprise('flag-a', true)).toBe(true);
    expect((await store.accounts.findById(a.id))?.enterprise).toBe(true);
    expect((await store.accounts.findById(b.id))?.enterprise).toBe(false);
    expect(await store.accounts.setEnterprise('flag-a', false)).toBe(true);
    expect((await store.accounts.findByName('flag-a'))?.enterprise).toBe(false);
    expect(await store.accounts.setEnterprise('missing', true)).toBe(false);
  });

  it('makes a web account named by its email, found by email with its password hash', async () => {
    const account = await store.accounts.createWithPassword({ email: 'grower@example.org', passwordHash: 'scrypt$hash', now: 42 });
    expect(account).toEqual({ id: account.id, name: 'grower@example.org', enterprise: false, createdAt: 42, email: 'grower@example.org' });
    expect(await store.accounts.findByEmail('grower@example.org')).toEqual({ ...account, passwordHash: 'scrypt$hash' });
    // Lookups other than by email do not carry the hash.
    expect(await store.accounts.findByName('grower@example.org')).toEqual(account);
    expect(await store.accounts.findById(account.id)).toEqual(account);
    expect(await store.accounts.findByEmail('other@example.org')).toBeUndefined();
  });

  it('refuses a second account for an email, or an email that names an operator account, and the reverse', async () => {
    await store.accounts.createWithPassword({ email: 'taken@example.org', passwordHash: 'h1', now: 1 });
    await expect(store.accounts.createWithPassword({ email: 'taken@example.org', passwordHash: 'h2', now: 2 })).rejects.toBeInstanceOf(DuplicateKeyError);
    await store.accounts.create('named@example.org', false, 1);
    await expect(store.accounts.createWithPassword({ email: 'named@example.org', passwordHash: 'h', now: 2 })).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(store.accounts.create('taken@example.org', true, 3)).rejects.toBeInstanceOf(DuplicateKeyError);
    // The first account is unchanged by the refused ones.
    expect(await store.accounts.findByEmail('taken@example.org')).toMatchObject({ passwordHash: 'h1', createdAt: 1, enterprise: false });
    expect(await store.accounts.findByEmail('named@example.org')).toBeUndefined();
  });
});
