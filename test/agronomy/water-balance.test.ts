import { describe, expect, it } from 'vitest';
import {
  curveNumberRunoff,
  waterBalance,
  waterBalanceParameterProblems,
  waterBalanceTotals,
  type WaterBalanceDay,
  type WaterBalanceInput,
} from '../../src/agronomy/water-balance.js';
import { basalCropCoefficient, climateAdjustedKcb, growthStageOf } from '../../src/agronomy/water-balance-crop.js';
import { isoDate, readInputs, readParameters, readSums, readTable } from '../support/pyfao56-fixtures.js';

// Every day of both runs agrees to half a unit of the printed last decimal (measured); a little room for float noise.
const COEFFICIENT = 0.001;
const DEPTH_MM = 0.001;

/** Our quantity, pyfao56's column, and the tolerance (printed to 3 decimals). */
const COMPARED: ReadonlyArray<[keyof WaterBalanceDay, string, number]> = [
  ['referenceEt', 'ETref', DEPTH_MM],
  ['kcb', 'Kcb', COEFFICIENT],
  ['cropHeight', 'h', COEFFICIENT],
  ['kcMax', 'Kcmax', COEFFICIENT],
  ['canopyCover', 'fc', COEFFICIENT],
  ['wettedFraction', 'fw', COEFFICIENT],
  ['exposedWettedFraction', 'few', COEFFICIENT],
  ['evaporationLayerDepletion', 'De', DEPTH_MM],
  ['kr', 'Kr', COEFFICIENT],
  ['ke', 'Ke', COEFFICIENT],
  ['evaporation', 'E', DEPTH_MM],
  ['evaporationLayerPercolation', 'DPe', DEPTH_MM],
  ['kc', 'Kc', COEFFICIENT],
  ['etc', 'ETc', DEPTH_MM],
  ['taw', 'TAW', DEPTH_MM],
  ['rootDepth', 'Zr', COEFFICIENT],
  ['depletionFraction', 'p', COEFFICIENT],
  ['raw', 'RAW', DEPTH_MM],
  ['ks', 'Ks', COEFFICIENT],
  ['kcAdjusted', 'Ka', COEFFICIENT],
  ['eta', 'ETa', DEPTH_MM],
  ['transpiration', 'T', DEPTH_MM],
  ['deepPercolation', 'DP', DEPTH_MM],
  ['rootZoneDepletion', 'Dr', DEPTH_MM],
  ['irrigation', 'Irrig', DEPTH_MM],
  ['precipitation', 'Rain', DEPTH_MM],
  ['runoff', 'Runoff', DEPTH_MM],
];

describe.each([
  ['well-watered', 'cottonwet2013'],
  ['water-limited', 'cottondry2013'],
])('FAO-56 dual crop coefficient water balance against pyfao56: cotton 2013, %s', (_treatment, run) => {
  const parameters = readParameters();
  const inputs = readInputs(`${run}.irr`);
  const expected = readTable(`${run}.out`);
  const balance = waterBalance(parameters, inputs);

  it('answers every simulated day, in order', () => {
    expect(inputs).toHaveLength(200);
    expect(balance.days.map((day) => day.date)).toEqual(expected.map((row) => isoDate(row['Year-DOY']!)));
  });

  it('matches every day of every quantity pyfao56 prints, within its printed precision', () => {
    const differences: string[] = [];
    balance.days.forEach((day, index) => {
      const row = expected[index]!;
      for (const [ours, theirs, tolerance] of COMPARED) {
        const want = Number(row[theirs]);
        const got = day[ours] as number;
        if (!(Math.abs(got - want) <= tolerance)) differences.push(`${row['Year-DOY']} ${theirs}: ${got} vs ${want}`);
      }
    });
    expect(differences).toEqual([]);
  });

  it('has the seasonal sums of its .sum file', () => {
    const sums = readSums(`${run}.sum`);
    const totals = waterBalanceTotals(balance.days);
    const pairs: Array<[number | null, string]> = [
      [totals.referenceEt, 'ETref'],
      [totals.etc, 'ETc'],
      [totals.eta, 'ETa'],
      [totals.evaporation, 'E'],
      [totals.transpiration, 'T'],
      [totals.deepPercolation, 'DP'],
      [totals.irrigation, 'Irrig'],
      [totals.precipitation, 'Rain'],
      [totals.runoff, 'Runoff'],
      [totals.firstDayDepletion, 'Dr_ini'],
      [totals.lastDayDepletion, 'Dr_end'],
    ];
    for (const [got, name] of pairs) expect(got, name).toBeCloseTo(sums.get(name)!, 2);
  });

  it('keeps the water balance closed: the change in depletion is what went out less what came in', () => {
    // With the root zone growing into soil at field capacity, Dr's change is exactly ET − P − I + RO + DP
    // unless Dr was held at 0 or TAW; the runs keep Dr inside on every day they are not held.
    let previous = balance.initialRootZoneDepletion;
    for (const day of balance.days) {
      const free = previous - day.precipitation + day.runoff - day.irrigation + day.eta + day.deepPercolation;
      if (free >= 0 && free <= day.taw) expect(day.rootZoneDepletion).toBeCloseTo(free, 9);
      previous = day.rootZoneDepletion;
    }
  });
});

