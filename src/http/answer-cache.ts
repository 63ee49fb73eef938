/**
 * Answers kept ready. Weather, norm and agronomic answers are expensive to build (hundreds of
 * days of weather, science per day, bodies of tens to hundreds of kB) and, over sources whose data
 * only changes with a new revision, the same request gets the same answer all day. A successful
 * answer's serialized body and its own headers (`X-Data-Source`, `Content-Range`, and `Link` for
 * CSV) are kept under a key that names everything the answer depends on; the same key later sends
 * them as they are.
 *
 * The key is built with the place (services/place-service.ts, `answerKey`): the account and its
 * plan, the place's coordinates, the local date there, the weather source's revision for the
 * place's grid cell, what was read from the store (the current planting) and the request URL with
 * its query.
 * The cache adds the representation (JSON or CSV, http/representation.ts), so a kept JSON answer
 * is never sent to a CSV request nor the other way round. A route with no key (null: a source that
 * cannot name a revision, or the cache switched off) builds its answer every time. Errors are never
 * kept.
 *
 * CSV is written as a stream, piece by piece (http/csv-table.ts); the pieces are kept once the
 * whole answer has been written. An answer that writes its own JSON (http/written-body.ts) is sent
 * as that text (or its UTF-8 bytes), and as CSV from its objects; the rows of one written from rows
 * are written by the `writeRows` given (the compute pool's, so that large ones are written off the
 * event loop and come back as bytes), for the request's requester (http/requester.ts).
 *
 * Entries are bounded by their total size in bytes (least recently used go first).
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type CsvLayout, csvText, pagingLinkHeader } from './csv-table.js';
import { CSV_TYPE, csvLayoutFor, JSON_TYPE } from './representation.js';
import { writeJsonRowsBytes } from '../core/json-rows.js';
import { requesterOf } from './requester.js';
import { type RowsWriter, WrittenBody, writtenJson } from './written-body.js';

/** Headers that are part of an answer; every other header is set per request by the hooks. */
const ANSWER_HEADERS = ['x-data-source', 'content-range', 'link'] as const;

interface KeptAnswer {
  /** UTF-8 bytes: sent as they are, without encoding the text again. */
  body: Buffer;
  type: string;
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
   * Sends the answer kept under `key` in the representation the request asks for, or runs
   * `produce`, serializes its result with the route's response schema (JSON) or streams it as CSV
   * (routes with `config.csv`, when Accept prefers `text/csv`), keeps it and sends it. With `key`
   * null the answer is built and not kept.
   */
  answer(reply: FastifyReply, key: string | null, produce: () => Promise<unknown>): Promise<unknown>;
  stats(): AnswerCacheStats;
}

export interface AnswerCacheOptions {
  /** Upper bound of the bodies kept, in bytes; 0 keeps nothing. */
  maxBytes: number;
  /** Writes the rows of answers written from rows (default: on the calling thread). */
  writeRows?: RowsWriter;
}

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  let hits = 0;
  let misses = 0;
  const writeRows: RowsWriter = options.writeRows ?? ((rows) => writeJsonRowsBytes(rows));
  const entries =
    options.maxBytes > 0
      ? new LRUCache<string, KeptAnswer>({
          maxSize: options.maxBytes,
          sizeCalculation: (answer, key) => answer.body.length + 2 * key.length + 64,
        })
      : null;

  /** Streams the CSV of `payload`; with a key, keeps it once it has been written whole. */
  function sendCsv(reply: FastifyReply, payload: unknown, layout: CsvLayout, keptKey: string | null): Readable {
    const link = pagingLinkHeader(payload);
    if (link !== null) reply.header('Link', link);
    reply.type(CSV_TYPE);
    const pieces = encoded(csvText(payload, layout));
    if (keptKey === null) return Readable.from(pieces);
    const headers = answerHeaders(reply);
    return Readable.from(
      keepingWhenDone(pieces, (body) => {
        entries!.set(keptKey, { body, type: CSV_TYPE, headers });
      }),
    );
  }

  return {
    async answer(reply, key, produce) {
      const csv = csvLayoutFor(reply.request);
      // The representation depends on Accept on the routes that offer CSV.
      if (reply.request.routeOptions.config.csv) reply.header('Vary', 'Accept');
      const keptKey = entries === null || key === null ? null : `${csv ? 'csv' : 'json'}|${key}`;
      if (keptKey !== null) {
        const kept = entries!.get(keptKey);
        if (kept) {
          hits++;
          for (const [name, value] of kept.headers) reply.header(name, value);
          reply.type(kept.type);
          return kept.body;
        }
        misses++;
      }
      const payload = await produce();
      const written = payload instanceof WrittenBody ? payload : null;
      if (csv) return sendCsv(reply, written ? written.object() : payload, csv, keptKey);
      // Not kept: objects go to Fastify's serializer, a written answer as its text.
      if (keptKey === null && !written) return payload;
      const serialized = written ? await writtenJson(written, (value) => reply.serialize(value) as string, writeRows, requesterOf(reply)) : reply.serialize(payload);
      reply.type(JSON_TYPE);
      if (keptKey === null) return serialized;
      const body = typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized as ArrayBuffer);
      entries!.set(keptKey, { body, type: JSON_TYPE, headers: answerHeaders(reply) });
      return body;
    },
    stats() {
      return { hits, misses, bytes: entries?.calculatedSize ?? 0, entries: entries?.size ?? 0 };
    },
  };
}

function answerHeaders(reply: FastifyReply): [string, string][] {
  const headers: [string, string][] = [];
  for (const name of ANSWER_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers.push([name, String(value)]);
  }
  return headers;
}

function* encoded(pieces: Iterable<string>): Generator<Buffer> {
  for (const piece of pieces) yield Buffer.from(piece, 'utf8');
}

/** Hands on every piece and, once the last has been taken, all of them as one body. */
function* keepingWhenDone(pieces: Iterable<Buffer>, keep: (body: Buffer) => void): Generator<Buffer> {
  const taken: Buffer[] = [];
  for (const piece of pieces) {
    taken.push(piece);
    yield piece;
  }
  keep(Buffer.concat(taken));
}
