/** An upstream answer that cannot be used: not JSON, truncated, wrong shape or unknown units. */
export class ProviderResponseError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider}: unusable answer: ${reason}`);
    this.name = 'ProviderResponseError';
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The provider's answer as a JSON object; a ProviderResponseError when it is not JSON or not an object. */
export function readJsonObject(provider: string, body: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch (error) {
    throw new ProviderResponseError(provider, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isObject(document)) throw new ProviderResponseError(provider, 'not a JSON object');
  return document;
}
