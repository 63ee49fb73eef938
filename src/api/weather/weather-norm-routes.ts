/**
 * Weather norms, for a field or a latitude/longitude: per calendar day of `MM-DD` or
 * `{startDay},{endDay}` (which may cross the year end), over the previous 10 years or
 * `/years/{startYear},{endYear}`. Thin: parse → service → present.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { setDataSource } from '../../http/data-source.js';
import { parseMonthDaySpan, parseYearList, parseYearSpan, type YearSpan } from '../../http/date-params.js';
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import { createWeatherNormService } from '../../services/weather-norm-service.js';
import { localToday } from '../../services/weather-service.js';
import { normLinks, WEATHER_NORM_CSV, weatherNormPresenter, type WeatherNormView } from './weather-norm-presenter.js';
import {
  FieldNormParams,
  FieldNormYearsParams,
  LocationNormParams,
  LocationNormYearsParams,
  WEATHER_NORM_PROPERTIES,
  WEATHER_NORM_SORTS,
  WeatherNormQuery,
  WeatherNormResponseSchema,
} from './weather-norm-schemas.js';
import { coordinatePlace, fieldPlace, requestPath, requireWeather, type WeatherPlace, weatherAnswerKey } from './weather-place.js';

const TAGS = ['weather norms'];

type Query = Record<string, string | undefined>;

export async function weatherNormRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  async function answer(place: WeatherPlace, daysSegment: string, yearsSegment: string | undefined, request: FastifyRequest, reply: FastifyReply) {
    const key = await weatherAnswerKey(context, request, place.location, localToday(place.location, context.clock));
    return context.answers.answer(reply, key, () => build(place, daysSegment, yearsSegment, request, reply));
  }

  async function build(place: WeatherPlace, daysSegment: string, yearsSegment: string | undefined, request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Query;
    const span = parseMonthDaySpan(daysSegment);
    const years: YearSpan | undefined = yearsSegment === undefined ? undefined : parseYearSpan(yearsSegment);
    const excludeYears = parseYearList(query.excludeYears);
    const units = parseUnits(query.units);
    const chosen = parseProperties(query.properties, WEATHER_NORM_PROPERTIES);
    const sort = parseSort(query.sort, WEATHER_NORM_SORTS, [{ key: 'day', descending: false }]);
    const paginated = place.fieldHref !== null;
    const paging = paginated ? parsePaging(query, 'weatherNorms', request.auth.enterprise) : null;

    const service = createWeatherNormService(requireWeather(context), context.clock);
    const result = await service.norms(place.location, { ...span, years, excludeYears });
    setDataSource(reply, result.sources);

    const view: WeatherNormView = {
      place,
      units,
      chosen,
      baseUrl: context.config.baseUrl,
      yearsSuffix: years ? `/years/${years.startYear},${years.endYear}` : '',
    };
    const present = weatherNormPresenter(view);
    if (span.single) return present(result.days[0]!);

    const ordered = sort[0]!.descending ? [...result.days].reverse() : result.days;
    const total = ordered.length;
    if (!paging) {
      reply.header('Content-Range', `norms ${contentRange(0, total, total)}`);
      return { norms: ordered.map(present), _links: normLinks(view, request.url) };
    }
    checkOffset(paging.offset, total);
    const page = ordered.slice(paging.offset, paging.offset + paging.limit);
    reply.header('Content-Range', `${contentRange(paging.offset, page.length, total)} fields`);
    const { self, ...rest } = normLinks(view, request.url);
    return {
      norms: page.map(present),
      _links: { self, ...pageLinks(requestPath(request), query, paging, total), ...rest },
    };
  }

  const schema = { tags: TAGS, querystring: WeatherNormQuery, response: { 200: WeatherNormResponseSchema } };

  app.get(
    '/v2/weather/fields/:fieldId/norms/:days',
    { config: { csv: WEATHER_NORM_CSV }, schema: { ...schema, summary: 'Weather norms of a field over the previous 10 years', params: FieldNormParams } },
    async (request, reply) => {
      const { fieldId, days } = request.params as { fieldId: string; days: string };
      return answer(await fieldPlace(context, request, fieldId), days, undefined, request, reply);
    },
  );

  app.get(
    '/v2/weather/fields/:fieldId/norms/:days/years/:years',
    { config: { csv: WEATHER_NORM_CSV }, schema: { ...schema, summary: 'Weather norms of a field over {startYear},{endYear}', params: FieldNormYearsParams } },
    async (request, reply) => {
      const { fieldId, days, years } = request.params as { fieldId: string; days: string; years: string };
      return answer(await fieldPlace(context, request, fieldId), days, years, request, reply);
    },
  );

  app.get(
    '/v2/weather/locations/:coordinates/norms/:days',
    { config: { csv: WEATHER_NORM_CSV }, schema: { ...schema, summary: 'Weather norms at a latitude/longitude over the previous 10 years', params: LocationNormParams } },
    async (request, reply) => {
      const { coordinates, days } = request.params as { coordinates: string; days: string };
      return answer(coordinatePlace(coordinates), days, undefined, request, reply);
    },
  );

  app.get(
    '/v2/weather/locations/:coordinates/norms/:days/years/:years',
    { config: { csv: WEATHER_NORM_CSV }, schema: { ...schema, summary: 'Weather norms at a latitude/longitude over {startYear},{endYear}', params: LocationNormYearsParams } },
    async (request, reply) => {
      const { coordinates, days, years } = request.params as { coordinates: string; days: string; years: string };
      return answer(coordinatePlace(coordinates), days, years, request, reply);
    },
  );
}
