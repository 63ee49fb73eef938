/**
 * The explorer's water balance in a real browser (Debian's Chromium through playwright-core)
 * against the real server with synthetic weather: a field without a planting shows a note; a
 * field with one shows the chart with one point per day the API answers, the advice in words as
 * the API gives it, and a daily table; an irrigation recorded with the form appears as that day's
 * bar, and one dated before planting is refused with the API's reason. With CI=true a missing
 * Chromium fails the run; elsewhere it skips.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, signUp, startBrowserSession, type RunningServer } from './browser-support.js';

const inCi = process.env.CI === 'true';
const runHere = chromiumAvailable() || inCi;

interface Depth {
  amount: number | null;
  units: string;
}
interface Balance {
  irrigationAdvice: { date: string | null; depth: Depth; basis: string | null };
  dailyWaterBalance: { date: string; irrigation: Depth; source: string }[];
}

describe.runIf(runHere)('field explorer water balance in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const plantingDate = daysAgo(40);

  async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }
  const balance = async () => (await api('GET', '/v2/agronomics/fields/wb-north/plantings/current/waterbalance?units=metric')).body as Balance;

  beforeAll(async () => {
    ({ server, browser, page } = await startBrowserSession());
    await signUp(page, server.baseUrl, 'irrigator@example.org', 'a water balance password');

    // Two fields made through the API with the explorer's own key: one planted, one not.
    await page.goto(`${server.baseUrl}/explorer/`);
    const csrf = (await page.locator('meta[name="agwx-csrf"]').getAttribute('content'))!;
    const grant = await page.request.post(`${server.baseUrl}/account/api-token`, { headers: { 'X-CSRF-Token': csrf } });
    expect(grant.status()).toBe(200);
    token = ((await grant.json()) as { access_token: string }).access_token;
    const fields = [
      { id: 'wb-bare', name: 'Bare', farmId: 'farm-w', acres: 10, centerPoint: { latitude: 41.6, longitude: -93.7 } },
      { id: 'wb-north', name: 'North', farmId: 'farm-w', acres: 40, centerPoint: { latitude: 42.02, longitude: -93.6 } },
    ];
    for (const field of fields) expect((await api('POST', '/v2/fields', field)).status).toBe(201);
    const planting = await api('POST', '/v2/agronomics/fields/wb-north/plantings', { crop: 'corn-2500-gdd', plantingDate, harvestDate: null, yield: null, projections: null });
    expect(planting.status).toBe(201);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a note instead of the chart for a field without a planting', async () => {
    await page.goto(`${server.baseUrl}/explorer/`);
    await page.getByRole('button', { name: /^Bare/ }).click();
    await page.locator('#status', { hasText: /^Showing Bare/ }).waitFor();
    await page.locator('#chart-water', { hasText: 'No planting yet' }).waitFor();
    expect(await page.locator('#chart-water canvas').count()).toBe(0);
    expect(await page.locator('#irrigation-form').isHidden()).toBe(true);
    expect(await page.locator('#water-advice').textContent()).toBe('');
  }, 60_000);

  it("draws the planting's balance, one point a day, with the API's advice in words and its precision", async () => {
    await page.getByRole('button', { name: /^North/ }).click();
    await page.locator('#status', { hasText: /^Showing North/ }).waitFor();
    await page.locator('#chart-water canvas').first().waitFor();
    const answer = await balance();
    const days = answer.dailyWaterBalance;
    expect(days[0]!.date).toBe(plantingDate);
    const chart = page.locator('#chart-water');
    expect(Number(await chart.getAttribute('data-points'))).toBe(days.length);
    expect(Number(await chart.getAttribute('data-forecast-points'))).toBe(days.filter((d) => d.source === 'forecast').length);
    expect(Number(await chart.getAttribute('data-forecast-points'))).toBeGreaterThan(0);
    expect(await chart.getAttribute('data-irrigation-dates')).toBe('');
    expect(await page.locator('#water-balance tbody tr').count()).toBe(days.length);

    const advice = (await page.locator('#water-advice').evaluate((p) => p.firstChild?.textContent ?? '')).trim();
    const { date, depth, basis } = answer.irrigationAdvice;
    if (date) {
      expect(advice).toBe(`Irrigate about ${depth.amount!.toFixed(2)} mm by ${date} (${basis}).`);
    } else {
      expect(advice).toBe('No irrigation needed before the end of the season.');
    }
    expect(await page.locator('#water-advice small').textContent()).toMatch(/^Depletion on \d{4}-\d{2}-\d{2}: \d+\.\d{2} mm; RAW \d+\.\d{2} mm, TAW \d+\.\d{2} mm\.$/);

    // The legend without a cursor: the latest values, depths to 0.01 mm as served.
    await page.mouse.move(5, 5);
    const legend = await page.locator('#chart-water .u-legend .u-value').allTextContents();
    expect(legend[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const value of legend.slice(1)) expect(value).toMatch(/^\d+\.\d{2}$/);
  }, 60_000);

  it('records an irrigation with the form and draws its bar; a date before planting is refused in words', async () => {
    const form = page.locator('#irrigation-form');
    const day = daysAgo(10);
    await form.getByLabel('Date').fill(day);
    await form.getByLabel('Amount (mm)').fill('25');
    await form.getByLabel(/Wetted fraction/).fill('0.5');
    await form.getByRole('button', { name: 'Record irrigation' }).click();
    await form.locator('.form-done', { hasText: `Irrigation of 25.00 mm on ${day} recorded.` }).waitFor();
    const chart = page.locator('#chart-water');
    await page.locator(`#chart-water[data-irrigation-dates="${day}"]`).waitFor({ state: 'attached' });
    expect(Number(await chart.getAttribute('data-points'))).toBe((await balance()).dailyWaterBalance.length);
    const row = page.locator('#water-balance tbody tr', { has: page.locator('th', { hasText: day }) });
    expect(await row.locator('td').last().textContent()).toBe('25.00');
    const stored = (await api('GET', '/v2/agronomics/fields/wb-north/plantings/current/irrigations')).body as { irrigations: unknown[] };
    expect(stored.irrigations).toMatchObject([{ date: day, amount: 25, units: 'mm', wettedFraction: 0.5 }]);
    expect((await balance()).dailyWaterBalance.find((d) => d.date === day)!.irrigation.amount).toBe(25);

    await form.getByLabel('Date').fill(daysAgo(60));
    await form.getByLabel('Amount (mm)').fill('10');
    await form.getByRole('button', { name: 'Record irrigation' }).click();
    const error = form.locator('.form-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Not saved \(400\): .*date/i);
    expect(await chart.getAttribute('data-irrigation-dates')).toBe(day);
    expect(((await api('GET', '/v2/agronomics/fields/wb-north/plantings/current/irrigations')).body as { irrigations: unknown[] }).irrigations).toHaveLength(1);
  }, 60_000);
});
