/**
 * The user guides (docs/guide/) do what they say: against a fresh `agwx serve` with a key of its
 * own, every `sh` block of a guide runs in order under `bash -e -o pipefail` (after the token
 * block of the guides' README), and the guide's `ts` blocks, joined into one program, type-check
 * against the typed client and run to the end. An example that a change of the API breaks fails
 * here.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServeProcess, until } from '../support/serve-process.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const GUIDES = path.join(ROOT, 'docs/guide');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const TSC = path.join(ROOT, 'node_modules/.bin/tsc');

/** The fenced blocks of `language` in a Markdown text, in order. */
function blocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'gm'))].map((match) => match[1]!);
}

const guideFiles = fs
  .readdirSync(GUIDES)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .sort();
const readme = fs.readFileSync(path.join(GUIDES, 'README.md'), 'utf8');
/** The README's shell blocks: the token every guide's calls carry. */
const preamble = blocks(readme, 'sh').join('\n');

let server: ServeProcess;
let env: Record<string, string>;
let dir: string;
/** Where the TypeScript examples are written: inside the repository, so that they resolve its packages. */
const examples = path.join(ROOT, '.guide-examples');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-guides-'));
  const databaseUrl = `sqlite:${path.join(dir, 'guides.sqlite')}`;
  const { stdout } = await run(process.execPath, ['--import', path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs'), path.join(ROOT, 'src/cli/main.ts'), 'keys', 'create', '--account', 'guides', '--enterprise', '--json'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
  });
  const key = JSON.parse(stdout) as { key: string; secret: string };
  server = await startServe({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  await until(async () => (await server.call('/health')).status === 200, 60_000, 'the service to answer');
  env = { ...process.env, AGWX: server.base, AGWX_KEY: key.key, AGWX_SECRET: key.secret } as Record<string, string>;
  fs.rmSync(examples, { recursive: true, force: true });
  fs.mkdirSync(examples);
  fs.writeFileSync(
    path.join(examples, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: ['node'],
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        paths: { '@agwx/client': ['../clients/typescript/src/index.ts'] },
      },
      include: ['*.ts'],
    }),
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(examples, { recursive: true, force: true });
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the user guides', () => {
  it('have a page per resource family, each with curl and TypeScript examples', () => {
    expect(guideFiles).toEqual(['account.md', 'agronomics.md', 'exports.md', 'fields-and-plantings.md', 'jobs.md', 'maps.md', 'weather.md']);
    for (const name of guideFiles) {
      const text = fs.readFileSync(path.join(GUIDES, name), 'utf8');
      expect(blocks(text, 'sh').length, name).toBeGreaterThan(0);
      expect(blocks(text, 'ts').length, name).toBeGreaterThan(0);
      expect(readme).toContain(`(${name})`);
    }
  });

  // In file order: a later guide may use the field an earlier one registered, as a reader would.
  const ordered = ['fields-and-plantings.md', ...guideFiles.filter((name) => name !== 'fields-and-plantings.md')];
  it.each(ordered)('%s: its shell examples run against the service', async (name) => {
    const script = [preamble, ...blocks(fs.readFileSync(path.join(GUIDES, name), 'utf8'), 'sh')].join('\n');
    const result = await run('bash', ['-e', '-o', 'pipefail', '-c', script], { env, cwd: dir, maxBuffer: 64 << 20 }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`${name}: a shell example failed.\nstderr: ${error.stderr ?? ''}\nstdout: ${(error.stdout ?? '').slice(-3000)}`);
    });
    expect(result.stderr).toBe('');
  }, 120_000);

  it.each(ordered)('%s: its TypeScript examples type-check and run', async (name) => {
    const file = path.join(examples, `${path.basename(name, '.md')}.ts`);
    fs.writeFileSync(file, `${blocks(fs.readFileSync(path.join(GUIDES, name), 'utf8'), 'ts').join('\n')}\nexport {};\n`);
    await run(TSC, ['-p', examples], { cwd: examples }).catch((error: { stdout?: string; message: string }) => {
      throw new Error(`${name}: the TypeScript examples do not type-check:\n${error.stdout ?? error.message}`);
    });
    await run(TSX, [file], { env, cwd: examples, maxBuffer: 64 << 20 }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`${name}: the TypeScript examples failed: ${error.message}\n${error.stderr ?? ''}`);
    });
  }, 120_000);
});
