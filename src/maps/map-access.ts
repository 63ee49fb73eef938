/**
 * Access limits of an API key for map layers: which layer codes it may request and in which
 * regions. A request is allowed when every layer is allowed and the image lies wholly inside one
 * of the allowed regions.
 */
import { MapForbiddenError } from './map-errors.js';
import { type LonLatBBox, bboxContains } from './web-mercator.js';

export interface MapAccessLimits {
  /** Allowed layer codes; undefined: all layers. */
  readonly layers?: readonly string[];
  /** Allowed regions; undefined: the whole world. */
  readonly regions?: readonly LonLatBBox[];
}

export interface MapAccessRequest {
  readonly layers: readonly string[];
  /** Geographic box of the requested image (see `tileBounds` or the renderer's `fieldImageBounds`). */
  readonly bbox: LonLatBBox;
}

/** Throws MapForbiddenError when the limits do not allow the request. */
export function checkMapAccess(limits: MapAccessLimits | undefined, request: MapAccessRequest): void {
  if (!limits) return;
  if (limits.layers) {
    const denied = request.layers.filter((code) => !limits.layers!.includes(code));
    if (denied.length > 0) {
      throw new MapForbiddenError('layer', `this key may not use the layer${denied.length > 1 ? 's' : ''} ${denied.join(', ')}`);
    }
  }
  if (limits.regions && !limits.regions.some((region) => bboxContains(region, request.bbox))) {
    throw new MapForbiddenError('region', 'this key may not request images of this region');
  }
}
