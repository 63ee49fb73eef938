/**
 * Forecasts of a field or of a latitude/longitude: today plus 7 days, one date, or a date range,
 * in blocks of 1 to 24 hours. Both forms take the same parameters and answer the same body
 * (`location` without `fieldId`, no `svc:field` link at a location). The whole resource: its
 * output tables, its path forms and its handler. Thin: parse → service → answer.
 *
 * Key order follows the service's published responses (docs/weather-api.md): a block is
 * startTime, endTime, conditionsCode, conditionsText, temperatures{value,max,min,units} (exactly
 * {max,min,units} for blocks above one hour), precipitation{chance,amount,units},
 * sky{cloudCover,sunshine}, solar{amount,units}, relativeHumidity{average,max,min},
 * wind{average,max,min,units}, dewPoint{amount,units}, soilTemperatures[{depth,average,max,min,units}],
 * soilMoisture[{depth,average,max,min}]. Block size 1 fills `temperatures.value` and leaves the
 * other max/min null (an hour has one value). A day is exactly date, location, forecast, _links.
 */
import { Type } from 'typebox';
import { formatTimestamp } from '../../core/dates.js';
import { writeJsonRows } from '../../core/json-rows.js';
import { invalidParameter } from '../../http/api-error.js';
import { parseBoolean, parseUtcOffset } from '../../http/date-params.js';
import { parseProperties } from '../../http/properties.js';
import { parseUnits } from '../../http/units.js';
import { defaultForecastSpan, forecastWindow } from '../../services/date-windows.js';
import {
  BLOCK_SIZES,
  type BlockSize,
  CONDITIONS_TYPES,
  type ConditionsType,
  DEFAULT_CONDITIONS_TYPE,
  type ForecastDayBlocks,
  type ForecastService,
  type PresentableBlock,
  type Spread,
  type TimeFrame,
} from '../../services/forecast-service.js';
import { type QuantityName, SOIL_DEPTHS } from '../../services/weather-types.js';
import type { ApiInstance } from '../api-plugin.js';
import { choosableProperties, type CompiledEntry, compiledByChoice, unlabelledMembers, compileEntry, entrySchema, type EntryTable, entryTable, type OutputView, out } from '../output-table.js';
import { type PlaceRouteServices, registerPlaceRoutes, resource } from '../place-routes.js';
import { Nullable, ParsedText, TextChoice } from '../schema-helpers.js';
import { DATED_SORTS, datedAnswer } from './date-pages.js';
import { ItemLinksSchema, ListLinksSchema, ListOrSingle, weatherListQuery, WeatherLocationSchema } from './weather-schemas.js';
import { itemLinks, presentLocation, type WeatherPlace } from './weather-place.js';

interface ForecastView extends OutputView {
  place: WeatherPlace;
  baseUrl: string;
  /** The block table compiled for the request's units, block size and properties (kept per route: see `blockEntries`). */
  blocks: CompiledEntry<Blocks>;
}

type Blocks = readonly PresentableBlock[];
type Days = readonly ForecastDayBlocks[];
type ReadSpread = (block: PresentableBlock) => Spread;

/**
 * A block's fields for hour blocks (`hourly`) or longer ones: an hour has one value, so its
 * `temperatures` carry `value` and its other spreads null max/min.
 */
