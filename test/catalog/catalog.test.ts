/**
 * Integrity of the shipped catalogue (data/catalog): the crop ids of the public catalogue, one
 * default record per crop name, unique records, models with known ids and crops, and stage
 * thresholds equal to the published tables (fixtures/growth_stage_thresholds.json, a copy of
 * the extension sources' values).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CropRecord, createCatalog, type GrowthStageModel } from '../../src/catalog/catalog.js';
import { DEFAULT_CATALOG_DIRECTORY, loadCatalog } from '../../src/catalog/load-catalog.js';

const published = JSON.parse(fs.readFileSync(new URL('./fixtures/growth_stage_thresholds.json', import.meta.url), 'utf8'));

const PUBLIC_CROP_IDS = [
  'barley-generic', 'canola-b-napus', 'canola-b-rapa', 'canola-generic', 'corn-2300-gdd', 'corn-2500-gdd', 'corn-2700-gdd',
  'corn-2900-gdd', 'cotton-2200-gdd', 'cotton-2600-gdd', 'green-gram-generic', 'oat-generic', 'potato-generic',
  'sorghum-long-season', 'sorghum-short-season', 'soya-generic', 'sugarbeet-generic', 'sunflower-early-dwarf',
  'sunflower-generic', 'wheat-generic', 'wheat-hardred',
];

const catalog = loadCatalog();
const model = (id: string) => catalog.model(id)!;
const thresholds = (id: string) => model(id).stages.map((stage) => stage.gddThreshold);

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

  it('uses model ids of the public catalogue, each naming its source and known crops', () => {
    const publicModelIds: string[] = published.aWhere_v1_models;
    for (const m of catalog.models) {
      expect(publicModelIds, m.id).toContain(m.id);
      expect(m.source.link).toMatch(/^https:\/\//);
      for (const crop of m.crops) expect(catalog.crop(crop), `${m.id} → ${crop}`).toBeDefined();
      const ascending = m.stages.every((stage, i) => i === 0 || stage.gddThreshold > m.stages[i - 1]!.gddThreshold);
      expect(ascending, m.id).toBe(true);
      expect(m.gdd.unit).toBe('F');
    }
  });

  it('carries the NDAWN spring wheat and barley tables (°F-days, base 32 °F, 70 °F cap until Haun 2.0)', () => {
    expect(thresholds('WheatGenericNDAWN')).toEqual(published.wheat_spring_NDAWN.stages.map((s: { gdd_F: number }) => s.gdd_F));
    expect(model('WheatGenericNDAWN').stages.map((s) => s.stage)).toEqual(published.wheat_spring_NDAWN.stages.map((s: { haun: string }) => `Haun ${s.haun}`));
    expect(model('WheatGenericNDAWN').gdd).toEqual({ method: 'modifiedstandard', unit: 'F', baseTemp: 32, minBoundary: 32, maxBoundary: 95, earlyMaxBoundary: { boundary: 70, untilAccumulatedGdd: 395 } });
    expect(thresholds('BarleyGenericNDAWN')).toEqual(published.barley_NDAWN.stages.map((s: { gdd_F: number }) => s.gdd_F));
    expect(model('BarleyGenericNDAWN').gdd.earlyMaxBoundary).toEqual({ boundary: 70, untilAccumulatedGdd: 384 });
  });

  it('carries the NDAWN sunflower (base 44 °F) and sugarbeet (base 34 °F) tables', () => {
    expect(model('SunflowerGenericNDAWN').stages.map((s) => [s.stage, s.gddThreshold])).toEqual(
      published.sunflower_NDAWN.stages.map((s: { stage: string; gdd_F: number }) => [s.stage, s.gdd_F]),
    );
    expect(model('SunflowerGenericNDAWN').gdd).toMatchObject({ baseTemp: 44, maxBoundary: null });
    expect(thresholds('SugarbeetGenericNDAWN')).toEqual(published.sugarbeet_NDAWN.stages.map((s: { gdd_F: number }) => s.gdd_F));
    expect(model('SugarbeetGenericNDAWN').gdd).toMatchObject({ baseTemp: 34, maxBoundary: null });
  });

  it('carries the Iowa State corn table (modified 86/50 °F) with maturity at 2700 GDD', () => {
    expect(model('Corn2700ISUAbendroth').stages.map((s) => [s.stage, s.gddThreshold])).toEqual(
      published.corn_86_50.stages.map((s: { stage: string; gdd_F: number }) => [s.stage, s.gdd_F]),
    );
    expect(thresholds('Corn2700ISUAbendroth').at(-1)).toBe(2700);
    expect(model('Corn2700ISUAbendroth').gdd).toMatchObject({ method: 'modifiedstandard', baseTemp: 50, minBoundary: 50, maxBoundary: 86 });
  });

  it('starts each canola stage at the lower end of its published range (base 41 °F)', () => {
    const lowerEnds = published.canola_MontanaMesonet.stages.map((s: { gdd_F_range: string }) => {
      const range = s.gdd_F_range;
      return range.startsWith('>') ? Number(range.slice(1)) + 1 : Number(range.split('-')[0]);
    });
    // The source prints 297-727 for the fourth leaf right after 257-396 for the third; the
    // fourth leaf starts where the third ends.
    expect(lowerEnds[2]).toBe(297);
    lowerEnds[2] = 397;
    expect(thresholds('CanolaGenericNDAWN')).toEqual(lowerEnds);
    expect(model('CanolaGenericNDAWN').gdd).toMatchObject({ baseTemp: 41, maxBoundary: null });
  });

  it('counts cotton DD60 from planting: the lower emergence value plus the lower value from emergence', () => {
    const [emergence, ...fromEmergence] = published.cotton_DD60.stages.map((s: { dd60: string }) => Number(s.dd60.split('-')[0]));
    expect(thresholds('Cotton2200NCCA')).toEqual([emergence, ...fromEmergence.map((value: number) => emergence + value)]);
    expect(model('Cotton2200NCCA').gdd).toEqual({ method: 'standard', unit: 'F', baseTemp: 60, minBoundary: null, maxBoundary: null });
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
    gdd: { method: 'standard', unit: 'F', baseTemp: 50, minBoundary: null, maxBoundary: null },
    stages: stages.map((gddThreshold, i) => ({ id: `stage${i + 1}`, stage: `S${i}`, description: 'd', gddThreshold })),
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
  ])('refuses %s', (_label, crops, models, message) => {
    expect(build(crops as CropRecord[], models as GrowthStageModel[])).toThrow(message);
  });
});
