/**
 * Forecasts of a field or of a latitude/longitude: today plus 7 days, one date, or a date range,
 * in blocks of 1 to 24 hours. Both forms take the same parameters and answer the same body
 * (`location` without `fieldId`, no `svc:field` link at a location). Thin: parse → service → present.
 */
import { invalidParameter } from '../../http/api-error.js';
import { setDataSource } from '../../http/data-source.js';
import { parseBoolean, parseDateSpan, parseUtcOffset } from '../../http/date-params.js';
import { contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import { checkDatesWithin, defaultForecastSpan, forecastWindow } from '../../services/date-windows.js';
import {
  CONDITIONS_TYPES,
  type ConditionsType,
  DEFAULT_CONDITIONS_TYPE,
  type ForecastService,
  type TimeFrame,
} from '../../services/forecast-service.js';
import type { ApiInstance } from '../api-plugin.js';
import { PLACE_ROUTES, type PlaceRouteServices, registerPlaceRoutes } from '../place-routes.js';
import { pageOfDates } from './date-pages.js';
import { forecastDayAnswer, forecastListAnswer } from './forecast-presenter.js';
import { BLOCK_SIZE_OF_TEXT, FORECAST_PROPERTIES, FORECAST_SORTS } from './forecast-schemas.js';
import { listLinks, requestPath } from './weather-place.js';

function parseConditionsType(text: string | undefined): ConditionsType {
  if (text === undefined || text === '') return DEFAULT_CONDITIONS_TYPE;
  const lower = text.toLowerCase();
  const type = CONDITIONS_TYPES.find((choice) => choice === lower);
  if (type === undefined) throw invalidParameter('conditionsType', `conditionsType must be one of ${CONDITIONS_TYPES.join(', ')} (got '${text}').`);
  return type;
}

/** `useLocalTime=true` → the place's zone (utcOffset ignored, though still checked); else `utcOffset` or UTC. */
function parseTimeFrame(query: { useLocalTime?: string; utcOffset?: string }): TimeFrame {
  const offsetMinutes = parseUtcOffset(query.utcOffset);
  if (parseBoolean(query.useLocalTime, 'useLocalTime', false)) return { kind: 'local' };
  return { kind: 'offset', offsetMinutes: offsetMinutes ?? 0 };
}

export interface ForecastRouteServices extends PlaceRouteServices {
  forecasts: ForecastService;
  baseUrl: string;
}

export function forecastRoutes(app: ApiInstance, services: ForecastRouteServices): void {
  const { forecasts, baseUrl } = services;

  registerPlaceRoutes(app, services, PLACE_ROUTES.forecasts, async ({ place, view, segments, query, request, reply, requester }) => {
    const units = parseUnits(query.units);
    const chosen = parseProperties(query.properties, FORECAST_PROPERTIES);
    const paging = parsePaging(query, 'forecasts', request.auth.enterprise);
    const sort = parseSort(query.sort, FORECAST_SORTS, [{ key: 'date', descending: false }]);
    const blockSize = BLOCK_SIZE_OF_TEXT[query.blockSize ?? ''];
    const conditionsType = parseConditionsType(query.conditionsType);
    const frame = parseTimeFrame(query);

    let span = defaultForecastSpan(place.today);
    if (segments.dates !== undefined) {
      span = parseDateSpan(segments.dates);
      checkDatesWithin(span, forecastWindow(place.today, view.fieldHref ? 'field' : 'location'));
    }
    const presentation = { place: view, units, blockSize, chosen, baseUrl };
    const options = { blockSize, frame, conditionsType };

    if (span.single) {
      const result = await forecasts.forecast(place.location, [span.start], options, requester);
      setDataSource(reply, result.source);
      return forecastDayAnswer(result.days[0]!, presentation);
    }

    const page = pageOfDates(span.start, span.end, paging, sort[0]!.descending);
    const result = await forecasts.forecast(place.location, page.ascending, options, requester);
    setDataSource(reply, result.source);
    const byDate = new Map(result.days.map((day) => [day.date, day] as const));
    const range = contentRange(paging.offset, page.dates.length, page.total);
    // As the observations: `… fields` on field paths, `forecasts …` at a location.
    reply.header('Content-Range', view.fieldHref ? `${range} fields` : `forecasts ${range}`);
    const links = listLinks(view, request.url, pageLinks(requestPath(request), query, paging, page.total), baseUrl);
    return forecastListAnswer(
      page.dates.map((date) => byDate.get(date)!),
      presentation,
      links,
    );
  });
}
