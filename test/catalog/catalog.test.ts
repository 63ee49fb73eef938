/**
 * Integrity of the shipped catalogue (data/catalog): the crop ids of the public catalogue, one
 * default record per crop name, unique records, and exactly the original service's 29
 * growth-stage models, compared value by value with its own tables
 * (fixtures/original-model-tables.json, its /models and /models/{id}/details answers as saved by
 * a public client, with the display's cut-off strings left as they were).
 */
import fs from 'node:fs';
import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { GDD_METHODS, type GddMethod, isGddMethod } from '../../src/agronomy/gdd.js';
import { type CropRecord, createCatalog, type GrowthStageModel, ModelGddMethodSchema } from '../../src/catalog/catalog.js';
import { DEFAULT_CATALOG_DIRECTORY, loadCatalog } from '../../src/catalog/load-catalog.js';
import { originalModelTables } from '../support/original-models.js';

const original = originalModelTables();

const PUBLIC_CROP_IDS = [
  'barley-generic', 'canola-b-napus', 'canola-b-rapa', 'canola-generic', 'corn-2300-gdd', 'corn-2500-gdd', 'corn-2700-gdd',
  'corn-2900-gdd', 'cotton-2200-gdd', 'cotton-2600-gdd', 'green-gram-generic', 'oat-generic', 'potato-generic',
  'sorghum-long-season', 'sorghum-short-season', 'soya-generic', 'sugarbeet-generic', 'sunflower-early-dwarf',
  'sunflower-generic', 'wheat-generic', 'wheat-hardred',
];

/** The crop name each model id starts with (Maize is corn). */
const CROP_OF_MODEL: [RegExp, string][] = [
  [/^Barley/, 'barley'], [/^Canola/, 'canola'], [/^Cotton/, 'cotton'], [/^Oat/, 'oat'], [/^Sugarbeet/, 'sugarbeet'],
  [/^Sunflower/, 'sunflower'], [/^Wheat/, 'wheat'], [/^(Corn|Maize)/, 'corn'], [/^Sorghum/, 'sorghum'],
  [/^GreenGram/, 'green gram'], [/^Potato/, 'potato'], [/^Soya/, 'soya'],
];

const catalog = loadCatalog();
const model = (id: string) => catalog.model(id)!;
const cutOff = (text: string) => text.endsWith('...');
const visible = (text: string) => text.slice(0, -3);

describe('the shipped catalogue', () => {
  it('loads from data/catalog', () => {
    expect(DEFAULT_CATALOG_DIRECTORY.replace(/\\/g, '/')).toMatch(/\/data\/catalog\/?$/);
    expect(catalog.crops.length).toBe(21);
  });

  it('holds exactly the crop ids of the public catalogue', () => {
    expect(catalog.crops.map((crop) => crop.id).sort()).toEqual([...PUBLIC_CROP_IDS].sort());
  });

  it('has one default record per crop name: corn-2500-gdd for corn, the -generic record where there is one', () => {
    const names = [...new Set(catalog.crops.map((crop) => crop.name))];
    for (const name of names) {
      const defaults = catalog.cropsNamed(name).filter((crop) => crop.isDefaultForCrop);
      expect(defaults, name).toHaveLength(1);
      const generic = catalog.crops.find((crop) => crop.name === name && crop.id.endsWith('-generic'));
      if (name === 'corn') expect(defaults[0]!.id).toBe('corn-2500-gdd');
      else if (generic) expect(defaults[0]!.id).toBe(generic.id);
    }
    expect(catalog.resolveCrop('corn')!.id).toBe('corn-2500-gdd');
    expect(catalog.resolveCrop('green gram')!.id).toBe('green-gram-generic');
  });

  it('makes every (name, type, variety) unique, with a name on every record', () => {
    const keys = catalog.crops.map((crop) => JSON.stringify([crop.name, crop.type, crop.variety]));
    expect(new Set(keys).size).toBe(keys.length);
    for (const crop of catalog.crops) expect(crop.name.trim()).not.toBe('');
  });

  it("holds the original service's 29 models, 307 stages, in its order", () => {
    expect(original).toHaveLength(29);
    expect(original.reduce((n, m) => n + m.stages.length, 0)).toBe(307);
    expect(catalog.models.map((m) => m.id)).toEqual(original.map((m) => m.id));
  });

  it.each(original.map((m) => [m.id, m] as const))('%s: biofix, method, base and boundaries as the original answered them', (id, table) => {
    const m = model(id);
    expect({ biofix: m.biofix, gddMethod: m.gddMethod, gddBaseTemp: m.gddBaseTemp, gddMaxBoundary: m.gddMaxBoundary, gddMinBoundary: m.gddMinBoundary }).toEqual({
      biofix: table.biofix,
      gddMethod: table.gddMethod,
      gddBaseTemp: table.gddBaseTemp,
      gddMaxBoundary: table.gddMaxBoundary,
      gddMinBoundary: table.gddMinBoundary,
    });
    expect(isGddMethod(m.gddMethod)).toBe(true);
  });

  it.each(original.map((m) => [m.id, m] as const))('%s: every stage id, stage, description and threshold as the original answered them', (id, table) => {
    const m = model(id);
    expect(m.stages.map((s) => [s.id, s.stage, s.gddThreshold])).toEqual(table.stages.map(([stageId, stage, , threshold]) => [stageId, stage, threshold]));
    m.stages.forEach((s, i) => {
      const description = table.stages[i]![2];
      if (cutOff(description)) {
        expect(s.description.startsWith(visible(description)), `${id} ${s.id}`).toBe(true);
        expect(cutOff(s.description)).toBe(false);
      } else {
        expect(s.description).toBe(description);
      }
    });
  });

  it.each(original.map((m) => [m.id, m] as const))('%s: name and source as the original gave them, cut-off text completed', (id, table) => {
    const m = model(id);
    for (const [shipped, answered] of [[m.name, table.name], [m.source.name, table.source]] as const) {
      if (cutOff(answered)) {
        expect(shipped.startsWith(visible(answered)), shipped).toBe(true);
        expect(shipped.length).toBeGreaterThan(visible(answered).length);
      } else {
        expect(shipped).toBe(answered);
      }
    }
    if (table.link === null) expect(m.source.link).toBeNull();
    else if (!cutOff(table.link)) expect(m.source.link).toBe(table.link);
    else {
      // Completed where the full address is known, otherwise cut back to its last whole path.
      const link = m.source.link!;
      const completed = link.startsWith(visible(table.link)) && link.length > visible(table.link).length;
      const cutBack = visible(table.link).startsWith(link) && link.endsWith('/');
      expect(completed || cutBack, link).toBe(true);
    }
  });

  it('applies each model to crop records of its own crop, and gives every crop record at least one model', () => {
    for (const m of catalog.models) {
      const name = CROP_OF_MODEL.find(([pattern]) => pattern.test(m.id))![1];
      for (const cropId of m.crops) expect(catalog.crop(cropId)?.name, `${m.id} → ${cropId}`).toBe(name);
    }
    for (const crop of catalog.crops) {
      expect(catalog.models.filter((m) => m.crops.includes(crop.id)).length, crop.id).toBeGreaterThan(0);
    }
    expect(model('Corn2500ISUAbendroth').crops).toContain('corn-2500-gdd');
    expect(model('Corn2700ISUAbendroth').crops).toEqual(['corn-2700-gdd']);
  });

  it('is documented model by model in docs/catalog.md', () => {
    const doc = fs.readFileSync(new URL('../../docs/catalog.md', import.meta.url), 'utf8');
    for (const m of catalog.models) expect(doc, m.id).toContain(m.id);
  });
});

