/**
 * APSIM weather files (`.met`; pure): the `[weather.met.weather]` section, constants
 * (`latitude`, `longitude`, `tav`, `amp`, each `name = value (units)`), then a line of column
 * names, a line of units in parentheses and one whitespace-separated row per day:
 * `year day radn maxt mint rain` (radn MJ/m², maxt and mint °C, rain mm) and `vp` (hPa, the
 * day's actual vapour pressure as reference ET takes it, agronomy/humidity.ts) when every day has
 * one (every day with both temperatures does). `!` starts a comment. Missing values are
 * written -99 (APSIM has no missing-value marker: such a file needs mending before a run).
 * tav and amp: `apsimTavAmp` over the input's climate days; left out when no year is complete,
 * in which case APSIM computes them from the file itself.
 */
import { dayOfYear } from '../core/dates.js';
import type { DailyWeather } from '../weather/weather-source.js';
import { firstDate, fixed, lastDate, MISSING, period, type WeatherFileInput } from './weather-file.js';
import { dayVapourPressure } from '../agronomy/humidity.js';
import { kilopascalToHectopascal, whToMj } from '../agronomy/unit-conversions.js';
import { apsimTavAmp } from '../agronomy/annual-temperature.js';

/** `agwx-42.0_-93.5-2024-01-01-2024-12-31.met` style names: place and dates. */
export function apsimFileName(input: WeatherFileInput): string {
  const place = input.fieldId ? `field-${input.fieldId.replace(/[^A-Za-z0-9._-]/g, '_')}` : `${input.latitude}_${input.longitude}`;
  return `agwx-${place}-${firstDate(input)}-${lastDate(input)}.met`;
}

/** Width of each value column; the year and day columns are 4 and 5 wide. */
const WIDTH = 9;
const COLUMNS: [string, string][] = [
  ['year', '()'],
  ['day', '()'],
  ['radn', '(MJ/m^2)'],
  ['maxt', '(oC)'],
  ['mint', '(oC)'],
  ['rain', '(mm)'],
];
const VP_COLUMN: [string, string] = ['vp', '(hPa)'];

function cell(number: number | null, width: number, decimals: number): string {
  return fixed(number === null || !Number.isFinite(number) ? MISSING : number, width, decimals);
}

export function apsimMetFile(input: WeatherFileInput): string {
  const stats = apsimTavAmp(input.climateDays);
  const vapour = input.days.map((day) => dayVapourPressure(day));
  const withVp = vapour.every((vp) => vp !== null);
  const place = input.fieldId ? `field ${input.fieldId} at ${input.latitude}, ${input.longitude}` : `${input.latitude}, ${input.longitude}`;
  const lines = [
    '[weather.met.weather]',
    `!title = agwx daily weather, ${place}, ${period(input.days)}`,
    `!source = ${input.source}`,
    `latitude = ${input.latitude} (DECIMAL DEGREES)`,
    `longitude = ${input.longitude} (DECIMAL DEGREES)`,
    `!elevation = ${Math.round(input.elevation)} (m)`,
  ];
  if (stats) {
    lines.push(
      `tav = ${stats.tav.toFixed(2)} (oC) ! annual average ambient temperature, ${period(input.climateDays)}`,
      `amp = ${stats.amp.toFixed(2)} (oC) ! annual amplitude in mean monthly temperature, ${period(input.climateDays)}`,
    );
  } else {
    lines.push(`! tav and amp left out: no complete calendar year in ${period(input.climateDays)}`);
  }
  lines.push('! missing values are -99');
  lines.push('');
  const columns = withVp ? [...COLUMNS, VP_COLUMN] : COLUMNS;
  const width = (i: number) => (i === 0 ? 4 : i === 1 ? 5 : WIDTH);
  lines.push(columns.map(([name], i) => name.padStart(width(i))).join(''));
  lines.push(columns.map(([, units], i) => units.padStart(width(i))).join(''));
  input.days.forEach((day: DailyWeather, i) => {
    let row =
      `${day.date.slice(0, 4)}${String(dayOfYear(day.date)).padStart(5)}` +
      cell(day.solar === null ? null : whToMj(day.solar), WIDTH, 1) +
      cell(day.tmax, WIDTH, 1) +
      cell(day.tmin, WIDTH, 1) +
      cell(day.precipitation, WIDTH, 1);
    if (withVp) row += cell(kilopascalToHectopascal(vapour[i]!), WIDTH, 1);
    lines.push(row);
  });
  return `${lines.join('\n')}\n`;
}
