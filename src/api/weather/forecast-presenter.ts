/** The one place that knows the Forecast day and block JSON shapes and key order. */
import { fromEpochDay, twoDigits } from '../../core/dates.js';
import type { UnitSystem } from '../../core/units.js';
import type { CsvLayout } from '../../http/csv-table.js';
import { selectProperties } from '../../http/properties.js';
import { jsonNumber, withArray, WrittenBody } from '../../http/written-body.js';
import type { ForecastDayBlocks, PresentableBlock, Spread } from '../../services/forecast-service.js';
import { depthInUnitSystem, SOIL_DEPTHS, speedInUnitSystem, temperatureInUnitSystem } from '../../services/weather-types.js';
import { FORECAST_PROPERTIES } from './forecast-schemas.js';
import { precipitationUnits, SOLAR_UNITS, temperatureUnits, windUnits } from './unit-labels.js';
import { itemLinks, presentLocation, type WeatherPlace } from './weather-place.js';

/**
 * CSV (http/csv-table.ts) of this JSON. Forecasts: one row per block, after its day's date and
 * location; the chance of rain is a percentage, not in the precipitation's unit.
 */
export const FORECAST_CSV: CsvLayout = { rows: ['forecasts', 'forecast'], unitless: ['precipitation.chance'] };

export interface ForecastView {
  place: WeatherPlace;
  units: UnitSystem;
  /** The requested block size: 1 and larger sizes fill different properties. */
  blockSize: number;
  chosen: Set<string> | null;
  baseUrl: string;
}

const MINUTE_MS = 60_000;

/** Days from 1970-01-01 of 0000-01-01 and of 9999-12-31: `fromEpochDay`'s years. */
const FIRST_FOUR_DIGIT_DAY = -719_528;
const LAST_FOUR_DIGIT_DAY = 2_932_896;
const DAY_MS = 86_400_000;

/**
 * `YYYY-MM-DDTHH:mm:ss±HH:MM`: the instant as wall-clock time at the given offset (seconds
 * truncated, as `toISOString` gives them). Date objects only outside years 0–9999: a day of
 * hourly blocks formats 48 of these.
 */
