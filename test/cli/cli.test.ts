import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-cli-'));
const env = { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'cli.sqlite')}`, LOG_LEVEL: 'silent' };

function agwx(...args: string[]) {
  return run(tsx, [path.join(root, 'src/cli/main.ts'), ...args], { env, cwd: root });
}

function agwxWith(extra: Record<string, string>, ...args: string[]) {
  return run(tsx, [path.join(root, 'src/cli/main.ts'), ...args], { env: { ...env, ...extra }, cwd: root });
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('agwx command', () => {
  it('creates an enterprise development key at the first start and prints the walk-through with it', async () => {
    const first = { ...env, DATABASE_URL: `sqlite:${path.join(dir, 'first.sqlite')}`, PORT: String(await freePort()) };
    const server = spawn(tsx, [path.join(root, 'src/cli/main.ts'), 'serve'], { env: first, cwd: root });
    try {
      let printed = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no walk-through: ${printed}`)), 45_000);
        server.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          if (/Secret/i.test(printed)) {
            clearTimeout(timer);
            resolve();
          }
        });
        server.once('exit', (code) => reject(new Error(`serve exited (${code}): ${printed}`)));
      });
      const listed = JSON.parse((await run(tsx, [path.join(root, 'src/cli/main.ts'), 'keys', 'list', '--json'], { env: first, cwd: root })).stdout);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ account: 'development', enterprise: true, enabled: true });
      expect(printed).toContain(listed[0].key);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }, 90_000);

  it('migrates a new database', async () => {
    const { stdout } = await agwx('migrate');
    expect(stdout).toContain('up to date');
    expect(fs.existsSync(path.join(dir, 'cli.sqlite'))).toBe(true);
  });

  it('creates, lists and disables keys', async () => {
    const created = JSON.parse((await agwx('keys', 'create', '--account', 'farmco', '--enterprise', '--json')).stdout);
    expect(Object.keys(created)).toEqual(['key', 'secret']);
    expect(created.secret.length).toBeGreaterThanOrEqual(40);
    const human = (await agwx('keys', 'create', '--account', 'farmco')).stdout;
    expect(human).toMatch(/Secret: +\S{40,}/);
    const listed = JSON.parse((await agwx('keys', 'list', '--json')).stdout);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ key: created.key, account: 'farmco', enterprise: true, enabled: true, lastUsed: null });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect((await agwx('keys', 'disable', created.key)).stdout).toContain('disabled');
    const after = JSON.parse((await agwx('keys', 'list', '--json')).stdout);
    expect(after.find((k: { key: string }) => k.key === created.key).enabled).toBe(false);
  }, 60_000);

  it('refuses a key beyond AGWX_MAX_KEYS_PER_ACCOUNT, unless the operator passes --beyond-cap', async () => {
    const capped = { AGWX_MAX_KEYS_PER_ACCOUNT: '1' };
    await agwxWith(capped, 'keys', 'create', '--account', 'capped-co', '--json');
    await expect(agwxWith(capped, 'keys', 'create', '--account', 'capped-co')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Too many API keys. An account may have at most 1 enabled API keys'),
    });
    const beyond = JSON.parse((await agwxWith(capped, 'keys', 'create', '--account', 'capped-co', '--beyond-cap', '--json')).stdout);
    expect(Object.keys(beyond)).toEqual(['key', 'secret']);
  }, 60_000);

  it('fails with a clear message for an unknown key', async () => {
    await expect(agwx('keys', 'disable', 'no-such-key')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('no-such-key') });
  });

  it('prints help for each command', async () => {
    for (const args of [['--help'], ['serve', '--help'], ['keys', 'create', '--help'], ['migrate', '--help']]) {
      const { stdout } = await agwx(...args);
      expect(stdout).toContain('Usage: agwx');
    }
  }, 60_000);

  it('stops on invalid configuration with one clear line', async () => {
    const failed = run(tsx, [path.join(root, 'src/cli/main.ts'), 'migrate'], { env: { ...env, PORT: 'abc' }, cwd: root });
    await expect(failed).rejects.toMatchObject({ code: 1 });
    const error = String(await failed.then(() => '', (e: { stderr: string }) => e.stderr));
    expect(error.trim().split('\n')).toHaveLength(1);
    expect(error).toContain('PORT');
  });
});
