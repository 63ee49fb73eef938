/**
 * Answers kept ready. Weather, norm and agronomic answers are expensive to build (hundreds of
 * days of weather, science per day, bodies of tens to hundreds of kB) and, over sources whose data
 * only changes with a new revision, the same request gets the same answer all day. A successful
 * answer's serialized body and its own headers (`X-Data-Source`, `Content-Range`) are kept under a
 * key that names everything the answer depends on; the same key later sends them as they are.
 *
 * The key is built by the route (see `weatherAnswerKey`): the account and its plan, the place's
 * coordinates, the local date there, the weather source's revision for the place's grid cell, what
 * the route read from the store (e.g. the current planting) and the request URL with its query.
 * A route with no key (null: a source that cannot name a revision, or the cache switched off)
 * builds its answer every time. Errors are never kept.
 *
 * Entries are bounded by their total size in bytes (least recently used go first).
 */
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Headers that are part of an answer; every other header is set per request by the hooks. */
const ANSWER_HEADERS = ['x-data-source', 'content-range'] as const;

const JSON_TYPE = 'application/json; charset=utf-8';

interface KeptAnswer {
  /** UTF-8 bytes: sent as they are, without encoding the text again. */
  body: Buffer;
  headers: [string, string][];
}

export interface AnswerCacheStats {
  hits: number;
  misses: number;
  /** Bytes held (bodies, keys and a little for each entry). */
  bytes: number;
  entries: number;
}

export interface AnswerCache {
  /**
   * Sends the answer kept under `key`, or runs `produce`, serializes its result with the route's
   * response schema, keeps it and sends it. With `key` null the answer is built and not kept.
   */
  answer(reply: FastifyReply, key: string | null, produce: () => Promise<unknown>): Promise<unknown>;
  stats(): AnswerCacheStats;
}

export interface AnswerCacheOptions {
  /** Upper bound of the bodies kept, in bytes; 0 keeps nothing. */
  maxBytes: number;
}

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  let hits = 0;
  let misses = 0;
  const entries =
    options.maxBytes > 0
      ? new LRUCache<string, KeptAnswer>({
          maxSize: options.maxBytes,
          sizeCalculation: (answer, key) => answer.body.length + 2 * key.length + 64,
        })
      : null;

  return {
    async answer(reply, key, produce) {
      if (entries === null || key === null) return produce();
      const kept = entries.get(key);
      if (kept) {
        hits++;
        for (const [name, value] of kept.headers) reply.header(name, value);
        reply.type(JSON_TYPE);
        return kept.body;
      }
      misses++;
      const payload = await produce();
      const serialized = reply.serialize(payload);
      const body = typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : Buffer.from(serialized as ArrayBuffer);
      const headers: [string, string][] = [];
      for (const name of ANSWER_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers.push([name, String(value)]);
      }
      entries.set(key, { body, headers });
      reply.type(JSON_TYPE);
      return body;
    },
    stats() {
      return { hits, misses, bytes: entries?.calculatedSize ?? 0, entries: entries?.size ?? 0 };
    },
  };
}
