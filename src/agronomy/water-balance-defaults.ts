/**
 * Default parameters of the water balance (water-balance.ts) for the crops of the catalogue, by
 * the crop's common name (`CropRecord.name`), and a default soil. Every number is from Allen et
 * al. (1998), FAO-56: Kcb from Table 17, stage lengths from Table 11 (one row per crop, named),
 * maximum height from Table 12, maximum rooting depth and p from Table 22. Where FAO-56 gives a
 * range, the default is its midpoint. docs/water-balance.md lists the rows and the choices, and the
 * figures that were not checked against a printed table.
 *
 * Checked against the transcription of Tables 11, 12, 17 and 22 in pyfao56
 * (github.com/kthorp/pyfao56, src/pyfao56/tools/tables.py), in its current version (ranges as
 * midpoints) and an earlier version (ranges as their first value); a range below is one where the two
 * differ. The FAO-56 text: https://www.fao.org/3/x0490e/x0490e00.htm.
 */
import type { WaterBalanceCrop, WaterBalanceSoil } from './water-balance.js';

/**
 * Height and root depth on the first day, the same for every crop: FAO-56 gives no table of
 * them. 0.05 m is a seedling (pyfao56's cotton case); 0.175 m is the midpoint of the 0.15–0.20 m
 * FAO-56 gives for the effective root depth at planting (Annex 8, eq. 8-1, Zr min).
 */
export const INITIAL_HEIGHT_M = 0.05;
export const INITIAL_ROOT_DEPTH_M = 0.175;

interface CropDefaults {
  /** Table 17: Kcb ini, Kcb mid, Kcb end (midpoints of ranges). */
  readonly kcb: readonly [number, number, number];
  /** Table 11: initial, development, mid, late (days), and the row they come from. */
  readonly stages: readonly [number, number, number, number];
  readonly stagesRow: string;
  /** Table 12: maximum crop height, m. */
  readonly heightMax: number;
  /** Table 22: maximum effective rooting depth, m (midpoint of the range), and p. */
  readonly rootDepthMax: number;
  readonly depletionFraction: number;
}

