/** The one place that knows the Weather norm JSON shape and key order. */
import type { UnitSystem } from '../../core/units.js';
import type { CsvLayout } from '../../http/csv-table.js';
import { curies, link } from '../../http/links.js';
import { selectProperties } from '../../http/properties.js';
import type { DayNorms, NormStatistic } from '../../services/weather-norm-service.js';
import {
  depthInUnitSystem,
  speedInUnitSystem,
  temperatureDifferenceInUnitSystem,
  temperatureInUnitSystem,
} from '../../services/weather-service.js';
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

/**
 * A presenter of calendar days for one request. Averages convert as values (°C → °F with the
 * offset); standard deviations convert as differences (°C → °F by 1.8 only).
 */
export function weatherNormPresenter(view: WeatherNormView) {
  const { units } = view;
  const usa = units === 'usa';
  const temperature: Scale = usa ? (c) => temperatureInUnitSystem(c, units) : same;
  const temperatureSpread: Scale = usa ? (c) => temperatureDifferenceInUnitSystem(c, units) : same;
  const depth: Scale = usa ? (mm) => depthInUnitSystem(mm, units) : same;
  const speed: Scale = usa ? (ms) => speedInUnitSystem(ms, units) : same;
  const tUnits = temperatureUnits(units);
  const pUnits = precipitationUnits(units);
  const wUnits = windUnits(units);
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
