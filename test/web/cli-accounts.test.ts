/** `agwx accounts enterprise NAME [--off]`: the operator marks web or operator accounts enterprise. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { createAccountService } from '../../src/services/account-service.js';
import { openStore } from '../../src/store/store.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-cli-accounts-'));
const databaseUrl = `sqlite:${path.join(dir, 'cli.sqlite')}`;
const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' };
const agwx = (...args: string[]) => run(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), ...args], { env, cwd: root });

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function enterprise(email: string): Promise<boolean | undefined> {
  const store = await openStore(databaseUrl);
  try {
    return (await store.accounts.findByEmail(email))?.enterprise;
  } finally {
    await store.close();
  }
}

describe('agwx accounts enterprise', () => {
  it('marks a web account enterprise by its email, and unmarks it with --off', async () => {
    const store = await openStore(databaseUrl);
    await createAccountService(store, systemClock()).signUp('farm@example.org', 'a long password');
    await store.close();
    expect((await agwx('accounts', 'enterprise', 'farm@example.org')).stdout).toContain('farm@example.org is enterprise');
    expect(await enterprise('farm@example.org')).toBe(true);
    expect((await agwx('accounts', 'enterprise', 'farm@example.org', '--off')).stdout).toContain('is not enterprise');
    expect(await enterprise('farm@example.org')).toBe(false);
  }, 60_000);

  it('fails with a message for an unknown account', async () => {
    await expect(agwx('accounts', 'enterprise', 'nobody')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("No account named 'nobody'") });
  }, 60_000);
});
