/**
 * Observed daily weather, for a field or a latitude/longitude: the last 7 days, one date, or a
 * date range (yesterday or earlier, within the observed-history window). The whole resource:
 * its output table, its path forms and its handler. Thin: parse → service → answer.
 *
 * Key order follows the service's published responses (docs/weather-api.md): date, location,
 * temperatures{max,min,units}, precipitation{amount,units}, solar{amount,units},
 * relativeHumidity{max,min}, wind{morningMax,dayMax,average,units}, _links.
 */
import { Type } from 'typebox';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import { defaultObservationSpan, observationWindow } from '../../services/date-windows.js';
import type { ObservationService } from '../../services/observation-service.js';
import { DAILY_VARIABLES, type DailyVariable, type DailyVariableTable, type DailyWeather, type QuantityName, unitsLabel } from '../../services/weather-types.js';
import type { ApiInstance } from '../api-plugin.js';
import {
  choosableProperties,
  compileEntry,
  entrySchema,
  type EntryTable,
  entryTable,
  type NumberField,
  type OutputField,
  type OutputView,
  out,
} from '../output-table.js';
import { type PlaceRouteServices, registerPlaceRoutes, resource } from '../place-routes.js';
import { DATED_SORTS, datedAnswer } from './date-pages.js';
import { ItemLinksSchema, ListLinksSchema, ListOrSingle, weatherListQuery, WeatherLocationSchema } from './weather-schemas.js';
import { itemLinks, presentLocation, type WeatherPlace } from './weather-place.js';

interface ObservationView extends OutputView {
  place: WeatherPlace;
  baseUrl: string;
}

type Days = readonly DailyWeather[];
type ObservationTable = EntryTable<Days, ObservationView>;

/**
 * The Daily observation entry, built from a table of daily variables (weather/daily-variables.ts):
 * each variable with an `observation` place is a member of its property, in its quantity.
 */
export function observationTable(variables: DailyVariableTable): ObservationTable {
  const served = Object.entries(variables)
    .filter((entry): entry is [string, DailyVariable & { observation: NonNullable<DailyVariable['observation']> }] => entry[1].observation !== null)
    .sort(([, a], [, b]) => a.observation.order - b.observation.order);
  const properties = new Map<string, { quantity: QuantityName; members: Record<string, NumberField<Days>> }>();
  for (const [name, variable] of served) {
    const { property, member } = variable.observation;
    const group = properties.get(property) ?? { quantity: variable.quantity, members: {} };
    group.members[member] = out.number<Days>(variable.quantity, (days, i) => (days[i] as unknown as Record<string, number | null | undefined>)[name] ?? null);
    properties.set(property, group);
  }
  const fields: Record<string, OutputField<Days, ObservationView>> = {
    date: { ...out.text<Days>((days, i) => days[i]!.date, true), always: true },
    location: out.constant<ObservationView>(WeatherLocationSchema, (view) => presentLocation(view.place.location)),
  };
  for (const [property, { quantity, members }] of properties) fields[property] = out.group(unitsLabel(quantity, 'metric') === null ? null : quantity, members);
  fields._links = {
    ...out.links<Days, ObservationView>(
      ItemLinksSchema,
      (days, i) => days[i]!.date,
      (view) => ({ links: (href) => itemLinks(view.place, href, view.baseUrl), start: `${view.place.basePath}/observations/`, end: '' }),
    ),
    always: true,
  };
  return entryTable(fields);
}

const OBSERVATION = observationTable(DAILY_VARIABLES);
const OBSERVATION_PROPERTIES = choosableProperties(OBSERVATION);

const ObservationSchema = entrySchema(OBSERVATION);
export const ObservationListSchema = Type.Object({
  observations: Type.Optional(Type.Array(ObservationSchema)),
  _links: Type.Optional(ListLinksSchema),
});
/** `/observations/{dates}`: the list for `{startDate},{endDate}`, the single object for one date. */
export const ObservationDatedSchema = ListOrSingle('observations', ObservationListSchema, ObservationSchema);

export const OBSERVATIONS = resource({
  family: 'weather',
  tags: ['observed weather'],
  querystring: Type.Object(weatherListQuery('observations', DATED_SORTS)),
  csv: { rows: ['observations'] },
  dates: { window: (today, { history }) => observationWindow(today, history), byDefault: defaultObservationSpan },
  forms: [
    {
      path: 'observations',
      summary: { field: 'Observed weather of a field: the last 7 days', location: 'Observed weather at a latitude/longitude: the last 7 days' },
      response: ObservationListSchema,
    },
    {
      path: 'observations/:dates',
      summary: {
        field: 'Observed weather of a field: one date or {startDate},{endDate}',
        location: 'Observed weather at a latitude/longitude: one date or {startDate},{endDate}',
      },
      response: ObservationDatedSchema,
    },
  ],
});

export interface ObservationRouteServices extends PlaceRouteServices {
  observations: ObservationService;
  baseUrl: string;
}

export function observationRoutes(app: ApiInstance, services: ObservationRouteServices): void {
  const { observations, baseUrl } = services;

  registerPlaceRoutes(app, services, OBSERVATIONS, async (call) => {
    const { place, view, query, requester } = call;
    const units = parseUnits(query.units);
    const chosen = parseProperties(query.properties, OBSERVATION_PROPERTIES);
    const entry = compileEntry(OBSERVATION, { place: view, units, baseUrl }, (name) => chosen === null || chosen.has(name));
    return datedAnswer(call, 'observations', entry, (dates) => observations.daily(place.location, { start: dates[0]!, end: dates[dates.length - 1]! }, requester), baseUrl);
  });
}
