/** The committed client types are those the current routes produce (`npm run client:generate`). */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CLIENT_SCHEMA_FILE, renderClientSchema, withUnions } from '../../../scripts/client-schema.js';

describe('client schema', () => {
  it('matches what the current routes generate', async () => {
    const committed = await readFile(CLIENT_SCHEMA_FILE, 'utf8');
    const current = await renderClientSchema();
    // On a mismatch: run `npm run client:generate` and commit clients/typescript/src/schema.ts.
    expect(current === committed, 'clients/typescript/src/schema.ts is out of date: run npm run client:generate').toBe(true);
  });

  it('turns if/then/else into a union the caller can tell apart', () => {
    const schema = { description: 'd', if: { type: 'object', required: ['items'] }, then: { type: 'object', properties: { items: { type: 'array' } } }, else: { type: 'object' } };
    expect(withUnions({ a: [schema] })).toEqual({
      a: [{ description: 'd', oneOf: [{ type: 'object', properties: { items: { type: 'array' } }, required: ['items'] }, { type: 'object' }] }],
    });
  });
});
