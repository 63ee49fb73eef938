/** Writes clients/typescript/src/schema.ts from the app's OpenAPI document (`npm run client:generate`). */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CLIENT_SCHEMA_FILE, renderClientSchema } from './client-schema.js';

const text = await renderClientSchema();
await writeFile(CLIENT_SCHEMA_FILE, text);
process.stdout.write(`wrote ${fileURLToPath(CLIENT_SCHEMA_FILE)} (${text.length} characters)\n`);
