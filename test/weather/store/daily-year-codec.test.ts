import { describe, expect, it } from 'vitest';
import { decodeYear, emptyYear, encodeYear, readSlot, writeSlot } from '../../../src/weather/store/daily-year-codec.js';
import type { DailyWeather } from '../../../src/weather/weather-source.js';

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