function blockTable(hourly: boolean): EntryTable<Blocks, OutputView> {
  const spread = (quantity: QuantityName, read: ReadSpread) => ({
    average: out.number<Blocks>(quantity, (blocks, i) => read(blocks[i]!).average),
    max: out.number<Blocks>(quantity, hourly ? () => null : (blocks, i) => read(blocks[i]!).max),
    min: out.number<Blocks>(quantity, hourly ? () => null : (blocks, i) => read(blocks[i]!).min),
  });
  const temperature = (read: ReadSpread) => ({
    ...(hourly ? { value: out.number<Blocks>('temperature', (blocks, i) => read(blocks[i]!).average) } : {}),
    max: out.number<Blocks>('temperature', (blocks, i) => read(blocks[i]!).max),
    min: out.number<Blocks>('temperature', (blocks, i) => read(blocks[i]!).min),
  });
  const layers = (quantity: QuantityName, labelled: boolean, read: (block: PresentableBlock) => readonly Spread[]) =>
    out.array<Blocks>(SOIL_DEPTHS.map((depth, k) => out.group<Blocks>(labelled ? quantity : null, spread(quantity, (block) => read(block)[k]!), { depth })));
  const value = (quantity: QuantityName, read: (block: PresentableBlock) => number) => out.number<Blocks>(quantity, (blocks, i) => read(blocks[i]!));
  return entryTable<Blocks, OutputView>({
    startTime: { ...out.text<Blocks>((blocks, i) => formatTimestamp(blocks[i]!.start, blocks[i]!.startOffsetMinutes), true), always: true },
    endTime: { ...out.text<Blocks>((blocks, i) => formatTimestamp(blocks[i]!.end, blocks[i]!.endOffsetMinutes), true), always: true },
    // Codes and texts of a fixed vocabulary that needs no escaping (agronomy/conditions.ts; its test checks every one).
    conditionsCode: out.text<Blocks>((blocks, i) => blocks[i]!.conditions.code, true),
    conditionsText: out.text<Blocks>((blocks, i) => blocks[i]!.conditions.text, true),
    temperatures: out.group('temperature', temperature((block) => block.values.temperature)),
    precipitation: out.group('depth', { chance: value('percent', (block) => block.values.precipitationChance), amount: value('depth', (block) => block.values.precipitation) }),
    sky: out.group(null, { cloudCover: value('percent', (block) => block.values.cloudCover), sunshine: value('percent', (block) => block.values.sunshine) }),
    solar: out.group('solar', { amount: value('solar', (block) => block.values.solar) }),
    relativeHumidity: out.group(null, spread('percent', (block) => block.values.relativeHumidity)),
    wind: out.group('speed', spread('speed', (block) => block.values.wind)),
    dewPoint: { ...out.group('temperature', { amount: value('temperature', (block) => block.values.dewPoint) }), always: true },
    soilTemperatures: { ...layers('temperature', true, (block) => block.values.soilTemperature), always: true },
    soilMoisture: { ...layers('percent', false, (block) => block.values.soilMoisture), always: true },
  });
}

const BLOCKS = { hourly: blockTable(true), longer: blockTable(false) };
const FORECAST_PROPERTIES = choosableProperties(BLOCKS.hourly);

const HOUR_VALUE_DESCRIPTION = 'the hour temperature; block size 1 only, absent (not null) on larger blocks';
/** One schema for both kinds of blocks: the hour's, whose `temperatures.value` longer blocks leave out. */
const ForecastBlockSchema = (() => {
  const schema = entrySchema(BLOCKS.hourly) as unknown as { properties: { temperatures: { properties: Record<string, unknown> } } };
  schema.properties.temperatures.properties.value = Type.Optional(Nullable(Type.Number({ description: HOUR_VALUE_DESCRIPTION })));
  return schema as unknown as ReturnType<typeof entrySchema>;
})();

/** A day: its blocks nested, as the view's compiled block table writes them. */
const DAY = entryTable<Days, ForecastView>({
    date: { ...out.text<Days>((days, i) => days[i]!.date, true), always: true },
    location: { ...out.constant<ForecastView>(WeatherLocationSchema, (view) => presentLocation(view.place.location)), always: true },
    forecast: {
      ...out.nested<Days, ForecastView>(Type.Array(ForecastBlockSchema), (view) => {
        const block = view.blocks;
        return {
          json: (days, i) => `[${writeJsonRows(block.rows(days[i]!.blocks, days[i]!.blocks.length))}]`,
          object: (days, i) => days[i]!.blocks.map((_, k) => block.object(days[i]!.blocks, k)),
        };
      }),
      always: true,
    },
    _links: {
      ...out.links<Days, ForecastView>(
        ItemLinksSchema,
        (days, i) => days[i]!.date,
        (view) => ({ links: (href) => itemLinks(view.place, href, view.baseUrl), start: `${view.place.basePath}/forecasts/`, end: '' }),
      ),
      always: true,
    },
});

const ForecastDaySchema = entrySchema(DAY);
export const ForecastListSchema = Type.Object({
  forecasts: Type.Optional(Type.Array(ForecastDaySchema)),
  _links: Type.Optional(ListLinksSchema),
});
/** `/forecasts/{dates}`: the list for `{startDate},{endDate}`, the single object for one date. */
export const ForecastDatedSchema = ListOrSingle('forecasts', ForecastListSchema, ForecastDaySchema);

