/**
 * pyfao56 1.4's runs of its cotton test case (test/fixtures/pyfao56_cotton2013/README.md), read:
 * the parameter file, the weather and irrigation tables, the daily output and the seasonal sums.
 * The oracle of the water-balance tests (the science, and the HTTP resource).
 */
import fs from 'node:fs';
import { expect } from 'vitest';
import { fromEpochDay, toEpochDay } from '../../src/core/dates.js';
import type { WaterBalanceInput, WaterBalanceParameters } from '../../src/agronomy/water-balance.js';
import { windSpeedAt2m } from '../../src/agronomy/wind-profile.js';

const FIXTURES = new URL('../fixtures/pyfao56_cotton2013/', import.meta.url);
export const read = (file: string): string => fs.readFileSync(new URL(file, FIXTURES), 'utf8');

const isDataRow = (line: string): boolean => /^\d{4}-\d{3}\s/.test(line);

/** pyfao56's `YYYY-DDD` as an ISO date. */
export function isoDate(yearDay: string): string {
  const [year, day] = yearDay.split('-').map(Number) as [number, number];
  return fromEpochDay(toEpochDay(`${year}-01-01`) + day - 1);
}

/** The parameter file: one `value Name, description` line per parameter. */
export function readParameters(): WaterBalanceParameters {
  const values = new Map<string, number>();
  for (const line of read('cotton2013.par').split('\n')) {
    const match = /^\s*(-?[\d.]+)\s+(\w+),/.exec(line);
    if (match) values.set(match[2]!, Number(match[1]));
  }
  const value = (name: string): number => {
    const found = values.get(name);
    if (found === undefined) throw new Error(`no ${name} in cotton2013.par`);
    return found;
  };
  return {
    crop: {
      kcbInitial: value('Kcbini'),
      kcbMid: value('Kcbmid'),
      kcbEnd: value('Kcbend'),
      stageLengths: { initial: value('Lini'), development: value('Ldev'), mid: value('Lmid'), late: value('Lend') },
      heightInitial: value('hini'),
      heightMax: value('hmax'),
      rootDepthInitial: value('Zrini'),
      rootDepthMax: value('Zrmax'),
      depletionFraction: value('pbase'),
    },
    soil: {
      fieldCapacity: value('thetaFC'),
      wiltingPoint: value('thetaWP'),
      initialWaterContent: value('theta0'),
      evaporationLayerDepth: value('Ze'),
      readilyEvaporableWater: value('REW'),
      // pyfao56 ran these cases without runoff (its roff option off): CN2 is not used.
      curveNumber: null,
    },
  };
}

/** Rows of a whitespace table whose header line starts with `Year-DOY`, keyed by column name (first of a repeated name). */
export function readTable(file: string): Array<Record<string, string>> {
  const lines = read(file).split('\n');
  const header = lines.find((line) => line.startsWith('Year-DOY'));
  if (header === undefined) throw new Error(`no header in ${file}`);
  const names = header.trim().split(/\s+/);
  return lines.filter(isDataRow).map((line) => {
    const cells = line.trim().split(/\s+/);
    const row: Record<string, string> = {};
    names.forEach((name, index) => {
      if (!(name in row)) row[name] = cells[index]!;
    });
    return row;
  });
}

/** The weather file's wind height (m). */
export function windHeight(): number {
  const match = /^\s*([\d.]+)\s+Wind speed measurement height/m.exec(read('cotton2013.wth'));
  if (!match) throw new Error('no wind height in cotton2013.wth');
  return Number(match[1]);
}

/** pyfao56's daily inputs: weather, and the treatment's irrigation events, from 2013-113 to 2013-312. */
export function readInputs(irrigationFile: string): WaterBalanceInput[] {
  const height = windHeight();
  const irrigation = new Map(readTable(irrigationFile).map((row) => [row['Year-DOY']!, row]));
  return readTable('cotton2013.wth')
    .filter((row) => row['Year-DOY']! >= '2013-113' && row['Year-DOY']! <= '2013-312')
    .map((row) => {
      const event = irrigation.get(row['Year-DOY']!);
      if (event !== undefined) expect(Number(event['IrrEff'])).toBe(100);
      return {
        date: isoDate(row['Year-DOY']!),
        referenceEt: Number(row['ETref']),
        precipitation: Number(row['Rain']),
        rhMin: Number(row['RHmin']),
        windSpeed2m: windSpeedAt2m(Number(row['Wndsp']), height),
        irrigation: event === undefined ? 0 : Number(event['Depth']),
        irrigationWettedFraction: event === undefined ? null : Number(event['fw']),
      };
    });
}

/** `.sum` lines: `value : name`. */
export function readSums(file: string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of read(file).split('\n')) {
    const match = /^\s*(-?[\d.]+) : (\w+)/.exec(line);
    if (match) sums.set(match[2]!, Number(match[1]));
  }
  return sums;
}

