/**
 * Typed errors of the map library. The HTTP layer maps them to status codes:
 * validation → 400, not found → 404, forbidden → 403.
 */

/** A request parameter is malformed or out of range. `parameter` names it as the API does. */
export class MapValidationError extends Error {
  override readonly name = 'MapValidationError';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

/** The requested image does not exist, e.g. an archive interval beyond the kept history. */
export class MapNotFoundError extends Error {
  override readonly name = 'MapNotFoundError';
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

/** The API key may not see this layer or this region. */
export class MapForbiddenError extends Error {
  override readonly name = 'MapForbiddenError';
  constructor(
    readonly reason: 'layer' | 'region',
    message: string,
  ) {
    super(message);
  }
}
