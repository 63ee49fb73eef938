/**
 * The setting of the weather endpoint tests: an app over a fresh fake weather source with three
 * accounts whose fields stand at one point — `acme` and `bigco` (enterprise) each own `north`,
 * `other` owns `private`.
 */
import type { DatabaseKind } from './databases.js';
import { createFakeWeatherSource, type FakeWeatherSource } from './fake-weather-source.js';
import { createField, createTestApp, type TestApp } from './test-app.js';

export interface WeatherTestBed {
  t: TestApp;
  weather: FakeWeatherSource;
  /** acme's bearer header. */
  auth: Record<string, string>;
  /** bigco's (enterprise) bearer header. */
  enterpriseAuth: Record<string, string>;
}

export async function createWeatherTestBed(kind: DatabaseKind, point: { latitude: number; longitude: number }): Promise<WeatherTestBed> {
  const weather = createFakeWeatherSource();
  const t = await createTestApp(kind, {}, weather);
  const auth = (await t.login('acme')).auth;
  const enterpriseAuth = (await t.login('bigco', { enterprise: true })).auth;
  const otherAuth = (await t.login('other')).auth;
  await createField(t, auth, 'north', point);
  await createField(t, enterpriseAuth, 'north', point);
  await createField(t, otherAuth, 'private', point);
  return { t, weather, auth, enterpriseAuth };
}
