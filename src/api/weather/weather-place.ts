/**
 * How an answer shows the place a weather or agronomic path names — `…/fields/{fieldId}` or
 * `…/locations/{latitude},{longitude}` — with the links and header nouns that differ between the
 * two. The place itself is resolved by services/place-service.ts.
 */
import type { FastifyRequest } from 'fastify';
import { curies, type Link, link } from '../../http/links.js';
import type { WeatherLocation } from '../../services/weather-location.js';

export interface WeatherPlace {
  location: WeatherLocation;
  /** `/v2/{family}/fields/{fieldId}` or `/v2/{family}/locations/{latitude},{longitude}`. */
  basePath: string;
  /** `/v2/fields/{fieldId}` on field endpoints, null on latitude/longitude endpoints. */
  fieldHref: string | null;
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
