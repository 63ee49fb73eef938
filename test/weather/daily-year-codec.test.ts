import { describe, expect, it } from 'vitest';
import { DAILY_VARIABLE_NAMES, DAILY_VARIABLES } from '../../src/weather/daily-variables.js';
import { DAILY_YEAR_CODEC, encodeYear } from '../../src/weather/daily-year-codec.js';
import { type DailyWeather, emptyDailyWeather } from '../../src/weather/weather-source.js';

const { decodeYear, emptyYear, readSlot, writeSlot } = DAILY_YEAR_CODEC;

const day: DailyWeather = {
  date: '2021-03-04',
  tmax: 12.5,
  tmin: -1.25,
  precipitation: 0.2,
  solar: 2500,
  rhMax: 100,
  rhMin: 41.5,
  vapourPressure: 0.6571,
  rhMean: null,
  windDayMax: 9,
  windMorningMax: null,
  windAverage: 3.5,
};

/** A year in the first layout: 366 slots of 11 float64 values, no vapour pressure or mean RH. */
function legacyYear(stored: DailyWeather, dayIndex: number): Uint8Array {
  const values = new Float64Array(366 * 11).fill(NaN);
  const base = dayIndex * 11;
  values.set([0, 1, stored.tmax!, stored.tmin!, stored.precipitation!, stored.solar!, stored.rhMax!, stored.rhMin!, stored.windDayMax!, NaN, stored.windAverage!], base);
  return new Uint8Array(values.buffer);
}

describe('stored daily years', () => {
  it('keep the vapour pressure and mean humidity exactly, with nulls', () => {
    const values = emptyYear();
    writeSlot(values, { day, complete: true, fetchedAt: 0 });
    const read = readSlot(decodeYear(encodeYear(values)), day.date);
    expect(read).toEqual({ day, complete: true, fetchedAt: 0 });
  });

  it('read the same from bytes at any offset in their buffer, the 11-value layout too', () => {
    const values = emptyYear();
    writeSlot(values, { day, complete: true, fetchedAt: 5 });
    for (const bytes of [encodeYear(values), legacyYear(day, 62)]) {
      for (const offset of [0, 3, 8]) {
        const shifted = new Uint8Array(bytes.length + offset);
        shifted.set(bytes, offset);
        const at = shifted.subarray(offset);
        expect(readSlot(decodeYear(at), day.date)?.day).toEqual(readSlot(decodeYear(bytes), day.date)!.day);
        expect(readSlot(decodeYear(at), day.date)!.day.tmax).toBe(12.5);
      }
    }
  });

  it('still read rows written in the first 11-value layout, and write them back in the current one', () => {
    const bytes = legacyYear(day, 62); // 4 March is day 63
    const values = decodeYear(bytes);
    const read = readSlot(values, day.date)!;
    expect(read.complete).toBe(true);
    expect(read.day).toEqual({ ...day, vapourPressure: null, rhMean: null, windMorningMax: null });
    expect(readSlot(values, '2021-03-05')).toBeUndefined();
    const rewritten = encodeYear(values);
    expect(rewritten.length).toBe(366 * 13 * 8);
    expect(readSlot(decodeYear(rewritten), day.date)!.day).toEqual(read.day);
  });

  it('read anything of another length as an empty year', () => {
    expect(readSlot(decodeYear(new Uint8Array(24)), day.date)).toBeUndefined();
    expect(readSlot(decodeYear(null), day.date)).toBeUndefined();
  });
});

describe('stored daily years, by the daily variables table', () => {
  const VALUES_PER_DAY = 2 + DAILY_VARIABLE_NAMES.length;

  /** A day with a different value for every variable. */
  const everyVariable = (date: string): DailyWeather => {
    const day = emptyDailyWeather(date);
    DAILY_VARIABLE_NAMES.forEach((name, i) => (day[name] = 1.5 + i * 10.25));
    return day;
  };

  /** The reading of a stored day written as plainly as possible, for the compiled reader to agree with. */
  const referenceRead = (values: Float64Array, dayIndex: number, date: string): DailyWeather => {
    const day = emptyDailyWeather(date);
    for (const name of DAILY_VARIABLE_NAMES) {
      const value = values[dayIndex * VALUES_PER_DAY + 2 + DAILY_VARIABLES[name].slot]!;
      day[name] = Number.isNaN(value) ? null : value;
    }
    return day;
  };

  it('round-trip every variable of the table, each at its slot', () => {
    const day = everyVariable('2024-12-31');
    const values = emptyYear();
    expect(values.length).toBe(366 * VALUES_PER_DAY);
    writeSlot(values, { day, complete: false, fetchedAt: 1234 });
    const base = 365 * VALUES_PER_DAY;
    expect(Array.from(values.subarray(base, base + VALUES_PER_DAY))).toEqual([
      1234,
      0,
      ...[...DAILY_VARIABLE_NAMES].sort((a, b) => DAILY_VARIABLES[a].slot - DAILY_VARIABLES[b].slot).map((name) => day[name]),
    ]);
    const read = readSlot(decodeYear(encodeYear(values)), day.date)!;
    expect(read).toEqual({ day, complete: false, fetchedAt: 1234 });
    expect(Object.keys(read.day).sort()).toEqual(['date', ...DAILY_VARIABLE_NAMES].sort());
  });

  it('write the bytes of the 13-value layout', () => {
    const values = emptyYear();
    writeSlot(values, { day, complete: true, fetchedAt: 1700000000000 });
    const bytes = encodeYear(values);
    expect(bytes.length).toBe(366 * 13 * 8);
    const slot = new Float64Array(bytes.buffer, bytes.byteOffset + 62 * 13 * 8, 13);
    // [fetchedAt, complete, tmax, tmin, precipitation, solar, rhMax, rhMin, windDayMax, windMorningMax, windAverage, vapourPressure, rhMean]
    expect(Array.from(slot)).toEqual([1700000000000, 1, 12.5, -1.25, 0.2, 2500, 100, 41.5, 9, NaN, 3.5, 0.6571, NaN]);
  });

  it('read every day as the table says, with missing values null', () => {
    const values = emptyYear();
    for (let i = 0; i < 40; i++) {
      const date = `2023-02-${String((i % 28) + 1).padStart(2, '0')}`;
      const stored = everyVariable(date);
      DAILY_VARIABLE_NAMES.forEach((name, k) => {
        if ((i + k) % 3 === 0) stored[name] = null;
      });
      writeSlot(values, { day: stored, complete: i % 2 === 0, fetchedAt: i });
      const dayIndex = 31 + (i % 28);
      expect(readSlot(values, date)!.day).toEqual(referenceRead(values, dayIndex, date));
      expect(readSlot(values, date)!.day).toEqual(stored);
    }
  });

  it('read a row written before the newest variable was added, with that variable missing', () => {
    const narrow = new Float64Array(366 * 12).fill(NaN);
    narrow.set([5, 1, 20, 10, 0, 3000, 90, 40, 6, 4, 2, 1.1], 0);
    const read = readSlot(decodeYear(new Uint8Array(narrow.buffer)), '2022-01-01')!;
    expect(read).toEqual({
      complete: true,
      fetchedAt: 5,
      day: { ...emptyDailyWeather('2022-01-01'), tmax: 20, tmin: 10, precipitation: 0, solar: 3000, rhMax: 90, rhMin: 40, windDayMax: 6, windMorningMax: 4, windAverage: 2, vapourPressure: 1.1 },
    });
  });
});
