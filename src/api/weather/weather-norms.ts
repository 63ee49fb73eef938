/**
 * Weather norms, for a field or a latitude/longitude: per calendar day of `MM-DD` or
 * `{startDay},{endDay}` (which may cross the year end), over the previous 10 years or
 * `/years/{startYear},{endYear}`. Field answers are paged; latitude/longitude answers are whole.
 * The whole resource: its output table, its path forms and its handler. Thin: parse → service → answer.
 *
 * Entry (one per calendar day): day, location, meanTemp, maxTemp, minTemp, precipitation, solar,
 * minHumidity, maxHumidity, dailyMaxWind, averageWind, _links; each statistic is average, stdDev
 * and (except humidity) units. Averages convert as values (°C → °F with the offset); standard
 * deviations as differences (by 1.8 only).
 */
import { csvLayoutFor } from '../../http/representation.js';
import { Type } from 'typebox';
import { setDataSource } from '../../http/data-source.js';
import { parseYearList } from '../../http/date-params.js';
import { contentRange, pageIndices, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { curies, link } from '../../http/links.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import type { DayNorms, NormQuantity, WeatherNormService } from '../../services/weather-norm-service.js';
import type { QuantityName } from '../../services/weather-types.js';
import type { ApiInstance } from '../api-plugin.js';
import { choosableProperties, compileEntry, entryAnswer, entrySchema, entryTable, listAnswer, type OutputView, out } from '../output-table.js';
import { type PlaceRouteServices, registerPlaceRoutes, resource } from '../place-routes.js';
import { CuriesSchema, LinkSchema, ParsedText } from '../schema-helpers.js';
import { ListOrSingle, weatherListQuery, WeatherLocationSchema } from './weather-schemas.js';
import { presentLocation, requestPath, type WeatherPlace } from './weather-place.js';

interface WeatherNormView extends OutputView {
  place: WeatherPlace;
  baseUrl: string;
  /** `/years/{startYear},{endYear}` when the request named years, else ''. */
  yearsSuffix: string;
}

type Days = readonly DayNorms[];

const NormLinksSchema = Type.Object({
  self: Type.Optional(LinkSchema),
  next: Type.Optional(LinkSchema),
  prev: Type.Optional(LinkSchema),
  curies: Type.Optional(CuriesSchema),
  'svc:field': Type.Optional(LinkSchema),
});

/** `self`, and on field endpoints `curies` and `svc:field`. */
function normLinks(view: WeatherNormView, selfHref: string) {
  const { place } = view;
  if (!place.fieldHref) return { self: link(selfHref) };
  return { self: link(selfHref), curies: curies(view.baseUrl), 'svc:field': link(place.fieldHref) };
}

/** A statistic: its average in `quantity`, its standard deviation in `spread`, and the unit label when the quantity has one. */
function statistic(name: NormQuantity, quantity: QuantityName, spread: QuantityName = quantity, labelled = true) {
  return out.group<Days>(labelled ? quantity : null, {
    average: out.number(quantity, (days, i) => days[i]![name].average),
    stdDev: out.number(spread, (days, i) => days[i]![name].stdDev),
  });
}

const WEATHER_NORM = entryTable<Days, WeatherNormView>({
  day: { ...out.text<Days>((days, i) => days[i]!.day, true), always: true },
  location: out.constant<WeatherNormView>(WeatherLocationSchema, (view) => presentLocation(view.place.location)),
  meanTemp: statistic('meanTemp', 'temperature', 'temperatureDifference'),
  maxTemp: statistic('maxTemp', 'temperature', 'temperatureDifference'),
  minTemp: statistic('minTemp', 'temperature', 'temperatureDifference'),
  precipitation: statistic('precipitation', 'depth'),
  solar: statistic('solar', 'solar'),
  minHumidity: statistic('minHumidity', 'percent', 'percent', false),
  maxHumidity: statistic('maxHumidity', 'percent', 'percent', false),
  dailyMaxWind: statistic('dailyMaxWind', 'speed'),
  // The spec's properties do not name it: always written.
  averageWind: { ...statistic('averageWind', 'speed'), always: true },
  _links: {
    ...out.links<Days, WeatherNormView>(
      NormLinksSchema,
      (days, i) => days[i]!.day,
      (view) => ({ links: (href) => normLinks(view, href), start: `${view.place.basePath}/norms/`, end: view.yearsSuffix }),
    ),
    always: true,
  },
});

const WEATHER_NORM_PROPERTIES = choosableProperties(WEATHER_NORM);
/** `sort`: calendar order of the requested range; the spec names it `day` and lists `date`. */
const WEATHER_NORM_SORTS = { day: 'day', date: 'day' } as const;

const WeatherNormSchema = entrySchema(WEATHER_NORM);
const WeatherNormListSchema = Type.Object({
  norms: Type.Optional(Type.Array(WeatherNormSchema)),
  _links: Type.Optional(NormLinksSchema),
});
/** `/norms/{days}`: the list for a day range, the single object for one day. */
export const WeatherNormResponseSchema = ListOrSingle('norms', WeatherNormListSchema, WeatherNormSchema);

export const WEATHER_NORMS = resource({
  heavy: true,
  family: 'weather',
  tags: ['weather norms'],
  querystring: Type.Object({
    ...weatherListQuery('weatherNorms', Object.keys(WEATHER_NORM_SORTS)),
    excludeYears: Type.Optional(ParsedText('comma-separated four-digit years (season start years) left out of the averages', { type: 'string', examples: ['2012,2019'] })),
  }),
  csv: { rows: ['norms'] },
  forms: [
    {
      path: 'norms/:days',
      summary: { field: 'Weather norms of a field over the previous 10 years', location: 'Weather norms at a latitude/longitude over the previous 10 years' },
      response: WeatherNormResponseSchema,
    },
    {
      path: 'norms/:days/years/:years',
      summary: { field: 'Weather norms of a field over {startYear},{endYear}', location: 'Weather norms at a latitude/longitude over {startYear},{endYear}' },
      response: WeatherNormResponseSchema,
    },
  ],
});

export interface WeatherNormRouteServices extends PlaceRouteServices {
  weatherNorms: WeatherNormService;
  baseUrl: string;
}

export function weatherNormRoutes(app: ApiInstance, services: WeatherNormRouteServices): void {
  const { weatherNorms, baseUrl } = services;

  registerPlaceRoutes(app, services, WEATHER_NORMS, async ({ place, view, days, years, query, request, reply, requester }) => {
    const span = days!;
    const excludeYears = parseYearList(query.excludeYears);
    const units = parseUnits(query.units);
    const chosen = parseProperties(query.properties, WEATHER_NORM_PROPERTIES);
    const sort = parseSort(query.sort, WEATHER_NORM_SORTS, [{ key: 'day', descending: false }]);
    const paging = view.fieldHref !== null ? parsePaging(query, 'weatherNorms', request.auth.enterprise, csvLayoutFor(request) !== null) : null;

    const result = await weatherNorms.norms(place.location, { ...span, years: years ?? undefined, excludeYears }, requester);
    setDataSource(reply, result.sources);

    const presentation: WeatherNormView = { place: view, units, baseUrl, yearsSuffix: years ? `/years/${years.startYear},${years.endYear}` : '' };
    const entry = compileEntry(WEATHER_NORM, presentation, (name) => chosen === null || chosen.has(name));
    if (span.single) return entryAnswer(entry, result.days, 0);

    const total = result.days.length;
    const descending = sort[0]!.descending;
    if (!paging) {
      reply.header('Content-Range', `norms ${contentRange(0, total, total)}`);
      return listAnswer(entry, result.days, total, 'norms', normLinks(presentation, request.url), { at: descending ? (k) => total - 1 - k : undefined });
    }
    const indices = pageIndices(paging, total, descending);
    reply.header('Content-Range', `${contentRange(paging.offset, indices.length, total)} fields`);
    const { self, ...rest } = normLinks(presentation, request.url);
    return listAnswer(entry, result.days, indices.length, 'norms', { self, ...pageLinks(requestPath(request), query, paging, total), ...rest }, { at: (k) => indices[k]! });
  });
}
