/**
 * The weather and agronomic resources that are asked of a place: each path exists for a field of
 * the account (`/v2/{family}/fields/{fieldId}/…`) and, for most, for a latitude/longitude
 * (`/v2/{family}/locations/{latitude},{longitude}/…`), with dates, days or years in the path.
 * Each resource declares itself in its own file (`resource`: its forms, query, CSV rows and
 * whether it is heavy) beside its output table and handler, and registers every form for the
 * place kinds it exists for with `registerPlaceRoutes`; this file holds only what all of them share.
 *
 * Every place route runs the same way: the place is resolved (services/place-service.ts: the
 * field or coordinates, its local today, the current planting where the range starts at it, and
 * the answer key), then a kept answer is sent, or the resource builds one (http/answer-cache.ts)
 * for the request's requester (http/requester.ts): its weather is computed under its account and
 * stops when the client hangs up, and a heavy answer whose client has gone is not built.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import { type Static, type TObject, type TSchema, type TString, Type } from 'typebox';
import type { AnswerCache } from '../http/answer-cache.js';
import { requesterGone, requesterOf } from '../http/requester.js';
import type { Requester } from '../core/requester.js';
import type { CsvLayout } from '../http/csv-table.js';
import { eitherSerializer, isEitherSchema } from '../http/either-serializer.js';
import type { DateSpan, MonthDaySpan, YearSpan } from '../core/date-spans.js';
import type { IsoDate } from '../core/dates.js';
import { parseCoordinates, parseDateSpan, parseMonthDaySpan, parseYearSpan } from '../http/date-params.js';
import { checkDatesWithin, type DateWindow, type ObservedHistory } from '../services/date-windows.js';
import { segment } from '../http/links.js';
import type { Turns } from '../http/turns.js';
import type { Place, PlaceRef, PlaceService } from '../services/place-service.js';
import type { ApiInstance } from './api-plugin.js';
import { fieldPath } from './fields/field-table.js';
import { ParsedText } from './schema-helpers.js';
import { NORM_YEARS_DESCRIPTION } from './weather/weather-schemas.js';
import type { WeatherPlace } from './weather/weather-place.js';

export type PlaceKind = 'field' | 'location';

/** Path segments after the place. */
export type SegmentName = 'dates' | 'days' | 'years' | 'format';

/** Every segment a place path may name: the parsed ones, and a planting of the field (its resource reads it). */
type PathSegment = SegmentName | 'plantingId';

const SEGMENT_DESCRIPTIONS: Record<PathSegment | 'coordinates', string> = {
  coordinates: '{latitude},{longitude} in decimal degrees',
  plantingId: "a planting id of the field, or 'current' (the field's most recently created planting)",
  dates: 'YYYY-MM-DD, or {startDate},{endDate}',
  days: 'MM-DD or {startDay},{endDay}',
  years: NORM_YEARS_DESCRIPTION,
  format: 'the file format',
};

/** How the OpenAPI document shows each segment besides its description: an example. */
const SEGMENT_DOCUMENTED: Record<PathSegment | 'coordinates', Record<string, unknown>> = {
  coordinates: { type: 'string', examples: ['41.99,-93.62'] },
  plantingId: { type: 'string', examples: ['current'] },
  dates: { type: 'string', examples: ['2024-06-01,2024-06-07'] },
  days: { type: 'string', examples: ['06-01,06-30'] },
  years: { type: 'string', examples: ['2014,2023'] },
  format: { type: 'string' },
};

/** One path of a resource, for the place kinds it exists for. */
export interface PlaceRouteForm {
  /** After `/v2/{family}/fields/:fieldId/` or `/v2/{family}/locations/:coordinates/`. */
  path: string;
  /** Summary per place kind; a kind without one has no such path. */
  summary: Partial<Record<PlaceKind, string>>;
  /** The schema of the 200 answer, the same for both kinds or one per kind. */
  response: unknown;
  responseByKind?: Partial<Record<PlaceKind, unknown>>;
  /** The range starts at the field's current planting (no dates in the path): the resource's name, for the 400 without one. */
  season?: string;
  /** Descriptions of path segments where this resource words them differently. */
  segments?: Partial<Record<PathSegment, string>>;
  /** How the OpenAPI document shows path segments where this resource differs (a fixed set of choices). */
  documented?: Partial<Record<PathSegment, Record<string, unknown>>>;
}

/** How a resource's `dates` segment is read: the window it must lie in, and the range answered without it. */
export interface DatesRule {
  /** The window at the place's local today, for the deployment's observed history. */
  window?: (today: IsoDate, place: { kind: PlaceKind; history: ObservedHistory }) => DateWindow;
  byDefault?: (today: IsoDate) => DateSpan;
}

export interface PlaceResource<Query extends TSchema> {
  family: 'weather' | 'agronomics';
  tags: string[];
  querystring: Query;
  /** The CSV layout of the JSON answer, for routes that also answer `text/csv`. */
  csv?: CsvLayout;
  /** The `dates` segment's window and default range (none: the segment is only parsed). */
  dates?: DatesRule;
  /** False: answers are never kept (files sent as text). */
  keepAnswers?: boolean;
  /**
   * True: answers depend on more than the place and its weather (a planting's irrigations), so
   * none is kept; each is built afresh and sent as JSON or CSV like any other.
   */
  neverKept?: boolean;
  /** True: building an answer takes the main thread a while, so each waits for a turn of its own (http/turns.ts). */
  heavy?: boolean;
  forms: PlaceRouteForm[];
}

export function resource<Query extends TSchema>(definition: PlaceResource<Query>): PlaceResource<Query> {
  return definition;
}

/**
 * The query as the route's schema types it (Fastify's type provider writes a schema's static type
 * this way: `undefined` becomes `unknown`).
 */
