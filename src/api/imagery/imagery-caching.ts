/**
 * Caching headers of map images.
 *
 * - An image of reference layers only changes with a new release of the drawing code or the
 *   shipped geodata (both part of the ETag): `Cache-Control: private, max-age=86400`.
 * - An image with weather layers may be kept until the next update of the earliest-updating
 *   weather layer in it: at that moment `/…` shows a newer update and `/archives/N` moves one
 *   update back. `max-age` is the number of seconds until then (at least 1).
 *
 * `private` because images are served only to authenticated keys, some of which are limited to
 * certain layers and regions: a shared cache must not hand them to others. The ETag is known
 * before rendering (it is derived from the layers, the place and each layer's update time), so
 * `If-None-Match` is answered with 304 without drawing anything.
 */
import type { MapImageDescription } from '../../services/map-image-service.js';

/** Lifetime of reference-only images, seconds. */
export const REFERENCE_MAX_AGE_SECONDS = 86_400;
const MINUTE_MS = 60_000;

/** Seconds an image may be reused at `now`. */
export function maxAgeSeconds(description: Pick<MapImageDescription, 'layers'>, now: number): number {
  let nextChange = Infinity;
  for (const layer of description.layers) {
    if (layer.updatePeriodMinutes === null) continue;
    const period = layer.updatePeriodMinutes * MINUTE_MS;
    nextChange = Math.min(nextChange, (Math.floor(now / period) + 1) * period);
  }
  if (nextChange === Infinity) return REFERENCE_MAX_AGE_SECONDS;
  return Math.max(1, Math.ceil((nextChange - now) / 1000));
}

export function cacheControl(description: Pick<MapImageDescription, 'layers'>, now: number): string {
  return `private, max-age=${maxAgeSeconds(description, now)}`;
}

/** True when an `If-None-Match` header names this ETag (weak comparison, `*` matches any). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const text = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return text.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
