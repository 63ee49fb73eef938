/**
 * The growth-stage model catalogue over HTTP: the list and single models (v2 and the deprecated
 * v1), every model's details in both unit systems against the original service's own tables
 * (test/catalog/fixtures/original-model-tables.json), and every model's results on a known
 * weather series, with the expected stages worked out here from the table values.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { createFakeWeatherSource, fakeDay } from '../support/fake-weather-source.js';
import { type OriginalModel, originalModelTables } from '../support/original-models.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';
import { SourceUnavailableError } from '../../src/weather/weather-source.js';

const ORIGINAL = originalModelTables();
const ALL_MODELS = ORIGINAL.map((m) => m.id);

const CURIES = [{ name: 'svc', href: 'https://agwx.test/rels/{rel}', templated: true }];

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const fahrenheit = (celsius: number) => round(celsius * 1.8 + 32, 1);
/** The original's descriptions cut off with "..." are served completed. */
const describes = (served: string, original: string) => (original.endsWith('...') ? served.startsWith(original.slice(0, -3)) : served === original);
const date = (isoStart: string, days: number) => new Date(Date.parse(`${isoStart}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// A day's GDD from the spec's words ("GDD parameters and defaults"), written out here rather than
// taken from the service:
//   standard          (high + low)/2 − base
//   modifiedstandard  high and low outside the boundaries reset to the boundary first
//   min-temp-cap      high capped at the upper boundary; low used only when below the lower
//                     boundary, otherwise the lower boundary
//   min-temp-constant high capped at the upper boundary; low always used
// and never below zero.
type Method = 'standard' | 'modifiedstandard' | 'min-temp-cap' | 'min-temp-constant';
interface Rule {
  method: Method;
  base: number;
  upper: number | null;
  lower: number | null;
}
function dayGdd(high: number, low: number, rule: Rule): number {
  const upper = rule.upper ?? Infinity;
  const lower = rule.lower ?? -Infinity;
  let h = high;
  let l = low;
  if (rule.method === 'modifiedstandard') {
    h = Math.min(upper, Math.max(lower, high));
    l = Math.min(upper, Math.max(lower, low));
  } else if (rule.method === 'min-temp-cap') {
    h = Math.min(high, upper);
    l = low < lower ? low : lower;
  } else if (rule.method === 'min-temp-constant') {
    h = Math.min(high, upper);
  }
  return Math.max(0, (h + l) / 2 - rule.base);
}
/** The spec's defaults (metric), used for a boundary a model leaves unset. */
const DEFAULTS: Record<Method, { upper: number | null; lower: number | null }> = {
  standard: { upper: null, lower: null },
  modifiedstandard: { upper: 30, lower: 10 },
  'min-temp-cap': { upper: 35, lower: 21.1 },
  'min-temp-constant': { upper: 33, lower: null },
};

// The known series: planting on 2024-05-01 (a warm day), then a cycle of a hot day after a
// frost (above every upper boundary, below every lower one), a mild day (inside the corn
// boundaries, above the 21.11 °C wheat and barley cap) and a warm day (above the corn cap, with a
// night below the corn floor); harvest on 2024-05-30.
const PLANTING = '2024-05-01';
const HARVEST = '2024-05-30';
const PLANTING_DAY: [number, number] = [36, 18];
const CYCLE: [number, number][] = [
  [40, -2],
  [26, 14],
  [33, 8],
];
const SERIES: { date: string; tmax: number; tmin: number }[] = Array.from({ length: 30 }, (_, i) => {
  const [tmax, tmin] = i === 0 ? PLANTING_DAY : CYCLE[(i - 1) % 3]!;
  return { date: date(PLANTING, i), tmax, tmin };
});

/** Accumulated GDD day by day from the biofix date, by a rule. */
function accumulate(biofix: number, rule: Rule): { date: string; total: number }[] {
  let total = 0;
  return SERIES.slice(biofix).map((day) => {
    total += dayGdd(day.tmax, day.tmin, rule);
    return { date: day.date, total };
  });
}

const ruleOf = (m: OriginalModel): Rule => ({ method: m.gddMethod as Method, base: m.gddBaseTemp, upper: m.gddMaxBoundary, lower: m.gddMinBoundary });

/** What the results must say for a model on the series: stages reached and when, current, next. */
function expectedResults(m: OriginalModel) {
  const series = accumulate(m.biofix, ruleOf(m));
  const total = series.at(-1)!.total;
  const reached: { date: string; index: number }[] = [];
  let next: number | null = null;
  m.stages.forEach(([, , , threshold], index) => {
    if (next !== null) return;
    const day = series.find((d) => d.total >= threshold);
    if (day) reached.push({ date: day.date, index });
    else next = index;
  });
  return { total, reached, next: next as number | null };
}

/**
 * The same series computed with what a mistaken service would do: biofix ignored (or wrongly
 * applied), another method, boundaries ignored (each alone), or boundaries applied where the
 * method has none. Each must end at another total than the right one, so the results test for the
 * model fails if the service made that mistake.
 */
function mistakes(m: OriginalModel): [string, number][] {
  const rule = ruleOf(m);
  const total = (biofix: number, r: Rule) => accumulate(biofix, r).at(-1)!.total;
  const out: [string, number][] = [[`biofix ${1 - m.biofix} instead of ${m.biofix}`, total(1 - m.biofix, rule)]];
  for (const method of Object.keys(DEFAULTS) as Method[]) {
    if (method === rule.method) continue;
    out.push([`method ${method}`, total(m.biofix, { method, base: rule.base, upper: rule.upper ?? DEFAULTS[method].upper, lower: rule.lower ?? DEFAULTS[method].lower })]);
  }
  if (rule.method === 'modifiedstandard') {
    if (rule.upper !== null) out.push(['upper boundary ignored', total(m.biofix, { ...rule, upper: null })]);
    if (rule.lower !== null) out.push(['lower boundary ignored', total(m.biofix, { ...rule, lower: null })]);
  } else if (rule.upper !== null || rule.lower !== null) {
    out.push(["the model's boundaries applied to the standard method", total(m.biofix, { ...rule, method: 'modifiedstandard' })]);
  }
  return out;
}

describe('the known series tells every model apart from the mistakes it guards against', () => {
  it.each(ORIGINAL.map((m) => [m.id, m] as const))('%s', (_id, m) => {
    const { total, reached } = expectedResults(m);
    expect(reached.length, 'at least one stage is reached').toBeGreaterThan(0);
    for (const [mistake, wrong] of mistakes(m)) expect(Math.abs(wrong - total), mistake).toBeGreaterThan(0.1);
  });

  it('works a few days out by hand', () => {
    // Corn2500ISUAbendroth, modifiedstandard 10/30 °C, base 10, from the planting date:
    // 36/18 → (30 + 18)/2 − 10 = 14; 40/−2 → (30 + 10)/2 − 10 = 10; 26/14 → 10; 33/8 → (30 + 10)/2 − 10 = 10.
    const corn = ORIGINAL.find((m) => m.id === 'Corn2500ISUAbendroth')!;
    expect(accumulate(corn.biofix, ruleOf(corn)).slice(0, 4).map((d) => d.total)).toEqual([14, 24, 34, 44]);
    // WheatGenericNDAWN, modifiedstandard 0/21.11 °C, base 0, from the day after planting:
    // 40/−2 → (21.11 + 0)/2 = 10.555; 26/14 → (21.11 + 14)/2 = 17.555; 33/8 → (21.11 + 8)/2 = 14.555.
    const wheat = ORIGINAL.find((m) => m.id === 'WheatGenericNDAWN')!;
    expect(accumulate(wheat.biofix, ruleOf(wheat)).slice(0, 3).map((d) => round(d.total, 3))).toEqual([10.555, 28.11, 42.665]);
    // PotatoKALRO, standard, base 4.5 °C (its lower boundary unused): 36/18 → 22.5; 40/−2 → 14.5.
    const potato = ORIGINAL.find((m) => m.id === 'PotatoKALRO')!;
    expect(accumulate(potato.biofix, ruleOf(potato)).slice(0, 2).map((d) => d.total)).toEqual([22.5, 37]);
  });
});

describe.each(databaseKinds())('models on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let otherAuth: Record<string, string>;
  const weather = createFakeWeatherSource();
  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, body: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, weather);
    auth = (await t.login('acme')).auth;
    otherAuth = (await t.login('other')).auth;
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    weather.reset();
    for (const day of SERIES) weather.dayOverrides.set(day.date, { tmax: day.tmax, tmin: day.tmin });
  });

  describe('catalogue (v2)', () => {
    const ids = (response: { json(): { models: { id: string }[] } }) => response.json().models.map((m) => m.id);

    it('answers a model in the documented key order with one svc:crop link per crop record', async () => {
      const response = await get('/v2/agronomics/models/WheatGenericNDAWN');
      expect(response.statusCode).toBe(200);
      const model = response.json();
      expect(Object.keys(model)).toEqual(['id', 'name', 'description', 'type', 'source', '_links']);
      expect(model).toMatchObject({
        id: 'WheatGenericNDAWN',
        name: 'Wheat (North Dakota Agricultural Weather Network)',
        type: 'growthstage',
        source: { name: 'North Dakota Agricultural Weather Network', link: 'http://ndawn.ndsu.nodak.edu/help-canola-growing-degree-days.html' },
      });
      expect(Object.keys(model.source)).toEqual(['name', 'link']);
      expect(model._links).toEqual({
        self: { href: '/v2/agronomics/models/WheatGenericNDAWN' },
        curies: CURIES,
        'svc:crop': [{ href: '/v2/agronomics/crops/wheat-generic' }],
        'svc:modelDetails': { href: '/v2/agronomics/models/WheatGenericNDAWN/details' },
      });
      // The Iowa State corn models name no address, as in the original.
      expect((await get('/v2/agronomics/models/Corn2500ISUAbendroth')).json().source.link).toBeNull();
    });

    it("lists the original's 29 models in its order, with Content-Range", async () => {
      const response = await get('/v2/agronomics/models?limit=120');
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual(ALL_MODELS);
      expect(response.headers['content-range']).toBe('0-28/29 models');
      expect(Object.keys(response.json())).toEqual(['models', '_links']);
      const firstPage = await get('/v2/agronomics/models');
      expect(ids(firstPage)).toEqual(ALL_MODELS);
    });

    it('filters by crop name and by crop id', async () => {
      expect(ids(await get('/v2/agronomics/models?crop=wheat'))).toEqual([
        'WheatHardRedMSU',
        'WheatGenericMAWG',
        'WheatGenericNDAWN',
        'WheatGenericOSU',
        'WheatGenericVCE',
      ]);
      expect(ids(await get('/v2/agronomics/models?crop=CORN'))).toEqual([
        'Corn2300ISUAbendroth',
        'Corn2500ISUAbendroth',
        'Corn2700ISUAbendroth',
        'Corn2900ISUAbendroth',
        'MaizeKALRO',
      ]);
      expect(ids(await get('/v2/agronomics/models?cropId=corn-2500-gdd'))).toEqual(['Corn2500ISUAbendroth', 'MaizeKALRO']);
      expect(ids(await get('/v2/agronomics/models?cropId=corn-2700-gdd'))).toEqual(['Corn2700ISUAbendroth']);
      expect(ids(await get('/v2/agronomics/models?crop=green%20gram'))).toEqual(['GreenGramKALRO']);
      const both = await get('/v2/agronomics/models?crop=sunflower&cropId=sunflower-early-dwarf');
      expect(ids(both)).toEqual(['SunflowerEarlyDwarfMSU']);
      expect(expectErrorBody(await get('/v2/agronomics/models?crop=banana'), 400).simpleMessage).toContain("'crop'");
      expect(expectErrorBody(await get('/v2/agronomics/models?cropId=banana'), 400).simpleMessage).toContain("'cropId'");
    });

    it('gives every crop record at least one model', async () => {
      const crops = (await get('/v2/agronomics/crops?limit=120', (await t.login('big', { enterprise: true })).auth)).json().crops as { id: string }[];
      expect(crops).toHaveLength(21);
      for (const crop of crops) {
        const response = await get(`/v2/agronomics/models?cropId=${crop.id}`);
        expect(ids(response).length, crop.id).toBeGreaterThan(0);
      }
    });

    it('sorts by name and type, pages, and filters properties', async () => {
      const byName = (await get('/v2/agronomics/models?sort=-name')).json().models.map((m: { name: string }) => m.name);
      expect(byName).toEqual([...byName].sort((a, b) => Buffer.compare(Buffer.from(b), Buffer.from(a))));
      expect(ids(await get('/v2/agronomics/models?sort=type'))).toEqual(ALL_MODELS);
      const page = await get('/v2/agronomics/models?limit=2&offset=5');
      expect(ids(page)).toEqual(['Cotton2600UGCE', 'Cotton2200NCCA']);
      expect(page.headers['content-range']).toBe('5-6/29 models');
      expect(page.json()._links.next.href).toBe('/v2/agronomics/models?limit=2&offset=7');
      expect(Object.keys((await get('/v2/agronomics/models/Cotton2200NCCA?properties=SOURCE')).json())).toEqual(['id', 'source', '_links']);
      expect(expectErrorBody(await get('/v2/agronomics/models?limit=121'), 400).detailedMessage).toContain('The maximum value for the limit parameter is 120');
      expectErrorBody(await get('/v2/agronomics/models?sort=id'), 400);
      expectErrorBody(await get('/v2/agronomics/models?properties=stages'), 400);
      expectErrorBody(await get('/v2/agronomics/models?offset=29'), 416);
    });

    it('answers 404 for an unknown model', async () => {
      expect(expectErrorBody(await get('/v2/agronomics/models/Corn2600ISUAbendroth'), 404).detailedMessage).toContain('Corn2600ISUAbendroth');
      expectErrorBody(await get('/v2/agronomics/models/Nope/details'), 404);
    });
  });

  describe('details', () => {
    it('answers in the documented key order with its links', async () => {
      const response = await get('/v2/agronomics/models/WheatGenericNDAWN/details');
      expect(response.statusCode).toBe(200);
      const details = response.json();
      expect(Object.keys(details)).toEqual(['biofix', 'gddMethod', 'gddBaseTemp', 'gddMaxBoundary', 'gddMinBoundary', 'gddUnits', 'stages', '_links']);
      expect(Object.keys(details.stages[0])).toEqual(['id', 'stage', 'description', 'gddThreshold', 'gddUnits']);
      expect(details._links).toEqual({
        self: { href: '/v2/agronomics/models/WheatGenericNDAWN/details' },
        curies: CURIES,
        'svc:model': { href: '/v2/agronomics/models/WheatGenericNDAWN' },
      });
    });

    it.each(ORIGINAL.map((m) => [m.id, m] as const))('%s: the original table in metric, converted under units=usa', async (id, m) => {
      const metric = (await get(`/v2/agronomics/models/${id}/details`)).json();
      expect(metric).toMatchObject({
        biofix: m.biofix,
        gddMethod: m.gddMethod,
        gddBaseTemp: m.gddBaseTemp,
        gddMaxBoundary: m.gddMaxBoundary,
        gddMinBoundary: m.gddMinBoundary,
        gddUnits: 'C',
      });
      expect(metric.stages.map((s: { id: string; stage: string | null; gddThreshold: number; gddUnits: string }) => [s.id, s.stage, s.gddThreshold, s.gddUnits])).toEqual(
        m.stages.map(([stageId, stage, , threshold]) => [stageId, stage, threshold, 'C']),
      );
      metric.stages.forEach((s: { description: string }, i: number) => expect(describes(s.description, m.stages[i]![2]), s.description).toBe(true));

      const usa = (await get(`/v2/agronomics/models/${id}/details?units=USA`)).json();
      expect(usa).toMatchObject({
        biofix: m.biofix,
        gddBaseTemp: fahrenheit(m.gddBaseTemp),
        gddMaxBoundary: m.gddMaxBoundary === null ? null : fahrenheit(m.gddMaxBoundary),
        gddMinBoundary: m.gddMinBoundary === null ? null : fahrenheit(m.gddMinBoundary),
        gddUnits: 'F',
      });
      expect(usa.stages.map((s: { gddThreshold: number; gddUnits: string }) => [s.gddThreshold, s.gddUnits])).toEqual(
        m.stages.map(([, , , threshold]) => [round(threshold * 1.8, 1), 'F']),
      );
    });

    it.each([
      // The °C values of the original tables are °F values converted; units=usa gives the °F back.
      ['Corn2500ISUAbendroth', { gddBaseTemp: 50, gddMaxBoundary: 86, gddMinBoundary: 50 }, 88.2],
      ['SorghumLongSeasonTexasAM', { gddBaseTemp: 50, gddMaxBoundary: 100, gddMinBoundary: 50 }, 199.8],
      ['WheatGenericNDAWN', { gddBaseTemp: 32, gddMaxBoundary: 70, gddMinBoundary: 32 }, 180],
      ['SugarbeetGenericNDAWN', { gddBaseTemp: 34, gddMaxBoundary: 86, gddMinBoundary: 34 }, 237.6],
      ['SunflowerGenericNDAWN', { gddBaseTemp: 44, gddMaxBoundary: null, gddMinBoundary: 44 }, 241.2],
      ['Cotton2200NCCA', { gddBaseTemp: 60, gddMaxBoundary: null, gddMinBoundary: null }, 55.8],
      ['PotatoKALRO', { gddBaseTemp: 40.1, gddMaxBoundary: null, gddMinBoundary: 40.1 }, 196.2],
    ])('%s in °F', async (id, expected, firstThreshold) => {
      const usa = (await get(`/v2/agronomics/models/${id}/details?units=usa`)).json();
      expect(usa).toMatchObject(expected);
      expect(usa.stages[0].gddThreshold).toBe(firstThreshold);
    });

    it('refuses unknown units with 400', async () => {
      expect(expectErrorBody(await get('/v2/agronomics/models/WheatGenericNDAWN/details?units=kelvin'), 400).simpleMessage).toContain('units');
    });
  });

  describe('results', () => {
    let nextField = 0;
    /** A field in central Iowa (America/Chicago: 2024-06-15T12:00Z is 07:00 local, so yesterday is 2024-06-14). */
    async function fieldWithPlanting(planting: Record<string, unknown> | null, headers = auth): Promise<string> {
      const id = `field-${++nextField}`;
      expect((await post('/v2/fields', { id, farmId: 'farm', centerPoint: { latitude: 41.5, longitude: -93.5 } }, headers)).statusCode).toBe(201);
      if (planting) expect((await post(`/v2/agronomics/fields/${id}/plantings`, planting, headers)).statusCode).toBe(201);
      return id;
    }
    const results = (fieldId: string, modelId: string, query = '') => get(`/v2/agronomics/fields/${fieldId}/models/${modelId}/results${query}`);
    const near = (actual: number, expected: number, digits: number) => expect(Math.abs(actual - round(expected, digits))).toBeLessThanOrEqual(10 ** -digits / 2 + 1e-9);

    it.each(ORIGINAL.map((m) => [m.id, m] as const))('%s: stages on the known series, from the biofix date to the harvest date', async (id, m) => {
      const crop = (await get(`/v2/agronomics/models/${id}`)).json()._links['svc:crop'][0].href.split('/').pop();
      const fieldId = await fieldWithPlanting({ crop, plantingDate: PLANTING, harvestDate: HARVEST });
      const biofixDate = date(PLANTING, m.biofix);
      const expected = expectedResults(m);

      weather.dailyCalls.length = 0;
      const response = await results(fieldId, id);
      expect(response.statusCode, response.body).toBe(200);
      expect(weather.dailyCalls.map((c) => c.range)).toEqual([{ start: biofixDate, end: HARVEST }]);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['modelId', 'location', 'plantingDate', 'biofixDate', 'gddUnits', 'previousStages', 'currentStage', 'nextStage', '_links', 'predictedStages']);
      expect(body).toMatchObject({ modelId: id, location: { latitude: 41.5, longitude: -93.5, fieldId }, plantingDate: PLANTING, biofixDate, gddUnits: 'C' });

      const stageAt = (index: number, reachedOn: string) => ({ date: reachedOn, id: m.stages[index]![0], stage: m.stages[index]![1], gddThreshold: m.stages[index]![3] });
      const [current, ...earlier] = [...expected.reached].reverse();
      expect(body.previousStages.map(({ description: _d, ...rest }: { description: string }) => rest)).toEqual(earlier.reverse().map((s) => stageAt(s.index, s.date)));
      const { description, accumulatedGdds, ...currentRest } = body.currentStage;
      expect(currentRest).toEqual(stageAt(current!.index, current!.date));
      expect(describes(description, m.stages[current!.index]![2])).toBe(true);
      near(accumulatedGdds, expected.total, 2);
      if (expected.next === null) expect(body.nextStage).toBeNull();
      else {
        const [nextId, nextStage, , threshold] = m.stages[expected.next]!;
        expect(body.nextStage).toMatchObject({ id: nextId, stage: nextStage, gddThreshold: threshold });
        near(body.nextStage.gddRemaining, threshold - expected.total, 2);
        expect(Object.keys(body.nextStage)).toEqual([
          'id',
          'stage',
          'description',
          'gddThreshold',
          'gddRemaining',
          'predictedDate',
          'predictedDateEarly',
          'predictedDateLate',
          'predictionBasis',
        ]);
      }
      // Harvested before today: the stages not reached are listed, none is predicted.
      expect(body.predictedStages.map((s: { id: string }) => s.id)).toEqual(expected.next === null ? [] : m.stages.slice(expected.next).map(([stageId]) => stageId));
      expect(body.predictedStages[0] ?? null).toEqual(body.nextStage);
      for (const s of body.predictedStages) expect(s).toMatchObject({ predictedDate: null, predictedDateEarly: null, predictedDateLate: null, predictionBasis: null });

      const usa = (await results(fieldId, id, '?units=usa')).json();
      expect(usa.gddUnits).toBe('F');
      expect(usa.previousStages.map((s: { date: string }) => s.date)).toEqual(body.previousStages.map((s: { date: string }) => s.date));
      expect(usa.currentStage).toMatchObject({ id: m.stages[current!.index]![0], gddThreshold: round(m.stages[current!.index]![3] * 1.8, 1) });
      near(usa.currentStage.accumulatedGdds, expected.total * 1.8, 2);
      if (expected.next !== null) near(usa.nextStage.gddRemaining, (m.stages[expected.next]![3] - expected.total) * 1.8, 2);
    });

    it('gives a planting of plain corn (corn-2500-gdd) growth stages, through yesterday', async () => {
      const fieldId = await fieldWithPlanting({ crop: 'corn', plantingDate: '2024-06-01' });
      weather.dailyCalls.length = 0;
      const response = await results(fieldId, 'Corn2500ISUAbendroth');
      expect(response.statusCode, response.body).toBe(200);
      expect(weather.dailyCalls[0]!.range).toEqual({ start: '2024-06-01', end: '2024-06-14' });
      expect(response.headers['x-data-source']).toBe('fake');
      // The fake's own June 2024 days: high 34.01 … 34.14 °C, low 17 °C → high reset to 30:
      // (30 + 17)/2 − 10 = 13.5 a day, 14 days = 189 → V6 (stage4, 256) not yet, V4 (190) not yet.
      const body = response.json();
      expect(body.currentStage).toMatchObject({ id: 'stage2', stage: 'V2', date: '2024-06-09', accumulatedGdds: 189 });
      expect(body.nextStage).toMatchObject({ id: 'stage3', stage: 'V4', gddThreshold: 190, gddRemaining: 1 });
      expect((await results(fieldId, 'MaizeKALRO')).statusCode).toBe(200);
      expect(expectErrorBody(await results(fieldId, 'Corn2700ISUAbendroth'), 400).detailedMessage).toContain('corn-2500-gdd');
    });

    describe('predicted dates', () => {
      // Corn2500ISUAbendroth (modifiedstandard, base 10 °C, high and low held within 10–30 °C) on a
      // corn planting of 2024-06-01 in central Iowa, on the fake's own weather. Today there is
      // 2024-06-15 (America/Chicago, UTC−5 in June).
      //   Through yesterday: 189 °C-days (14 days of 13.5, see above); V4 (190) is next.
      //   Forecast, 06-15 … 06-22: a local day runs 05:00Z to 05:00Z, the fake's hour h (UTC) is
      //   10 + h °C, so the day's high is 33 (18:00Z) and its low 10 (00:00Z) → (30 + 10)/2 − 10 =
      //   10 a day: 199 on 06-15 (V4 reached), 259 on 06-21 (V6, 256), 269 on 06-22.
      //   Norms from 06-23: the default period, the 10 seasons 06-23 … 06-01 starting 2014 … 2023
      //   (2023's ends 2024-06-01, before today), through the end of the season 2025-06-01 (366
      //   days from the biofix date), computed below from the fake's days.
      const CORN: Rule = { method: 'modifiedstandard', base: 10, upper: 30, lower: 10 };
      const fakeGdd = (isoDate: string) => {
        const d = fakeDay(isoDate);
        return dayGdd(d.tmax!, d.tmin!, CORN);
      };
      const CORN_STAGES = ORIGINAL.find((m) => m.id === 'Corn2500ISUAbendroth')!.stages;

      /** Expected predictions: every path written out from the definitions in docs/agronomy.md. */
      function expectedPredictions(accumulated: number, last: string) {
        const forecast: { date: string; total: number }[] = [];
        let central = accumulated;
        for (let i = 0; i < 8; i++) forecast.push({ date: date('2024-06-15', i), total: (central += 10) });
        const years = Array.from({ length: 10 }, (_, i) => 2014 + i);
        // Per season: the GDD of each calendar day and the running total from 06-23 through it.
        const seasons = years.map((year) => {
          const byDay = new Map<string, { gdd: number; total: number }>();
          let total = 0;
          for (let day = `${year}-06-23`; day <= `${year + 1}-06-01`; day = date(day, 1)) {
            const gdd = fakeGdd(day);
            byDay.set(day.slice(5), { gdd, total: (total += gdd) });
          }
          return byDay;
        });
        const paths: { date: string; central: number; early: number; late: number; basis: string }[] = forecast.map((d) => ({
          date: d.date,
          central: d.total,
          early: d.total,
          late: d.total,
          basis: 'forecast',
        }));
        for (let day = '2024-06-23'; day <= last; day = date(day, 1)) {
          const values = seasons.map((season) => season.get(day.slice(5))!);
          const mean = values.reduce((sum, v) => sum + v.gdd, 0) / values.length;
          const totalMean = values.reduce((sum, v) => sum + v.total, 0) / values.length;
          const spread = Math.sqrt(values.reduce((sum, v) => sum + (v.total - totalMean) ** 2, 0) / (values.length - 1));
          central += mean;
          paths.push({ date: day, central, early: central + spread, late: central - spread, basis: 'norms' });
        }
        return (threshold: number) => {
          const at = paths.find((p) => p.central >= threshold);
          return {
            predictedDate: at?.date ?? null,
            predictedDateEarly: paths.find((p) => p.early >= threshold)?.date ?? null,
            predictedDateLate: paths.find((p) => p.late >= threshold)?.date ?? null,
            predictionBasis: at?.basis ?? null,
          };
        };
      }

      it('predicts every stage not yet reached from the forecast, then the norms, the same under units=usa', async () => {
        const fieldId = await fieldWithPlanting({ crop: 'corn', plantingDate: '2024-06-01' });
        weather.dailyCalls.length = 0;
        weather.hourlyCalls.length = 0;
        const response = await results(fieldId, 'Corn2500ISUAbendroth');
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json();
        expect(Object.keys(body)).toEqual(['modelId', 'location', 'plantingDate', 'biofixDate', 'gddUnits', 'previousStages', 'currentStage', 'nextStage', '_links', 'predictedStages']);
        // One hourly forecast request; the accumulation, then one request per norm season.
        // The forecast days are local days: from midnight CDT (05:00Z) on 06-15, 8 × 24 hours.
        expect(weather.hourlyCalls.map((c) => [c.request.start, c.request.hours])).toEqual([[Date.parse('2024-06-15T05:00:00Z'), 8 * 24]]);
        expect(weather.dailyCalls.map((c) => c.range)).toEqual([
          { start: '2024-06-01', end: '2024-06-14' },
          ...Array.from({ length: 10 }, (_, i) => ({ start: `${2014 + i}-06-23`, end: `${2015 + i}-06-01` })),
        ]);

        const predicted = expectedPredictions(189, '2025-06-01');
        const pending = CORN_STAGES.slice(2);
        expect(body.predictedStages.map((s: { id: string }) => s.id)).toEqual(pending.map(([id]) => id));
        pending.forEach(([id, stage, , threshold], i) => {
          const got = body.predictedStages[i];
          expect(got, id).toMatchObject({ id, stage, gddThreshold: threshold, ...predicted(threshold) });
          near(got.gddRemaining, threshold - 189, 2);
          expect(got.predictedDateEarly <= got.predictedDate && got.predictedDate <= got.predictedDateLate, id).toBe(true);
        });
        // Worked out above: V4 on the first forecast day, V6 on the seventh; later stages on the norms.
        expect(body.nextStage).toEqual(body.predictedStages[0]);
        expect(body.nextStage).toMatchObject({ id: 'stage3', predictedDate: '2024-06-15', predictedDateEarly: '2024-06-15', predictedDateLate: '2024-06-15', predictionBasis: 'forecast' });
        expect(body.predictedStages[1]).toMatchObject({ id: 'stage4', predictedDate: '2024-06-21', predictionBasis: 'forecast' });
        expect(body.predictedStages.at(-1)).toMatchObject({ id: 'stage17', predictionBasis: 'norms' });
        expect(body.predictedStages.at(-1).predictedDateLate > body.predictedStages.at(-1).predictedDateEarly).toBe(true);

        const usa = (await results(fieldId, 'Corn2500ISUAbendroth', '?units=usa')).json();
        const datesOf = (stages: Record<string, unknown>[]) => stages.map((s) => [s.predictedDate, s.predictedDateEarly, s.predictedDateLate, s.predictionBasis]);
        expect(datesOf(usa.predictedStages)).toEqual(datesOf(body.predictedStages));
        expect(usa.predictedStages[0].gddRemaining).toBe(1.8);

        const chosen = (await results(fieldId, 'Corn2500ISUAbendroth', '?properties=predictedStages')).json();
        expect(Object.keys(chosen)).toEqual(['modelId', '_links', 'predictedStages']);
      });

      it('a forecast that cannot be had right now leaves it out: the norms start today and the stages reached are answered', async () => {
        const fieldId = await fieldWithPlanting({ crop: 'corn', plantingDate: '2024-06-01' });
        const whole = (await results(fieldId, 'Corn2500ISUAbendroth')).json();
        const hourly = weather.hourly;
        weather.hourly = async () => {
          throw new SourceUnavailableError('fake', 'The fake forecast upstream is down.', 120);
        };
        try {
          weather.dailyCalls.length = 0;
          const response = await results(fieldId, 'Corn2500ISUAbendroth');
          expect(response.statusCode, response.body).toBe(200);
          const body = response.json();
          expect(body.previousStages).toEqual(whole.previousStages);
          expect(body.currentStage).toEqual(whole.currentStage);
          // Without forecast days the norm days begin today (06-15), not after the forecast (06-23):
          // asked again once the forecast is found missing.
          expect(weather.dailyCalls.slice(-10).map((c) => c.range)).toEqual(
            Array.from({ length: 10 }, (_, i) => ({ start: `${2014 + i}-06-15`, end: `${2015 + i}-06-01` })),
          );
          expect(body.predictedStages.map((s: { id: string }) => s.id)).toEqual(whole.predictedStages.map((s: { id: string }) => s.id));
          for (const stage of body.predictedStages) expect(stage.predictionBasis === null || stage.predictionBasis === 'norms').toBe(true);
          expect(body.predictedStages.at(-1)).toMatchObject({ predictionBasis: 'norms' });
        } finally {
          weather.hourly = hourly;
        }
      });

      it('documents the predicted dates in the OpenAPI response schema, after the original keys', async () => {
        const doc = (await t.app.inject({ url: '/openapi.json' })).json();
        const schema = doc.paths['/v2/agronomics/fields/{fieldId}/models/{modelId}/results'].get.responses['200'].content['application/json'].schema;
        expect(Object.keys(schema.properties)).toEqual(['modelId', 'location', 'plantingDate', 'biofixDate', 'gddUnits', 'previousStages', 'currentStage', 'nextStage', '_links', 'predictedStages']);
        const predictedKeys = ['id', 'stage', 'description', 'gddThreshold', 'gddRemaining', 'predictedDate', 'predictedDateEarly', 'predictedDateLate', 'predictionBasis'];
        expect(Object.keys(schema.properties.nextStage.properties)).toEqual(predictedKeys);
        expect(Object.keys(schema.properties.predictedStages.items.properties)).toEqual(predictedKeys);
        const next = schema.properties.nextStage.properties;
        expect(next.predictedDate).toMatchObject({ type: 'string', format: 'date', nullable: true });
        expect(next.predictedDate.description).toContain('365 days');
        expect(next.predictionBasis).toMatchObject({ type: 'string', nullable: true, enum: ['forecast', 'norms', null] });
      });

      it('predicts nothing after the harvest date', async () => {
        const fieldId = await fieldWithPlanting({ crop: 'corn', plantingDate: '2024-06-01', harvestDate: '2024-07-10' });
        const body = (await results(fieldId, 'Corn2500ISUAbendroth')).json();
        const predicted = expectedPredictions(189, '2025-06-01');
        const byHarvest = (day: string | null) => (day !== null && day <= '2024-07-10' ? day : null);
        CORN_STAGES.slice(2).forEach(([id, , , threshold], i) => {
          const unbounded = predicted(threshold);
          expect(body.predictedStages[i], id).toMatchObject({
            id,
            predictedDate: byHarvest(unbounded.predictedDate),
            predictedDateEarly: byHarvest(unbounded.predictedDateEarly),
            predictedDateLate: byHarvest(unbounded.predictedDateLate),
            predictionBasis: byHarvest(unbounded.predictedDate) === null ? null : unbounded.predictionBasis,
          });
        });
        expect(body.predictedStages.some((s: { predictedDate: string | null }) => s.predictedDate === null)).toBe(true);
        expect(body.predictedStages.some((s: { predictedDate: string | null }) => s.predictedDate !== null)).toBe(true);
      });

      it('predicts nothing once the season is over, without asking for forecast or norms', async () => {
        // Planted 2023-05-01 without a harvest date: accumulation stopped on 2024-04-30 (366 days).
        // A cool year (12/5 °C: (12 + 10)/2 − 10 = 1 a day) leaves stages from V10 (414) on unreached.
        for (let day = '2023-05-01'; day <= '2024-04-30'; day = date(day, 1)) weather.dayOverrides.set(day, { tmax: 12, tmin: 5 });
        const fieldId = await fieldWithPlanting({ crop: 'corn', plantingDate: '2023-05-01' });
        weather.dailyCalls.length = 0;
        weather.hourlyCalls.length = 0;
        const body = (await results(fieldId, 'Corn2500ISUAbendroth')).json();
        expect(weather.dailyCalls.map((c) => c.range)).toEqual([{ start: '2023-05-01', end: '2024-04-30' }]);
        expect(weather.hourlyCalls).toEqual([]);
        expect(body.currentStage).toMatchObject({ id: 'stage5', accumulatedGdds: 366 });
        expect(body.predictedStages.map((s: { id: string }) => s.id)).toEqual(CORN_STAGES.slice(5).map(([id]) => id));
        for (const s of body.predictedStages) expect(s).toMatchObject({ predictedDate: null, predictedDateEarly: null, predictedDateLate: null, predictionBasis: null });
      });

      it('predicts from the biofix date for a planting that is still to come', async () => {
        // Planted 2024-06-20: nothing accumulated; 06-20 … 06-22 are forecast days, 10 each → 30.
        // The norm of 06-23 over 2014 … 2023 (k = year − 2010 = 4 … 13; high 20 + k + 0.23 held at
        // 30, low 10 + k/2): 8.115, 8.865, 9.615, 10.365, 11.115, 11.865, 12.5, 12.75, 13, 13.25 →
        // mean 11.144 → 41.144 on 06-23, short of VE (49); 06-24 adds about as much → VE on 06-24.
        const fieldId = await fieldWithPlanting({ crop: 'corn', plantingDate: '2024-06-20' });
        const body = (await results(fieldId, 'Corn2500ISUAbendroth')).json();
        expect(body.currentStage).toBeNull();
        expect(body.predictedStages).toHaveLength(17);
        expect(body.nextStage).toMatchObject({ id: 'stage1', gddRemaining: 49, predictionBasis: 'norms' });
        expect(body.nextStage.predictedDate).toBe('2024-06-24');
      });
    });

    it('answers no current stage before the first one is reached, without asking for weather when nothing has accumulated', async () => {
      const fieldId = await fieldWithPlanting({ crop: 'wheat', plantingDate: '2024-06-14' });
      weather.dailyCalls.length = 0;
      const response = await results(fieldId, 'WheatGenericNDAWN', '?units=usa');
      expect(response.statusCode).toBe(200);
      // Only the norms of past years are asked for (for the predicted dates), nothing from the biofix date.
      expect(weather.dailyCalls.filter((c) => c.range.start >= '2024-06-15')).toEqual([]);
      expect(response.json()).toMatchObject({
        biofixDate: '2024-06-15',
        previousStages: [],
        currentStage: null,
        nextStage: { id: 'stage1', stage: 'Haun Stage 0.5', gddThreshold: 180, gddRemaining: 180 },
      });
    });

    it('uses the current planting and filters properties', async () => {
      const fieldId = await fieldWithPlanting({ crop: 'corn', plantingDate: '2024-05-01' });
      await post(`/v2/agronomics/fields/${fieldId}/plantings`, { crop: 'barley', plantingDate: '2024-05-20' });
      const response = await results(fieldId, 'BarleyGenericNDAWN', '?properties=plantingDate,currentStage');
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json())).toEqual(['modelId', 'plantingDate', 'currentStage', '_links']);
      expect(response.json().plantingDate).toBe('2024-05-20');
      expect((await results(fieldId, 'BarleyGenericMSU')).statusCode).toBe(200);
      expectErrorBody(await results(fieldId, 'Corn2500ISUAbendroth'), 400);
      expectErrorBody(await results(fieldId, 'BarleyGenericNDAWN', '?properties=stages'), 400);
      expectErrorBody(await results(fieldId, 'BarleyGenericNDAWN', '?units=imperial'), 400);
    });

    it('links the field, the planting and the model', async () => {
      const fieldId = await fieldWithPlanting({ crop: 'sorghum', plantingDate: PLANTING, harvestDate: HARVEST });
      const body = (await results(fieldId, 'SorghumKALRO', '?units=usa')).json();
      expect(body._links).toEqual({
        self: { href: `/v2/agronomics/fields/${fieldId}/models/SorghumKALRO/results?units=usa` },
        curies: CURIES,
        'svc:field': { href: `/v2/fields/${fieldId}` },
        'svc:planting': { href: expect.stringMatching(new RegExp(`^/v2/agronomics/fields/${fieldId}/plantings/\\d+$`)) },
        'svc:model': { href: '/v2/agronomics/models/SorghumKALRO' },
      });
    });

    it('answers 404 for a missing field, planting or model, and for another account', async () => {
      expect(expectErrorBody(await results('nope', 'WheatGenericNDAWN'), 404).simpleMessage).toContain('Field');
      const bare = await fieldWithPlanting(null);
      expect(expectErrorBody(await results(bare, 'WheatGenericNDAWN'), 404).simpleMessage).toContain('Planting');
      const planted = await fieldWithPlanting({ crop: 'wheat', plantingDate: '2024-05-01' });
      expect(expectErrorBody(await results(planted, 'Wheat2500ISUAbendroth'), 404).simpleMessage).toContain('Model');
      const theirs = await fieldWithPlanting({ crop: 'wheat', plantingDate: '2024-05-01' }, otherAuth);
      expectErrorBody(await results(theirs, 'WheatGenericNDAWN'), 404);
    });

    it('answers 503 when no weather source holds the range', async () => {
      const fieldId = await fieldWithPlanting({ crop: 'wheat', plantingDate: '2024-05-01' });
      weather.missing = true;
      const response = await results(fieldId, 'WheatGenericNDAWN');
      expectErrorBody(response, 503);
      expect(response.headers['retry-after']).toBeDefined();
    });

    it('answers 503 when the app has no weather source', async () => {
      const bare = await createTestApp(kind);
      try {
        const { auth: bareAuth } = await bare.login('bare');
        const headers = { ...bareAuth, 'content-type': 'application/json' };
        await bare.app.inject({ method: 'POST', url: '/v2/fields', headers, payload: JSON.stringify({ id: 'f', farmId: 'x', centerPoint: { latitude: 41.5, longitude: -93.5 } }) });
        await bare.app.inject({ method: 'POST', url: '/v2/agronomics/fields/f/plantings', headers, payload: JSON.stringify({ crop: 'wheat', plantingDate: '2024-05-01' }) });
        expectErrorBody(await bare.app.inject({ method: 'GET', url: '/v2/agronomics/fields/f/models/WheatGenericNDAWN/results', headers: bareAuth }), 503);
      } finally {
        await bare.close();
      }
    });
  });

  describe('v1 (deprecated)', () => {
    const SUNSET = 'Fri, 15 Jan 2016 00:00:00 GMT';

    it('lists the same 29 models in the v1 shape with Deprecation and Sunset headers', async () => {
      const response = await get('/v1/models');
      expect(response.statusCode).toBe(200);
      expect(response.headers.sunset).toBe(SUNSET);
      expect(response.headers.deprecation).toBe('@1452816000');
      expect(response.headers.link).toBe('</v2/agronomics/models>; rel="successor-version"');
      const body = response.json();
      expect(Object.keys(body)).toEqual(['models', '_links']);
      expect(body._links).toEqual({ self: { href: '/v1/models' } });
      expect(body.models.map((m: { id: string }) => m.id)).toEqual(ALL_MODELS);
      const corn = body.models.find((m: { id: string }) => m.id === 'Corn2700ISUAbendroth');
      expect(Object.keys(corn)).toEqual(['id', 'name', 'type', 'crop', 'cropVariety', 'source', '_links']);
      expect(corn).toMatchObject({ type: 'growthstage', crop: 'corn', cropVariety: '2700 GDD maturity', source: { link: null }, _links: { self: { href: '/v1/models/Corn2700ISUAbendroth' } } });
      expect(body.models.find((m: { id: string }) => m.id === 'MaizeKALRO')).toMatchObject({ crop: 'corn', cropVariety: '2500 GDD maturity' });
    });

    it.each([
      ['wheat', ['WheatHardRedMSU', 'WheatGenericMAWG', 'WheatGenericNDAWN', 'WheatGenericOSU', 'WheatGenericVCE']],
      ['Sugarbeet', ['SugarbeetGenericNDAWN']],
      ['cotton', ['Cotton2600UGCE', 'Cotton2200NCCA']],
      ['oat', ['OatGenericMSU']],
      ['corn', ['Corn2300ISUAbendroth', 'Corn2500ISUAbendroth', 'Corn2700ISUAbendroth', 'Corn2900ISUAbendroth', 'MaizeKALRO']],
    ])('filters by crop %s', async (crop, expected) => {
      const response = await get(`/v1/models?crop=${crop}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().models.map((m: { id: string }) => m.id)).toEqual(expected);
    });

    it('refuses an unknown crop or several crops with 400, still deprecated', async () => {
      const unknown = await get('/v1/models?crop=potato');
      expect(expectErrorBody(unknown, 400).detailedMessage).toContain('barley, canola, cotton, oat, sugarbeet, sunflower, wheat, corn');
      expect(unknown.headers.sunset).toBe(SUNSET);
      expectErrorBody(await get('/v1/models?crop=wheat,barley'), 400);
    });

    it('answers a single model, ignoring crop, with properties filtering', async () => {
      const response = await get('/v1/models/BarleyGenericNDAWN?crop=corn&properties=crop');
      expect(response.statusCode).toBe(200);
      expect(response.headers.sunset).toBe(SUNSET);
      expect(response.json()).toEqual({ id: 'BarleyGenericNDAWN', crop: 'barley', _links: { self: { href: '/v1/models/BarleyGenericNDAWN' } } });
      const missing = await get('/v1/models/Nope');
      expectErrorBody(missing, 404);
      expect(missing.headers.deprecation).toBe('@1452816000');
    });
  });
});
