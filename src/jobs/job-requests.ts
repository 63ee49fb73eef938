/**
 * The rules for the requests a batch job bundles: only `GET /v2/…` (any query string), nothing
 * under `/v2/jobs` (a job never reads, and so never copies, another job's results), at most
 * 10,000 per job and 1,500 when any of them is agronomic. Checked when the job is created, so a
 * job in the queue only holds requests the service can run.
 */
import { invalid } from '../core/errors.js';
import type { BundledRequest } from '../store/job-repository.js';

export const MAX_REQUESTS_PER_JOB = 10_000;
export const MAX_REQUESTS_WITH_AGRONOMICS = 1_500;

const AGRONOMIC_PREFIX = '/v2/agronomics/';
/** `/v2/jobs` and anything under it, as the router reads the path (decoded, so `%6Aobs` too; any case). */
const JOBS_PATH = /^\/v2\/jobs(?:[/;]|$)/i;
const SHOWN_CHARACTERS = 80;

export interface RequestedCall {
  title?: string | null;
  api: string;
}

/** True for an `api` whose path is under `/v2/agronomics/`. */
export function isAgronomic(api: string): boolean {
  return uriOf(api).startsWith(AGRONOMIC_PREFIX);
}

/** The URI of `GET <uri>`. */
export function uriOf(api: string): string {
  return api.slice('GET '.length);
}

/** Checks every request and the limits; throws a 400 naming the first bad request's index. */
export function checkJobRequests(requests: RequestedCall[]): BundledRequest[] {
  if (requests.length > MAX_REQUESTS_PER_JOB) {
    throw invalid(
      'Too many requests in the job.',
      `A job bundles at most ${MAX_REQUESTS_PER_JOB} requests (${MAX_REQUESTS_WITH_AGRONOMICS} when any is agronomic); this one has ${requests.length}.`,
    );
  }
  const checked = requests.map((request, index) => {
    const problem = problemOf(request.api);
    if (problem) {
      throw invalid(`Invalid value for property 'requests[${index}].api'.`, `Request ${index} (counting from 0) '${shown(request.api)}': ${problem}.`);
    }
    return { title: request.title ?? null, api: request.api };
  });
  if (checked.length > MAX_REQUESTS_WITH_AGRONOMICS) {
    const agronomic = checked.findIndex((r) => isAgronomic(r.api));
    if (agronomic >= 0) {
      throw invalid(
        'Too many requests in the job.',
        `A job with an agronomic request (request ${agronomic} calls ${AGRONOMIC_PREFIX}…) bundles at most ${MAX_REQUESTS_WITH_AGRONOMICS} requests; this one has ${checked.length}.`,
      );
    }
  }
  return checked;
}

/** Characters a request URI may hold as they are (RFC 3986); anything else must be percent-encoded. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;
const PERCENT_ENCODING = /%(?![0-9A-Fa-f]{2})/;
const RESOLVING_BASE = 'http://agwx.invalid';
/** `.`, `/` or `\` percent-encoded, once or more (`%2e`, `%252e`, …). */
const ENCODED_DOT_OR_SLASH = /%(25)*(2e|2f|5c)/i;

/**
 * Why `api` cannot be bundled, or null when it can. The URI is resolved exactly as the
 * in-process request resolves it (the WHATWG URL parser: `%2e%2e` and `.%2e` are `..`, a
 * backslash is a slash, tabs and newlines vanish, `//host/…` names another host); a URI whose
 * path resolving would change is refused, so the path that runs is the path that was checked.
 */
export function problemOf(api: string): string | null {
  const space = api.indexOf(' ');
  if (space < 0) return "only GET requests can be bundled, written 'GET /v2/…' (the verb, one space, the URI)";
  const verb = api.slice(0, space);
  if (verb !== 'GET') return `only GET requests can be bundled, written 'GET /v2/…' (got '${shown(verb)}')`;
  const uri = api.slice(space + 1);
  if (/\s/.test(uri)) return 'the URI must not contain spaces (encode them as %20), and verb and URI are separated by one space';
  if (!uri.startsWith('/v2/')) return 'the URI must be a path starting with /v2/';
  if (uri.includes('#')) return 'the URI must not contain a fragment (#)';
  const question = uri.indexOf('?');
  const path = question < 0 ? uri : uri.slice(0, question);
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return 'the path must not contain . or .. segments';
  if (!URI_CHARACTERS.test(uri)) return 'the URI holds a character that must be percent-encoded (backslashes, quotes, brackets, control and non-ASCII characters)';
  if (PERCENT_ENCODING.test(uri)) return 'the URI cannot be parsed (check its percent-encoding)';
  let resolved: URL;
  try {
    decodeURIComponent(path);
    resolved = new URL(uri, RESOLVING_BASE);
  } catch {
    return 'the URI cannot be parsed (check its percent-encoding)';
  }
  if (ENCODED_DOT_OR_SLASH.test(path) || resolved.origin !== RESOLVING_BASE || resolved.pathname !== path) {
    return 'the path must not contain encoded dots or slashes (%2e, %2f, %5c, also encoded twice) nor anything else that resolves outside of it';
  }
  if (path.includes('//')) return 'the path must not contain empty segments (//)';
  if (JOBS_PATH.test(decodeURIComponent(path))) return 'a job cannot bundle requests under /v2/jobs (read a job with its own GET)';
  return null;
}

function shown(text: string): string {
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text;
}