type ValidatedQuery<Query> = Query extends TSchema ? Static<Query> : unknown;
export type PlaceQuery<Query extends TSchema> = [ValidatedQuery<Query>] extends [undefined] ? unknown : ValidatedQuery<Query>;

/** What a resource's builder is given: the resolved place, the path's segments and the typed query. */
export interface PlaceCall<Query> {
  place: Place;
  /** The place as the answer links it: its base path and, on field paths, the field's. */
  view: WeatherPlace;
  segments: Partial<Record<SegmentName, string>>;
  /**
   * The path's segments, parsed here once: `dates` checked against the resource's window (or its
   * default range when the path has none; null without either), `days` and `years`.
   */
  dates: DateSpan | null;
  days: MonthDaySpan | null;
  years: YearSpan | null;
  query: Query;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Whom the answer is computed for (core/requester.ts), to hand to the services. */
  readonly requester: Requester;
}

export interface PlaceRouteServices {
  places: PlaceService;
  answers: AnswerCache;
  /** Turns of the event loop for heavy resources. */
  turns: Turns;
  /** How far back observed weather may be asked (`AGWX_OBSERVED_HISTORY`). */
  history: ObservedHistory;
}

/** The `{fieldId}` or `{coordinates}` path parameter and the segments the path names. */
function paramsSchema(kind: PlaceKind, path: string, form: PlaceRouteForm): TObject<Record<string, TString>> {
  const properties: Record<string, TString> =
    kind === 'field' ? { fieldId: Type.String() } : { coordinates: ParsedText(SEGMENT_DESCRIPTIONS.coordinates, SEGMENT_DOCUMENTED.coordinates) };
  for (const match of path.matchAll(/:(\w+)/g)) {
    const name = match[1] as PathSegment;
    properties[name] = ParsedText(form.segments?.[name] ?? SEGMENT_DESCRIPTIONS[name], form.documented?.[name] ?? SEGMENT_DOCUMENTED[name]);
  }
  return Type.Object(properties);
}

/** The place a path names, and how answers link it. */
function placeOf(family: string, kind: PlaceKind, params: Record<string, string>): { ref: PlaceRef; basePath: string; fieldHref: string | null } {
  if (kind === 'field') {
    const fieldId = params.fieldId!;
    return { ref: { fieldId }, basePath: `/v2/${family}/fields/${segment(fieldId)}`, fieldHref: fieldPath(fieldId) };
  }
  const { latitude, longitude } = parseCoordinates(params.coordinates!);
  return { ref: { latitude, longitude }, basePath: `/v2/${family}/locations/${latitude},${longitude}`, fieldHref: null };
}

/** The `dates` segment parsed and checked against the resource's window, or its default range. */
function datesOf(segment: string | undefined, rule: DatesRule | undefined, today: IsoDate, place: { kind: PlaceKind; history: ObservedHistory }): DateSpan | null {
  if (segment === undefined) return rule?.byDefault?.(today) ?? null;
  const span = parseDateSpan(segment);
  if (rule?.window) checkDatesWithin(span, rule.window(today, place));
  return span;
}

/** Registers every form of `definition` for the place kinds it exists for; `build` makes an answer. */
export function registerPlaceRoutes<Query extends TSchema>(
  app: ApiInstance,
  services: PlaceRouteServices,
  definition: PlaceResource<Query>,
  build: (call: PlaceCall<PlaceQuery<Query>>) => Promise<unknown>,
): void {
  const { places, answers, turns, history } = services;
  const make = definition.heavy ? (call: PlaceCall<PlaceQuery<Query>>) => turns.take(() => requesterGone(call.requester)).then(() => build(call)) : build;
  // Field paths first, then latitude/longitude paths (the order of the OpenAPI document).
  for (const kind of ['field', 'location'] as const) {
    for (const form of definition.forms) {
      const summary = form.summary[kind];
      if (summary === undefined) continue;
      const url = `/v2/${definition.family}/${kind === 'field' ? 'fields/:fieldId' : 'locations/:coordinates'}/${form.path}`;
      const response = form.responseByKind?.[kind] ?? form.response;
      app.get(
        url,
        {
          config: definition.csv ? { csv: definition.csv } : {},
          ...(isEitherSchema(response)
            ? { serializerCompiler: ({ schema }: { schema: unknown }) => (isEitherSchema(schema) ? eitherSerializer(schema) : fastJson(schema as object)) }
            : {}),
          schema: {
            summary,
            tags: definition.tags,
            params: paramsSchema(kind, form.path, form),
            querystring: definition.querystring,
            response: { 200: response },
          },
        },
        async (request, reply) => {
          const params = request.params;
          const target = placeOf(definition.family, kind, params);
          const place = await places.resolve({ caller: request.auth, ref: target.ref, url: request.url, ...(form.season ? { season: form.season } : {}) });
          const segments: Partial<Record<SegmentName, string>> = {};
          for (const name of ['dates', 'days', 'years', 'format'] as const) if (params[name] !== undefined) segments[name] = params[name];
          const call: PlaceCall<PlaceQuery<Query>> = {
            place,
            view: { location: place.location, basePath: target.basePath, fieldHref: target.fieldHref },
            segments,
            dates: datesOf(segments.dates, definition.dates, place.today, { kind, history }),
            days: segments.days === undefined ? null : parseMonthDaySpan(segments.days),
            years: segments.years === undefined ? null : parseYearSpan(segments.years),
            query: request.query,
            request,
            reply,
            get requester() {
              return requesterOf(reply);
            },
          };
          if (definition.keepAnswers === false) return make(call);
          if (definition.neverKept) return answers.answer(reply, null, () => make(call));
          return answers.answer(reply, place.answerKey, () => make(call));
        },
      );
    }
  }
}
