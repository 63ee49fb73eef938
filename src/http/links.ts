/** HAL link builders: `self`, `curies` (`svc`) and relation links. Hrefs are paths from the base URL. */

export interface Link {
  href: string;
}

export interface Curie {
  name: 'svc';
  href: string;
  templated: true;
}

export function link(href: string): Link {
  return { href };
}

/** The `curies` array; relation documentation lives under `{baseUrl}/rels/{rel}`. */
export function curies(baseUrl: string): Curie[] {
  return [{ name: 'svc', href: `${baseUrl}/rels/{rel}`, templated: true }];
}

/** Percent-encodes one path segment (ids may be used in paths as they are). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
