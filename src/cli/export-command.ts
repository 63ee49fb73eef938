/**
 * `agwx export`: a crop-model weather file (DSSAT .WTH or APSIM .met) of a latitude/longitude or
 * of an account's field, from the configured weather sources, with the same dates, numbers and
 * file as `GET /v2/weather/…/exports/{format}/{startDate},{endDate}`. Progress goes to stderr.
 */
import { writeFile } from 'node:fs/promises';
import { Presets, SingleBar } from 'cli-progress';
import type { Clock } from '../core/clock.js';
import { parseCoordinates, parseDateSpan } from '../http/date-params.js';
import { createFieldService } from '../services/field-service.js';
import { createObservationService } from '../services/observation-service.js';
import { createWeatherExportService, exportFormatNamed, exportOptionsOf } from '../services/weather-export-service.js';
import { localToday, locationAt, type WeatherLocation } from '../services/weather-location.js';
import type { Store } from '../store/store.js';
import { lazyElevationGrid } from '../weather/elevation/elevation-grid.js';
import type { WeatherSource } from '../weather/weather-source.js';

export interface ExportCommandOptions {
  format: string;
  start: string;
  end: string;
  lat?: string;
  lon?: string;
  field?: string;
  account?: string;
  out?: string;
  dateFormat?: string;
  insi?: string;
}

const NAMES = { single: '--start', start: '--start', end: '--end' };

async function exportLocation(store: Store, clock: Clock, options: ExportCommandOptions): Promise<WeatherLocation> {
  if (options.field !== undefined) {
    if (options.lat !== undefined || options.lon !== undefined) throw new Error('give either --field (with --account) or --lat and --lon, not both');
    if (options.account === undefined) throw new Error('--field needs --account, the name of the account that owns the field');
    const account = await store.accounts.findByName(options.account);
    if (!account) throw new Error(`no account named '${options.account}'`);
    const field = await createFieldService(store, clock).get(account.id, options.field);
    return locationAt(field.latitude, field.longitude, field.id);
  }
  if (options.lat === undefined || options.lon === undefined) throw new Error('give --lat and --lon, or --field and --account');
  const { latitude, longitude } = parseCoordinates(`${options.lat},${options.lon}`);
  return locationAt(latitude, longitude);
}

/** Writes the file to `--out` or stdout; returns the line to print on stderr. */
export async function runExport(store: Store, weather: WeatherSource, clock: Clock, options: ExportCommandOptions): Promise<string> {
  const request = { format: options.format, ...(options.dateFormat !== undefined ? { dateFormat: options.dateFormat } : {}), ...(options.insi !== undefined ? { insi: options.insi } : {}) };
  const names = { span: NAMES, dateFormat: '--date-format', insi: '--insi' };
  // The file asked for is checked before the place is looked up.
  const format = exportFormatNamed(request.format);
  exportOptionsOf(request, names);
  const location = await exportLocation(store, clock, options);
  const service = createWeatherExportService({ observations: createObservationService(weather), elevation: lazyElevationGrid() });
  const span = parseDateSpan(`${options.start},${options.end}`, NAMES);
  const place = { location, today: localToday(location, clock) };

  // The bar starts with the first progress, once the dates have been accepted.
  const bar = new SingleBar({ format: 'exporting {bar} {percentage}%', hideCursor: true, stream: process.stderr }, Presets.shades_classic);
  let started = false;
  let file;
  try {
    file = await service.export(place, span, request, {
      names,
      onProgress: (fraction) => {
        if (!started) bar.start(100, 0);
        started = true;
        bar.update(Math.round(fraction * 100));
      },
    });
    bar.update(100);
  } finally {
    if (started) bar.stop();
  }
  if (options.out === undefined) process.stdout.write(file.text);
  else await writeFile(options.out, file.text, 'utf8');
  return (
    `Exported ${file.input.days.length} days (${span.start} to ${span.end}) of ${[...new Set(file.sources)].join(',')} weather ` +
    `as ${format.description} to ${options.out ?? 'stdout'} (suggested name ${file.fileName}).\n`
  );
}
