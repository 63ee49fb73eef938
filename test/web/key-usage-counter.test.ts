/** The request counter: counts in memory, written in batches; a failed write is retried. */
import { describe, expect, it } from 'vitest';
import type { KeyDayCount, UsageRepository } from '../../src/store/usage-repository.js';
import { createKeyUsageCounter } from '../../src/web/key-usage-counter.js';

const silent = { warn: () => {} } as never;

function recordingRepository(failures = 0) {
  const writes: { counts: KeyDayCount[]; lastUsed: Map<string, number> }[] = [];
  let failing = failures;
  const usage: UsageRepository = {
    async add(counts, lastUsed) {
      if (failing-- > 0) throw new Error('database away');
      writes.push({ counts: [...counts], lastUsed: new Map(lastUsed) });
    },
    perKeyAndDay: async () => [],
  };
  return { usage, writes };
}

const noon = Date.parse('2024-06-15T12:00:00Z');

describe('key usage counter', () => {
  it('writes one row per key and UTC day, and the latest use per key', async () => {
    const { usage, writes } = recordingRepository();
    const counter = createKeyUsageCounter({ usage, log: silent });
    for (let i = 0; i < 1000; i++) counter.count('a', noon + i);
    counter.count('b', noon);
    counter.count('a', noon + 13 * 3600_000); // the next UTC day
    await counter.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.counts).toEqual([
      { key: 'a', day: '2024-06-15', requests: 1000 },
      { key: 'b', day: '2024-06-15', requests: 1 },
      { key: 'a', day: '2024-06-16', requests: 1 },
    ]);
    expect(writes[0]!.lastUsed).toEqual(new Map([['a', noon + 13 * 3600_000], ['b', noon]]));
    await counter.flush();
    expect(writes).toHaveLength(1); // nothing new, nothing written
  });

  it('keeps the counts of a failed write for the next one, and writes what is left when stopped', async () => {
    const { usage, writes } = recordingRepository(1);
    const counter = createKeyUsageCounter({ usage, log: silent });
    counter.count('a', noon);
    counter.count('a', noon);
    await counter.flush(); // fails
    counter.count('a', noon);
    await counter.stop();
    expect(writes.map((w) => w.counts)).toEqual([[{ key: 'a', day: '2024-06-15', requests: 3 }]]);
  });
});
