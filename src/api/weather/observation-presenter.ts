/**
 * The one place that knows the Daily observation JSON shape and key order. Values convert into the
 * request's unit system as the daily variables table says (`dailyValue`).
 */
import type { UnitSystem } from '../../core/units.js';
import type { CsvLayout } from '../../http/csv-table.js';
import { selectProperties } from '../../http/properties.js';
import type { DailyWeather } from '../../services/weather-service.js';
import { OBSERVATION_PROPERTIES } from './observation-schemas.js';
import { dailyValue, precipitationUnits, SOLAR_UNITS, temperatureUnits, windUnits } from './unit-labels.js';
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
      max: dailyValue(day, 'tmax', units),
      min: dailyValue(day, 'tmin', units),
      units: temperatureUnits(units),
    },
    precipitation: { amount: dailyValue(day, 'precipitation', units), units: precipitationUnits(units) },
    solar: { amount: dailyValue(day, 'solar', units), units: SOLAR_UNITS },
    relativeHumidity: { max: dailyValue(day, 'rhMax', units), min: dailyValue(day, 'rhMin', units) },
    wind: {
      morningMax: dailyValue(day, 'windMorningMax', units),
      dayMax: dailyValue(day, 'windDayMax', units),
      average: dailyValue(day, 'windAverage', units),
      units: windUnits(units),
    },
    _links: itemLinks(view.place, observationPath(view.place, day.date), view.baseUrl),
  };
  return selectProperties(body, view.chosen, OBSERVATION_PROPERTIES);
}