describe('the crop curve', () => {
  const crop = readParameters().crop; // Lini 31, Ldev 52, Lmid 50, Lend 21

  it('counts the first day as day 0 of the initial stage, which runs to day Lini', () => {
    expect(growthStageOf(0, crop.stageLengths)).toBe('initial');
    expect(growthStageOf(31, crop.stageLengths)).toBe('initial');
    expect(growthStageOf(32, crop.stageLengths)).toBe('development');
    expect(growthStageOf(83, crop.stageLengths)).toBe('development');
    expect(growthStageOf(84, crop.stageLengths)).toBe('mid');
    expect(growthStageOf(133, crop.stageLengths)).toBe('mid');
    expect(growthStageOf(154, crop.stageLengths)).toBe('late');
    expect(growthStageOf(155, crop.stageLengths)).toBe('after');
  });

  it('rises linearly to Kcb mid over the development stage and falls to Kcb end over the late one (FAO-56 eq. 66)', () => {
    expect(basalCropCoefficient(31, crop)).toBe(0.15);
    expect(basalCropCoefficient(32, crop)).toBeCloseTo(0.15 + 1.05 / 52, 12);
    expect(basalCropCoefficient(83, crop)).toBeCloseTo(1.2, 12);
    expect(basalCropCoefficient(144, crop)).toBeCloseTo(1.2 - (11 * (1.2 - 0.573)) / 21, 12);
    expect(basalCropCoefficient(154, crop)).toBeCloseTo(0.573, 12);
    expect(basalCropCoefficient(400, crop)).toBe(0.573);
  });
});

describe('Kcb adjusted to the climate (FAO-56 eq. 70)', () => {
  it('adds [0.04 (u2 − 2) − 0.004 (RHmin − 45)] (h/3)^0.3: Kcb mid 1.15 of a 2 m crop at u2 3.2 m/s, RHmin 25 % becomes 1.263', () => {
    // 0.04 × 1.2 − 0.004 × (−20) = 0.128; (2/3)^0.3 = 0.8855; 0.128 × 0.8855 = 0.113.
    expect(climateAdjustedKcb(1.15, 3.2, 25, 2)).toBeCloseTo(1.15 + 0.128 * (2 / 3) ** 0.3, 12);
    expect(climateAdjustedKcb(1.15, 3.2, 25, 2)).toBeCloseTo(1.263, 3);
  });

  it('holds u2 to 1–6 m/s and RHmin to 20–80 %', () => {
    expect(climateAdjustedKcb(1, 9, 5, 3)).toBeCloseTo(1 + 0.04 * 4 + 0.004 * 25, 12);
    expect(climateAdjustedKcb(1, 0, 95, 3)).toBeCloseTo(1 - 0.04 - 0.004 * 35, 12);
  });

  it('changes Kcb mid and end from the mid and late days of the run when asked, and the days after them', () => {
    const parameters = readParameters();
    const inputs = readInputs('cottonwet2013.irr');
    const plain = waterBalance(parameters, inputs);
    const adjusted = waterBalance(parameters, inputs, { adjustKcbToClimate: true });
    const mean = (from: number, to: number, pick: (input: WaterBalanceInput) => number): number => {
      const slice = inputs.slice(from, to + 1);
      return slice.reduce((total, input) => total + pick(input), 0) / slice.length;
    };
    const rhMid = mean(84, 133, (input) => input.rhMin!);
    const uMid = mean(84, 133, (input) => input.windSpeed2m!);
    const expectedMid = 1.2 + (0.04 * (Math.min(6, Math.max(1, uMid)) - 2) - 0.004 * (Math.min(80, Math.max(20, rhMid)) - 45)) * (1.2 / 3) ** 0.3;
    expect(adjusted.crop.kcbMid).toBeCloseTo(expectedMid, 12);
    expect(adjusted.days[100]!.kcb).toBeCloseTo(expectedMid, 12);
    expect(plain.days[100]!.kcb).toBe(1.2);
    expect(adjusted.crop.kcbEnd).not.toBe(0.573);
    expect(adjusted.days[0]!.kcb).toBe(plain.days[0]!.kcb);
  });

  it('leaves a Kcb end of 0.45 or less as it is', () => {
    const parameters = readParameters();
    const inputs = readInputs('cottonwet2013.irr');
    const dry = { ...parameters, crop: { ...parameters.crop, kcbEnd: 0.4 } };
    expect(waterBalance(dry, inputs, { adjustKcbToClimate: true }).crop.kcbEnd).toBe(0.4);
  });
});

