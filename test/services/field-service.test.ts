/**
 * The field service on every database kind: fields belong to one account, ids are unique within
 * it, JSON-Patch edits name and farmId atomically, and nothing is saved when a rule fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { invalid } from '../../src/core/errors.js';
import { createFieldService, type EditableField, type FieldRecord, type FieldService } from '../../src/services/field-service.js';
import type { Store } from '../../src/store/store.js';
import { databaseKinds, openTestStore } from '../support/databases.js';
import { rejection } from '../support/domain-errors.js';

const field = (id: string, more: Partial<FieldRecord> = {}): FieldRecord => ({
  id,
  name: `Field ${id}`,
  farmId: 'farm-1',
  acres: 40.5,
  latitude: 41.5,
  longitude: -93.5,
  ...more,
});

const anyResult = () => {};

describe.each(databaseKinds())('field service on %s', (kind) => {
  let store: Store;
  let fields: FieldService;
  let next = 0;
  const newAccount = async () => (await store.accounts.create(`fields-${kind}-${++next}`, false, 1)).id;

  beforeAll(async () => {
    store = await openTestStore(kind);
    fields = createFieldService(store, fixedClock(Date.parse('2024-06-15T12:00:00Z')));
  });
  afterAll(async () => store.close());

  it('creates a field and reads it back as given', async () => {
    const account = await newAccount();
    const created = await fields.create(account, field('north', { name: null, acres: null }));
    expect(created).toEqual(field('north', { name: null, acres: null }));
    expect(await fields.get(account, 'north')).toEqual(field('north', { name: null, acres: null }));
  });

  it('refuses a second field with the same id in the account (409), but not in another account', async () => {
    const account = await newAccount();
    await fields.create(account, field('north'));
    const error = await rejection(fields.create(account, field('north', { name: 'Other' })), { kind: 'conflict', simpleMessage: 'Field exists already.' });
    expect(error.detailedMessage).toContain("'north'");
    expect((await fields.get(account, 'north')).name).toBe('Field north');
    const other = await newAccount();
    await fields.create(other, field('north', { name: 'Theirs' }));
    expect((await fields.get(other, 'north')).name).toBe('Theirs');
    expect((await fields.get(account, 'north')).name).toBe('Field north');
  });

  it("is 404 for an unknown field and for another account's field, on every use case", async () => {
    const owner = await newAccount();
    const stranger = await newAccount();
    await fields.create(owner, field('mine'));
    const notFound = { kind: 'notFound', simpleMessage: 'Field not found.' } as const;
    await rejection(fields.get(owner, 'unknown'), notFound);
    await rejection(fields.get(stranger, 'mine'), notFound);
    await rejection(fields.patch(stranger, 'mine', [{ op: 'replace', path: '/name', value: 'x' }], anyResult), notFound);
    await rejection(fields.delete(stranger, 'mine'), notFound);
    expect(await fields.get(owner, 'mine')).toEqual(field('mine'));
  });

  it("lists the account's fields only, sorted, in pages, with the total", async () => {
    const account = await newAccount();
    const other = await newAccount();
    await fields.create(other, field('zz'));
    await fields.create(account, field('b', { name: 'Beta', acres: 10 }));
    await fields.create(account, field('a', { name: 'alpha', acres: 30 }));
    await fields.create(account, field('c', { name: 'Gamma', acres: 20 }));
    const ids = async (options: Parameters<FieldService['list']>[1]) => {
      const page = await fields.list(account, options);
      return { ids: page.items.map((f) => f.id), total: page.total };
    };
    expect(await ids({ sort: [], limit: 10, offset: 0 })).toEqual({ ids: ['a', 'b', 'c'], total: 3 });
    // Byte-wise: capitals before lower case.
    expect(await ids({ sort: [{ column: 'name', descending: false }], limit: 10, offset: 0 })).toEqual({ ids: ['b', 'c', 'a'], total: 3 });
    expect(await ids({ sort: [{ column: 'acres', descending: true }], limit: 2, offset: 0 })).toEqual({ ids: ['a', 'c'], total: 3 });
    expect(await ids({ sort: [{ column: 'acres', descending: true }], limit: 2, offset: 2 })).toEqual({ ids: ['b'], total: 3 });
  });

  it('patches name and farmId in order and keeps everything else', async () => {
    const account = await newAccount();
    await fields.create(account, field('north'));
    const seen: EditableField[] = [];
    const updated = await fields.patch(
      account,
      'north',
      [
        { op: 'test', path: '/name', value: 'Field north' },
        { op: 'replace', path: '/name', value: 'First' },
        { op: 'replace', path: '/name', value: 'North 40' },
        { op: 'replace', path: '/farmId', value: 'farm-2' },
      ],
      (result) => seen.push(result),
    );
    expect(seen).toEqual([{ name: 'North 40', farmId: 'farm-2' }]);
    expect(updated).toEqual(field('north', { name: 'North 40', farmId: 'farm-2' }));
    expect(await fields.get(account, 'north')).toEqual(updated);
  });

  it('saves nothing when a test fails, a path is not editable, or the result breaks a rule', async () => {
    const account = await newAccount();
    await fields.create(account, field('north'));
    const failedTest = await rejection(
      fields.patch(account, 'north', [{ op: 'replace', path: '/name', value: 'Changed' }, { op: 'test', path: '/farmId', value: 'farm-9' }], anyResult),
      { kind: 'invalid', simpleMessage: 'JSON-Patch test failed.' },
    );
    expect(failedTest.detailedMessage).toContain('command 1');
    await rejection(fields.patch(account, 'north', [{ op: 'replace', path: '/acres', value: 1 }], anyResult), { kind: 'invalid', simpleMessage: 'Invalid JSON-Patch.' });
    await rejection(
      fields.patch(account, 'north', [{ op: 'replace', path: '/farmId', value: '' }], (result) => {
        if (result.farmId === '') throw invalid("Invalid value for property 'farmId'.", 'farmId must not be empty.');
      }),
      { kind: 'invalid', simpleMessage: "Invalid value for property 'farmId'." },
    );
    expect(await fields.get(account, 'north')).toEqual(field('north'));
  });

  it('deletes a field once; then it is 404', async () => {
    const account = await newAccount();
    await fields.create(account, field('north'));
    await fields.delete(account, 'north');
    await rejection(fields.get(account, 'north'), { kind: 'notFound' });
    await rejection(fields.delete(account, 'north'), { kind: 'notFound', simpleMessage: 'Field not found.' });
    // The id is free again.
    await fields.create(account, field('north', { name: 'Again' }));
    expect((await fields.get(account, 'north')).name).toBe('Again');
  });
});
