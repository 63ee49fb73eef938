/**
 * Agronomic values (GDD, PET, P/PET and their running totals) for a field or a
 * latitude/longitude: from the field's current planting through yesterday, one date, or a date
 * range, within the observed history (30 months by default) to 7 days ahead. The whole resource: its output tables, its path
 * forms and its handler. Thin: parse → service → answer.
 *
 * Ranged: `location, accumulations{gdd, precipitation{amount,units}, pet{amount,units}, ppet},
 * dailyValues, _links`. Daily entry: `date, gdd, pet{amount,units}, ppet, accumulatedGdd,
 * accumulatedPrecipitation{amount,units}, accumulatedPet{amount,units}, accumulatedPpet, _links`;
 * the single-day answer is the entry with `location` after `date`. GDD are already in the
 * request's unit (its base temperature is); amounts convert from mm.
 */
import { Type } from 'typebox';
import { setDataSource } from '../../http/data-source.js';
import { parseIsoDate } from '../../http/date-params.js';
import { parseSort } from '../../http/list-query.js';
import { parseUnits } from '../../http/units.js';
import type { AgronomicValues, AgronomicValuesService } from '../../services/agronomic-values-service.js';
import { agronomicValueWindow } from '../../services/date-windows.js';
import { parseGddParameters } from '../../services/gdd-parameters.js';
import type { PlaceService } from '../../services/place-service.js';
import type { ApiInstance } from '../api-plugin.js';
import { compileEntry, entryAnswer, entrySchema, entryTable, listAnswer, type OutputView, out } from '../output-table.js';
import { type PlaceRouteServices, registerPlaceRoutes, resource } from '../place-routes.js';
import { ParsedText } from '../schema-helpers.js';
import { plantingPath } from '../plantings/planting-table.js';
import { presentLocation, type WeatherPlace } from '../weather/weather-place.js';
import { agronomicLinkMaker, agronomicLinks } from './agronomic-place.js';
import { type AgronomicSelection, parseAgronomicSelection } from './agronomic-properties.js';
import { AgronomicLinksSchema, AgronomicLocationSchema, commonAgronomicQuery, GddQuery, RangedOrSingle } from './agronomic-schemas.js';

interface AgronomicValuesView extends OutputView {
  place: WeatherPlace;
  baseUrl: string;
  /** The planting whose date was used, for the entries' `svc:planting`; null when the dates were given. */
  plantingHref: string | null;
}

type Column = (values: AgronomicValues) => Float64Array;
const at = (column: Column) => (values: AgronomicValues, i: number) => column(values)[i]!;

const AGRONOMIC_VALUE = entryTable<AgronomicValues, AgronomicValuesView>({
  date: { ...out.text<AgronomicValues>((values, i) => values.dates[i]!, true), always: true },
  location: out.constant<AgronomicValuesView>(AgronomicLocationSchema, (view) => presentLocation(view.place.location)),
  gdd: out.number('degreeDays', at((v) => v.gdd)),
  pet: out.amounts('depth', { amount: at((v) => v.pet) }),
  ppet: out.number('ratio', at((v) => v.ppet)),
  accumulatedGdd: out.number('degreeDays', at((v) => v.accumulatedGdd)),
  accumulatedPrecipitation: out.amounts('depth', { amount: at((v) => v.accumulatedPrecipitation) }),
  accumulatedPet: out.amounts('depth', { amount: at((v) => v.accumulatedPet) }),
  accumulatedPpet: out.number('ratio', at((v) => v.accumulatedPpet)),
  _links: {
    ...out.links<AgronomicValues, AgronomicValuesView>(
      AgronomicLinksSchema,
      (values, i) => values.dates[i]!,
      (view) => ({ links: agronomicLinkMaker(view.place, view.baseUrl, view.plantingHref), start: `${view.place.basePath}/agronomicvalues/`, end: '' }),
    ),
    always: true,
  },
});

/** The running totals at the range's last day (index `i`; none: −1, whose totals are 0 and P/PET none). */
const total = (column: Column, none: number | null) => (values: AgronomicValues, i: number) => (i < 0 ? none : column(values)[i]!);

/** `accumulations`: the totals of the range (its running totals on its last day). */
const ACCUMULATIONS = entryTable<AgronomicValues, AgronomicValuesView>({
  gdd: out.number('degreeDays', total((v) => v.accumulatedGdd, 0)),
  precipitation: out.amounts('depth', { amount: total((v) => v.accumulatedPrecipitation, 0) }),
  pet: out.amounts('depth', { amount: total((v) => v.accumulatedPet, 0) }),
  ppet: out.number('ratio', total((v) => v.accumulatedPpet, null)),
});
/** Which `properties` choice keeps each total. */
const TOTAL_CHOICES: Record<string, keyof AgronomicSelection> = { gdd: 'totalGdd', precipitation: 'totalPrecipitation', pet: 'totalPet', ppet: 'totalPpet' };

