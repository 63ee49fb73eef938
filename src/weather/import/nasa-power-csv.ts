/**
 * NASA POWER daily point data as CSV (`format=CSV`): a `-BEGIN HEADER-` … `-END HEADER-` block
 * (title, dates, location, elevation, fill value, one line per parameter `NAME  SOURCE Long name
 * (units)`), then `YEAR,DOY,<parameters>` or `YEAR,MO,DY,<parameters>` rows. Units are taken from
 * the header and checked; the mapping to internal variables is `nasa-power-variables.ts`.
 * Days are POWER's: local solar time (LST) or UTC as the header says, not civil local dates.
 */
import { addDays, isIsoDate } from '../../core/dates.js';
import {
  nasaPowerDay,
  nasaPowerMapping,
  nasaPowerValue,
  NASA_POWER_DEFAULT_FILL_VALUE,
  type NasaPowerMapping,
} from '../providers/nasa-power/nasa-power-variables.js';
import type { DailyWeather } from '../weather-source.js';
import type { ParsedStationFile, StationFileFormat, StationInfo, StationParseOptions } from './station-file-format.js';
import {
  BadRow,
  checkRange,
  defaultDataset,
  mergeStation,
  PLAUSIBLE,
  requireNumber,
  splitLines,
  StationFileParseContext,
} from './station-file-parse-context.js';

export const nasaPowerCsvFormat: StationFileFormat = {
  name: 'nasa-power-csv',
  description: 'NASA POWER daily point data, CSV with its header block',

  detect(firstLines) {
    return firstLines.some((line) => line.trim() === '-BEGIN HEADER-') && firstLines.some((line) => /NASA\/POWER/i.test(line));
  },

  parse(text: string, options?: StationParseOptions): ParsedStationFile {
    const lines = splitLines(text);
    const context = new StationFileParseContext(options, lines.length);
    const begin = lines.findIndex((line) => line.trim() === '-BEGIN HEADER-');
    const end = lines.findIndex((line) => line.trim() === '-END HEADER-');
    if (begin < 0 || end < begin) return context.fail(1, 'no "-BEGIN HEADER-" … "-END HEADER-" block');

    const fromFile: Partial<StationInfo> = {};
    let fillValue = NASA_POWER_DEFAULT_FILL_VALUE;
    const units = new Map<string, string | undefined>();
    let inParameters = false;
    for (let index = begin + 1; index < end; index++) {
      const line = lines[index]!.trim();
      let m: RegExpExecArray | null;
      if ((m = /^Location:\s*latitude\s+(-?[\d.]+)\s+longitude\s+(-?[\d.]+)/i.exec(line))) {
        fromFile.latitude = Number(m[1]);
        fromFile.longitude = Number(m[2]);
      } else if ((m = /^elevation\b.*=\s*(-?[\d.]+)\s*meters/i.exec(line))) {
        fromFile.elevation = Number(m[1]);
      } else if ((m = /missing source data.*:\s*(-?[\d.]+)\s*$/i.exec(line))) {
        fillValue = Number(m[1]);
      } else if (/^parameter\(s\):/i.test(line)) {
        inParameters = true;
      } else if (/^message\(s\):/i.test(line)) {
        inParameters = false;
      } else if (inParameters && (m = /^([A-Z0-9_]+)\s+.*\(([^()]*)\)\s*$/.exec(line))) {
        units.set(m[1]!, m[2]!);
      }
    }

    const headerLineIndex = end + 1;
    const columns = (lines[headerLineIndex] ?? '').split(',').map((name) => name.trim().toUpperCase());
    const byDayOfYear = columns[0] === 'YEAR' && columns[1] === 'DOY';
    const byMonthDay = columns[0] === 'YEAR' && columns[1] === 'MO' && columns[2] === 'DY';
    if (!byDayOfYear && !byMonthDay) return context.fail(headerLineIndex + 1, 'expected a YEAR,DOY,… or YEAR,MO,DY,… column row');
    const firstParameter = byDayOfYear ? 2 : 3;
    for (const name of columns.slice(firstParameter)) if (!units.has(name)) units.set(name, undefined);
    let mapping;
    try {
      mapping = nasaPowerMapping(units, options?.variables);
    } catch (error) {
      return context.fail(begin + 1, error instanceof Error ? error.message : String(error));
    }

    for (let index = headerLineIndex + 1; index < lines.length; index++) {
      const lineNumber = index + 1;
      const line = lines[index]!;
      context.progress(lineNumber);
      if (line.trim() === '') continue;
      context.row(lineNumber, () => {
        const fields = line.split(',');
        if (fields.length !== columns.length) throw new BadRow(`expected ${columns.length} fields, found ${fields.length}`);
        const year = requireNumber(fields[0]!, 'YEAR');
        let date: string;
        if (byDayOfYear) {
          const doy = requireNumber(fields[1]!, 'DOY');
          date = addDays(`${String(year).padStart(4, '0')}-01-01`, doy - 1);
          if (!Number.isInteger(doy) || doy < 1 || !date.startsWith(String(year).padStart(4, '0'))) throw new BadRow(`DOY: day ${doy} does not exist in ${year}`);
        } else {
          date = `${String(year).padStart(4, '0')}-${fields[1]!.trim().padStart(2, '0')}-${fields[2]!.trim().padStart(2, '0')}`;
          if (!isIsoDate(date)) throw new BadRow(`YEAR,MO,DY: ${fields.slice(0, 3).join(',')} is not a date`);
        }
        const values = new Map<string, number | null>();
        for (let i = firstParameter; i < columns.length; i++) {
          values.set(columns[i]!, nasaPowerValue(requireNumber(fields[i]!, columns[i]!), fillValue));
        }
        return checkNasaPowerDay(nasaPowerDay(date, mapping, (name) => values.get(name) ?? null), mapping);
      });
    }

    const id = fromFile.latitude !== undefined && fromFile.longitude !== undefined ? `${fromFile.latitude}_${fromFile.longitude}` : 'unknown';
    const station = mergeStation({ ...fromFile, id }, options?.station);
    return context.finish(station, options?.dataset ?? defaultDataset('nasa-power', station.id));
  },
};

/** Plausibility of a converted POWER day, each value read checked in its variable's internal unit (a value outside is a malformed row). */
export function checkNasaPowerDay(day: DailyWeather, mapping: NasaPowerMapping): DailyWeather {
  for (const { name, unit, parameter } of mapping.readings) checkRange(day[name] ?? null, PLAUSIBLE[unit], parameter);
  return day;
}
