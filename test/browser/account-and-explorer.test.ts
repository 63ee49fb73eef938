/**
 * The account area and the field explorer in a real browser (Debian's Chromium through
 * playwright-core) against the real server: sign up, sign in, create an application, use its
 * secret over HTTP, disable it and see its token refused, then open the explorer and see a field,
 * the map and a chart. With CI=true a missing Chromium fails the run; elsewhere it skips.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, startBrowserSession, type RunningServer } from './browser-support.js';

const inCi = process.env.CI === 'true';
const runHere = chromiumAvailable() || inCi;

describe.runIf(runHere)('account area and field explorer in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const email = 'grower@example.org';
  const password = 'a browser password';

  beforeAll(async () => {
    ({ server, browser, page } = await startBrowserSession());
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = (path: string, init: RequestInit = {}) => fetch(`${server.baseUrl}${path}`, init);

  it('signs up, signs out and signs in again with the forms', async () => {
    await page.goto(`${server.baseUrl}/account/sign-up`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.baseUrl}/account/`);
    await expect(page.getByRole('heading', { name: 'Applications' }).isVisible()).resolves.toBe(true);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'agwx_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/account\/sign-in/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.keyboard.press('Enter'); // keyboard submits the form
    await page.waitForURL(`${server.baseUrl}/account/`);
    expect(await page.textContent('header')).toContain(email);
  });

  it('creates an application, uses its secret over HTTP, and disabling it stops its token', async () => {
    await page.getByLabel('Application name').fill('Browser test app');
    await page.getByRole('button', { name: 'Create application' }).click();
    const key = (await page.textContent('#new-key'))!.trim();
    const secret = (await page.textContent('#new-secret'))!.trim();
    expect(secret.length).toBeGreaterThanOrEqual(40);

    const granted = await api('/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(granted.status).toBe(200);
    const bearer = { authorization: `Bearer ${((await granted.json()) as { access_token: string }).access_token}` };
    const field = await api('/v2/fields', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'north-40', name: 'North40', farmId: 'farm-1', acres: 40, centerPoint: { latitude: 41.99, longitude: -93.62 } }),
    });
    expect(field.status, await field.clone().text()).toBe(201);
    const plantingDate = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await api('/v2/agronomics/fields/north-40/plantings', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ crop: 'corn', plantingDate }),
    });

    await page.goto(`${server.baseUrl}/account/`);
    const row = page.locator(`tr[data-key="${key}"]`);
    expect(await row.textContent()).toContain('Browser test app');
    expect(await page.content()).not.toContain(secret);
    await row.getByRole('button', { name: 'Disable Browser test app' }).click();
    await page.waitForURL(`${server.baseUrl}/account/`);
    expect(await page.locator(`tr[data-key="${key}"]`).textContent()).toContain('disabled');

    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await api('/v2/fields', { headers: bearer })).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(401);
  });

  it('opens the explorer: the field on the list and the map, and a chart drawn from the API', async () => {
    await page.getByRole('link', { name: 'Field explorer' }).first().click();
    await page.waitForURL(`${server.baseUrl}/explorer/`);
    const fieldButton = page.getByRole('button', { name: /North40/ });
    await fieldButton.waitFor();
    await page.locator('.leaflet-container').waitFor();
    expect(await page.locator('path.leaflet-interactive').count()).toBe(1); // the field's marker
    await page.locator('#chart-observations canvas').first().waitFor();
    await page.locator('#status', { hasText: /^Showing/ }).waitFor();
    expect(await fieldButton.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('#forecast table tbody tr').count()).toBeGreaterThanOrEqual(7);
    // Agronomic charts: drawn, or a clear "not available" where the endpoints answer 404.
    for (const id of ['#chart-gdd', '#chart-ppet']) {
      const drawn = await page.locator(`${id} canvas`).count();
      if (drawn === 0) expect(await page.textContent(id)).toMatch(/not available/);
    }
  }, 90_000);
});
