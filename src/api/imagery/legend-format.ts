/**
 * Which form of a legend a request gets: `?format=png|json` when given; else the `Accept` header
 * (negotiator, with q-values): JSON only when application/json is preferred to image/png, so a
 * request without the header, with a wildcard or naming neither type gets the PNG (an `<img>` URL
 * works as it is).
 */
import Negotiator from 'negotiator';

export type LegendFormat = 'png' | 'json';

const OFFERED = ['image/png', 'application/json'];

/** The legend's form; null for a `format` that is neither. */
export function legendFormat(format: string | undefined, accept: string | undefined): LegendFormat | null {
  if (format !== undefined && format !== '') {
    const lower = format.toLowerCase();
    return lower === 'png' || lower === 'json' ? lower : null;
  }
  if (accept === undefined || accept === '') return 'png';
  return new Negotiator({ headers: { accept } }).mediaType(OFFERED) === 'application/json' ? 'json' : 'png';
}