/** `blockSize` as written in the query (empty: the default), and the hours each names. */
const BLOCK_SIZE_TEXTS = ['', '1', '2', '3', '4', '6', '8', '12', '24'] as const;
const BLOCK_SIZE_OF_TEXT: Readonly<Record<(typeof BLOCK_SIZE_TEXTS)[number], BlockSize>> = {
  '': 1,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '6': 6,
  '8': 8,
  '12': 12,
  '24': 24,
};

export const FORECASTS = resource({
  heavy: true,
  family: 'weather',
  tags: ['forecasts'],
  querystring: Type.Object({
    ...weatherListQuery('forecasts', DATED_SORTS),
    blockSize: Type.Optional(
      TextChoice(BLOCK_SIZE_TEXTS, `one of ${BLOCK_SIZES.join(', ')} (hours per block; default 1)`, { type: 'integer', enum: [...BLOCK_SIZES], examples: [3] }),
    ),
    conditionsType: Type.Optional(ParsedText('basic or standard (default)', { type: 'string', enum: [...CONDITIONS_TYPES], examples: ['basic'] })),
    useLocalTime: Type.Optional(
      ParsedText('true: block times in the time zone of the field or location (utcOffset ignored); false (default)', { type: 'boolean', examples: [true] }),
    ),
    utcOffset: Type.Optional(
      ParsedText('offset of block times from UTC, ±HH:MM such as -05:00 (default +00:00)', { type: 'string', examples: ['-05:00'] }),
    ),
  }),
  // The chance of rain is a percentage, not in the precipitation's unit.
  csv: { rows: ['forecasts', 'forecast'], unitless: unlabelledMembers(BLOCKS.hourly) },
  dates: { window: (today, { kind }) => forecastWindow(today, kind), byDefault: defaultForecastSpan },
  forms: [
    {
      path: 'forecasts',
      summary: { field: 'Forecast of a field: today plus 7 days', location: 'Forecast at a latitude/longitude: today plus 7 days' },
      response: ForecastListSchema,
    },
    {
      path: 'forecasts/:dates',
      summary: {
        field: 'Forecast of a field: one date or {startDate},{endDate} (today to 7 days ahead)',
        location: 'Forecast at a latitude/longitude: one date or {startDate},{endDate} (today to 7 days ahead)',
      },
      response: ForecastDatedSchema,
    },
  ],
});

function parseConditionsType(text: string | undefined): ConditionsType {
  if (text === undefined || text === '') return DEFAULT_CONDITIONS_TYPE;
  const lower = text.toLowerCase();
  const type = CONDITIONS_TYPES.find((choice) => choice === lower);
  if (type === undefined) throw invalidParameter('conditionsType', `conditionsType must be one of ${CONDITIONS_TYPES.join(', ')} (got '${text}').`);
  return type;
}

/** `useLocalTime=true` → the place's zone (utcOffset ignored, though still checked); else `utcOffset` or UTC. */
function parseTimeFrame(query: { useLocalTime?: string; utcOffset?: string }): TimeFrame {
  const offsetMinutes = parseUtcOffset(query.utcOffset);
  if (parseBoolean(query.useLocalTime, 'useLocalTime', false)) return { kind: 'local' };
  return { kind: 'offset', offsetMinutes: offsetMinutes ?? 0 };
}

export interface ForecastRouteServices extends PlaceRouteServices {
  forecasts: ForecastService;
  baseUrl: string;
}

export function forecastRoutes(app: ApiInstance, services: ForecastRouteServices): void {
  const { forecasts, baseUrl } = services;

  // The block tables compiled once per unit system and choice of properties, for this app.
  const blockEntries = { hourly: compiledByChoice(BLOCKS.hourly), longer: compiledByChoice(BLOCKS.longer) };

  registerPlaceRoutes(app, services, FORECASTS, async (call) => {
    const { place, view, query, requester } = call;
    const units = parseUnits(query.units);
    const chosen = parseProperties(query.properties, FORECAST_PROPERTIES);
    const blockSize = BLOCK_SIZE_OF_TEXT[query.blockSize ?? ''];
    const options = { blockSize, frame: parseTimeFrame(query), conditionsType: parseConditionsType(query.conditionsType) };
    const blocks = (blockSize === 1 ? blockEntries.hourly : blockEntries.longer)(units, chosen);
    const entry = compileEntry(DAY, { place: view, units, baseUrl, blocks });
    return datedAnswer(call, 'forecasts', entry, (dates) => forecasts.forecast(place.location, dates, options, requester), baseUrl);
  });
}
