/**
 * Crop-model weather files (DSSAT `.WTH`, APSIM `.met`) of a field or a latitude/longitude for
 * `{startDate},{endDate}` (the observation endpoints' dates: yesterday or earlier, within the
 * observed-history window), as a text attachment. The whole resource: its path form and handler.
 * Thin: parse → service → text.
 */
import { Type } from 'typebox';
import { setDataSource } from '../../http/data-source.js';
import { DSSAT_DATE_STYLES, EXPORT_FORMAT_NAMES, type WeatherExportService } from '../../services/weather-export-service.js';
import type { ApiInstance } from '../api-plugin.js';
import { type PlaceRouteServices, registerPlaceRoutes, resource } from '../place-routes.js';
import { ParsedText } from '../schema-helpers.js';

export const WEATHER_FILES = resource({
  family: 'weather',
  tags: ['weather files'],
  querystring: Type.Object({
    dateFormat: Type.Optional(
      ParsedText('DSSAT only: `yyddd` (default, every DSSAT version) or `yyyyddd` (DSSAT 4.8)', { type: 'string', enum: [...DSSAT_DATE_STYLES], examples: ['yyyyddd'] }),
    ),
    insi: Type.Optional(
      ParsedText('DSSAT only: the station code, 4 letters or digits (default `AGWX`); it also names the file', { type: 'string', examples: ['IAAM'] }),
    ),
  }),
  keepAnswers: false,
  forms: [
    {
      path: 'exports/:format/:dates',
      summary: {
        field: 'Weather file of a field for a crop model (DSSAT .WTH or APSIM .met)',
        location: 'Weather file at a latitude/longitude for a crop model (DSSAT .WTH or APSIM .met)',
      },
      response: {
        description: 'The weather file (an attachment); `X-Data-Source` names the source of its numbers',
        content: { 'text/plain': { schema: Type.String() } },
      },
      segments: {
        dates: '{startDate},{endDate} (YYYY-MM-DD, inclusive), or one date',
        format: '`dssat` (or `wth`): DSSAT weather file; `apsim` (or `met`): APSIM weather file',
      },
      documented: { format: { type: 'string', enum: [...EXPORT_FORMAT_NAMES], examples: ['dssat'] } },
    },
  ],
});

export interface ExportRouteServices extends PlaceRouteServices {
  weatherFiles: WeatherExportService;
}

export function exportRoutes(app: ApiInstance, services: ExportRouteServices): void {
  const { weatherFiles } = services;

  registerPlaceRoutes(app, services, WEATHER_FILES, async ({ place, segments, dates, query, reply }) => {
    const file = await weatherFiles.export(place, dates!, { format: segments.format!, ...query });
    setDataSource(reply, file.sources);
    reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return reply.type('text/plain; charset=utf-8').send(file.text);
  });
}
