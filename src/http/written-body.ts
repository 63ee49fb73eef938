/**
 * Answers whose JSON is written straight into text. An answer of many daily entries (observations,
 * forecasts, weather norms, agronomic values and norms: up to hundreds of entries, each with
 * several amounts and its own `_links`) costs more to build as objects and serialize than to
 * compute, so a resource answers with a `WrittenBody` made from its output table
 * (api/output-table.ts): the answer as objects (for CSV) and its JSON text, both derived from the
 * one table. The answer cache (http/answer-cache.ts) sends the text for JSON and the objects for CSV.
 */

import { type JsonRows, writeJsonRows } from '../core/json-rows.js';
import type { Requester } from '../core/requester.js';

export { jsonNumber } from '../core/json-rows.js';

export type Serialize = (value: unknown) => string;

/**
 * Writes rows' JSON (core/json-rows.ts) as UTF-8 bytes, on the calling thread or on another (a
 * worker thread's are moved, not copied), for a requester (the compute pool queues it under its
 * account, core/requester.ts). The bytes are sent as they are, never encoded again.
 */
export type RowsWriter = (rows: JsonRows, requester?: Requester) => Uint8Array | Promise<Uint8Array>;

/** An answer whose JSON is its head with an array of rows (core/json-rows.ts) under one key. */
export interface RowsAnswer {
  /** The answer's JSON without the array (which the serializer writes as `[]`). */
  head: () => Record<string, unknown>;
  key: string;
  /** The array's rows; null when the answer has no such array (its JSON is the head alone). */
  rows: JsonRows | null;
}

export class WrittenBody {
  /**
   * @param object the answer as objects
   * @param json its JSON; `serialize` is the route's response serializer, for the parts that are
   *   cheaper to leave to it (see `withArray`)
   * @param parts for an answer written from rows, its parts: the rows may then be written by
   *   another `RowsWriter` (see `writtenJson`)
   */
  constructor(
    readonly object: () => unknown,
    readonly json: (serialize: Serialize) => string,
    readonly parts: RowsAnswer | null = null,
  ) {}

  /** An answer written as `head` with `rows` under `key` (the head alone when `rows` is null). */
  static ofRows(object: () => unknown, parts: RowsAnswer): WrittenBody {
    const { head, key, rows } = parts;
    return new WrittenBody(object, (serialize) => (rows === null ? serialize(head()) : withArray(serialize, head(), key, writeJsonRows(rows))), parts);
  }
}

/**
 * The JSON of `written`: text, or UTF-8 bytes when it has rows (written by `writeRows`).
 */
export async function writtenJson(written: WrittenBody, serialize: Serialize, writeRows: RowsWriter, requester?: Requester): Promise<string | Buffer> {
  const parts = written.parts;
  if (parts === null || parts.rows === null) return written.json(serialize);
  const items = await writeRows(parts.rows, requester);
  const [before, after] = aroundArray(serialize, parts.head(), parts.key);
  return Buffer.concat([Buffer.from(before, 'utf8'), items, Buffer.from(after, 'utf8')]);
}

/** The JSON of `head` with the array under `key` written as `items` (the entries' JSON, comma-separated, no brackets). */
export function withArray(serialize: Serialize, head: Record<string, unknown>, key: string, items: string): string {
  const [before, after] = aroundArray(serialize, head, key);
  return before + items + after;
}

/** The JSON of `head` with an empty array under `key`, cut where the array's items go. */
export function aroundArray(serialize: Serialize, head: Record<string, unknown>, key: string): [string, string] {
  const text = serialize({ ...head, [key]: [] });
  // An unescaped `"` cannot occur inside a JSON string, so this is the key itself.
  const marker = `${JSON.stringify(key)}:[]`;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`the serializer did not write ${key}`);
  const close = at + marker.length - 1;
  return [text.slice(0, close), text.slice(close)];
}

/**
 * The text before and after the middle of the `self` href of an entry's `_links` (`links` is one
 * entry's links; its `self` href is `hrefStart + middle + hrefEnd`, and `middle`, a date or a day,
 * needs no escaping): `,"_links":{"self":{"href":"…` and the rest.
 */
export function entryLinksAround(links: { self: unknown }, hrefStart: string, hrefEnd = ''): [string, string] {
  const { self: _self, ...shared } = links;
  const sharedJson = JSON.stringify(shared);
  const start = `,"_links":{"self":{"href":${JSON.stringify(hrefStart).slice(0, -1)}`;
  const end = `${JSON.stringify(hrefEnd).slice(1)}}${sharedJson === '{}' ? '' : `,${sharedJson.slice(1, -1)}`}}`;
  return [start, end];
}
