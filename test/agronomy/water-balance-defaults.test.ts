import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load-catalog.js';
import { totalEvaporableWater, waterBalance, waterBalanceParameterProblems } from '../../src/agronomy/water-balance.js';
import {
  DEFAULT_WATER_BALANCE_SOIL,
  defaultStageLengthsSource,
  defaultWaterBalanceCrop,
  hasWaterBalanceCropDefaults,
  WATER_BALANCE_CROP_NAMES,
} from '../../src/agronomy/water-balance-defaults.js';

const catalogCropNames = [...new Set(loadCatalog().crops.map((crop) => crop.name))];

describe('water balance defaults', () => {
  it('has FAO-56 defaults for every crop of the catalogue, and none for a crop it does not hold', () => {
    expect(catalogCropNames.length).toBeGreaterThan(0);
    expect(catalogCropNames.filter((name) => !hasWaterBalanceCropDefaults(name))).toEqual([]);
    expect([...WATER_BALANCE_CROP_NAMES].sort()).toEqual([...catalogCropNames].sort());
  });

  it.each(catalogCropNames)('gives %s parameters the balance takes, with the Table 11 row named', (name) => {
    const crop = defaultWaterBalanceCrop(name);
    expect(waterBalanceParameterProblems({ crop, soil: DEFAULT_WATER_BALANCE_SOIL })).toEqual([]);
    expect(defaultStageLengthsSource(name)).not.toMatch(/generic/);
  });

  // FAO-56 Tables 11 and 22 as transcribed in pyfao56's tools/tables.py: stage lengths, Zr max (midpoint), p.
  it.each([
    ['barley', [20, 25, 60, 30], 1.25, 0.55],
    ['canola', [20, 25, 60, 30], 1.25, 0.6],
    ['corn', [30, 40, 50, 30], 1.35, 0.55],
    ['cotton', [30, 50, 60, 55], 1.35, 0.65],
    ['green gram', [20, 30, 30, 20], 0.8, 0.45],
    ['oat', [20, 25, 60, 30], 1.25, 0.55],
    ['potato', [25, 30, 45, 30], 0.5, 0.35],
    ['sorghum', [20, 35, 40, 30], 1.5, 0.55],
    ['soya', [20, 35, 60, 25], 0.95, 0.5],
    ['sugarbeet', [50, 40, 50, 40], 0.95, 0.55],
    ['sunflower', [25, 35, 45, 25], 1.15, 0.45],
    ['wheat', [20, 25, 60, 30], 1.25, 0.55],
  ] as const)('gives %s the Table 11 stages %j, Zr max %s m and p %s', (name, stages, rootDepthMax, p) => {
    const crop = defaultWaterBalanceCrop(name);
    const { initial, development, mid, late } = crop.stageLengths;
    expect([initial, development, mid, late]).toEqual(stages);
    expect(crop.rootDepthMax).toBeCloseTo(rootDepthMax, 10);
    expect(crop.depletionFraction).toBe(p);
  });

  it('names the Table 11 row of green gram as printed: March, Mediterranean', () => {
    expect(defaultStageLengthsSource('green gram')).toBe('Green gram, cowpeas, March, Mediterranean');
  });

  it('finds a crop by its name in any case', () => {
    expect(defaultWaterBalanceCrop('Cotton')).toEqual(defaultWaterBalanceCrop('cotton'));
    expect(defaultWaterBalanceCrop('cotton')).not.toEqual(defaultWaterBalanceCrop('an unknown crop'));
  });

  it('gives an unknown crop the generic field crop: p 0.5, Kcb 0.15 / 1.10 / 0.30, 140 days', () => {
    const crop = defaultWaterBalanceCrop('quinoa');
    expect(hasWaterBalanceCropDefaults('quinoa')).toBe(false);
    expect(crop.depletionFraction).toBe(0.5);
    expect([crop.kcbInitial, crop.kcbMid, crop.kcbEnd]).toEqual([0.15, 1.1, 0.3]);
    const { initial, development, mid, late } = crop.stageLengths;
    expect(initial + development + mid + late).toBe(140);
    expect(defaultStageLengthsSource('quinoa')).toMatch(/generic/);
  });

  it("takes the silt loam of FAO-56 Table 19, whose TEW at Ze 0.10 m falls in the table's 16–26 mm", () => {
    const tew = totalEvaporableWater(DEFAULT_WATER_BALANCE_SOIL);
    expect(tew).toBeGreaterThanOrEqual(16);
    expect(tew).toBeLessThanOrEqual(26);
    expect(DEFAULT_WATER_BALANCE_SOIL.readilyEvaporableWater).toBeGreaterThanOrEqual(8);
    expect(DEFAULT_WATER_BALANCE_SOIL.readilyEvaporableWater).toBeLessThanOrEqual(11);
  });

  it('runs a rain-fed season from field capacity: depletion starts at 0 and the crop comes under stress without water', () => {
    const days = Array.from({ length: 120 }, (_, index) => ({
      date: `day ${index}`,
      referenceEt: 5,
      precipitation: 0,
      rhMin: 45,
      windSpeed2m: 2,
      irrigation: 0,
      irrigationWettedFraction: null,
    }));
    const balance = waterBalance({ crop: defaultWaterBalanceCrop('corn'), soil: DEFAULT_WATER_BALANCE_SOIL }, days);
    expect(balance.initialRootZoneDepletion).toBe(0);
    expect(balance.days[0]!.ks).toBe(1);
    expect(balance.days.at(-1)!.ks).toBeLessThan(1);
  });
});