/** By catalogue crop name. The comments give FAO-56's figures as printed. */
const CROPS: Readonly<Record<string, CropDefaults>> = {
  // T17 barley 0.15 / 1.10 / 0.15; T11 barley/oats/wheat 20 25 60 30 (March/April, 35–45° L); T12 h 1; T22 barley 1.0–1.5 m, p 0.55.
  barley: { kcb: [0.15, 1.1, 0.15], stages: [20, 25, 60, 30], stagesRow: 'Barley/Oats/Wheat, March/April, 35–45° latitude', heightMax: 1, rootDepthMax: 1.25, depletionFraction: 0.55 },
  // T17 rapeseed, canola 0.15 / 0.95–1.10 / 0.25 (1.10 and 0.25 checked; 0.95 not checked against a printed table); T11 has no rapeseed row: the small grains' spring row 20 25 60 30; T12 h 0.6; T22 rapeseed, canola 1.0–1.5 m, p 0.60.
  canola: { kcb: [0.15, 1.025, 0.25], stages: [20, 25, 60, 30], stagesRow: 'none for rapeseed: Barley/Oats/Wheat, March/April, 35–45° latitude', heightMax: 0.6, rootDepthMax: 1.25, depletionFraction: 0.6 },
  // T17 maize, field (grain) 0.15 / 1.15 / 0.50 (harvest at high grain moisture; 0.15 after field drying); T11 maize (grain) 30 40 50 30 (April, Spain, California); T12 h 2; T22 1.0–1.7 m, p 0.55.
  corn: { kcb: [0.15, 1.15, 0.5], stages: [30, 40, 50, 30], stagesRow: 'Maize (grain), April, Spain (spring, summer), California', heightMax: 2, rootDepthMax: 1.35, depletionFraction: 0.55 },
  // T17 cotton 0.15 / 1.10–1.15 / 0.50–0.40 (ranges from the two transcriptions); T11 cotton 30 50 60 55 (March–May, Egypt, Pakistan, California); T12 h 1.2–1.5; T22 1.0–1.7 m, p 0.65.
  cotton: { kcb: [0.15, 1.125, 0.45], stages: [30, 50, 60, 55], stagesRow: 'Cotton, March–May, Egypt, Pakistan, California', heightMax: 1.35, rootDepthMax: 1.35, depletionFraction: 0.65 },
  // T17 green gram and cowpeas 0.15 / 1.00 / 0.55 (harvested fresh), 0.25 (dry), midpoint 0.40; T11 green gram, cowpeas 20 30 30 20 (March, Mediterranean); T12 h 0.4; T22 0.6–1.0 m, p 0.45.
  'green gram': { kcb: [0.15, 1, 0.4], stages: [20, 30, 30, 20], stagesRow: 'Green gram, cowpeas, March, Mediterranean', heightMax: 0.4, rootDepthMax: 0.8, depletionFraction: 0.45 },
  // T17 oats 0.15 / 1.10 / 0.15; T11 barley/oats/wheat 20 25 60 30; T12 h 1; T22 oats 1.0–1.5 m, p 0.55.
  oat: { kcb: [0.15, 1.1, 0.15], stages: [20, 25, 60, 30], stagesRow: 'Barley/Oats/Wheat, March/April, 35–45° latitude', heightMax: 1, rootDepthMax: 1.25, depletionFraction: 0.55 },
  // T17 potato 0.15 / 1.10 / 0.65; T11 potato 25 30 45 30 (May, continental climate); T12 h 0.6; T22 0.4–0.6 m, p 0.35.
  potato: { kcb: [0.15, 1.1, 0.65], stages: [25, 30, 45, 30], stagesRow: 'Potato, May, continental climate', heightMax: 0.6, rootDepthMax: 0.5, depletionFraction: 0.35 },
  // T17 sorghum grain 0.15 / 0.95–1.05 / 0.35; T11 sorghum grain 20 35 40 30 (May/June, USA, Pakistan, Mediterranean); T12 h 1–2; T22 1.0–2.0 m, p 0.55.
  sorghum: { kcb: [0.15, 1, 0.35], stages: [20, 35, 40, 30], stagesRow: 'Sorghum (grain), May/June, USA, Pakistan, Mediterranean', heightMax: 1.5, rootDepthMax: 1.5, depletionFraction: 0.55 },
  // T17 soybeans 0.15 / 1.10 / 0.30; T11 soybeans 20 35 60 25 (May, central USA); T12 h 0.5–1.0; T22 0.6–1.3 m, p 0.50.
  soya: { kcb: [0.15, 1.1, 0.3], stages: [20, 35, 60, 25], stagesRow: 'Soybeans, May, central USA', heightMax: 0.75, rootDepthMax: 0.95, depletionFraction: 0.5 },
  // T17 sugar beet 0.15 / 1.15 / 0.50; T11 sugar beet 50 40 50 40 (April, Idaho, USA); T12 h 0.5; T22 0.7–1.2 m, p 0.55.
  sugarbeet: { kcb: [0.15, 1.15, 0.5], stages: [50, 40, 50, 40], stagesRow: 'Sugar beet, April, Idaho, USA', heightMax: 0.5, rootDepthMax: 0.95, depletionFraction: 0.55 },
  // T17 sunflower 0.15 / 0.95–1.10 / 0.25 (1.10 and 0.25 checked; 0.95 not checked against a printed table); T11 sunflower 25 35 45 25 (April/May, Mediterranean, California); T12 h 2; T22 0.8–1.5 m, p 0.45.
  sunflower: { kcb: [0.15, 1.025, 0.25], stages: [25, 35, 45, 25], stagesRow: 'Sunflower, April/May, Mediterranean, California', heightMax: 2, rootDepthMax: 1.15, depletionFraction: 0.45 },
  // T17 spring wheat 0.15 / 1.10 / 0.15–0.3 (0.15 checked; 0.3 not checked against a printed table); T11 barley/oats/wheat 20 25 60 30; T12 h 1; T22 spring wheat 1.0–1.5 m, p 0.55.
  wheat: { kcb: [0.15, 1.1, 0.225], stages: [20, 25, 60, 30], stagesRow: 'Barley/Oats/Wheat, March/April, 35–45° latitude (spring wheat)', heightMax: 1, rootDepthMax: 1.25, depletionFraction: 0.55 },
};

