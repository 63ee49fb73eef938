/**
 * Which representation a request gets: JSON, or CSV on the routes that offer it (observations,
 * forecasts, norms, agronomic values and norms). A route offers CSV with `config: { csv: layout }`
 * (see http/csv-table.ts); the answer cache (http/answer-cache.ts) writes and keeps each
 * representation apart.
 *
 * The choice follows the `Accept` header with its q-values (the `negotiator` package): JSON without
 * the header, for a wildcard (any type) and whenever JSON is preferred or as good; CSV when `text/csv` (or
 * `text/*`) is preferred. An `Accept` naming neither answers JSON as before (no 406: the interface
 * has none), and errors are always the JSON error body.
 */
import type { FastifyRequest, FastifySchema } from 'fastify';
import Negotiator from 'negotiator';
import type { CsvLayout } from './csv-table.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also answers `text/csv`; the layout names the arrays whose items are rows. */
    csv?: CsvLayout;
  }
}

export type Representation = 'json' | 'csv';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * The media types offered, JSON first so that it wins ties and wildcards. The CSV variant with
 * RFC 4180's parameters lets `text/csv; charset=utf-8` or `text/csv; header=present` match
 * (a parameter in Accept must match one offered); other charsets do not.
 */
const OFFERED = ['application/json', 'application/json; charset=utf-8', 'text/csv', 'text/csv; charset=utf-8; header=present'];

/** The representation `accept` asks for among JSON and CSV. */
export function negotiateRepresentation(accept: string | undefined): Representation {
  if (accept === undefined || accept === '') return 'json';
  const chosen = new Negotiator({ headers: { accept } }).mediaType(OFFERED);
  return chosen !== undefined && chosen.startsWith('text/csv') ? 'csv' : 'json';
}

/** The CSV layout of the request's route when the request asks for CSV, else null (JSON). */
export function csvLayoutFor(request: FastifyRequest): CsvLayout | null {
  const layout = request.routeOptions.config.csv;
  if (layout === undefined) return null;
  return negotiateRepresentation(request.headers.accept) === 'csv' ? layout : null;
}

const CSV_DESCRIPTION =
  'The same answer as CSV (RFC 4180) when the request sends `Accept: text/csv`: a header row of the JSON leaf names joined with `.`, ' +
  'units in the column names (`temperatures.max (C)`), one row per day (per block for forecasts), no `_links`; ' +
  '`next`/`prev` pages in the `Link` header. See docs/weather-api.md.';

interface SwaggerRoute {
  schema: FastifySchema;
  url: string;
  route: { config?: unknown };
}

/**
 * The OpenAPI transform (@fastify/swagger `transform`): a CSV route's 200 answer lists
 * `application/json` with its schema and `text/csv` as text. The route's own schema, which
 * validates and serializes, is left as it is.
 */
export function documentCsvResponses({ schema, url, route }: SwaggerRoute): { schema: FastifySchema; url: string } {
  const config = route.config as { csv?: CsvLayout } | undefined;
  const response = schema?.response as Record<string, unknown> | undefined;
  if (!config?.csv || !response?.['200']) return { schema, url };
  const json = response['200'] as Record<string, unknown>;
  const ok = {
    description: typeof json.description === 'string' ? json.description : 'Default Response',
    content: {
      'application/json': { schema: json },
      'text/csv': { schema: { type: 'string', description: CSV_DESCRIPTION } },
    },
  };
  return { schema: { ...schema, response: { ...response, 200: ok } }, url };
}
