/**
 * DSSAT weather files (`.WTH`, the ICASA layout DSSAT 4.8 reads; pure). The station line
 * `@ INSI LAT LONG ELEV TAV AMP REFHT WNDHT` and the daily table
 * `@DATE SRAD TMAX TMIN RAIN DEWP WIND RHUM` are fixed-width: DSSAT finds each value between the
 * end of the previous column name and the end of its own (so every value is right-aligned under
 * its name) and reads the date from the first 5 (YYDDD) or 7 (YYYYDDD) characters.
 *
 * Layout, as in DSSAT's own files: INSI in characters 3–6, LAT and LONG 9 wide with 3 decimals,
 * ELEV 6 wide in whole metres, TAV, AMP, REFHT and WNDHT 6 wide with 1 decimal; DATE 5 (or 7)
 * wide, then each daily value 6 wide with 1 decimal. Missing values are -99.0.
 *
 * Values: SRAD MJ/m²/day; TMAX, TMIN, DEWP °C; RAIN mm; WIND the daily wind run in km/day at
 * WNDHT = 10 m (the internal wind's height; DSSAT brings it to 2 m itself); RHUM the daily mean
 * relative humidity, %. DEWP is the dew point of the day's actual vapour pressure as reference ET
 * takes it (agronomy/humidity.ts `actualVapourPressure`: the source's dew point or vapour
 * pressure, else from its humidity, else Tmin). REFHT (temperature and humidity height) is 2 m,
 * the screen height.
 * TAV and AMP: `dssatTavAmp` over the input's climate days.
 */
import { dayOfYear, type IsoDate } from '../core/dates.js';
import type { DailyWeather } from '../weather/weather-source.js';
import { firstDate, fixed, lastDate, MISSING, period, type WeatherFileInput } from './weather-file.js';
import { dayDewPoint, meanRelativeHumidity } from '../agronomy/humidity.js';
import { metersPerSecondToKmPerDay, whToMj } from '../agronomy/unit-conversions.js';
import { dssatTavAmp } from '../agronomy/annual-temperature.js';

export type DssatDateStyle = 'yyddd' | 'yyyyddd';

export interface DssatOptions {
  /** Institute and site code, 4 capital letters or digits (default `AGWX`). */
  insi?: string;
  /** YYDDD (every DSSAT version) or YYYYDDD (DSSAT 4.8). Default `yyddd`. */
  dateStyle?: DssatDateStyle;
}

export const DEFAULT_INSI = 'AGWX';
/** Height of the internal wind speeds (m). */
export const DSSAT_WIND_HEIGHT_M = 10;
/** Height of the temperatures and humidity (m): the standard screen height. */
export const DSSAT_REFERENCE_HEIGHT_M = 2;

const DAILY_COLUMNS = ['SRAD', 'TMAX', 'TMIN', 'RAIN', 'DEWP', 'WIND', 'RHUM'] as const;

/** `AGWX2401.WTH`: INSI, the first year's two digits, the number of years (DSSAT's naming). */
export function dssatFileName(input: WeatherFileInput, options: DssatOptions = {}): string {
  const first = Number(firstDate(input).slice(0, 4));
  const years = Number(lastDate(input).slice(0, 4)) - first + 1;
  return `${options.insi ?? DEFAULT_INSI}${String(first % 100).padStart(2, '0')}${String(Math.min(years, 99)).padStart(2, '0')}.WTH`;
}

export function dssatDate(date: IsoDate, style: DssatDateStyle): string {
  const year = Number(date.slice(0, 4));
  const doy = String(dayOfYear(date)).padStart(3, '0');
  return style === 'yyyyddd' ? `${String(year).padStart(4, '0')}${doy}` : `${String(year % 100).padStart(2, '0')}${doy}`;
}

function value(number: number | null, width = 6, decimals = 1): string {
  return fixed(number === null || !Number.isFinite(number) ? MISSING : number, width, decimals);
}

/** The daily values of one row in the file's units, in DAILY_COLUMNS order. */
export function dssatDailyValues(day: DailyWeather): (number | null)[] {
  return [
    day.solar === null ? null : whToMj(day.solar),
    day.tmax,
    day.tmin,
    day.precipitation,
    dayDewPoint(day),
    day.windAverage === null ? null : metersPerSecondToKmPerDay(day.windAverage),
    meanRelativeHumidity(day),
  ];
}

export function dssatWeatherFile(input: WeatherFileInput, options: DssatOptions = {}): string {
  const insi = options.insi ?? DEFAULT_INSI;
  if (!/^[A-Z0-9]{4}$/.test(insi)) throw new RangeError(`INSI must be 4 capital letters or digits (got '${insi}')`);
  const style = options.dateStyle ?? 'yyddd';
  const stats = dssatTavAmp(input.climateDays);
  const place = input.fieldId ? `field ${input.fieldId} at ${input.latitude}, ${input.longitude}` : `${input.latitude}, ${input.longitude}`;
  const lines = [
    `*WEATHER DATA : agwx ${place}`,
    '',
    `! Daily weather from agwx, source: ${input.source}; ${period(input.days)}.`,
    `! TAV and AMP from the daily mean temperatures of ${period(input.climateDays)}${stats ? '' : ' (not every month has data: -99)'}.`,
    `! SRAD MJ/m2, TMAX TMIN DEWP C, RAIN mm, WIND km/day at WNDHT, RHUM daily mean %; missing values are -99.`,
    '',
    '@ INSI      LAT     LONG  ELEV   TAV   AMP REFHT WNDHT',
    `  ${insi}${value(input.latitude, 9, 3)}${value(input.longitude, 9, 3)}${value(Math.round(input.elevation), 6, 0)}` +
      `${value(stats?.tav ?? null)}${value(stats?.amp ?? null)}${value(DSSAT_REFERENCE_HEIGHT_M)}${value(DSSAT_WIND_HEIGHT_M)}`,
    `@${style === 'yyyyddd' ? '  DATE' : 'DATE'}${DAILY_COLUMNS.map((name) => name.padStart(6)).join('')}`,
  ];
  for (const day of input.days) lines.push(dssatDate(day.date, style) + dssatDailyValues(day).map((v) => value(v)).join(''));
  return `${lines.join('\n')}\n`;
}