const AgronomicValueSchema = entrySchema(AGRONOMIC_VALUE);
const AgronomicValuesRangeSchema = Type.Object({
  location: Type.Optional(AgronomicLocationSchema),
  accumulations: Type.Optional(entrySchema(ACCUMULATIONS)),
  dailyValues: Type.Optional(Type.Array(entrySchema(AGRONOMIC_VALUE, { omit: ['location'] }))),
  _links: Type.Optional(AgronomicLinksSchema),
});
/** `/agronomicvalues/{dates}`: the ranged object for `{startDate},{endDate}`, the single day for one date. */
export const AgronomicValuesDatedSchema = RangedOrSingle(['accumulations', 'dailyValues'], AgronomicValuesRangeSchema, AgronomicValueSchema);

/** `sort`: date order. */
const AGRONOMIC_VALUE_SORTS = { date: 'date' } as const;

export const AGRONOMIC_VALUES = resource({
  heavy: true,
  family: 'agronomics',
  tags: ['agronomic values'],
  querystring: Type.Object({
    ...commonAgronomicQuery(Object.keys(AGRONOMIC_VALUE_SORTS)),
    accumulationStartDate: Type.Optional(
      ParsedText('YYYY-MM-DD, on or before the start date, from one year before today through yesterday', { type: 'string', examples: ['2024-04-15'] }),
    ),
    ...GddQuery,
  }),
  csv: { rows: ['dailyValues'] },
  dates: { window: (today, { history }) => agronomicValueWindow(today, history) },
  forms: [
    {
      path: 'agronomicvalues',
      summary: { field: "Agronomic values of a field from its current planting's date through yesterday" },
      response: AgronomicValuesRangeSchema,
      season: 'agronomic values',
    },
    {
      path: 'agronomicvalues/:dates',
      summary: {
        field: 'Agronomic values of a field: one date or {startDate},{endDate}',
        location: 'Agronomic values at a latitude/longitude: one date or {startDate},{endDate}',
      },
      response: AgronomicValuesDatedSchema,
    },
  ],
});

export interface AgronomicValueRouteServices extends PlaceRouteServices {
  places: PlaceService;
  agronomicValues: AgronomicValuesService;
  baseUrl: string;
}

export function agronomicValueRoutes(app: ApiInstance, services: AgronomicValueRouteServices): void {
  const { places, agronomicValues, baseUrl, history } = services;

  registerPlaceRoutes(app, services, AGRONOMIC_VALUES, async ({ place, view, dates, query, request, reply, requester }) => {
    const units = parseUnits(query.units);
    const selection = parseAgronomicSelection(query.properties);
    const sort = parseSort(query.sort, AGRONOMIC_VALUE_SORTS, [{ key: 'date', descending: false }]);
    const gdd = parseGddParameters(query, units);

    // Without dates the range is the current planting's season so far.
    const span = dates ?? { ...places.seasonSoFar(place, 'dates', agronomicValueWindow(place.today, history).earliest), single: false };
    const accumulationStart =
      query.accumulationStartDate === undefined || query.accumulationStartDate === '' ? null : parseIsoDate(query.accumulationStartDate.trim(), 'accumulationStartDate');

    const values = await agronomicValues.values(place, { start: span.start, end: span.end, accumulationStart, gdd }, requester);
    setDataSource(reply, values.sources);
    const plantingHref = place.planting ? plantingPath(place.planting.fieldId, place.planting.id) : null;
    const shows = (name: string) => selection[name as keyof AgronomicSelection];
    if (span.single) return entryAnswer(compileEntry(AGRONOMIC_VALUE, { place: view, units, baseUrl, plantingHref: null }, shows), values, 0);

    const count = values.dates.length;
    const head: Record<string, unknown> = {};
    if (selection.location) head.location = presentLocation(view.location);
    if (selection.accumulations) {
      const totals = compileEntry(ACCUMULATIONS, { place: view, units, baseUrl, plantingHref }, (name) => selection[TOTAL_CHOICES[name]!]);
      head.accumulations = totals.object(values, count - 1);
    }
    const entry = selection.daily ? compileEntry(AGRONOMIC_VALUE, { place: view, units, baseUrl, plantingHref }, (name) => name !== 'location' && shows(name)) : null;
    const descending = sort[0]!.descending;
    return listAnswer(entry, values, count, 'dailyValues', agronomicLinks(view, request.url, baseUrl), { head, at: descending ? (k) => count - 1 - k : undefined });
  });
}
