/** The one place that knows the Weather norm JSON shape and key order. */
import type { UnitSystem } from '../../core/units.js';
import type { CsvLayout } from '../../http/csv-table.js';
import { curies, link } from '../../http/links.js';
import { selectProperties } from '../../http/properties.js';
import { entryLinksAround, WrittenBody } from '../../http/written-body.js';
import { type JsonRows, RowLayout } from '../../core/json-rows.js';
import type { DayNorms, NormQuantity, NormStatistic } from '../../services/weather-norm-service.js';
import {
  depthInUnitSystem,
  speedInUnitSystem,
  temperatureDifferenceInUnitSystem,
  temperatureInUnitSystem,
} from '../../services/weather-types.js';
import { precipitationUnits, SOLAR_UNITS, temperatureUnits, windUnits } from './unit-labels.js';
import { WEATHER_NORM_PROPERTIES } from './weather-norm-schemas.js';
import { presentLocation, type WeatherPlace } from './weather-place.js';

/** CSV (http/csv-table.ts) of this JSON. Weather norms: one row per calendar day. */
export const WEATHER_NORM_CSV: CsvLayout = { rows: ['norms'] };

export interface WeatherNormView {
  place: WeatherPlace;
  units: UnitSystem;
  chosen: Set<string> | null;
  baseUrl: string;
  /** `/years/{startYear},{endYear}` when the request named years, else ''. */
  yearsSuffix: string;
}

export function normPath(view: WeatherNormView, days: string): string {
  return `${view.place.basePath}/norms/${days}${view.yearsSuffix}`;
}

type Scale = (value: number) => number;

const same: Scale = (value) => value;

function statistic(s: NormStatistic, average: Scale, spread: Scale) {
  return { average: s.average === null ? null : average(s.average), stdDev: s.stdDev === null ? null : spread(s.stdDev) };
}

function statisticWithUnits(s: NormStatistic, average: Scale, spread: Scale, units: string) {
  return { average: s.average === null ? null : average(s.average), stdDev: s.stdDev === null ? null : spread(s.stdDev), units };
}

/** `self`, and on field endpoints `curies` and `svc:field`. */
export function normLinks(view: WeatherNormView, selfHref: string) {
  const { place } = view;
  if (!place.fieldHref) return { self: link(selfHref) };
  return { self: link(selfHref), curies: curies(view.baseUrl), 'svc:field': link(place.fieldHref) };
}

/** How one request's unit system writes each kind of value, and its unit labels. */
function scales(units: UnitSystem) {
  const usa = units === 'usa';
  return {
    temperature: (usa ? (c) => temperatureInUnitSystem(c, units) : same) as Scale,
    temperatureSpread: (usa ? (c) => temperatureDifferenceInUnitSystem(c, units) : same) as Scale,
    depth: (usa ? (mm) => depthInUnitSystem(mm, units) : same) as Scale,
    speed: (usa ? (ms) => speedInUnitSystem(ms, units) : same) as Scale,
    tUnits: temperatureUnits(units),
    pUnits: precipitationUnits(units),
    wUnits: windUnits(units),
  };
}

/**
 * A presenter of calendar days for one request. Averages convert as values (°C → °F with the
 * offset); standard deviations convert as differences (°C → °F by 1.8 only).
 */
export function weatherNormPresenter(view: WeatherNormView) {
  const { temperature, temperatureSpread, depth, speed, tUnits, pUnits, wUnits } = scales(view.units);
  const location = presentLocation(view.place.location);
  return (norms: DayNorms) =>
    selectProperties(
      {
        day: norms.day,
        location,
        meanTemp: statisticWithUnits(norms.meanTemp, temperature, temperatureSpread, tUnits),
        maxTemp: statisticWithUnits(norms.maxTemp, temperature, temperatureSpread, tUnits),
        minTemp: statisticWithUnits(norms.minTemp, temperature, temperatureSpread, tUnits),
        precipitation: statisticWithUnits(norms.precipitation, depth, depth, pUnits),
        solar: statisticWithUnits(norms.solar, same, same, SOLAR_UNITS),
        minHumidity: statistic(norms.minHumidity, same, same),
        maxHumidity: statistic(norms.maxHumidity, same, same),
        dailyMaxWind: statisticWithUnits(norms.dailyMaxWind, speed, speed, wUnits),
        averageWind: statisticWithUnits(norms.averageWind, speed, speed, wUnits),
        _links: normLinks(view, normPath(view, norms.day)),
      },
      view.chosen,
      WEATHER_NORM_PROPERTIES,
    );
}

/**
 * The presenter's days as rows of JSON text (core/json-rows.ts, http/written-body.ts), in the
 * response schema's key order: their text is what the response serializer writes of each day.
 */
export function weatherNormRows(view: WeatherNormView, days: readonly DayNorms[]): JsonRows {
  const { temperature, temperatureSpread, depth, speed, tUnits, pUnits, wUnits } = scales(view.units);
  const shows = (name: string) => view.chosen === null || view.chosen.has(name);
  const layout = new RowLayout().text('{"day":"').string((i) => days[i]!.day).text('"');
  if (shows('location')) layout.text(`,"location":${JSON.stringify(presentLocation(view.place.location))}`);
  const scaled = (value: number | null, scale: Scale) => (value === null ? null : scale(value));
  // Each statistic in the schema's order; averageWind cannot be left out.
  const add = (key: NormQuantity, average: Scale, spread: Scale, units: string | null) => {
    if (key !== 'averageWind' && !shows(key)) return;
    layout
      .text(`,${JSON.stringify(key)}:{"average":`)
      .number(average === same ? (i) => days[i]![key].average : (i) => scaled(days[i]![key].average, average))
      .text(',"stdDev":')
      .number(spread === same ? (i) => days[i]![key].stdDev : (i) => scaled(days[i]![key].stdDev, spread))
      .text(units === null ? '}' : `,"units":${JSON.stringify(units)}}`);
  };
  add('meanTemp', temperature, temperatureSpread, tUnits);
  add('maxTemp', temperature, temperatureSpread, tUnits);
  add('minTemp', temperature, temperatureSpread, tUnits);
  add('precipitation', depth, depth, pUnits);
  add('solar', same, same, SOLAR_UNITS);
  add('minHumidity', same, same, null);
  add('maxHumidity', same, same, null);
  add('dailyMaxWind', speed, speed, wUnits);
  add('averageWind', speed, speed, wUnits);
  const [linksStart, linksEnd] = entryLinksAround(normLinks(view, ''), `${view.place.basePath}/norms/`, view.yearsSuffix);
  layout.text(linksStart).string((i) => days[i]!.day).text(`${linksEnd}}`);
  return layout.rows(days.length);
}

/** A list answer: `norms` (the days in answer order) and its `_links`, the days' JSON written as rows. */
export function weatherNormListAnswer(days: readonly DayNorms[], view: WeatherNormView, links: unknown): WrittenBody {
  return WrittenBody.ofRows(() => ({ norms: days.map(weatherNormPresenter(view)), _links: links }), {
    head: () => ({ norms: [], _links: links }),
    key: 'norms',
    rows: weatherNormRows(view, days),
  });
}