describe('runoff by the curve number (ASCE Manual 70, 2016, eqs. 14-12 to 14-20)', () => {
  // CN2 70: CN1 = 70 / (2.281 − 0.8967) = 50.57; CN3 = 70 / (0.427 + 0.4011) = 84.53.
  const cn1 = 70 / (2.281 - 0.01281 * 70);
  const cn3 = 70 / (0.427 + 0.00573 * 70);
  const runoffAt = (cn: number, p: number): number => {
    const s = 250 * (100 / cn - 1);
    return p > 0.2 * s ? (p - 0.2 * s) ** 2 / (p + 0.8 * s) : 0;
  };

  it('uses CN3 on a wet surface and CN1 on a dry one', () => {
    expect(cn3).toBeCloseTo(84.53, 2);
    expect(curveNumberRunoff(50, 70, 0, 9, 20)).toBeCloseTo(runoffAt(cn3, 50), 12);
    expect(curveNumberRunoff(50, 70, 0, 9, 20)).toBeCloseTo(19.27, 2);
    expect(curveNumberRunoff(80, 70, 20, 9, 20)).toBeCloseTo(runoffAt(cn1, 80), 12);
  });

  it('is nothing for rain up to the initial abstraction 0.2 S', () => {
    const s3 = 250 * (100 / cn3 - 1);
    expect(curveNumberRunoff(0.2 * s3, 70, 0, 9, 20)).toBe(0);
    expect(curveNumberRunoff(0, 70, 0, 9, 20)).toBe(0);
  });

  it('takes runoff out of the rain reaching both layers when a curve number is set', () => {
    const parameters = readParameters();
    const inputs: WaterBalanceInput[] = readInputs('cottonwet2013.irr').map((input, index) => (index === 60 ? { ...input, precipitation: 60 } : input));
    const withRunoff = waterBalance({ ...parameters, soil: { ...parameters.soil, curveNumber: 70 } }, inputs);
    const without = waterBalance(parameters, inputs);
    const day = withRunoff.days[60]!;
    expect(day.runoff).toBeGreaterThan(0);
    expect(day.runoff).toBeCloseTo(curveNumberRunoff(60, 70, withRunoff.days[59]!.evaporationLayerDepletion, 9, withRunoff.totalEvaporableWater), 12);
    expect(without.days[60]!.runoff).toBe(0);
    expect(waterBalanceTotals(withRunoff.days).runoff).toBeGreaterThan(0);
  });
});

describe('parameters', () => {
  it('takes the cotton parameters as they are', () => {
    expect(waterBalanceParameterProblems(readParameters())).toEqual([]);
  });

  it('names what is wrong', () => {
    const parameters = readParameters();
    const problems = waterBalanceParameterProblems({
      crop: { ...parameters.crop, kcbMid: 0.1, stageLengths: { ...parameters.crop.stageLengths, mid: -1 } },
      soil: { ...parameters.soil, wiltingPoint: 0.3 },
    });
    expect(problems).toContain('crop.kcbMid must be greater than crop.kcbInitial.');
    expect(problems).toContain('crop.stageLengths.mid must be a whole number of days from 0 to 366.');
    expect(problems).toContain('soil.fieldCapacity must be greater than soil.wiltingPoint and less than 1.');
    expect(() => waterBalance({ ...parameters, soil: { ...parameters.soil, readilyEvaporableWater: 40 } }, [])).toThrow(/readilyEvaporableWater/);
  });

  it('refuses an irrigation wetted fraction outside (0, 1]', () => {
    const inputs = readInputs('cottonwet2013.irr').slice(0, 3).map((input, index) => (index === 2 ? { ...input, irrigationWettedFraction: 0 } : input));
    expect(() => waterBalance(readParameters(), inputs)).toThrow(/wetted fraction of 2013-04-25/);
  });
});
