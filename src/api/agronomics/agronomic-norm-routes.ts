/**
 * Agronomic norms for a field (statistics) or a latitude/longitude (plain averages): per calendar
 * day of the field's planting season so far (planting day through yesterday), of `MM-DD` or of
 * `{startDay},{endDay}`, over the previous 10 years or `/years/{startYear},{endYear}`.
 * Thin: parse → service → present.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { addDays, monthDayOf, type MonthDay } from '../../core/dates.js';
import { invalid } from '../../core/errors.js';
import { setDataSource } from '../../http/data-source.js';
import { type MonthDaySpan, monthDaysBetween, parseMonthDay, parseMonthDaySpan, parseYearList, parseYearSpan, type YearSpan } from '../../http/date-params.js';
import { checkOffset, contentRange, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { parseUnits } from '../../http/units.js';
import { createAgronomicNormService } from '../../services/agronomic-norms-service.js';
import { currentPlantingStart, type PlantingStart } from '../../services/agronomic-values-service.js';
import { localToday } from '../../services/weather-service.js';
import { plantingPath } from '../plantings/planting-presenter.js';
import { requestPath, requireWeather, weatherAnswerKey } from '../weather/weather-place.js';
import { AGRONOMIC_NORMS_CSV, agronomicNormsPresenter } from './agronomic-norm-presenter.js';
import {
  AGRONOMIC_NORM_SORTS,
  AgronomicAveragesDatedSchema,
  AgronomicNormsDatedSchema,
  AgronomicNormsQuery,
  AgronomicNormsRangeSchema,
} from './agronomic-norm-schemas.js';
import { agronomicLinks, type AgronomicPlace, coordinateAgronomicPlace, fieldAgronomicPlace, plantingKey } from './agronomic-place.js';
import { AGRONOMIC_NORM_PROPERTIES, parseAgronomicSelection } from './agronomic-properties.js';
import { FieldDaysParams, FieldDaysYearsParams, FieldParams, FieldYearsParams, LocationDaysParams, LocationDaysYearsParams } from './agronomic-schemas.js';
import { parseGddParameters } from './gdd-parameters.js';

const TAGS = ['agronomic norms'];

type Query = Record<string, string | undefined>;

/** `accumulationStartDay`: any calendar day; the running totals start on its latest occurrence before the start day. */
function parseAccumulationStartDay(text: string | undefined): MonthDay | null {
  if (text === undefined || text === '') return null;
  return parseMonthDay(text.trim(), 'accumulationStartDay');
}

