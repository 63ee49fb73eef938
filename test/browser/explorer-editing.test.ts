/**
 * The field explorer as a tool, in a real browser (Debian's Chromium through playwright-core)
 * against the real server: sign up, create a field with the page's form (a refused latitude
 * first, its error shown in words), change it, create and change a planting, and read its growth
 * stages, the charts' legends and the P/PET axis. With CI=true a missing Chromium fails the run;
 * elsewhere it skips.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, signUp, startBrowserSession, type RunningServer } from './browser-support.js';

const inCi = process.env.CI === 'true';
const runHere = chromiumAvailable() || inCi;

describe.runIf(runHere)('field explorer forms in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  /** An access token of the account's explorer key, asked for with the page's session (as the page does). */
  async function explorerToken(): Promise<string> {
    const csrf = (await page.locator('meta[name="agwx-csrf"]').getAttribute('content'))!;
    const response = await page.request.post(`${server.baseUrl}/account/api-token`, { headers: { 'X-CSRF-Token': csrf } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    ({ server, browser, page } = await startBrowserSession());
    await signUp(page, server.baseUrl, 'editor@example.org', 'an explorer password');
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a field with the form: a latitude of 95 is refused in words, then the field is listed and chosen', async () => {
    await page.goto(`${server.baseUrl}/explorer/`);
    await page.locator('#status', { hasText: /no fields yet/ }).waitFor();
    const form = page.locator('#field-create');
    expect(await form.isVisible()).toBe(true); // opened for an account without fields

    // A click on the map fills in the coordinates.
    await page.locator('.leaflet-container').click({ position: { x: 300, y: 200 } });
    expect(Number(await form.getByLabel('Latitude').inputValue())).not.toBeNaN();
    expect(await form.getByLabel('Latitude').inputValue()).not.toBe('');

    await form.getByLabel('Field id').fill('south-80');
    await form.getByLabel('Name').fill('South80');
    await form.getByLabel('Farm id').fill('farm-2');
    await form.getByLabel('Acres').fill('80');
    await form.getByLabel('Latitude').fill('95');
    await form.getByLabel('Longitude').fill('-93.6');
    await form.getByRole('button', { name: 'Create field' }).click();
    const error = form.locator('.form-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Not saved \(400\): .*latitude/i);
    expect(await page.locator('#fields li').count()).toBe(0);

    await form.getByLabel('Latitude').fill('42.01');
    await form.getByRole('button', { name: 'Create field' }).click();
    const fieldButton = page.getByRole('button', { name: /South80/ });
    await fieldButton.waitFor();
    expect(await form.locator('.form-error').count()).toBe(0);
    expect(await form.locator('.form-done').textContent()).toContain('South80');
    await page.locator('#status', { hasText: /^Showing South80/ }).waitFor();
    expect(await fieldButton.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('path.leaflet-interactive').count()).toBe(1);
    expect(await page.locator('#growth-stages').textContent()).toMatch(/No planting yet/);
  }, 90_000);

  it('changes the field name and farm id with JSON-Patch, and shows a refused name in words', async () => {
    const form = page.locator('#field-edit');
    await form.getByLabel('Name').fill('South 80'); // a space: not a valid name
    await form.getByRole('button', { name: 'Save field' }).click();
    await form.locator('.form-error').waitFor();
    expect(await form.locator('.form-error').textContent()).toMatch(/^Not saved \(400\): Invalid value for property 'name'/);

    await form.getByLabel('Name').fill('South_80');
    await form.getByLabel('Farm id').fill('farm-3');
    await form.getByRole('button', { name: 'Save field' }).click();
    await page.getByRole('button', { name: /South_80/ }).waitFor();
    expect(await page.locator('#field-title').textContent()).toBe('South_80 (south-80)');
    const token = await explorerToken();
    const stored = await fetch(`${server.baseUrl}/v2/fields/south-80`, { headers: { authorization: `Bearer ${token}` } });
    expect(await stored.json()).toMatchObject({ id: 'south-80', name: 'South_80', farmId: 'farm-3', acres: 80, centerPoint: { latitude: 42.01, longitude: -93.6 } });
  }, 60_000);

  it('creates a planting from the crop catalogue, shows its growth stages with dates, and changes it', async () => {
    const form = page.locator('#planting-form');
    const crops = await form.getByLabel('Crop').locator('option').allTextContents();
    expect(crops.length).toBeGreaterThan(5);
    await form.getByLabel('Crop').selectOption('corn-2500-gdd');
    await form.getByLabel('Planting date').fill('2000-13-01');
    await form.getByRole('button', { name: 'Create planting' }).click();
    await form.locator('.form-error').waitFor();
    expect(await form.locator('.form-error').textContent()).toMatch(/^Not saved \(400\): .*plantingDate/);

    const plantingDate = daysAgo(60);
    await form.getByLabel('Planting date').fill(plantingDate);
    await form.getByLabel('Projected yield', { exact: true }).fill('180');
    await form.getByLabel('Projected yield units').fill('bu/ac');
    await form.getByRole('button', { name: 'Create planting' }).click();
    await form.locator('.form-done', { hasText: /created/ }).waitFor();
    const planting = page.locator('#plantings button');
    expect(await planting.count()).toBe(1);
    expect(await planting.textContent()).toContain(`planted ${plantingDate}`);
    expect(await planting.textContent()).toContain('current');
    expect(await page.locator('#planting-form-heading').textContent()).toMatch(/^Planting \d+$/);

    // Growth stages: every row a stage with a date, reached ones observed, later ones predicted.
    const rows = page.locator('#growth-stages table tbody tr');
    await rows.first().waitFor();
    const table = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
    expect(table.length).toBeGreaterThanOrEqual(3);
    for (const [stage, , date, status] of table) {
      expect(stage).not.toBe('');
      expect(status).toMatch(/^(reached \(observed\)|predicted from the (forecast|norms)|not expected this season)/);
      if (!status!.startsWith('not expected')) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
    expect(table.some(([, , , status]) => status!.startsWith('reached'))).toBe(true);
    expect(table.some(([, , , status]) => status!.startsWith('predicted'))).toBe(true);

    // Changed: the harvest date and yield are replaced (PUT), and the list shows it.
    await form.getByLabel('Harvest date', { exact: true }).fill(daysAgo(2));
    await form.getByLabel('Amount').fill('176.5');
    await form.getByLabel('Units', { exact: true }).fill('bu/ac');
    await form.getByRole('button', { name: 'Save planting' }).click();
    await form.locator('.form-done', { hasText: /saved/ }).waitFor();
    await page.locator('#plantings button', { hasText: `harvested ${daysAgo(2)}` }).waitFor();
    expect(await form.getByLabel('Amount').inputValue()).toBe('176.5');
  }, 90_000);

  it('draws P/PET from 0 and writes legend values as served, without hovering', async () => {
    for (const id of ['#chart-gdd', '#chart-ppet', '#chart-observations']) await page.locator(`${id} canvas`).first().waitFor();
    await page.mouse.move(5, 5); // away from every chart
    expect(await page.locator('#chart-ppet').getAttribute('data-min')).toBe('0');
    expect(Number(await page.locator('#chart-ppet').getAttribute('data-max'))).toBeGreaterThan(0);

    const legend = (id: string) => page.locator(`${id} .u-legend .u-value`).allTextContents();
    const gdd = await legend('#chart-gdd');
    const ppet = await legend('#chart-ppet');
    const weather = await legend('#chart-observations');
    for (const values of [gdd, ppet, weather]) {
      expect(values.join(' ')).not.toContain('--');
      expect(values[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/); // the latest day
    }
    // This season and the norm alike: GDD to 0.01, P/PET to 0.001, temperature to 0.01 °C, precipitation to 0.01 mm.
    for (const value of gdd.slice(1)) expect(value).toMatch(/^-?\d+\.\d{2}$/);
    for (const value of ppet.slice(1)) expect(value).toMatch(/^\d+\.\d{3}$/);
    for (const value of weather.slice(1)) expect(value).toMatch(/^-?\d+\.\d{2}$/);
  }, 60_000);

  it('shows the legend of the temperature layer where the service has one, and nothing where it answers 404', async () => {
    const token = await explorerToken();
    const answer = await fetch(`${server.baseUrl}/v2/imagery/weathermaps/temperatures/legend?format=json`, { headers: { authorization: `Bearer ${token}` } });
    const legendAnswered = page.waitForResponse((response) => response.url().includes('/temperatures/legend'));
    await page.getByLabel('Temperatures').check();
    expect((await legendAnswered).status()).toBe(answer.status);
    if (answer.status === 200) {
      const body = (await answer.json()) as { stops: unknown[] };
      await page.locator('.map-legend').waitFor();
      expect(await page.locator('.map-legend li').count()).toBe(body.stops.length);
    } else {
      expect(answer.status).toBe(404);
      await page.waitForTimeout(300);
      expect(await page.locator('.map-legend').count()).toBe(0);
      expect(await page.locator('#status').textContent()).toMatch(/^Showing/);
    }
  }, 60_000);
});
