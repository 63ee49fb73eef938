/**
 * Crop-model weather files (DSSAT `.WTH`, APSIM `.met`) of a field or a latitude/longitude for
 * `{startDate},{endDate}` (the observation endpoints' dates: yesterday or earlier, at most 30
 * months back), as a text attachment. Thin: parse → service → text.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { DSSAT_DATE_STYLES, EXPORT_FORMAT_NAMES, exportFormat, type ExportFormat } from '../../exports/export-formats.js';
import type { DssatDateStyle } from '../../exports/dssat-weather-file.js';
import { invalidParameter } from '../../http/api-error.js';
import { setDataSource } from '../../http/data-source.js';
import { checkDateSpanWithin, parseDateSpan } from '../../http/date-params.js';
import { createWeatherExportService } from '../../services/weather-export-service.js';
import { WEATHER_WINDOWS } from '../../services/weather-service.js';
import { coordinatePlace, fieldPlace, requireWeather, type WeatherPlace } from './weather-place.js';

const TAGS = ['weather files'];
const FORMAT_DESCRIPTION = "`dssat` (or `wth`): DSSAT weather file; `apsim` (or `met`): APSIM weather file";
const DATES_DESCRIPTION = '{startDate},{endDate} (YYYY-MM-DD, inclusive), or one date';

const ExportQuery = Type.Object({
  dateFormat: Type.Optional(Type.String({ description: 'DSSAT only: `yyddd` (default, every DSSAT version) or `yyyyddd` (DSSAT 4.8)' })),
  insi: Type.Optional(Type.String({ description: 'DSSAT only: the station code, 4 letters or digits (default `AGWX`); it also names the file' })),
});
const FieldExportParams = Type.Object({
  fieldId: Type.String(),
  format: Type.String({ description: FORMAT_DESCRIPTION }),
  dates: Type.String({ description: DATES_DESCRIPTION }),
});
const LocationExportParams = Type.Object({
  coordinates: Type.String({ description: '{latitude},{longitude} in decimal degrees' }),
  format: Type.String({ description: FORMAT_DESCRIPTION }),
  dates: Type.String({ description: DATES_DESCRIPTION }),
});
const TEXT_FILE = {
  200: {
    description: 'The weather file (an attachment); `X-Data-Source` names the source of its numbers',
    content: { 'text/plain': { schema: Type.String() } },
  },
};

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

export async function exportRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  async function answer(place: WeatherPlace, formatName: string, dates: string, request: FastifyRequest, reply: FastifyReply) {
    const format = parseExportFormat(formatName);
    const query = request.query as { dateFormat?: string; insi?: string };
    const dateStyle = parseDateStyle(query.dateFormat);
    const insi = parseInsi(query.insi);
    const service = createWeatherExportService(requireWeather(context), context.clock, context.elevation);
    const window = service.window(place.location);
    const span = parseDateSpan(dates);
    checkDateSpanWithin(span, {
      ...window,
      rule: `yesterday or earlier at the location, at most ${WEATHER_WINDOWS.observationMonthsBack} months back`,
    });
    const file = await service.export(place.location, { start: span.start, end: span.end }, format, { dateStyle, insi });
    setDataSource(reply, file.sources);
    reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return reply.type('text/plain; charset=utf-8').send(file.text);
  }

  app.get(
    '/v2/weather/fields/:fieldId/exports/:format/:dates',
    {
      schema: {
        summary: 'Weather file of a field for a crop model (DSSAT .WTH or APSIM .met)',
        tags: TAGS,
        params: FieldExportParams,
        querystring: ExportQuery,
        response: TEXT_FILE,
      },
    },
    async (request, reply) => {
      const { fieldId, format, dates } = request.params as { fieldId: string; format: string; dates: string };
      return answer(await fieldPlace(context, request, fieldId), format, dates, request, reply);
    },
  );

  app.get(
    '/v2/weather/locations/:coordinates/exports/:format/:dates',
    {
      schema: {
        summary: 'Weather file at a latitude/longitude for a crop model (DSSAT .WTH or APSIM .met)',
        tags: TAGS,
        params: LocationExportParams,
        querystring: ExportQuery,
        response: TEXT_FILE,
      },
    },
    async (request, reply) => {
      const { coordinates, format, dates } = request.params as { coordinates: string; format: string; dates: string };
      return answer(coordinatePlace(coordinates), format, dates, request, reply);
    },
  );
}
