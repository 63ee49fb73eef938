/**
 * Agronomic norms for a field (statistics) or a latitude/longitude (plain averages): per calendar
 * day of the field's planting season so far (planting day through yesterday), of `MM-DD` or of
 * `{startDay},{endDay}`, over the previous 10 years or `/years/{startYear},{endYear}`. The whole
 * resource: its output tables, its path forms and its handler. Thin: parse → service → answer.
 *
 * Field endpoints (statistics): ranged `location, averageAccumulations{gdd, precipitation, pet,
 * ppet}, dailyNorms, _links`; daily norm `day, gdd, pet, ppet, accumulatedGdd,
 * accumulatedPrecipitation, accumulatedPet, accumulatedPpet, _links`, each `{average, stdDev}`
 * plus `units` for amounts; single day `day, location, gdd, pet, ppet, _links`.
 *
 * Latitude/longitude endpoints (plain averages): ranged `location, averageAccumulations{gdd,
 * precipitation{amount,units}, pet{amount,units}, ppet}, dailyAverages, _links`; daily average
 * `day, gdd, pet{amount,units}, ppet, accumulatedGdd, accumulatedPrecipitation,
 * accumulatedPet, accumulatedPpet, _links`; single day: the daily average with `location` after `day`.
 * Amounts convert from mm; GDD are already in the request's unit; P/PET has none.
 */
