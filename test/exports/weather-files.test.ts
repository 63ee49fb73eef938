import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays, datesInRange } from '../../src/core/dates.js';
import { apsimFileName, apsimMetFile } from '../../src/exports/apsim-met-file.js';
import { climatePeriod } from '../../src/exports/climate-period.js';
import { dssatFileName, dssatWeatherFile } from '../../src/exports/dssat-weather-file.js';
import type { WeatherFileInput } from '../../src/exports/weather-file.js';
import { apsimTavAmp, dssatTavAmp } from '../../src/agronomy/annual-temperature.js';
import { dssatFormat } from '../../src/weather/import/dssat.js';
import { emptyDailyWeather, type DailyWeather } from '../../src/weather/weather-source.js';

const CRND = readFileSync('test/fixtures/stations/dssat/CRND9001.WTH', 'utf8').split(/\r?\n/);
const UHIH = readFileSync('test/fixtures/stations/dssat/UHIH1201.WTH', 'utf8').split(/\r?\n/);

function day(date: string, values: Partial<DailyWeather>): DailyWeather {
  return { ...emptyDailyWeather(date), ...values };
}

/** Days whose daily mean temperature is `meanOf(month)` (tmax = mean + 5, tmin = mean − 5). */
function yearOfMeans(year: number, meanOf: (month: number) => number): DailyWeather[] {
  return datesInRange(`${year}-01-01`, `${year}-12-31`).map((date) => {
    const mean = meanOf(Number(date.slice(5, 7)));
    return day(date, { tmax: mean + 5, tmin: mean - 5 });
  });
}

describe('TAV and AMP', () => {
  it('are the mean and the range of the twelve monthly mean temperatures of a year', () => {
    const year = yearOfMeans(2023, (m) => m); // monthly means 1 … 12
    expect(dssatTavAmp(year)).toEqual({ tav: 6.5, amp: 11 });
    expect(apsimTavAmp(year)).toEqual({ tav: 6.5, amp: 11 });
  });

  it('DSSAT pools the years per month; APSIM averages each whole year’s amplitude', () => {
    // 2022 warms through the year (means 1 … 12), 2023 cools (12 … 1): pooled, every month's mean is 6.5.
    const days = [...yearOfMeans(2022, (m) => m), ...yearOfMeans(2023, (m) => 13 - m)];
    expect(dssatTavAmp(days)).toEqual({ tav: 6.5, amp: 0 });
    expect(apsimTavAmp(days)).toEqual({ tav: 6.5, amp: 11 });
  });

  it('APSIM leaves out incomplete years; both need every month', () => {
    const days = [...yearOfMeans(2023, (m) => m), day('2024-01-01', { tmax: 105, tmin: 95 })];
    expect(apsimTavAmp(days)).toEqual({ tav: 6.5, amp: 11 });
    const spring = yearOfMeans(2023, (m) => m).filter((d) => d.date < '2023-06-01');
    expect(dssatTavAmp(spring)).toBeNull();
    expect(apsimTavAmp(spring)).toBeNull();
  });

  it('come from the whole years of the export, else the latest whole year the allowed dates hold', () => {
    const allowed = { start: '2021-12-15', end: '2024-06-14' };
    expect(climatePeriod({ start: '2022-01-01', end: '2023-12-31' }, allowed)).toEqual({ start: '2022-01-01', end: '2023-12-31' });
    expect(climatePeriod({ start: '2022-03-01', end: '2024-05-31' }, allowed)).toEqual({ start: '2023-01-01', end: '2023-12-31' });
    expect(climatePeriod({ start: '2024-03-01', end: '2024-05-31' }, allowed)).toEqual({ start: '2023-01-01', end: '2023-12-31' });
    expect(climatePeriod({ start: '2022-03-01', end: '2022-09-30' }, allowed)).toEqual({ start: '2022-01-01', end: '2022-12-31' });
    expect(climatePeriod({ start: '2021-12-20', end: '2021-12-31' }, allowed)).toEqual({ start: '2022-01-01', end: '2022-12-31' });
    expect(climatePeriod({ start: '2024-03-01', end: '2024-05-31' }, { start: '2024-01-02', end: '2024-06-14' })).toBeNull();
  });
});

