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
