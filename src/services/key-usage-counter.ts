/**
 * Requests per API key per UTC day. The hook in the bearer scope only adds one to a counter in
 * memory (no I/O on the request path); every few seconds the counts are written in one
 * transaction: one upsert per key and day that saw requests, and one `last_used_at` update per key.
 * A write that fails because the database is unavailable is retried with the next flush; counts of
 * the last interval are lost only if the process dies without closing. A write the database
 * refuses for another reason is dropped (and logged), so that it cannot block every later count.
 * The counting hook is http/key-usage-hook.ts.
 */
import { isDatabaseUnavailable } from '../store/errors.js';
import type { KeyDayCount, UsageRepository } from '../store/usage-repository.js';

export const USAGE_FLUSH_MS = 5000;
const DAY_MS = 86_400_000;
/** Above this many pending (key, day) pairs, counts that failed to be written are dropped. */
const MAX_PENDING = 100_000;

export interface KeyUsageCounter {
  count(key: string, at: number): void;
  /** Writes the counts gathered so far. */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

/** Where failed writes are reported (the app's logger). */
export interface UsageLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export function createKeyUsageCounter(options: { usage: UsageRepository; log: UsageLog; flushMs?: number }): KeyUsageCounter {
  const { usage, log } = options;
  // day number → key → requests
  let counts = new Map<number, Map<string, number>>();
  let lastUsed = new Map<string, number>();
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    if (pending === 0 && lastUsed.size === 0) return;
    const batch = counts;
    const batchLastUsed = lastUsed;
    counts = new Map();
    lastUsed = new Map();
    pending = 0;
    const rows: KeyDayCount[] = [];
    for (const [day, perKey] of batch) {
      const dayText = new Date(day * DAY_MS).toISOString().slice(0, 10);
      for (const [key, requests] of perKey) rows.push({ key, day: dayText, requests });
    }
    try {
      await usage.add(rows, batchLastUsed);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        log.error({ err: error, rows: rows.length }, 'writing request counts failed; these counts are dropped');
        return;
      }
      log.warn({ err: error, rows: rows.length }, 'writing request counts failed; retrying with the next flush');
      if (pending + rows.length > MAX_PENDING) return;
      for (const [day, perKey] of batch) for (const [key, n] of perKey) add(day, key, n);
      for (const [key, at] of batchLastUsed) if ((lastUsed.get(key) ?? 0) < at) lastUsed.set(key, at);
    }
  }

  function add(day: number, key: string, n: number): void {
    let perKey = counts.get(day);
    if (!perKey) counts.set(day, (perKey = new Map()));
    const before = perKey.get(key);
    if (before === undefined) pending += 1;
    perKey.set(key, (before ?? 0) + n);
  }

  const flush = () => (writing = writing.then(write));

  return {
    count(key, at) {
      add(Math.floor(at / DAY_MS), key, 1);
      lastUsed.set(key, at);
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), options.flushMs ?? USAGE_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