export function formatTimestamp(epochMs: number, offsetMinutes: number): string {
  const wallMs = epochMs + offsetMinutes * MINUTE_MS;
  const day = Math.floor(wallMs / DAY_MS);
  let wall: string;
  if (day >= FIRST_FOUR_DIGIT_DAY && day <= LAST_FOUR_DIGIT_DAY) {
    const second = Math.floor((wallMs - day * DAY_MS) / 1000);
    wall = `${fromEpochDay(day)}T${twoDigits(Math.floor(second / 3600))}:${twoDigits(Math.floor(second / 60) % 60)}:${twoDigits(second % 60)}`;
  } else {
    wall = new Date(wallMs).toISOString().slice(0, 19);
  }
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${wall}${sign}${twoDigits(Math.floor(absolute / 60))}:${twoDigits(absolute % 60)}`;
}

export function forecastPath(place: WeatherPlace, date: string): string {
  return `${place.basePath}/forecasts/${date}`;
}

/**
 * One block. Block size 1: `temperatures` has value, max and min (all the hour's temperature);
 * `max`/`min` of relativeHumidity, wind, soilTemperatures, soilMoisture are null. Larger blocks:
 * `temperatures` is exactly `{max, min, units}` (no `value` key: the spec gives only min and max),
 * every other max/min is filled.
 */
export function presentBlock(block: PresentableBlock, view: ForecastView) {
  const { units } = view;
  const v = block.values;
  const hourly = view.blockSize === 1;
  const temperature = (c: number) => temperatureInUnitSystem(c, units);
  const speed = (ms: number) => speedInUnitSystem(ms, units);
  const spread = (s: Spread, convert: (value: number) => number = (value) => value) => ({
    average: convert(s.average),
    max: hourly ? null : convert(s.max),
    min: hourly ? null : convert(s.min),
  });
  const body = {
    startTime: formatTimestamp(block.start, block.startOffsetMinutes),
    endTime: formatTimestamp(block.end, block.endOffsetMinutes),
    conditionsCode: block.conditions.code,
    conditionsText: block.conditions.text,
    temperatures: hourly
      ? { value: temperature(v.temperature.average), max: temperature(v.temperature.max), min: temperature(v.temperature.min), units: temperatureUnits(units) }
      : { max: temperature(v.temperature.max), min: temperature(v.temperature.min), units: temperatureUnits(units) },
    precipitation: { chance: v.precipitationChance, amount: depthInUnitSystem(v.precipitation, units), units: precipitationUnits(units) },
    sky: { cloudCover: v.cloudCover, sunshine: v.sunshine },
    solar: { amount: v.solar, units: SOLAR_UNITS },
    relativeHumidity: spread(v.relativeHumidity),
    wind: { ...spread(v.wind, speed), units: windUnits(units) },
    dewPoint: { amount: temperature(v.dewPoint), units: temperatureUnits(units) },
    soilTemperatures: v.soilTemperature.map((layer, i) => ({
      depth: SOIL_DEPTHS[i],
      ...spread(layer, temperature),
      units: temperatureUnits(units),
    })),
    soilMoisture: v.soilMoisture.map((layer, i) => ({ depth: SOIL_DEPTHS[i], ...spread(layer) })),
  };
  return selectProperties(body, view.chosen, FORECAST_PROPERTIES);
}

/** One day: exactly date, location, forecast, _links. */
export function presentForecastDay(day: ForecastDayBlocks, view: ForecastView) {
  return {
    date: day.date,
    location: presentLocation(view.place.location),
    forecast: day.blocks.map((block) => presentBlock(block, view)),
    _links: itemLinks(view.place, forecastPath(view.place, day.date), view.baseUrl),
  };
}

/**
 * `presentBlock` written straight into JSON text (http/written-body.ts): for one request's view,
 * a function giving each block's `JSON.stringify(presentBlock(block, view))`, its keys, units and
 * nulls written once.
 */
export function forecastBlockWriter(view: ForecastView): (block: PresentableBlock) => string {
  const { units, chosen } = view;
  const hourly = view.blockSize === 1;
  const shows = (name: (typeof FORECAST_PROPERTIES)[number]) => chosen === null || chosen.has(name);
  const n = jsonNumber;
  const temperature = (c: number) => n(temperatureInUnitSystem(c, units));
  const same = (value: number) => n(value);
  const speed = (ms: number) => n(speedInUnitSystem(ms, units));
  const spread = hourly
    ? (s: Spread, write: (value: number) => string) => `"average":${write(s.average)},"max":null,"min":null`
    : (s: Spread, write: (value: number) => string) => `"average":${write(s.average)},"max":${write(s.max)},"min":${write(s.min)}`;
  const temperatureUnitsEnd = `,"units":${JSON.stringify(temperatureUnits(units))}}`;
  const precipitationUnitsEnd = `,"units":${JSON.stringify(precipitationUnits(units))}}`;
  const solarUnitsEnd = `,"units":${JSON.stringify(SOLAR_UNITS)}}`;
  const windUnitsEnd = `,"units":${JSON.stringify(windUnits(units))}}`;
  const depths = SOIL_DEPTHS.map((depth) => `{"depth":${JSON.stringify(depth)},`);
  const conditionsText = new Map<string, string>();
  const text = (value: string) => {
    let json = conditionsText.get(value);
    if (json === undefined) conditionsText.set(value, (json = JSON.stringify(value)));
    return json;
  };
  const [showCode, showText, showTemperatures, showPrecipitation, showSky, showSolar, showHumidity, showWind] = FORECAST_PROPERTIES.map(shows);

  return (block) => {
    const v = block.values;
    let json = `{"startTime":"${formatTimestamp(block.start, block.startOffsetMinutes)}","endTime":"${formatTimestamp(block.end, block.endOffsetMinutes)}"`;
    if (showCode) json += `,"conditionsCode":${text(block.conditions.code)}`;
    if (showText) json += `,"conditionsText":${text(block.conditions.text)}`;
    if (showTemperatures) {
      json += hourly
        ? `,"temperatures":{"value":${temperature(v.temperature.average)},"max":${temperature(v.temperature.max)},"min":${temperature(v.temperature.min)}${temperatureUnitsEnd}`
        : `,"temperatures":{"max":${temperature(v.temperature.max)},"min":${temperature(v.temperature.min)}${temperatureUnitsEnd}`;
    }
    if (showPrecipitation) json += `,"precipitation":{"chance":${n(v.precipitationChance)},"amount":${n(depthInUnitSystem(v.precipitation, units))}${precipitationUnitsEnd}`;
    if (showSky) json += `,"sky":{"cloudCover":${n(v.cloudCover)},"sunshine":${n(v.sunshine)}}`;
    if (showSolar) json += `,"solar":{"amount":${n(v.solar)}${solarUnitsEnd}`;
    if (showHumidity) json += `,"relativeHumidity":{${spread(v.relativeHumidity, same)}}`;
    if (showWind) json += `,"wind":{${spread(v.wind, speed)}${windUnitsEnd}`;
    json += `,"dewPoint":{"amount":${temperature(v.dewPoint)}${temperatureUnitsEnd},"soilTemperatures":[`;
    for (let i = 0; i < v.soilTemperature.length; i++) json += `${i === 0 ? '' : ','}${depths[i]}${spread(v.soilTemperature[i]!, temperature)}${temperatureUnitsEnd}`;
    json += '],"soilMoisture":[';
    for (let i = 0; i < v.soilMoisture.length; i++) json += `${i === 0 ? '' : ','}${depths[i]}${spread(v.soilMoisture[i]!, same)}}`;
    return `${json}]}`;
  };
}

/** `presentForecastDay`'s JSON, its blocks written by `writeBlock` (see forecastBlockWriter). */
function forecastDayJson(day: ForecastDayBlocks, view: ForecastView, writeBlock: (block: PresentableBlock) => string): string {
  let blocks = '';
  for (let i = 0; i < day.blocks.length; i++) blocks += (i === 0 ? '' : ',') + writeBlock(day.blocks[i]!);
  const links = JSON.stringify(itemLinks(view.place, forecastPath(view.place, day.date), view.baseUrl));
  return `{"date":${JSON.stringify(day.date)},"location":${JSON.stringify(presentLocation(view.place.location))},"forecast":[${blocks}],"_links":${links}}`;
}

/** One day's answer, its JSON written as text (the route's serializer is JSON.stringify). */
export function forecastDayAnswer(day: ForecastDayBlocks, view: ForecastView): WrittenBody {
  return new WrittenBody(
    () => presentForecastDay(day, view),
    () => forecastDayJson(day, view, forecastBlockWriter(view)),
  );
}

/** A range's answer: `forecasts` (the days in answer order) and the list's `_links`. */
export function forecastListAnswer(days: readonly ForecastDayBlocks[], view: ForecastView, links: unknown): WrittenBody {
  return new WrittenBody(
    () => ({ forecasts: days.map((day) => presentForecastDay(day, view)), _links: links }),
    (serialize) => {
      const writeBlock = forecastBlockWriter(view);
      return withArray(serialize, { forecasts: [], _links: links }, 'forecasts', days.map((day) => forecastDayJson(day, view, writeBlock)).join(','));
    },
  );
}
