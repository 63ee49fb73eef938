/**
 * Provenance of weather numbers (supplement "Data provenance"): every weather and agronomic
 * response names the sources of its numbers in `X-Data-Source`, e.g. `synthetic`, `open-meteo`,
 * `import:knmi-260`; several sources are comma-joined (no spaces), each once, in order of first use.
 */
import type { FastifyReply } from 'fastify';

export const DATA_SOURCE_HEADER = 'X-Data-Source';

/** The header value for the given sources: unique, in order of first appearance. */
export function dataSourceValue(sources: Iterable<string>): string {
  return [...new Set(sources)].join(',');
}

export function setDataSource(reply: FastifyReply, sources: string | Iterable<string>): void {
  const value = typeof sources === 'string' ? sources : dataSourceValue(sources);
  if (value !== '') reply.header(DATA_SOURCE_HEADER, value);
}
