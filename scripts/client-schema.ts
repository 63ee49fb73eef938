/**
 * The TypeScript types of the API for clients/typescript, generated from the OpenAPI document
 * the app builds from its route schemas. The app is built in-process with a fixed configuration
 * on an in-memory database, so the output depends only on the code.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { manualClock } from '../src/core/clock.js';
import { openStore } from '../src/store/store.js';

export const CLIENT_SCHEMA_FILE = new URL('../clients/typescript/src/schema.ts', import.meta.url);

const HEADER = `/**
 * Types of the agwx API, generated from its OpenAPI document by openapi-typescript.
 * Do not edit: run \`npm run client:generate\` after changing a route's schema.
 */

`;

/** The OpenAPI document of the app as built from this checkout. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const store = await openStore('sqlite::memory:');
  const clock = manualClock(Date.parse('2024-01-01T00:00:00Z'));
  const config = loadConfig({ AGWX_BASE_URL: 'https://agwx.example', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, store, clock, monotonic: clock.now, logger: false });
  try {
    await app.ready();
    return structuredClone(app.swagger()) as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await store.close();
  }
}

/** The text of clients/typescript/src/schema.ts for the current routes. */
export async function renderClientSchema(): Promise<string> {
  const document = await openApiDocument();
  // Neither the version nor the server address belongs in the types.
  const { info, servers, ...rest } = document as { info: Record<string, unknown>; servers: unknown };
  void servers;
  const ast = await openapiTS(withUnions({ ...rest, info: { ...info, version: '0' } }) as never, { alphabetize: false, exportType: false });
  return HEADER + astToString(ast);
}

/**
 * Routes answering either a list or a single object describe it with JSON Schema's
 * `if`/`then`/`else`, which OpenAPI 3.0 (and so openapi-typescript) does not know: each becomes
 * `oneOf: [then, else]`, the `then` branch requiring what `if` required, so that a caller can tell
 * the two apart (`'observations' in result`).
 */
export function withUnions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUnions);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  if ('if' in object && 'then' in object && 'else' in object) {
    const { if: condition, then: yes, else: no, ...others } = object as { if: { required?: string[] }; then: { required?: string[] }; else: unknown };
    const required = [...(yes.required ?? []), ...(condition.required ?? [])];
    const thenBranch = required.length > 0 ? { ...yes, required } : yes;
    return withUnions({ ...others, oneOf: [thenBranch, no] });
  }
  return Object.fromEntries(Object.entries(object).map(([key, child]) => [key, withUnions(child)]));
}
