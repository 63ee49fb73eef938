/**
 * Observed daily weather, for a field or a latitude/longitude: the last 7 days, one date, or a
 * date range (yesterday or earlier, at most 30 months back). Thin: parse → service → present.
 */
import { setDataSource } from '../../http/data-source.js';
import { parseDateSpan } from '../../http/date-params.js';
import { contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import { checkDatesWithin, defaultObservationSpan, observationWindow } from '../../services/date-windows.js';
import type { ObservationService } from '../../services/observation-service.js';
import type { DailyWeather } from '../../services/weather-types.js';
import type { ApiInstance } from '../api-plugin.js';
import { PLACE_ROUTES, type PlaceRouteServices, registerPlaceRoutes } from '../place-routes.js';
import { pageOfDates } from './date-pages.js';
import { observationAnswer, observationListAnswer } from './observation-presenter.js';
import { OBSERVATION_PROPERTIES, OBSERVATION_SORTS } from './observation-schemas.js';
import { listLinks, requestPath } from './weather-place.js';

export interface ObservationRouteServices extends PlaceRouteServices {
  observations: ObservationService;
  baseUrl: string;
}

export function observationRoutes(app: ApiInstance, services: ObservationRouteServices): void {
  const { observations, baseUrl } = services;

  registerPlaceRoutes(app, services, PLACE_ROUTES.observations, async ({ place, view, segments, query, request, reply, requester }) => {
    const units = parseUnits(query.units);
    const chosen = parseProperties(query.properties, OBSERVATION_PROPERTIES);
    const paging = parsePaging(query, 'observations', request.auth.enterprise);
    const sort = parseSort(query.sort, OBSERVATION_SORTS, [{ key: 'date', descending: false }]);
    let span = defaultObservationSpan(place.today);
    if (segments.dates !== undefined) {
      span = parseDateSpan(segments.dates);
      checkDatesWithin(span, observationWindow(place.today));
    }
    const presentation = { place: view, units, chosen, baseUrl };

    if (span.single) {
      const result = await observations.daily(place.location, span, requester);
      setDataSource(reply, result.source);
      return observationAnswer(result.days[0]!, presentation);
    }

    const page = pageOfDates(span.start, span.end, paging, sort[0]!.descending);
    const byDate = new Map<string, DailyWeather>();
    if (page.ascending.length > 0) {
      const result = await observations.daily(place.location, { start: page.ascending[0]!, end: page.ascending[page.ascending.length - 1]! }, requester);
      setDataSource(reply, result.source);
      for (const day of result.days) byDate.set(day.date, day);
    }
    const range = contentRange(paging.offset, page.dates.length, page.total);
    reply.header('Content-Range', view.fieldHref ? `${range} fields` : `observations ${range}`);
    const links = listLinks(view, request.url, pageLinks(requestPath(request), query, paging, page.total), baseUrl);
    return observationListAnswer(
      page.dates.map((date) => byDate.get(date)!),
      presentation,
      links,
    );
  });
}
