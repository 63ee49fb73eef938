/** The one place that knows the Daily observation JSON shape and key order. */
import type { UnitSystem } from '../../core/units.js';
import type { CsvLayout } from '../../http/csv-table.js';
import { selectProperties } from '../../http/properties.js';
import { type DailyWeather, depthInUnitSystem, speedInUnitSystem, temperatureInUnitSystem } from '../../services/weather-service.js';
import { OBSERVATION_PROPERTIES } from './observation-schemas.js';
import { convert, precipitationUnits, SOLAR_UNITS, temperatureUnits, windUnits } from './unit-labels.js';
import { itemLinks, presentLocation, type WeatherPlace } from './weather-place.js';

/** CSV (http/csv-table.ts) of this JSON. Daily observation: one row per day. */
export const OBSERVATION_CSV: CsvLayout = { rows: ['observations'] };

export interface ObservationView {
  place: WeatherPlace;
  units: UnitSystem;
  chosen: Set<string> | null;
  baseUrl: string;
}

export function observationPath(place: WeatherPlace, date: string): string {
  return `${place.basePath}/observations/${date}`;
}

export function presentObservation(day: DailyWeather, view: ObservationView) {
  const { units } = view;
  const body = {
    date: day.date,
    location: presentLocation(view.place.location),
    temperatures: {
      max: convert(day.tmax, temperatureInUnitSystem, units),
      min: convert(day.tmin, temperatureInUnitSystem, units),
      units: temperatureUnits(units),
    },
    precipitation: { amount: convert(day.precipitation, depthInUnitSystem, units), units: precipitationUnits(units) },
    solar: { amount: day.solar, units: SOLAR_UNITS },
    relativeHumidity: { max: day.rhMax, min: day.rhMin },
    wind: {
      morningMax: convert(day.windMorningMax, speedInUnitSystem, units),
      dayMax: convert(day.windDayMax, speedInUnitSystem, units),
      average: convert(day.windAverage, speedInUnitSystem, units),
      units: windUnits(units),
    },
    _links: itemLinks(view.place, observationPath(view.place, day.date), view.baseUrl),
  };
  return selectProperties(body, view.chosen, OBSERVATION_PROPERTIES);
}
