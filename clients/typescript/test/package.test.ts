/**
 * The client as another project gets it: `npm pack -w clients/typescript` (which builds dist/),
 * the tarball installed into a fresh project with `npm install --offline`, and a consumer file
 * type-checked against the installed package. Its dependencies are packed from this repository's
 * node_modules, so the install needs no registry.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CLIENT = fileURLToPath(new URL('..', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const require = createRequire(join(CLIENT, 'package.json'));
const TSC = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');

/** The directory of an installed package, as the client resolves it. */
function packageDirectory(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM'],
    types: [],
    strict: true,
    noEmit: true,
  },
};

const CONSUMER = `import { createAgwxClient, isAgwxError } from '@agwx/client';

const agwx = createAgwxClient({ baseUrl: 'http://localhost:8080', key: 'key', secret: 'secret' });

export async function seasonGdd(): Promise<boolean> {
  try {
    const values = await agwx.get('/v2/agronomics/fields/{fieldId}/agronomicvalues/{dates}', {
      params: {
        path: { fieldId: 'north-40', dates: '2026-06-01,2026-06-07' },
        query: { gddBaseTemp: 10, gddMethod: 'modifiedstandard', units: 'usa' },
      },
    });
    return 'accumulations' in values;
  } catch (error) {
    if (isAgwxError(error, 404)) return false;
    throw error;
  }
}

export async function firstFields(): Promise<string[]> {
  const page = await agwx.get('/v2/fields', { params: { query: { limit: 10, offset: 0 } } });
  return (page.fields ?? []).map((field) => String(field.id));
}
`;

async function typeCheck(project: string, source: string): Promise<{ ok: boolean; output: string }> {
  await writeFile(join(project, 'consumer.ts'), source);
  try {
    await run(process.execPath, [TSC, '-p', project], { cwd: project });
    return { ok: true, output: '' };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${stdout}${stderr}` };
  }
}

describe('the packed client', () => {
  let work: string;
  let project: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'agwx-client-pack-'));
    const tarballs = join(work, 'tarballs');
    project = join(work, 'consumer');
    await mkdir(tarballs);
    await mkdir(project);
    await run('npm', ['pack', '-w', 'clients/typescript', '--pack-destination', tarballs, '--silent'], { cwd: ROOT });
    for (const dependency of ['openapi-fetch', 'openapi-typescript-helpers']) {
      await run('npm', ['pack', packageDirectory(dependency), '--pack-destination', tarballs, '--offline', '--silent'], { cwd: work });
    }
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const files = (await readdir(tarballs)).map((file) => join(tarballs, file));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', ...files], { cwd: project });
  }, 240_000);
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('holds the built JavaScript and its types', async () => {
    const installed = join(project, 'node_modules', '@agwx', 'client');
    expect((await readdir(join(installed, 'dist'))).sort()).toEqual(expect.arrayContaining(['index.js', 'index.d.ts', 'client.js', 'schema.d.ts']));
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', "const m = await import('@agwx/client'); console.log(typeof m.createAgwxClient)"], {
      cwd: project,
    });
    expect(stdout.trim()).toBe('function');
  });

  it('types numeric parameters as numbers and choices as their literals', async () => {
    const checked = await typeCheck(project, CONSUMER);
    expect(checked.output).toBe('');
    expect(checked.ok).toBe(true);
  }, 60_000);

  it("refuses units: 'imperial' and a number given as text", async () => {
    const imperial = await typeCheck(project, CONSUMER.replace("units: 'usa'", "units: 'imperial'"));
    expect(imperial.ok).toBe(false);
    expect(imperial.output).toMatch(/consumer\.ts.*error TS2322: Type '"imperial"' is not assignable to type '"metric" \| "usa"/);
    const text = await typeCheck(project, CONSUMER.replace('gddBaseTemp: 10', "gddBaseTemp: '10'"));
    expect(text.ok).toBe(false);
    expect(text.output).toMatch(/consumer\.ts.*error TS2322: Type 'string' is not assignable to type 'number'/);
  }, 60_000);
});
