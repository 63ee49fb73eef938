/**
 * What the browser tests and the screenshot script share: an up-to-date front-end build, the real
 * server (`agwx serve`) on a temporary SQLite file and a free port, and Debian's Chromium driven
 * by playwright-core.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '../support/free-port.js';

const run = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM_PATH = process.env.AGWX_CHROMIUM ?? '/usr/bin/chromium';
const BUILT_MANIFEST = path.join(ROOT, 'dist/public/.vite/manifest.json');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the front-end (`npm run build:web`'s Vite step) unless the build is newer than `web/`. */
export async function ensureWebBuild(): Promise<void> {
  const built = fs.existsSync(BUILT_MANIFEST) ? fs.statSync(BUILT_MANIFEST).mtimeMs : 0;
  if (built > newestMtime(path.join(ROOT, 'web'))) return;
  await run(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts'], { cwd: ROOT, timeout: 120_000 });
}


export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** `agwx serve` (through tsx) on a fresh SQLite file; resolves once it answers. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agwx-browser-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), 'serve', '--no-dev-key'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${path.join(dir, 'agwx.sqlite')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        AGWX_BASE_URL: baseUrl,
        AGWX_KEY_CACHE_SECONDS: '1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/account/sign-in`);
      if (response.ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within 45 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function chromiumAvailable(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * What every browser test starts with: Chromium there (a clear failure when it is not), the
 * front end built (the server serves the files it finds), a server, and a page with a timeout
 * generous for a machine busy with the rest of the suite.
 */
export async function startBrowserSession(): Promise<{ server: RunningServer; browser: Browser; page: Page }> {
  if (!chromiumAvailable()) throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install Debian's package (apt-get install -y chromium).`);
  await ensureWebBuild();
  const server = await startServer();
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(30_000);
  return { server, browser, page };
}

/** Signs up a web account from the page and waits for the account area. */
export async function signUp(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/account/sign-up`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${baseUrl}/account/`);
}