// Two days of known weather at Ames, Iowa.
const FEB_1 = day('2024-02-01', { tmax: 5.04, tmin: -3.96, precipitation: 2.26, solar: 3000, vapourPressure: 0.5, rhMean: 71.04, windAverage: 4 });
const FEB_2 = day('2024-02-02', { tmax: -0.04, tmin: -10, precipitation: 0, solar: 2500, rhMax: 80, rhMin: 60, windAverage: null });
const INPUT: WeatherFileInput = {
  latitude: 42.0308,
  longitude: -93.6319,
  elevation: 287.4,
  source: 'synthetic',
  days: [FEB_1, FEB_2],
  climateDays: yearOfMeans(2023, (m) => m),
};

describe('DSSAT .WTH', () => {
  const text = dssatWeatherFile(INPUT);
  const lines = text.split('\n');

  it('writes the station block and the daily table as DSSAT files lay them out', () => {
    const header = lines.findIndex((line) => line.startsWith('@ INSI'));
    // Headers identical to a real DSSAT file's (Carrington, ND).
    expect(lines[header]).toBe(CRND.find((line) => line.startsWith('@ INSI')));
    expect(lines[header + 1]).toBe('  AGWX   42.031  -93.632   287   6.5  11.0   2.0  10.0');
    expect(lines[header + 2]).toBe('@DATE  SRAD  TMAX  TMIN  RAIN  DEWP  WIND  RHUM');
    expect(CRND.find((line) => line.startsWith('@DATE'))!.startsWith('@DATE  SRAD  TMAX  TMIN  RAIN  DEWP  WIND')).toBe(true);
    // 3000 Wh = 10.8 MJ; ea 0.5 kPa → dew point 237.3·ln(0.5/0.6108)/(17.27 − ln(0.5/0.6108)) = −2.7 °C; 4 m/s = 345.6 km/day.
    expect(lines[header + 3]).toBe('24032  10.8   5.0  -4.0   2.3  -2.7 345.6  71.0');
    // 2500 Wh = 9.0 MJ; −0.04 °C is written 0.0; ea = (e°(−10)·0.80 + e°(−0.04)·0.60)/2 = (0.2857·0.80 + 0.6090·0.60)/2 = 0.2970 kPa (eq. 17) → dew point −9.5 °C; no wind: -99.0; RHUM (80+60)/2.
    expect(lines[header + 4]).toBe('24033   9.0   0.0 -10.0   0.0  -9.5 -99.0  70.0');
    expect(lines[0]).toMatch(/^\*WEATHER DATA : /);
    expect(text).toContain('synthetic');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('right-aligns every value under the end of its column name, as in a real file', () => {
    const ends = (line: string) => [...line.matchAll(/\S+/g)].map((m) => m.index! + m[0].length);
    const ours = lines.filter((line) => /^@|^ {2}AGWX|^\d{5}/.test(line));
    const theirs = CRND.filter((line) => /^@|^ {2}CRND|^\d{5}/.test(line));
    expect(ends(ours[1]!)).toEqual(ends(ours[0]!).slice(1)); // station values under INSI … WNDHT (after the lone '@')
    expect(ends(ours[1]!)).toEqual(ends(theirs[1]!));
    const columnEnds = ends(ours[2]!);
    expect(ends(ours[3]!)).toEqual(columnEnds);
    expect(ends(ours[4]!)).toEqual(columnEnds);
    expect(ends(theirs[3]!).slice(0, 7)).toEqual(columnEnds.slice(0, 7)); // DATE … WIND in the fixture
  });

  it('writes YYYYDDD dates under "@  DATE" as DSSAT 4.8 files do', () => {
    const long = dssatWeatherFile(INPUT, { dateStyle: 'yyyyddd' }).split('\n');
    const column = long.find((line) => line.startsWith('@  DATE'))!;
    expect(column).toBe(UHIH.find((line) => line.startsWith('@  DATE')));
    expect(long).toContain('2024032  10.8   5.0  -4.0   2.3  -2.7 345.6  71.0');
  });

  it('is read back by the DSSAT importer with the same values', () => {
    for (const dateStyle of ['yyddd', 'yyyyddd'] as const) {
      const parsed = dssatFormat.parse(dssatWeatherFile(INPUT, { dateStyle }));
      expect(parsed.station).toMatchObject({ id: 'AGWX', latitude: 42.031, longitude: -93.632, elevation: 287 });
      expect(parsed.days.map((d) => d.date)).toEqual(['2024-02-01', '2024-02-02']);
      const [first, second] = parsed.days;
      expect(first!.solar).toBeCloseTo(3000, 0);
      expect(first!.tmax).toBe(5.0);
      expect(first!.tmin).toBe(-4.0);
      expect(first!.precipitation).toBe(2.3);
      expect(first!.windAverage).toBeCloseTo(4, 3); // WNDHT 10 m: no height change
      expect(first!.vapourPressure).toBeCloseTo(0.5, 2);
      expect(first!.rhMean).toBe(71.0);
      expect(second!.windAverage).toBeNull();
      expect(second!.tmax).toBe(0);
    }
  });

  it('is named INSI, first year, number of years', () => {
    expect(dssatFileName(INPUT)).toBe('AGWX2401.WTH');
    const twoYears = { ...INPUT, days: [day('2023-12-31', {}), day('2024-01-01', {})] };
    expect(dssatFileName(twoYears)).toBe('AGWX2302.WTH');
  });

  it('writes -99 for TAV and AMP when the climate days miss a month', () => {
    const text = dssatWeatherFile({ ...INPUT, climateDays: [FEB_1, FEB_2] });
    expect(text).toContain('  AGWX   42.031  -93.632   287 -99.0 -99.0   2.0  10.0');
  });
});

describe('APSIM .met', () => {
  it('writes the section, constants, column names, units and rows', () => {
    const lines = apsimMetFile(INPUT).split('\n');
    expect(lines[0]).toBe('[weather.met.weather]');
    expect(lines).toContain('latitude = 42.0308 (DECIMAL DEGREES)');
    expect(lines.find((l) => l.startsWith('tav = '))).toMatch(/^tav = 6\.50 \(oC\)/);
    expect(lines.find((l) => l.startsWith('amp = '))).toMatch(/^amp = 11\.00 \(oC\)/);
    const names = lines.findIndex((l) => l.startsWith('year'));
    expect(lines[names]!.trim().split(/\s+/)).toEqual(['year', 'day', 'radn', 'maxt', 'mint', 'rain', 'vp']);
    expect(lines[names + 1]!.trim().split(/\s+/)).toEqual(['()', '()', '(MJ/m^2)', '(oC)', '(oC)', '(mm)', '(hPa)']);
    // vp: 0.5 kPa = 5.0 hPa; from RH, ea = (e°(−10)·0.80 + e°(−0.04)·0.60)/2 = 0.2970 kPa = 3.0 hPa.
    expect(lines[names + 2]!.trim().split(/\s+/)).toEqual(['2024', '32', '10.8', '5.0', '-4.0', '2.3', '5.0']);
    expect(lines[names + 3]!.trim().split(/\s+/)).toEqual(['2024', '33', '9.0', '0.0', '-10.0', '0.0', '3.0']);
    expect(apsimFileName(INPUT)).toBe('agwx-42.0308_-93.6319-2024-02-01-2024-02-02.met');
  });

  it('takes vp as e°(Tmin) on a day without humidity, as reference ET and APSIM do; leaves vp out when a day has no temperatures, and tav/amp out without a whole year', () => {
    const dry = apsimMetFile({ ...INPUT, days: [FEB_1, day('2024-02-02', { tmax: 1, tmin: 0, precipitation: 0, solar: 100 })], climateDays: [FEB_1] }).split('\n');
    // e°(0 °C) = 0.6108 kPa = 6.1 hPa (FAO-56 eq. 48: the dew point taken as Tmin)
    expect(dry.find((l) => l.startsWith('2024   33'))!.trim().split(/\s+/)).toEqual(['2024', '33', '0.4', '1.0', '0.0', '0.0', '6.1']);
    expect(dry.join('\n')).not.toMatch(/^tav =/m);
    expect(dry.join('\n')).not.toMatch(/^amp =/m);
    const text = apsimMetFile({ ...INPUT, days: [FEB_1, day('2024-02-02', { precipitation: 0, solar: 100 })] });
    expect(text).not.toContain('vp');
  });

  it('numbers the days of the year through a year end', () => {
    const days = [day('2024-12-31', { tmax: 1, tmin: 0 }), day(addDays('2024-12-31', 1), { tmax: 1, tmin: 0 })];
    const rows = apsimMetFile({ ...INPUT, days }).split('\n').filter((l) => /^\d{4}\s/.test(l));
    expect(rows.map((r) => r.trim().split(/\s+/).slice(0, 2))).toEqual([['2024', '366'], ['2025', '1']]);
  });
});
