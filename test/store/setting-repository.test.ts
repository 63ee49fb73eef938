/**
 * The setting repository on every database kind: the first value stored for a name is the one
 * every caller gets, also when callers of two instances on one database ask at the same time
 * (each instance offers its own random secret at start-up; all must sign with the same one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/store.js';
import { type DatabaseKind, databaseKinds, openTestStore, POSTGRES_URL } from '../support/databases.js';

/** Two stores on one database, as two instances of the service would have. */
async function openTwoInstances(kind: DatabaseKind): Promise<{ stores: [Store, Store]; close(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-settings-'));
    const file = path.join(dir, 'agwx.sqlite');
    const first = await openStore(`sqlite:${file}`);
    const second = await openStore(`sqlite:${file}`);
    return {
      stores: [first, second],
      async close() {
        await first.close();
        await second.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const first = await openTestStore(kind);
  const second = await openStore(POSTGRES_URL, { schema: first.handle.schema!, poolSize: 5 });
  return {
    stores: [first, second],
    async close() {
      await second.close();
      await first.close();
    },
  };
}

describe.each(databaseKinds())('setting repository on %s', (kind) => {
  let instances: Awaited<ReturnType<typeof openTwoInstances>>;
  let store: Store;
  beforeAll(async () => {
    instances = await openTwoInstances(kind);
    store = instances.stores[0];
  });
  afterAll(async () => instances.close());

  it('keeps a value exactly and each name apart', async () => {
    const value = 'line one\nline two: ünïcödé 🌽 and quotes \' " \\ ' + 'x'.repeat(4000);
    expect(await store.settings.getOrCreate('exact', value)).toBe(value);
    expect(await store.settings.get('exact')).toBe(value);
    expect(await store.settings.getOrCreate('other', 'b')).toBe('b');
    expect(await store.settings.get('exact')).toBe(value);
    expect(await store.settings.get('Exact')).toBeUndefined();
  });

  it('gives every caller of both instances the one value stored first, when they all ask at once', async () => {
    const offered = Array.from({ length: 20 }, (_, i) => `secret-${i}`);
    const answers = await Promise.all(offered.map((value, i) => instances.stores[i % 2]!.settings.getOrCreate('token-secret', value)));
    expect(offered).toContain(answers[0]);
    expect(new Set(answers)).toEqual(new Set([answers[0]]));
    expect(await instances.stores[1].settings.get('token-secret')).toBe(answers[0]);
    expect(await instances.stores[0].settings.getOrCreate('token-secret', 'later')).toBe(answers[0]);
  });
});