export async function agronomicNormRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  /** `daysSegment` undefined: the field's planting day through yesterday. */
  async function answer(
    place: AgronomicPlace,
    daysSegment: string | undefined,
    yearsSegment: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const today = localToday(place.location, context.clock);
    const planting =
      daysSegment === undefined ? await currentPlantingStart(context.store, request.auth.accountId, place.location.fieldId!, 'agronomic norms') : null;
    const key = await weatherAnswerKey(context, request, place.location, today, plantingKey(planting));
    return context.answers.answer(reply, key, () => build(today, planting, place, daysSegment, yearsSegment, request, reply));
  }

  async function build(
    today: string,
    planting: PlantingStart | null,
    place: AgronomicPlace,
    daysSegment: string | undefined,
    yearsSegment: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const query = request.query as Query;
    const years: YearSpan | undefined = yearsSegment === undefined ? undefined : parseYearSpan(yearsSegment);
    const excludeYears = parseYearList(query.excludeYears);
    const units = parseUnits(query.units);
    const selection = parseAgronomicSelection(query.properties, AGRONOMIC_NORM_PROPERTIES);
    const sort = parseSort(query.sort, AGRONOMIC_NORM_SORTS, [{ key: 'day', descending: false }]);
    const gdd = parseGddParameters(query, units);
    const accumulationStartDay = parseAccumulationStartDay(query.accumulationStartDay);
    const weather = requireWeather(context);

    let span: MonthDaySpan;
    let plantingHref: string | null = null;
    if (planting) {
      const fieldId = place.location.fieldId!;
      const yesterday = addDays(today, -1);
      if (planting.plantingDate > yesterday) {
        throw invalid(
          'The planting has no past days yet.',
          `The current planting of the field '${fieldId}' is dated ${planting.plantingDate}, after yesterday (${yesterday}) at the field; give the days in the path.`,
        );
      }
      const start = monthDayOf(planting.plantingDate);
      const end = monthDayOf(yesterday);
      span = { start, end, single: false, crossesYearEnd: end < start, days: monthDaysBetween(start, end) };
      plantingHref = plantingPath(fieldId, planting.id);
    } else {
      span = parseMonthDaySpan(daysSegment!);
    }
    const paging = span.single ? null : parsePaging(query, 'agronomicNorms', request.auth.enterprise);

    const service = createAgronomicNormService(weather, context.clock, context.elevation, context.referenceEt);
    const norms = await service.norms(place.location, { ...span, years, excludeYears, accumulationStartDay, gdd });
    setDataSource(reply, norms.sources);

    const present = agronomicNormsPresenter({
      place,
      units,
      selection,
      baseUrl: context.config.baseUrl,
      yearsSuffix: years && daysSegment !== undefined ? `/years/${years.startYear},${years.endYear}` : '',
      plantingHref,
    });
    if (span.single) return present.single(norms);

    const total = norms.dayCount;
    checkOffset(paging!.offset, total);
    const first = paging!.offset;
    const count = Math.max(0, Math.min(paging!.limit, total - first));
    const descending = sort[0]!.descending;
    const indices = Array.from({ length: count }, (_, k) => (descending ? total - 1 - (first + k) : first + k));
    const range = contentRange(first, count, total);
    reply.header('Content-Range', place.fieldHref ? `${range} fields` : `norms ${range}`);
    const { self, ...rest } = agronomicLinks(place, request.url, context.config.baseUrl);
    const links = { self, ...pageLinks(requestPath(request), query, paging!, total), ...rest };
    return present.ranged(norms, indices, links);
  }

  const fieldRanged = { tags: TAGS, querystring: AgronomicNormsQuery, response: { 200: AgronomicNormsRangeSchema } };
  const fieldDated = { tags: TAGS, querystring: AgronomicNormsQuery, response: { 200: AgronomicNormsDatedSchema } };
  const locationDated = { tags: TAGS, querystring: AgronomicNormsQuery, response: { 200: AgronomicAveragesDatedSchema } };

  app.get(
    '/v2/agronomics/fields/:fieldId/agronomicnorms',
    { config: { csv: AGRONOMIC_NORMS_CSV }, schema: { ...fieldRanged, summary: "Agronomic norms of a field's planting season so far, over the previous 10 years", params: FieldParams } },
    async (request, reply) => {
      const { fieldId } = request.params as { fieldId: string };
      return answer(await fieldAgronomicPlace(context, request, fieldId), undefined, undefined, request, reply);
    },
  );

  app.get(
    '/v2/agronomics/fields/:fieldId/agronomicnorms/years/:years',
    { config: { csv: AGRONOMIC_NORMS_CSV }, schema: { ...fieldRanged, summary: "Agronomic norms of a field's planting season so far, over {startYear},{endYear}", params: FieldYearsParams } },
    async (request, reply) => {
      const { fieldId, years } = request.params as { fieldId: string; years: string };
      return answer(await fieldAgronomicPlace(context, request, fieldId), undefined, years, request, reply);
    },
  );

  app.get(
    '/v2/agronomics/fields/:fieldId/agronomicnorms/:days',
    { config: { csv: AGRONOMIC_NORMS_CSV }, schema: { ...fieldDated, summary: 'Agronomic norms of a field over the previous 10 years', params: FieldDaysParams } },
    async (request, reply) => {
      const { fieldId, days } = request.params as { fieldId: string; days: string };
      return answer(await fieldAgronomicPlace(context, request, fieldId), days, undefined, request, reply);
    },
  );

  app.get(
    '/v2/agronomics/fields/:fieldId/agronomicnorms/:days/years/:years',
    { config: { csv: AGRONOMIC_NORMS_CSV }, schema: { ...fieldDated, summary: 'Agronomic norms of a field over {startYear},{endYear}', params: FieldDaysYearsParams } },
    async (request, reply) => {
      const { fieldId, days, years } = request.params as { fieldId: string; days: string; years: string };
      return answer(await fieldAgronomicPlace(context, request, fieldId), days, years, request, reply);
    },
  );

  app.get(
    '/v2/agronomics/locations/:coordinates/agronomicnorms/:days',
    { config: { csv: AGRONOMIC_NORMS_CSV }, schema: { ...locationDated, summary: 'Agronomic averages at a latitude/longitude over the previous 10 years', params: LocationDaysParams } },
    async (request, reply) => {
      const { coordinates, days } = request.params as { coordinates: string; days: string };
      return answer(coordinateAgronomicPlace(coordinates), days, undefined, request, reply);
    },
  );

  app.get(
    '/v2/agronomics/locations/:coordinates/agronomicnorms/:days/years/:years',
    { config: { csv: AGRONOMIC_NORMS_CSV }, schema: { ...locationDated, summary: 'Agronomic averages at a latitude/longitude over {startYear},{endYear}', params: LocationDaysYearsParams } },
    async (request, reply) => {
      const { coordinates, days, years } = request.params as { coordinates: string; days: string; years: string };
      return answer(coordinateAgronomicPlace(coordinates), days, years, request, reply);
    },
  );
}
