/**
 * Crop-model weather files (DSSAT `.WTH`, APSIM `.met`) of a field or a latitude/longitude for
 * `{startDate},{endDate}` (the observation endpoints' dates: yesterday or earlier, at most 30
 * months back), as a text attachment. Thin: parse → service → text.
 */
import { DSSAT_DATE_STYLES, EXPORT_FORMAT_NAMES, exportFormat, type ExportFormat } from '../../exports/export-formats.js';
import type { DssatDateStyle } from '../../exports/dssat-weather-file.js';
import { invalidParameter } from '../../http/api-error.js';
import { setDataSource } from '../../http/data-source.js';
import { parseDateSpan } from '../../http/date-params.js';
import type { WeatherExportService } from '../../services/weather-export-service.js';
import type { ApiInstance } from '../api-plugin.js';
import { PLACE_ROUTES, type PlaceRouteServices, registerPlaceRoutes } from '../place-routes.js';

export function parseExportFormat(text: string): ExportFormat {
  const format = exportFormat(text);
  if (!format) throw invalidParameter('format', `format must be one of ${EXPORT_FORMAT_NAMES.join(', ')} (got '${text}').`);
  return format;
}

export function parseDateStyle(text: string | undefined, name = 'dateFormat'): DssatDateStyle | undefined {
  if (text === undefined) return undefined;
  const style = DSSAT_DATE_STYLES.find((s) => s === text.toLowerCase());
  if (!style) throw invalidParameter(name, `${name} must be ${DSSAT_DATE_STYLES.join(' or ')} (got '${text}').`);
  return style;
}

/** A DSSAT station code: 4 letters or digits, written in capitals. */
export function parseInsi(text: string | undefined, name = 'insi'): string | undefined {
  if (text === undefined) return undefined;
  if (!/^[A-Za-z0-9]{4}$/.test(text)) throw invalidParameter(name, `${name} must be 4 letters or digits, such as IAAM (got '${text}').`);
  return text.toUpperCase();
}

export interface ExportRouteServices extends PlaceRouteServices {
  weatherFiles: WeatherExportService;
}

export function exportRoutes(app: ApiInstance, services: ExportRouteServices): void {
  const { weatherFiles } = services;

  registerPlaceRoutes(app, services, PLACE_ROUTES.weatherFiles, async ({ place, segments, query, reply }) => {
    const format = parseExportFormat(segments.format!);
    const dateStyle = parseDateStyle(query.dateFormat);
    const insi = parseInsi(query.insi);
    const span = parseDateSpan(segments.dates!);
    const file = await weatherFiles.export(place, span, format, { dateStyle, insi });
    setDataSource(reply, file.sources);
    reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return reply.type('text/plain; charset=utf-8').send(file.text);
  });
}
