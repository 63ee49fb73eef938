/**
 * Weather norms, for a field or a latitude/longitude: per calendar day of `MM-DD` or
 * `{startDay},{endDay}` (which may cross the year end), over the previous 10 years or
 * `/years/{startYear},{endYear}`. Field answers are paged; latitude/longitude answers are whole.
 * Thin: parse → service → present.
 */
import { setDataSource } from '../../http/data-source.js';
import { parseMonthDaySpan, parseYearList, parseYearSpan } from '../../http/date-params.js';
import { contentRange, pageIndices, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import type { WeatherNormService } from '../../services/weather-norm-service.js';
import type { ApiInstance } from '../api-plugin.js';
import { PLACE_ROUTES, type PlaceRouteServices, registerPlaceRoutes } from '../place-routes.js';
import { normLinks, weatherNormListAnswer, weatherNormPresenter, type WeatherNormView } from './weather-norm-presenter.js';
import { WEATHER_NORM_PROPERTIES, WEATHER_NORM_SORTS } from './weather-norm-schemas.js';
import { requestPath } from './weather-place.js';

export interface WeatherNormRouteServices extends PlaceRouteServices {
  weatherNorms: WeatherNormService;
  baseUrl: string;
}

export function weatherNormRoutes(app: ApiInstance, services: WeatherNormRouteServices): void {
  const { weatherNorms, baseUrl } = services;

  registerPlaceRoutes(app, services, PLACE_ROUTES.weatherNorms, async ({ place, view, segments, query, request, reply, requester }) => {
    const span = parseMonthDaySpan(segments.days!);
    const years = segments.years === undefined ? undefined : parseYearSpan(segments.years);
    const excludeYears = parseYearList(query.excludeYears);
    const units = parseUnits(query.units);
    const chosen = parseProperties(query.properties, WEATHER_NORM_PROPERTIES);
    const sort = parseSort(query.sort, WEATHER_NORM_SORTS, [{ key: 'day', descending: false }]);
    const paging = view.fieldHref !== null ? parsePaging(query, 'weatherNorms', request.auth.enterprise) : null;

    const result = await weatherNorms.norms(place.location, { ...span, years, excludeYears }, requester);
    setDataSource(reply, result.sources);

    const presentation: WeatherNormView = { place: view, units, chosen, baseUrl, yearsSuffix: years ? `/years/${years.startYear},${years.endYear}` : '' };
    if (span.single) return weatherNormPresenter(presentation)(result.days[0]!);

    const total = result.days.length;
    const descending = sort[0]!.descending;
    if (!paging) {
      reply.header('Content-Range', `norms ${contentRange(0, total, total)}`);
      const ordered = descending ? [...result.days].reverse() : result.days;
      return weatherNormListAnswer(ordered, presentation, normLinks(presentation, request.url));
    }
    const indices = pageIndices(paging, total, descending);
    reply.header('Content-Range', `${contentRange(paging.offset, indices.length, total)} fields`);
    const { self, ...rest } = normLinks(presentation, request.url);
    return weatherNormListAnswer(
      indices.map((index) => result.days[index]!),
      presentation,
      { self, ...pageLinks(requestPath(request), query, paging, total), ...rest },
    );
  });
}
