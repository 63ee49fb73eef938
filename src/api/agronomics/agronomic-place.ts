/**
 * The place an agronomic path names — `/v2/agronomics/fields/{fieldId}` or
 * `/v2/agronomics/locations/{latitude},{longitude}` — and the links that differ between the two.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { parseCoordinates } from '../../http/date-params.js';
import { curies, type Curie, type Link, link, segment } from '../../http/links.js';
import { fieldLocation, locationAt, type WeatherLocation } from '../../services/weather-service.js';
import { fieldPath } from '../fields/field-presenter.js';

export interface AgronomicPlace {
  location: WeatherLocation;
  /** `/v2/agronomics/fields/{fieldId}` or `/v2/agronomics/locations/{latitude},{longitude}`. */
  basePath: string;
  /** `/v2/fields/{fieldId}` on field endpoints, null on latitude/longitude endpoints. */
  fieldHref: string | null;
}

/** The account's field (404 when unknown or another account's). */
export async function fieldAgronomicPlace(context: AppContext, request: FastifyRequest, fieldId: string): Promise<AgronomicPlace> {
  const location = await fieldLocation(context.store, request.auth.accountId, fieldId);
  return { location, basePath: `/v2/agronomics/fields/${segment(fieldId)}`, fieldHref: fieldPath(fieldId) };
}

/** What an answer over a field's current planting depends on, for its answer-cache key ('' without one). */
export function plantingKey(planting: { id: number; plantingDate: string } | null): string {
  return planting ? `planting ${planting.id} ${planting.plantingDate}` : '';
}

/** `{latitude},{longitude}` (400 naming the coordinate when it is not a decimal in range). */
export function coordinateAgronomicPlace(coordinates: string): AgronomicPlace {
  const { latitude, longitude } = parseCoordinates(coordinates);
  return { location: locationAt(latitude, longitude), basePath: `/v2/agronomics/locations/${latitude},${longitude}`, fieldHref: null };
}

export interface AgronomicLinks {
  self: Link;
  next?: Link;
  prev?: Link;
  curies?: Curie[];
  'svc:field'?: Link;
  'svc:planting'?: Link;
}

/**
 * `_links`: `self`; on field endpoints also `curies`, `svc:field` and, when given, `svc:planting`
 * (only when the dates were taken from the field's planting).
 */
export function agronomicLinks(place: AgronomicPlace, selfHref: string, baseUrl: string, plantingHref: string | null = null): AgronomicLinks {
  return agronomicLinkMaker(place, baseUrl, plantingHref)(selfHref);
}

/**
 * `agronomicLinks` for the many daily entries of one answer: the links they share (`curies`,
 * `svc:field`, `svc:planting`) are built once and only `self` differs.
 */
export function agronomicLinkMaker(place: AgronomicPlace, baseUrl: string, plantingHref: string | null = null): (selfHref: string) => AgronomicLinks {
  if (place.fieldHref === null) return (selfHref) => ({ self: link(selfHref) });
  const shared = { curies: curies(baseUrl), field: link(place.fieldHref), planting: plantingHref === null ? null : link(plantingHref) };
  return (selfHref) => {
    const links: AgronomicLinks = { self: link(selfHref), curies: shared.curies, 'svc:field': shared.field };
    if (shared.planting !== null) links['svc:planting'] = shared.planting;
    return links;
  };
}
