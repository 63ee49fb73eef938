import { readFileSync } from 'node:fs';

/** Reads a JSON vector file from test/fixtures/vectors. */
export function readVectors<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/vectors/${name}`, import.meta.url), 'utf8')) as T;
}