describe('catalogue checks', () => {
  const crop = (id: string, name: string, isDefaultForCrop: boolean, type: string | null = 'generic'): CropRecord => ({
    id,
    name,
    type,
    variety: 'generic',
    isDefaultForCrop,
  });
  const stageModel = (stages: number[], crops = ['a-generic']): GrowthStageModel => ({
    id: 'M',
    name: 'M',
    description: 'M',
    type: 'growthstage',
    source: { name: 's', link: 'https://example.org' },
    crops,
    biofix: 0,
    gddMethod: 'standard',
    gddBaseTemp: 10,
    gddMaxBoundary: null,
    gddMinBoundary: null,
    stages: stages.map((gddThreshold, i) => ({ id: `stage${i + 1}`, stage: i === 0 ? null : `S${i}`, description: 'd', gddThreshold })),
  });
  const build = (crops: CropRecord[], models: GrowthStageModel[]) => () => createCatalog({ crops }, { models });

  it('accepts a sound catalogue', () => {
    expect(build([crop('a-generic', 'a', true)], [stageModel([1, 2])])).not.toThrow();
  });

  it.each([
    ['two defaults for a name', [crop('a-generic', 'a', true), crop('a-x', 'a', true, 'x')], [], 'default'],
    ['no default for a name', [crop('a-generic', 'a', false)], [], 'default'],
    ['a repeated name, type and variety', [crop('a-generic', 'a', true), crop('a-other', 'a', false)], [], 'repeats'],
    ['a model of an unknown crop', [crop('a-generic', 'a', true)], [stageModel([1], ['b-generic'])], 'unknown crop'],
    ['thresholds out of order', [crop('a-generic', 'a', true)], [stageModel([5, 5])], 'threshold'],
    ['a malformed record', [{ id: 'A B', name: 'a' } as unknown as CropRecord], [], 'crops[0]'],
    ['a model with an unknown gddMethod', [crop('a-generic', 'a', true)], [{ ...stageModel([1]), gddMethod: 'average' }], 'models[0]'],
  ])('refuses %s', (_label, crops, models, message) => {
    expect(build(crops as CropRecord[], models as GrowthStageModel[])).toThrow(message);
  });
});

describe("a model's gddMethod", () => {
  it('is exactly one of the methods of the GDD method table', () => {
    expectTypeOf<Static<typeof ModelGddMethodSchema>>().toEqualTypeOf<GddMethod>();
    expect(ModelGddMethodSchema.anyOf.map((literal) => literal.const)).toEqual([...GDD_METHODS]);
    for (const method of GDD_METHODS) expect(Value.Check(ModelGddMethodSchema, method), method).toBe(true);
    for (const other of ['', 'Standard', 'modified-standard', 'gdd', 10, null]) expect(Value.Check(ModelGddMethodSchema, other), String(other)).toBe(false);
  });
});
