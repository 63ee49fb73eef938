/**
 * The one place that knows the Daily observation JSON shape and key order. Values convert into the
 * request's unit system as the daily variables table says (`dailyValue`).
 */
import type { UnitSystem } from '../../core/units.js';
import type { CsvLayout } from '../../http/csv-table.js';
import { selectProperties } from '../../http/properties.js';
import { entryLinksWriter, jsonNumber, type Serialize, withArray, WrittenBody } from '../../http/written-body.js';
import type { DailyWeather } from '../../services/weather-types.js';
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

/**
 * `presentObservation` written straight into JSON text (http/written-body.ts): for one request's
 * view, a function giving each day's JSON as the response serializer writes it, the location,
 * units and shared links written once.
 */
export function observationWriter(view: ObservationView): (day: DailyWeather) => string {
  const { units, chosen } = view;
  const shows = (name: (typeof OBSERVATION_PROPERTIES)[number]) => chosen === null || chosen.has(name);
  const [showLocation, showTemperatures, showPrecipitation, showSolar, showHumidity, showWind] = OBSERVATION_PROPERTIES.map(shows);
  const value = (day: DailyWeather, name: Parameters<typeof dailyValue>[1]) => jsonNumber(dailyValue(day, name, units));
  const location = `,"location":${JSON.stringify(presentLocation(view.place.location))}`;
  const temperatureUnitsEnd = `,"units":${JSON.stringify(temperatureUnits(units))}}`;
  const precipitationUnitsEnd = `,"units":${JSON.stringify(precipitationUnits(units))}}`;
  const solarUnitsEnd = `,"units":${JSON.stringify(SOLAR_UNITS)}}`;
  const windUnitsEnd = `,"units":${JSON.stringify(windUnits(units))}}`;
  const links = entryLinksWriter(itemLinks(view.place, '', view.baseUrl), observationPath(view.place, ''));
  return (day) => {
    let json = `{"date":"${day.date}"`;
    if (showLocation) json += location;
    if (showTemperatures) json += `,"temperatures":{"max":${value(day, 'tmax')},"min":${value(day, 'tmin')}${temperatureUnitsEnd}`;
    if (showPrecipitation) json += `,"precipitation":{"amount":${value(day, 'precipitation')}${precipitationUnitsEnd}`;
    if (showSolar) json += `,"solar":{"amount":${value(day, 'solar')}${solarUnitsEnd}`;
    if (showHumidity) json += `,"relativeHumidity":{"max":${value(day, 'rhMax')},"min":${value(day, 'rhMin')}}`;
    if (showWind) json += `,"wind":{"morningMax":${value(day, 'windMorningMax')},"dayMax":${value(day, 'windDayMax')},"average":${value(day, 'windAverage')}${windUnitsEnd}`;
    return `${json}${links(day.date)}}`;
  };
}

/** One date's answer, its JSON written as text. */
export function observationAnswer(day: DailyWeather, view: ObservationView): WrittenBody {
  return new WrittenBody(
    () => presentObservation(day, view),
    () => observationWriter(view)(day),
  );
}

/** A range's answer: `observations` (the days in answer order) and the list's `_links`. */
export function observationListAnswer(days: readonly DailyWeather[], view: ObservationView, links: unknown): WrittenBody {
  return new WrittenBody(
    () => ({ observations: days.map((day) => presentObservation(day, view)), _links: links }),
    (serialize: Serialize) => withArray(serialize, { observations: [], _links: links }, 'observations', days.map(observationWriter(view)).join(',')),
  );
}
