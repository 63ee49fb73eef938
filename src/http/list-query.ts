/**
 * List conventions shared by every list endpoint: limit/offset paging, sort, `Content-Range`,
 * and next/prev links.
 */
import { ApiError, invalidParameter } from './api-error.js';
import { type ListName, pageLimits } from './limits.js';

export interface Paging {
  limit: number;
  offset: number;
}

const WHOLE_NUMBER = /^\d+$/;
/** Largest `offset` accepted: a 32-bit row count, within every database's OFFSET (larger is 400, not a database error). */
export const MAX_OFFSET = 2_147_483_647;

/**
 * `limit` and `offset` from the query, checked against the list's limits for the account. With
 * `whole` (a CSV answer of a date range, whose length its own limit bounds) and neither given: the
 * whole list in one answer.
 */
export function parsePaging(query: { limit?: string; offset?: string }, list: ListName, enterprise: boolean, whole = false): Paging {
  if (whole && query.limit === undefined && query.offset === undefined) return { limit: Number.MAX_SAFE_INTEGER, offset: 0 };
  const { max, defaultLimit } = pageLimits(list, enterprise);
  let limit = defaultLimit;
  if (query.limit !== undefined) {
    if (!WHOLE_NUMBER.test(query.limit) || Number(query.limit) < 1) {
      throw invalidParameter('limit', `limit must be a whole number from 1 to ${max}. The maximum value for the limit parameter is ${max}.`);
    }
    limit = Number(query.limit);
    if (limit > max) {
      throw invalidParameter('limit', `The maximum value for the limit parameter is ${max}.`);
    }
  }
  let offset = 0;
  if (query.offset !== undefined) {
    if (!WHOLE_NUMBER.test(query.offset) || Number(query.offset) > MAX_OFFSET) {
      throw invalidParameter('offset', `offset must be a whole number from 0 to ${MAX_OFFSET} (got '${query.offset}').`);
    }
    offset = Number(query.offset);
  }
  return { limit, offset };
}

/** 416 when the offset lies past the last result; an empty list at offset 0 is fine. */
export function checkOffset(offset: number, total: number): void {
  if (offset > 0 && offset >= total) {
    throw new ApiError(
      416,
      'Offset out of range.',
      `The offset ${offset} is past the end of the results: there are ${total}, so the offset must be less than ${Math.max(total, 1)}.`,
    );
  }
}

export interface SortTerm<Key extends string> {
  key: Key;
  descending: boolean;
}

/**
 * `sort=name` ascending, `sort=-name` descending, several comma-separated. Names are matched
 * case-insensitively against `allowed` (wire name → key).
 */
export function parseSort<Key extends string>(
  value: string | undefined,
  allowed: Record<string, Key>,
  fallback: SortTerm<Key>[],
  maxTerms = Number.POSITIVE_INFINITY,
): SortTerm<Key>[] {
  if (value === undefined || value === '') return fallback;
  const lookup = new Map(Object.entries(allowed).map(([name, key]) => [name.toLowerCase(), key]));
  const terms = value.split(',');
  if (terms.length > maxTerms) {
    // Each accepted order is read in an index's order; a combination of them would be a sort of every row.
    throw invalidParameter(
      'sort',
      `sort takes ${maxTerms === 1 ? 'one property' : `at most ${maxTerms} properties`} (got '${value}'). Allowed values: ${Object.keys(allowed).join(', ')} (prefix with - for descending order); narrow the list with its filters instead.`,
    );
  }
  return terms.map((raw) => {
    const term = raw.trim();
    const descending = term.startsWith('-');
    const name = (descending || term.startsWith('+') ? term.slice(1) : term).toLowerCase();
    const key = lookup.get(name);
    if (!key) {
      throw invalidParameter(
        'sort',
        `Cannot sort by '${term}'. Allowed values: ${Object.keys(allowed).join(', ')} (prefix with - for descending order).`,
      );
    }
    return { key, descending };
  });
}

/** `Content-Range: {start}-{end}/{total} {noun}` (an empty page is `0-0/0`). */
export function contentRange(offset: number, count: number, total: number): string {
  return count === 0 ? `0-0/${total}` : `${offset}-${offset + count - 1}/${total}`;
}

/** The same path and query with another offset (and the limit made explicit). */
export function pageHref(path: string, query: Record<string, unknown>, limit: number, offset: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name === 'offset' || name === 'limit' || value === undefined) continue;
    params.append(name, String(value));
  }
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  return `${path}?${params.toString()}`;
}

export interface PageLinks {
  next?: { href: string };
  prev?: { href: string };
}

/** `next` and `prev` links, each present only when that page exists. */
export function pageLinks(path: string, query: Record<string, unknown>, paging: Paging, total: number): PageLinks {
  const links: PageLinks = {};
  if (paging.offset + paging.limit < total) links.next = { href: pageHref(path, query, paging.limit, paging.offset + paging.limit) };
  if (paging.offset > 0) links.prev = { href: pageHref(path, query, paging.limit, Math.max(0, paging.offset - paging.limit)) };
  return links;
}

/**
 * The entries of one page of a list of `total` (416 past its end): their positions in the list's
 * ascending order, in answer order (from the end when `descending`).
 */
export function pageIndices(paging: Paging, total: number, descending: boolean): number[] {
  checkOffset(paging.offset, total);
  const count = Math.max(0, Math.min(paging.limit, total - paging.offset));
  return Array.from({ length: count }, (_, k) => (descending ? total - 1 - (paging.offset + k) : paging.offset + k));
}
