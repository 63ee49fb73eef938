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
