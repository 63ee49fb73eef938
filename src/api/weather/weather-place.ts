/**
 * The place a weather path names — `/v2/weather/fields/{fieldId}` or
 * `/v2/weather/locations/{latitude},{longitude}` — with the links and header nouns that differ
 * between the two, and the weather source the answer needs.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ApiError } from '../../http/api-error.js';
import { parseCoordinates } from '../../http/date-params.js';
import { curies, type Link, link, segment } from '../../http/links.js';
import { fieldLocation, locationAt, type WeatherLocation, type WeatherSource } from '../../services/weather-service.js';
import { fieldPath } from '../fields/field-presenter.js';

export interface WeatherPlace {
  location: WeatherLocation;
  /** `/v2/weather/fields/{fieldId}` or `/v2/weather/locations/{latitude},{longitude}`. */
  basePath: string;
  /** `/v2/fields/{fieldId}` on field endpoints. */
  fieldHref: string | null;
}

export async function fieldPlace(context: AppContext, request: FastifyRequest, fieldId: string): Promise<WeatherPlace> {
  const location = await fieldLocation(context.store, request.auth.accountId, fieldId);
  return { location, basePath: `/v2/weather/fields/${segment(fieldId)}`, fieldHref: fieldPath(fieldId) };
}

export function coordinatePlace(coordinates: string): WeatherPlace {
  const { latitude, longitude } = parseCoordinates(coordinates);
  return { location: locationAt(latitude, longitude), basePath: `/v2/weather/locations/${latitude},${longitude}`, fieldHref: null };
}

/**
 * The answer-cache key of a request at a weather location (see http/answer-cache.ts): the account
 * and its plan (limits), the coordinates (a field deleted and created again elsewhere gets other
 * answers), the local date there (`day`: today, or a date that moves with it such as yesterday;
 * it fixes date windows, default ranges and years, the forecast issue date), the weather source's
 * revision for the cell, `extra` (what else the route read, such as the current planting) and the
 * request URL. Null when the answer must be built every time.
 */
export async function weatherAnswerKey(
  context: AppContext,
  request: FastifyRequest,
  location: WeatherLocation,
  day: string,
  extra = '',
): Promise<string | null> {
  if (context.config.answerCacheBytes === 0) return null;
  const revision = context.weather?.revision ? await context.weather.revision(location.cell) : null;
  if (revision === null) return null;
  const { accountId, enterprise } = request.auth;
  return `${accountId}|${enterprise ? 'e' : 's'}|${location.latitude},${location.longitude}|${day}|${revision}|${extra}|${request.url}`;
}

/** The weather source, or 503 when the service runs without one. */
export function requireWeather(context: AppContext): WeatherSource {
  if (!context.weather) {
    throw new ApiError(503, 'Weather data temporarily unavailable.', 'No weather source is configured for this service.', { 'Retry-After': '60' });
  }
  return context.weather;
}

/** `location`: latitude, longitude and, on field endpoints, fieldId. */
export function presentLocation(location: WeatherLocation): { latitude: number; longitude: number; fieldId?: string } {
  return location.fieldId === null
    ? { latitude: location.latitude, longitude: location.longitude }
    : { latitude: location.latitude, longitude: location.longitude, fieldId: location.fieldId };
}

export interface ItemLinks {
  self: Link;
  curies?: ReturnType<typeof curies>;
  'svc:field'?: Link;
}

/** `_links` of one day: self, curies and (field endpoints) svc:field. */
export function itemLinks(place: WeatherPlace, selfHref: string, baseUrl: string): ItemLinks {
  const links: ItemLinks = { self: link(selfHref), curies: curies(baseUrl) };
  if (place.fieldHref) links['svc:field'] = link(place.fieldHref);
  return links;
}

/** `_links` of a list: self, next/prev when they exist, curies and (field endpoints) svc:field. */
export function listLinks(place: WeatherPlace, selfHref: string, pages: { next?: Link; prev?: Link }, baseUrl: string) {
  return { self: link(selfHref), ...pages, ...itemLinksWithoutSelf(place, baseUrl) };
}

function itemLinksWithoutSelf(place: WeatherPlace, baseUrl: string): Omit<ItemLinks, 'self'> {
  const links: Omit<ItemLinks, 'self'> = { curies: curies(baseUrl) };
  if (place.fieldHref) links['svc:field'] = link(place.fieldHref);
  return links;
}

/** The path of the request, without its query. */
export function requestPath(request: FastifyRequest): string {
  return request.url.split('?')[0]!;
}
