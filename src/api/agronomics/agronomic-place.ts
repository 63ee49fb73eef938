/**
 * The links of agronomic answers, which differ between a field's path
 * (`/v2/agronomics/fields/{fieldId}`) and a latitude/longitude's.
 */
import { curies, type Curie, type Link, link } from '../../http/links.js';
import type { WeatherPlace } from '../weather/weather-place.js';

/** The place of an agronomic path and how its answers link it (the same as a weather path's). */
export type AgronomicPlace = WeatherPlace;

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