/**
 * The crop of a name the table does not hold: Kcb ini 0.15 and mid 1.10 (the values most field
 * crops share in Table 17), Kcb end 0.30; stages 25 35 50 30 (140 days, about the middle of the
 * field crops of Table 11); height 1 m; rooting depth 1 m (within most field crops' ranges in
 * Table 22); p 0.50, the value FAO-56 (ch. 8, p. 162) says is commonly used for many crops.
 */
const GENERIC: CropDefaults = {
  kcb: [0.15, 1.1, 0.3],
  stages: [25, 35, 50, 30],
  stagesRow: 'none: a generic field crop',
  heightMax: 1,
  rootDepthMax: 1,
  depletionFraction: 0.5,
};

/** The crop names the table holds (lower case, as the catalogue names crops). */
export const WATER_BALANCE_CROP_NAMES: readonly string[] = Object.keys(CROPS);

function cropOf(defaults: CropDefaults): WaterBalanceCrop {
  const [initial, development, mid, late] = defaults.stages;
  return {
    kcbInitial: defaults.kcb[0],
    kcbMid: defaults.kcb[1],
    kcbEnd: defaults.kcb[2],
    stageLengths: { initial, development, mid, late },
    heightInitial: INITIAL_HEIGHT_M,
    heightMax: defaults.heightMax,
    rootDepthInitial: INITIAL_ROOT_DEPTH_M,
    rootDepthMax: defaults.rootDepthMax,
    depletionFraction: defaults.depletionFraction,
  };
}

/** Whether the table holds the crop name (case-insensitive); otherwise its defaults are the generic crop's. */
export function hasWaterBalanceCropDefaults(cropName: string): boolean {
  return Object.hasOwn(CROPS, cropName.toLowerCase());
}

/** The crop parameters of a catalogue crop name (case-insensitive), or the generic crop's. */
export function defaultWaterBalanceCrop(cropName: string): WaterBalanceCrop {
  const name = cropName.toLowerCase();
  return cropOf(Object.hasOwn(CROPS, name) ? CROPS[name]! : GENERIC);
}

/** The Table 11 row a crop's default stage lengths come from. */
export function defaultStageLengthsSource(cropName: string): string {
  const name = cropName.toLowerCase();
  return (Object.hasOwn(CROPS, name) ? CROPS[name]! : GENERIC).stagesRow;
}

/**
 * The default soil, a silt loam of FAO-56 Table 19 (these figures were not checked against a printed
 * table): θFC 0.22–0.36 → 0.29, θWP 0.09–0.21 → 0.15,
 * REW 8–11 mm → 9.5 mm, Ze 0.10 m (the depth Table 19's TEW 16–26 mm is given for; TEW by eq. 73
 * is then 21.5 mm). The root zone starts at field capacity (Dr = 0 after heavy rain or irrigation,
 * FAO-56 ch. 8), and there is no runoff (no curve number).
 */
export const DEFAULT_WATER_BALANCE_SOIL: WaterBalanceSoil = {
  fieldCapacity: 0.29,
  wiltingPoint: 0.15,
  initialWaterContent: 0.29,
  evaporationLayerDepth: 0.1,
  readilyEvaporableWater: 9.5,
  curveNumber: null,
};
