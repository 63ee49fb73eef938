/**
 * Who is calling: the API key of a request (from its bearer token, or the key that queued a batch
 * job) with its account and its own limits. Resolved once per request by the token hook and read
 * by routes, services and the rate limits.
 */

/** A box in degrees, west to east and south to north. */
export interface RegionBox {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

/** Map limits of an API key: layer codes and regions it may use (absent: no limit). */
export interface MapAccess {
  readonly layers?: readonly string[];
  readonly regions?: readonly RegionBox[];
}

export interface AuthContext {
  key: string;
  accountId: number;
  accountName: string;
  enterprise: boolean;
  /** Weather map limits of the key (layers, regions); absent when it has none. */
  mapAccess?: MapAccess;
  /** The key's own rate limit; absent: the configured default for the account's kind. */
  rateLimit?: { perMinute: number | null; burst: number | null };
}
