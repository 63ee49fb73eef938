/**
 * Screenshots of the web pages into docs/img/ui/ (shown in docs/ui.md): the real server on a
 * temporary database with its clock pinned, driven by Debian's Chromium.
 *
 *   npx tsx scripts/ui-screenshots.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureWebBuild, launchChromium, ROOT, startServer } from '../test/browser/browser-support.js';

const OUT = path.join(ROOT, 'docs/img/ui');
const NOW = '2024-06-15T12:00:00Z';

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  await ensureWebBuild();
  const server = await startServer({ AGWX_NOW: NOW });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 });
    page.setDefaultTimeout(20_000);
    const shot = async (name: string, fullPage = true) => {
      await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
      process.stdout.write(`docs/img/ui/${name}.png\n`);
    };
    const url = (p: string) => `${server.baseUrl}${p}`;

    await page.goto(url('/account/sign-up'));
    await shot('sign-up');
    await page.getByLabel('Email').fill('grower@example.org');
    await page.getByLabel('Password').fill('a demo password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(url('/account/'));

    await page.getByLabel('Application name').fill('Farm dashboard');
    await page.getByRole('button', { name: 'Create application' }).click();
    const key = (await page.textContent('#new-key'))!.trim();
    const secret = (await page.textContent('#new-secret'))!.trim();
    await shot('application-created');

    // Use the application like a client would: a token, a field, a planting, a few reads.
    const granted = await fetch(url('/oauth/token'), {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const bearer = { authorization: `Bearer ${((await granted.json()) as { access_token: string }).access_token}` };
    const post = (p: string, body: unknown) => fetch(url(p), { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('/v2/fields', { id: 'north-40', name: 'North40', farmId: 'farm-1', acres: 40, centerPoint: { latitude: 41.99, longitude: -93.62 } });
    await post('/v2/fields', { id: 'river-bottom', name: 'RiverBottom', farmId: 'farm-1', acres: 65, centerPoint: { latitude: 42.35, longitude: -93.1 } });
    await post('/v2/agronomics/fields/north-40/plantings', { crop: 'corn', plantingDate: '2024-04-25' });
    for (let i = 0; i < 12; i++) await fetch(url('/v2/fields'), { headers: bearer });

    await page.goto(url('/account/'));
    await page.getByLabel('Application name').fill('Irrigation scheduler');
    await page.getByRole('button', { name: 'Create application' }).click();
    await page.goto(url('/explorer/'));
    await page.locator('#chart-observations canvas').first().waitFor();
    await page.locator('#status', { hasText: /^Showing/ }).waitFor();
    await page.locator('#growth-stages table').waitFor();
    await page.waitForTimeout(1500); // map tiles
    await shot('explorer');

    await page.goto(url('/account/'));
    await page.getByRole('button', { name: 'Disable Irrigation scheduler' }).click();
    await page.waitForURL(url('/account/'));
    await shot('applications');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/sign-in/);
    await shot('sign-in');
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
