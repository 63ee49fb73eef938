/**
 * Crop-model weather files (DSSAT `.WTH`, APSIM `.met`) of a field or a latitude/longitude for
 * `{startDate},{endDate}` (the observation endpoints' dates: yesterday or earlier, at most 30
 * months back), as a text attachment. Thin: parse → service → text.
 */
import { setDataSource } from '../../http/data-source.js';
import { parseDateSpan } from '../../http/date-params.js';
import type { WeatherExportService } from '../../services/weather-export-service.js';
import type { ApiInstance } from '../api-plugin.js';
import { PLACE_ROUTES, type PlaceRouteServices, registerPlaceRoutes } from '../place-routes.js';

export interface ExportRouteServices extends PlaceRouteServices {
  weatherFiles: WeatherExportService;
}

export function exportRoutes(app: ApiInstance, services: ExportRouteServices): void {
  const { weatherFiles } = services;

  registerPlaceRoutes(app, services, PLACE_ROUTES.weatherFiles, async ({ place, segments, query, reply }) => {
    const span = parseDateSpan(segments.dates!);
    const file = await weatherFiles.export(place, span, { format: segments.format!, ...query });
    setDataSource(reply, file.sources);
    reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return reply.type('text/plain; charset=utf-8').send(file.text);
  });
}
