/**
 * Forecasts of a field or of a latitude/longitude: today plus 7 days, one date, or a date range,
 * in blocks of 1 to 24 hours. Both forms take the same parameters and answer the same body
 * (`location` without `fieldId`, no `svc:field` link at a location). Thin: parse → service → present.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { invalidParameter } from '../../http/api-error.js';
import { setDataSource } from '../../http/data-source.js';
import { checkDateSpanWithin, type DateSpan, parseBoolean, parseDateSpan, parseUtcOffset } from '../../http/date-params.js';
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import {
  BLOCK_SIZES,
  type BlockSize,
  CONDITIONS_TYPES,
  type ConditionsType,
  createForecastService,
  DEFAULT_CONDITIONS_TYPE,
  isBlockSize,
  type TimeFrame,
} from '../../services/forecast-service.js';
import { localToday, WEATHER_WINDOWS } from '../../services/weather-service.js';
import { pageOfDates } from './date-pages.js';
import { FORECAST_CSV, presentForecastDay } from './forecast-presenter.js';
import { FORECAST_PROPERTIES, FORECAST_SORTS, ForecastDatedSchema, ForecastListSchema, ForecastQuery } from './forecast-schemas.js';
import { FieldWeatherDatesParams, FieldWeatherParams, LocationWeatherDatesParams, LocationWeatherParams } from './weather-schemas.js';
import { coordinatePlace, fieldPlace, listLinks, requestPath, requireWeather, type WeatherPlace, weatherAnswerKey } from './weather-place.js';

const TAGS = ['forecasts'];

type Query = Record<string, string | undefined>;

function parseBlockSize(text: string | undefined): BlockSize {
  if (text === undefined || text === '') return 1;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !isBlockSize(value)) {
    throw invalidParameter('blockSize', `blockSize must be one of ${BLOCK_SIZES.join(', ')} (hours per block; got '${text}').`);
  }
  return value;
}

function parseConditionsType(text: string | undefined): ConditionsType {
  if (text === undefined || text === '') return DEFAULT_CONDITIONS_TYPE;
  const lower = text.toLowerCase();
  if (!CONDITIONS_TYPES.includes(lower as ConditionsType)) {
    throw invalidParameter('conditionsType', `conditionsType must be one of ${CONDITIONS_TYPES.join(', ')} (got '${text}').`);
  }
  return lower as ConditionsType;
}

/** `useLocalTime=true` → the place's zone (utcOffset ignored, though still checked); else `utcOffset` or UTC. */
function parseTimeFrame(query: Query): TimeFrame {
  const offsetMinutes = parseUtcOffset(query.utcOffset);
  if (parseBoolean(query.useLocalTime, 'useLocalTime', false)) return { kind: 'local' };
  return { kind: 'offset', offsetMinutes: offsetMinutes ?? 0 };
}

export async function forecastRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  async function answer(place: WeatherPlace, dates: string | undefined, request: FastifyRequest, reply: FastifyReply) {
    // Forecasts are issued per local date: the key's date is the issue date.
    const key = await weatherAnswerKey(context, request, place.location, localToday(place.location, context.clock));
    return context.answers.answer(reply, key, () => build(place, dates, request, reply));
  }

  async function build(place: WeatherPlace, dates: string | undefined, request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Query;
    const units = parseUnits(query.units);
    const chosen = parseProperties(query.properties, FORECAST_PROPERTIES);
    const paging = parsePaging(query, 'forecasts', request.auth.enterprise);
    const sort = parseSort(query.sort, FORECAST_SORTS, [{ key: 'date', descending: false }]);
    const blockSize = parseBlockSize(query.blockSize);
    const conditionsType = parseConditionsType(query.conditionsType);
    const frame = parseTimeFrame(query);
    const forecasts = createForecastService(requireWeather(context), context.clock);

    const window = forecasts.window(place.location);
    let span: DateSpan;
    if (dates === undefined) {
      span = { start: window.earliest, end: window.latest, single: false };
    } else {
      span = parseDateSpan(dates);
      checkDateSpanWithin(span, { ...window, rule: `today or later at the ${place.fieldHref ? 'field' : 'location'}, at most ${WEATHER_WINDOWS.forecastDaysAhead} days ahead` });
    }
    const view = { place, units, blockSize, chosen, baseUrl: context.config.baseUrl };
    const options = { blockSize, frame, conditionsType };

    if (span.single) {
      const result = await forecasts.forecast(place.location, [span.start], options);
      setDataSource(reply, result.source);
      return presentForecastDay(result.days[0]!, view);
    }

    const page = pageOfDates(span.start, span.end, paging, sort[0]!.descending);
    checkOffset(paging.offset, page.total);
    const result = await forecasts.forecast(place.location, page.ascending, options);
    setDataSource(reply, result.source);
    const byDate = new Map(result.days.map((day) => [day.date, day] as const));
    const range = contentRange(paging.offset, page.dates.length, page.total);
    // As the observations: `… fields` on field paths, `forecasts …` at a location.
    reply.header('Content-Range', place.fieldHref ? `${range} fields` : `forecasts ${range}`);
    return {
      forecasts: page.dates.map((date) => presentForecastDay(byDate.get(date)!, view)),
      _links: listLinks(place, request.url, pageLinks(requestPath(request), query, paging, page.total), context.config.baseUrl),
    };
  }

  const list = { tags: TAGS, querystring: ForecastQuery, response: { 200: ForecastListSchema } };
  const dated = { tags: TAGS, querystring: ForecastQuery, response: { 200: ForecastDatedSchema } };

  app.get(
    '/v2/weather/fields/:fieldId/forecasts',
    { config: { csv: FORECAST_CSV }, schema: { ...list, summary: 'Forecast of a field: today plus 7 days', params: FieldWeatherParams } },
    async (request, reply) => {
      const { fieldId } = request.params as { fieldId: string };
      return answer(await fieldPlace(context, request, fieldId), undefined, request, reply);
    },
  );

  app.get(
    '/v2/weather/fields/:fieldId/forecasts/:dates',
    {
      config: { csv: FORECAST_CSV },
      schema: {
        ...dated,
        summary: 'Forecast of a field: one date or {startDate},{endDate} (today to 7 days ahead)',
        params: FieldWeatherDatesParams,
      },
    },
    async (request, reply) => {
      const { fieldId, dates } = request.params as { fieldId: string; dates: string };
      return answer(await fieldPlace(context, request, fieldId), dates, request, reply);
    },
  );

  app.get(
    '/v2/weather/locations/:coordinates/forecasts',
    { config: { csv: FORECAST_CSV }, schema: { ...list, summary: 'Forecast at a latitude/longitude: today plus 7 days', params: LocationWeatherParams } },
    async (request, reply) => {
      const { coordinates } = request.params as { coordinates: string };
      return answer(coordinatePlace(coordinates), undefined, request, reply);
    },
  );

  app.get(
    '/v2/weather/locations/:coordinates/forecasts/:dates',
    {
      config: { csv: FORECAST_CSV },
      schema: {
        ...dated,
        summary: 'Forecast at a latitude/longitude: one date or {startDate},{endDate} (today to 7 days ahead)',
        params: LocationWeatherDatesParams,
      },
    },
    async (request, reply) => {
      const { coordinates, dates } = request.params as { coordinates: string; dates: string };
      return answer(coordinatePlace(coordinates), dates, request, reply);
    },
  );
}
