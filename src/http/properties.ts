/**
 * The `properties` parameter: a comma-separated, case-insensitive choice among a resource's
 * optional properties. Properties that cannot be chosen are always included, and a chosen
 * property comes with all its children.
 */
import { invalidParameter } from './api-error.js';

/** The chosen property names (canonical spelling), or null when the parameter is absent. */
export function parseProperties(value: string | undefined, choosable: readonly string[]): Set<string> | null {
  if (value === undefined) return null;
  const lookup = new Map(choosable.map((name) => [name.toLowerCase(), name]));
  const chosen = new Set<string>();
  for (const raw of value.split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    const canonical = lookup.get(name.toLowerCase());
    if (!canonical) {
      throw invalidParameter('properties', `Unknown property '${name}'. Allowed values: ${choosable.join(', ')}.`);
    }
    chosen.add(canonical);
  }
  return chosen;
}

/** A copy of `object` without the choosable properties that were not chosen; key order kept. */
export function selectProperties<T extends object>(object: T, chosen: Set<string> | null, choosable: readonly string[]): Partial<T> {
  if (chosen === null) return object;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (!choosable.includes(key) || chosen.has(key)) out[key] = value;
  }
  return out as Partial<T>;
}
