/**
 * Observed daily weather, for a field or a latitude/longitude: the last 7 days, one date, or a
 * date range (yesterday or earlier, at most 30 months back). Thin: parse → service → present.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { addDays } from '../../core/dates.js';
import { setDataSource } from '../../http/data-source.js';
import { checkDateSpanWithin, type DateSpan, parseDateSpan } from '../../http/date-params.js';
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import { createObservationService, type ObservationService, type ObservationWindow } from '../../services/observation-service.js';
import { type DailyWeather, WEATHER_WINDOWS } from '../../services/weather-service.js';
import { pageOfDates } from './date-pages.js';
import { OBSERVATION_CSV, presentObservation } from './observation-presenter.js';
import {
  OBSERVATION_PROPERTIES,
  OBSERVATION_SORTS,
  ObservationListSchema,
  ObservationDatedSchema,
  ObservationQuery,
} from './observation-schemas.js';
import { FieldWeatherDatesParams, FieldWeatherParams, LocationWeatherDatesParams, LocationWeatherParams } from './weather-schemas.js';
import { coordinatePlace, fieldPlace, listLinks, requestPath, requireWeather, type WeatherPlace, weatherAnswerKey } from './weather-place.js';

const TAGS = ['observed weather'];
/** Days answered without dates: yesterday and the 6 days before. */
const DEFAULT_DAYS = 7;

type Query = Record<string, string | undefined>;

export async function observationRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const service = () => createObservationService(requireWeather(context), context.clock);

  async function answer(place: WeatherPlace, dates: string | undefined, request: FastifyRequest, reply: FastifyReply) {
    const observations = service();
    const window = observations.window(place.location);
    const key = await weatherAnswerKey(context, request, place.location, window.latest);
    return context.answers.answer(reply, key, () => build(observations, window, place, dates, request, reply));
  }

  async function build(
    observations: ObservationService,
    window: ObservationWindow,
    place: WeatherPlace,
    dates: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const query = request.query as Query;
    const units = parseUnits(query.units);
    const chosen = parseProperties(query.properties, OBSERVATION_PROPERTIES);
    const paging = parsePaging(query, 'observations', request.auth.enterprise);
    const sort = parseSort(query.sort, OBSERVATION_SORTS, [{ key: 'date', descending: false }]);
    let span: DateSpan;
    if (dates === undefined) {
      span = { start: addDays(window.latest, 1 - DEFAULT_DAYS), end: window.latest, single: false };
    } else {
      span = parseDateSpan(dates);
      checkDateSpanWithin(span, {
        ...window,
        rule: `yesterday or earlier at the location, at most ${WEATHER_WINDOWS.observationMonthsBack} months back`,
      });
    }
    const view = { place, units, chosen, baseUrl: context.config.baseUrl };

    if (span.single) {
      const result = await observations.daily(place.location, span);
      setDataSource(reply, result.source);
      return presentObservation(result.days[0]!, view);
    }

    const page = pageOfDates(span.start, span.end, paging, sort[0]!.descending);
    checkOffset(paging.offset, page.total);
    const byDate = new Map<string, DailyWeather>();
    if (page.ascending.length > 0) {
      const result = await observations.daily(place.location, { start: page.ascending[0]!, end: page.ascending[page.ascending.length - 1]! });
      setDataSource(reply, result.source);
      for (const day of result.days) byDate.set(day.date, day);
    }
    const range = contentRange(paging.offset, page.dates.length, page.total);
    reply.header('Content-Range', place.fieldHref ? `${range} fields` : `observations ${range}`);
    const path = requestPath(request);
    return {
      observations: page.dates.map((date) => presentObservation(byDate.get(date)!, view)),
      _links: listLinks(place, request.url, pageLinks(path, query, paging, page.total), context.config.baseUrl),
    };
  }

  const list = { tags: TAGS, querystring: ObservationQuery, response: { 200: ObservationListSchema } };
  const dated = { tags: TAGS, querystring: ObservationQuery, response: { 200: ObservationDatedSchema } };

  app.get(
    '/v2/weather/fields/:fieldId/observations',
    { config: { csv: OBSERVATION_CSV }, schema: { ...list, summary: 'Observed weather of a field: the last 7 days', params: FieldWeatherParams } },
    async (request, reply) => {
      const { fieldId } = request.params as { fieldId: string };
      return answer(await fieldPlace(context, request, fieldId), undefined, request, reply);
    },
  );

  app.get(
    '/v2/weather/fields/:fieldId/observations/:dates',
    { config: { csv: OBSERVATION_CSV }, schema: { ...dated, summary: 'Observed weather of a field: one date or {startDate},{endDate}', params: FieldWeatherDatesParams } },
    async (request, reply) => {
      const { fieldId, dates } = request.params as { fieldId: string; dates: string };
      return answer(await fieldPlace(context, request, fieldId), dates, request, reply);
    },
  );

  app.get(
    '/v2/weather/locations/:coordinates/observations',
    { config: { csv: OBSERVATION_CSV }, schema: { ...list, summary: 'Observed weather at a latitude/longitude: the last 7 days', params: LocationWeatherParams } },
    async (request, reply) => {
      const { coordinates } = request.params as { coordinates: string };
      return answer(coordinatePlace(coordinates), undefined, request, reply);
    },
  );

  app.get(
    '/v2/weather/locations/:coordinates/observations/:dates',
    {
      config: { csv: OBSERVATION_CSV },
      schema: {
        ...dated,
        summary: 'Observed weather at a latitude/longitude: one date or {startDate},{endDate}',
        params: LocationWeatherDatesParams,
      },
    },
    async (request, reply) => {
      const { coordinates, dates } = request.params as { coordinates: string; dates: string };
      return answer(coordinatePlace(coordinates), dates, request, reply);
    },
  );
}
