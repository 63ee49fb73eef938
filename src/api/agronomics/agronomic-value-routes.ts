/**
 * Agronomic values (GDD, PET, P/PET and their running totals) for a field or a
 * latitude/longitude: from the field's current planting through yesterday, one date, or a date
 * range, from 30 months ago to 7 days ahead. Thin: parse → service → present.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { invalid } from '../../core/errors.js';
import type { IsoDate } from '../../core/dates.js';
import { invalidParameter } from '../../http/api-error.js';
import { setDataSource } from '../../http/data-source.js';
import { checkDateSpanWithin, type DateSpan, parseDateSpan, parseIsoDate } from '../../http/date-params.js';
import { parseSort } from '../../http/list-query.js';
import { parseUnits } from '../../http/units.js';
import {
  type AgronomicValuesService,
  type AgronomicValuesWindow,
  createAgronomicValuesService,
  currentPlantingStart,
  type PlantingStart,
} from '../../services/agronomic-values-service.js';
import { WEATHER_WINDOWS } from '../../services/weather-service.js';
import { plantingPath } from '../plantings/planting-presenter.js';
import { requireWeather, weatherAnswerKey } from '../weather/weather-place.js';
import { agronomicLinks, type AgronomicPlace, coordinateAgronomicPlace, fieldAgronomicPlace, plantingKey } from './agronomic-place.js';
import { parseAgronomicSelection } from './agronomic-properties.js';
import { FieldDatesParams, FieldParams, LocationDatesParams } from './agronomic-schemas.js';
import { AGRONOMIC_VALUES_CSV, agronomicValuesPresenter } from './agronomic-value-presenter.js';
import {
  AGRONOMIC_VALUE_SORTS,
  AgronomicValuesDatedSchema,
  AgronomicValuesQuery,
  AgronomicValuesRangeSchema,
} from './agronomic-value-schemas.js';
import { parseGddParameters } from './gdd-parameters.js';

const TAGS = ['agronomic values'];

type Query = Record<string, string | undefined>;

/** `accumulationStartDate`: on or before the start date, from today one year ago through yesterday. */
function parseAccumulationStart(text: string | undefined, start: IsoDate, window: AgronomicValuesWindow): IsoDate {
  if (text === undefined || text === '') return start;
  const name = 'accumulationStartDate';
  const date = parseIsoDate(text.trim(), name);
  if (date < window.accumulationEarliest || date > window.accumulationLatest) {
    throw invalidParameter(
      name,
      `${name} ${date} is outside the allowed dates: it must be from one year before today through yesterday at the location, from ${window.accumulationEarliest} to ${window.accumulationLatest}.`,
    );
  }
  if (date > start) {
    throw invalidParameter(name, `${name} ${date} must not be after the start date ${start}: the running totals begin on it.`);
  }
  return date;
}

export async function agronomicValueRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  async function answer(place: AgronomicPlace, dates: string | undefined, request: FastifyRequest, reply: FastifyReply) {
    const service = createAgronomicValuesService(requireWeather(context), context.clock, context.elevation, context.referenceEt);
    const window = service.window(place.location);
    // Without dates the range starts at the field's current planting.
    const planting =
      dates === undefined ? await currentPlantingStart(context.store, request.auth.accountId, place.location.fieldId!, 'agronomic values') : null;
    const key = await weatherAnswerKey(context, request, place.location, window.today, plantingKey(planting));
    return context.answers.answer(reply, key, () => build(service, window, planting, place, dates, request, reply));
  }

  async function build(
    service: AgronomicValuesService,
    window: AgronomicValuesWindow,
    planting: PlantingStart | null,
    place: AgronomicPlace,
    dates: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const query = request.query as Query;
    const units = parseUnits(query.units);
    const selection = parseAgronomicSelection(query.properties);
    const sort = parseSort(query.sort, AGRONOMIC_VALUE_SORTS, [{ key: 'date', descending: false }]);
    const gdd = parseGddParameters(query, units);

    let span: DateSpan;
    let plantingHref: string | null = null;
    if (planting) {
      const fieldId = place.location.fieldId!;
      if (planting.plantingDate > window.yesterday) {
        throw invalid(
          'The planting has no past days yet.',
          `The current planting of the field '${fieldId}' is dated ${planting.plantingDate}, after yesterday (${window.yesterday}) at the field; give the dates in the path.`,
        );
      }
      if (planting.plantingDate < window.earliest) {
        throw invalid(
          'The planting is older than the history kept.',
          `The current planting of the field '${fieldId}' is dated ${planting.plantingDate}, more than ${WEATHER_WINDOWS.observationMonthsBack} months back (the earliest date is ${window.earliest}); give the dates in the path.`,
        );
      }
      span = { start: planting.plantingDate, end: window.yesterday, single: false };
      plantingHref = plantingPath(fieldId, planting.id);
    } else {
      span = parseDateSpan(dates!);
      checkDateSpanWithin(span, {
        earliest: window.earliest,
        latest: window.latest,
        rule: `at most ${WEATHER_WINDOWS.observationMonthsBack} months back and at most ${WEATHER_WINDOWS.forecastDaysAhead} days ahead at the location`,
      });
    }
    const accumulationStart = parseAccumulationStart(query.accumulationStartDate, span.start, window);

    const values = await service.values(place.location, { start: span.start, end: span.end, accumulationStart, gdd }, window);
    setDataSource(reply, values.sources);
    const present = agronomicValuesPresenter({ place, units, selection, baseUrl: context.config.baseUrl, plantingHref });
    if (span.single) return present.single(values);
    return present.ranged(values, sort[0]!.descending, agronomicLinks(place, request.url, context.config.baseUrl));
  }

  const ranged = { tags: TAGS, querystring: AgronomicValuesQuery, response: { 200: AgronomicValuesRangeSchema } };
  const dated = { tags: TAGS, querystring: AgronomicValuesQuery, response: { 200: AgronomicValuesDatedSchema } };

  app.get(
    '/v2/agronomics/fields/:fieldId/agronomicvalues',
    { config: { csv: AGRONOMIC_VALUES_CSV }, schema: { ...ranged, summary: "Agronomic values of a field from its current planting's date through yesterday", params: FieldParams } },
    async (request, reply) => {
      const { fieldId } = request.params as { fieldId: string };
      return answer(await fieldAgronomicPlace(context, request, fieldId), undefined, request, reply);
    },
  );

  app.get(
    '/v2/agronomics/fields/:fieldId/agronomicvalues/:dates',
    { config: { csv: AGRONOMIC_VALUES_CSV }, schema: { ...dated, summary: 'Agronomic values of a field: one date or {startDate},{endDate}', params: FieldDatesParams } },
    async (request, reply) => {
      const { fieldId, dates } = request.params as { fieldId: string; dates: string };
      return answer(await fieldAgronomicPlace(context, request, fieldId), dates, request, reply);
    },
  );

  app.get(
    '/v2/agronomics/locations/:coordinates/agronomicvalues/:dates',
    {
      config: { csv: AGRONOMIC_VALUES_CSV },
      schema: { ...dated, summary: 'Agronomic values at a latitude/longitude: one date or {startDate},{endDate}', params: LocationDatesParams },
    },
    async (request, reply) => {
      const { coordinates, dates } = request.params as { coordinates: string; dates: string };
      return answer(coordinateAgronomicPlace(coordinates), dates, request, reply);
    },
  );
}
