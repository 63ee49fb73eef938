/**
 * NASA POWER daily point data as JSON (`format=JSON`; v2 `Feature` or the retired v1
 * `FeatureCollection`, see `providers/nasa-power/nasa-power-parser.ts`). One day per date key;
 * the mapping to internal variables is `nasa-power-variables.ts`. A bad value is reported at the
 * line of its date key.
 */
import { isIsoDate } from '../../core/dates.js';
import { nasaPowerDateKeys, readNasaPowerJson, type NasaPowerJson } from '../providers/nasa-power/nasa-power-parser.js';
import { nasaPowerDate, nasaPowerDay, nasaPowerMapping, nasaPowerValue, type NasaPowerMapping } from '../providers/nasa-power/nasa-power-variables.js';
import { ProviderResponseError } from '../providers/provider-response-error.js';
import type { ParsedStationFile, StationFileFormat, StationInfo, StationParseOptions } from './station-file-format.js';
import { BadRow, defaultDataset, mergeStation, StationFileParseContext } from './station-file-parse-context.js';
import { checkNasaPowerDay } from './nasa-power-csv.js';

export const nasaPowerJsonFormat: StationFileFormat = {
  name: 'nasa-power-json',
  description: 'NASA POWER daily point data, JSON (API v2 or v1)',

  detect(firstLines) {
    const head = firstLines.join('\n');
    return /^\s*[{[]/.test(head) && /"(parameter|fill_value|fillValue|parameterInformation)"/.test(head) && /"(Feature|FeatureCollection|features)"/.test(head);
  },

  parse(text: string, options?: StationParseOptions): ParsedStationFile {
    const lineStarts = lineStartOffsets(text);
    const context = new StationFileParseContext(options, lineStarts.length);
    let json: NasaPowerJson;
    let mapping: NasaPowerMapping;
    try {
      json = readNasaPowerJson(text);
      mapping = nasaPowerMapping(json.units, options?.variables);
    } catch (error) {
      const reason = error instanceof ProviderResponseError ? error.reason : error instanceof Error ? error.message : String(error);
      const position = /position (\d+)/.exec(reason);
      return context.fail(position ? lineAt(lineStarts, Number(position[1])) : 1, reason);
    }
    const locate = keyLocator(text, lineStarts);
    const keys = nasaPowerDateKeys(json);
    keys.forEach((key, index) => {
      context.progress(Math.round(((index + 1) / keys.length) * lineStarts.length));
      const firstParameter = [...json.parameters.entries()].find(([, series]) => key in series)![0];
      context.row(locate(firstParameter, key), () => {
        const date = nasaPowerDate(key);
        if (!/^\d{8}$/.test(key) || !isIsoDate(date)) throw new BadRow(`'${key}' is not a YYYYMMDD date`);
        return checkNasaPowerDay(
          nasaPowerDay(date, mapping, (name) => {
            const raw = json.parameters.get(name)?.[key];
            if (raw === undefined || raw === null) return null;
            if (typeof raw !== 'number' || !Number.isFinite(raw)) throw new BadRow(`${name}: ${JSON.stringify(raw)} is not a number`);
            return nasaPowerValue(raw, json.fillValue);
          }),
          mapping,
        );
      });
    });
    const fromFile: StationInfo = { id: json.latitude !== undefined && json.longitude !== undefined ? `${json.latitude}_${json.longitude}` : 'unknown' };
    if (json.latitude !== undefined) fromFile.latitude = json.latitude;
    if (json.longitude !== undefined) fromFile.longitude = json.longitude;
    if (json.elevation !== undefined) fromFile.elevation = json.elevation;
    const station = mergeStation(fromFile, options?.station);
    return context.finish(station, options?.dataset ?? defaultDataset('nasa-power', station.id));
  },
};

function lineStartOffsets(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) if (i + 1 < text.length) starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** Line of `"key"` inside the object of `"parameter"` (searching forward from the parameter's name). */
function keyLocator(text: string, starts: number[]): (parameter: string, key: string) => number {
  const parameterOffsets = new Map<string, number>();
  return (parameter, key) => {
    let from = parameterOffsets.get(parameter);
    if (from === undefined) {
      from = Math.max(0, text.indexOf(`"${parameter}"`));
      parameterOffsets.set(parameter, from);
    }
    const offset = text.indexOf(`"${key}"`, from);
    return lineAt(starts, offset < 0 ? from : offset);
  };
}