import { csvLayoutFor } from '../../http/representation.js';
import { Type } from 'typebox';
import { monthDayRange } from '../../core/date-spans.js';
import { monthDayOf } from '../../core/dates.js';
import { setDataSource } from '../../http/data-source.js';
import { parseMonthDay, parseYearList } from '../../http/date-params.js';
import { contentRange, pageIndices, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { parseUnits } from '../../http/units.js';
import type { AgronomicDayNorms, AgronomicNormService, AgronomicNormTotals } from '../../services/agronomic-norms-service.js';
import type { PlaceService } from '../../services/place-service.js';
import type { NormStatistic } from '../../services/weather-norm-service.js';
import type { QuantityName } from '../../services/weather-types.js';
import type { ApiInstance } from '../api-plugin.js';
import { parseGddParameters } from '../../services/gdd-parameters.js';
import { compileEntry, entryAnswer, entrySchema, entryTable, type EntryTable, listAnswer, type OutputField, type OutputView, out } from '../output-table.js';
import { type PlaceRouteServices, registerPlaceRoutes, resource } from '../place-routes.js';
import { pagingQuery, ParsedText } from '../schema-helpers.js';
import { plantingPath } from '../plantings/planting-table.js';
import { presentLocation, requestPath, type WeatherPlace } from '../weather/weather-place.js';
import { agronomicLinkMaker, agronomicLinks } from './agronomic-place.js';
import { AGRONOMIC_NORM_PROPERTIES, type AgronomicSelection, parseAgronomicSelection } from './agronomic-properties.js';
import { AgronomicLinksSchema, AgronomicLocationSchema, commonAgronomicQuery, GddQuery, RangedOrSingle } from './agronomic-schemas.js';

interface AgronomicNormsView extends OutputView {
  place: WeatherPlace;
  baseUrl: string;
  /** `/years/{startYear},{endYear}` when the request named years, else ''. */
  yearsSuffix: string;
  /** The planting whose date was used, for the entries' `svc:planting`; null when the days were given. */
  plantingHref: string | null;
}

type Read<S> = (source: S, i: number) => NormStatistic;

/**
 * The fields of one shape: `statistics` (field endpoints) writes `{average, stdDev}`, otherwise
 * the plain average (a number, or `{amount, units}` for an amount).
 */
function normFields(statistics: boolean) {
  return {
    number: <S>(quantity: QuantityName, read: Read<S>): OutputField<S, AgronomicNormsView> =>
      statistics
        ? out.group<S>(null, { average: out.number(quantity, (s, i) => read(s, i).average), stdDev: out.number(quantity, (s, i) => read(s, i).stdDev) })
        : out.number<S>(quantity, (s, i) => read(s, i).average),
    amount: <S>(read: Read<S>): OutputField<S, AgronomicNormsView> =>
      statistics
        ? out.amounts<S>('depth', { average: (s, i) => read(s, i).average, stdDev: (s, i) => read(s, i).stdDev })
        : out.amounts<S>('depth', { amount: (s, i) => read(s, i).average }),
  };
}

type Days = readonly AgronomicDayNorms[];

function dailyTable(statistics: boolean): EntryTable<Days, AgronomicNormsView> {
  const { number, amount } = normFields(statistics);
  return entryTable<Days, AgronomicNormsView>({
    day: { ...out.text<Days>((days, i) => days[i]!.day, true), always: true },
    location: out.constant<AgronomicNormsView>(AgronomicLocationSchema, (view) => presentLocation(view.place.location)),
    gdd: number<Days>('degreeDays', (days, i) => days[i]!.gdd),
    pet: amount<Days>((days, i) => days[i]!.pet),
    ppet: number<Days>('ratio', (days, i) => days[i]!.ppet),
    accumulatedGdd: number<Days>('degreeDays', (days, i) => days[i]!.accumulatedGdd),
    accumulatedPrecipitation: amount<Days>((days, i) => days[i]!.accumulatedPrecipitation),
    accumulatedPet: amount<Days>((days, i) => days[i]!.accumulatedPet),
    accumulatedPpet: number<Days>('ratio', (days, i) => days[i]!.accumulatedPpet),
    _links: {
      ...out.links<Days, AgronomicNormsView>(
        AgronomicLinksSchema,
        (days, i) => days[i]!.day,
        (view) => ({ links: agronomicLinkMaker(view.place, view.baseUrl, view.plantingHref), start: `${view.place.basePath}/agronomicnorms/`, end: view.yearsSuffix }),
      ),
      always: true,
    },
  });
}

function totalsTable(statistics: boolean): EntryTable<AgronomicNormTotals, AgronomicNormsView> {
  const { number, amount } = normFields(statistics);
  return entryTable<AgronomicNormTotals, AgronomicNormsView>({
    gdd: number<AgronomicNormTotals>('degreeDays', (totals) => totals.gdd),
    precipitation: amount<AgronomicNormTotals>((totals) => totals.precipitation),
    pet: amount<AgronomicNormTotals>((totals) => totals.pet),
    ppet: number<AgronomicNormTotals>('ratio', (totals) => totals.ppet),
  });
}

/** Each shape's tables, by `statistics`. */
const SHAPES = {
  statistics: { daily: dailyTable(true), totals: totalsTable(true), key: 'dailyNorms' },
  averages: { daily: dailyTable(false), totals: totalsTable(false), key: 'dailyAverages' },
} as const;
/** Which `properties` choice keeps each total. */
const TOTAL_CHOICES: Record<string, keyof AgronomicSelection> = { gdd: 'totalGdd', precipitation: 'totalPrecipitation', pet: 'totalPet', ppet: 'totalPpet' };
const RUNNING_TOTALS = ['accumulatedGdd', 'accumulatedPrecipitation', 'accumulatedPet', 'accumulatedPpet'];

function rangeSchema(shape: (typeof SHAPES)[keyof typeof SHAPES]) {
  return Type.Object({
    location: Type.Optional(AgronomicLocationSchema),
    averageAccumulations: Type.Optional(entrySchema(shape.totals)),
    [shape.key]: Type.Optional(Type.Array(entrySchema(shape.daily, { omit: ['location'] }))),
    _links: Type.Optional(AgronomicLinksSchema),
  });
}
const AgronomicNormsRangeSchema = rangeSchema(SHAPES.statistics);
/** The field's single day has no running totals. */
export const AgronomicNormsDatedSchema = RangedOrSingle(['averageAccumulations', 'dailyNorms'], AgronomicNormsRangeSchema, entrySchema(SHAPES.statistics.daily, { omit: RUNNING_TOTALS }));
export const AgronomicAveragesDatedSchema = RangedOrSingle(['averageAccumulations', 'dailyAverages'], rangeSchema(SHAPES.averages), entrySchema(SHAPES.averages.daily));

/** `sort`: calendar order of the requested range; `day`, also accepted as `date`. */
const AGRONOMIC_NORM_SORTS = { day: 'day', date: 'day' } as const;

export const AGRONOMIC_NORMS = resource({
  heavy: true,
  family: 'agronomics',
  tags: ['agronomic norms'],
  querystring: Type.Object({
    ...pagingQuery('agronomicNorms', { limit: 'daily entries per page (multi-day requests)', offset: 'daily entries skipped (multi-day requests)' }),
    ...commonAgronomicQuery(Object.keys(AGRONOMIC_NORM_SORTS)),
    accumulationStartDay: Type.Optional(ParsedText('MM-DD, at most one year before the start day', { type: 'string', examples: ['03-01'] })),
    excludeYears: Type.Optional(ParsedText('comma-separated four-digit years (season start years) left out of the averages', { type: 'string', examples: ['2012,2019'] })),
    ...GddQuery,
  }),
  csv: { rows: ['dailyNorms', 'dailyAverages'] },
  forms: [
    {
      path: 'agronomicnorms',
      summary: { field: "Agronomic norms of a field's planting season so far, over the previous 10 years" },
      response: AgronomicNormsRangeSchema,
      season: 'agronomic norms',
    },
    {
      path: 'agronomicnorms/years/:years',
      summary: { field: "Agronomic norms of a field's planting season so far, over {startYear},{endYear}" },
      response: AgronomicNormsRangeSchema,
      season: 'agronomic norms',
    },
    {
      path: 'agronomicnorms/:days',
      summary: { field: 'Agronomic norms of a field over the previous 10 years', location: 'Agronomic averages at a latitude/longitude over the previous 10 years' },
      response: AgronomicNormsDatedSchema,
      responseByKind: { location: AgronomicAveragesDatedSchema },
    },
    {
      path: 'agronomicnorms/:days/years/:years',
      summary: { field: 'Agronomic norms of a field over {startYear},{endYear}', location: 'Agronomic averages at a latitude/longitude over {startYear},{endYear}' },
      response: AgronomicNormsDatedSchema,
      responseByKind: { location: AgronomicAveragesDatedSchema },
    },
  ],
});

export interface AgronomicNormRouteServices extends PlaceRouteServices {
  places: PlaceService;
  agronomicNorms: AgronomicNormService;
  baseUrl: string;
}

export function agronomicNormRoutes(app: ApiInstance, services: AgronomicNormRouteServices): void {
  const { places, agronomicNorms, baseUrl } = services;

  registerPlaceRoutes(app, services, AGRONOMIC_NORMS, async ({ place, view, days, years, query, request, reply, requester }) => {
    const excludeYears = parseYearList(query.excludeYears);
    const units = parseUnits(query.units);
    const selection = parseAgronomicSelection(query.properties, AGRONOMIC_NORM_PROPERTIES);
    const sort = parseSort(query.sort, AGRONOMIC_NORM_SORTS, [{ key: 'day', descending: false }]);
    const gdd = parseGddParameters(query, units);
    // Any calendar day; the running totals start on its latest occurrence before the start day.
    const accumulationStartDay =
      query.accumulationStartDay === undefined || query.accumulationStartDay === '' ? null : parseMonthDay(query.accumulationStartDay.trim(), 'accumulationStartDay');

    let span = days;
    if (span === null) {
      // Without days: the calendar days of the current planting's season so far.
      const season = places.seasonSoFar(place, 'days');
      span = monthDayRange(monthDayOf(season.start), monthDayOf(season.end));
    }
    const paging = span.single ? null : parsePaging(query, 'agronomicNorms', request.auth.enterprise, csvLayoutFor(request) !== null);

    const norms = await agronomicNorms.norms(place.location, { ...span, years: years ?? undefined, excludeYears, accumulationStartDay, gdd }, requester);
    setDataSource(reply, norms.sources);

    const statistics = view.fieldHref !== null;
    const shape = statistics ? SHAPES.statistics : SHAPES.averages;
    const presentation: AgronomicNormsView = {
      place: view,
      units,
      baseUrl,
      yearsSuffix: years && days !== null ? `/years/${years.startYear},${years.endYear}` : '',
      plantingHref: place.planting ? plantingPath(place.planting.fieldId, place.planting.id) : null,
    };
    const shows = (name: string) => selection[name as keyof AgronomicSelection];
    if (span.single) {
      // The field endpoints' single day has no running totals (spec: day, location, gdd, pet, ppet, _links).
      const single = compileEntry(shape.daily, { ...presentation, plantingHref: null }, (name) => shows(name) && !(statistics && RUNNING_TOTALS.includes(name)));
      return entryAnswer(single, [norms.dayAt(0)], 0);
    }

    const total = norms.dayCount;
    const indices = pageIndices(paging!, total, sort[0]!.descending);
    const range = contentRange(paging!.offset, indices.length, total);
    reply.header('Content-Range', view.fieldHref ? `${range} fields` : `norms ${range}`);
    const { self, ...rest } = agronomicLinks(view, request.url, baseUrl);
    const links = { self, ...pageLinks(requestPath(request), query, paging!, total), ...rest };

    const head: Record<string, unknown> = {};
    if (selection.location) head.location = presentLocation(view.location);
    if (selection.accumulations) head.averageAccumulations = compileEntry(shape.totals, presentation, (name) => selection[TOTAL_CHOICES[name]!]).object(norms.totals, 0);
    const entry = selection.daily ? compileEntry(shape.daily, presentation, (name) => name !== 'location' && shows(name)) : null;
    const page = indices.map((d) => norms.dayAt(d));
    return listAnswer(entry, page, page.length, shape.key, links, { head });
  });
}
