/**
 * GDD_METHOD_TABLE is the one list of GDD methods: the names, the validation, the defaults, the
 * boundaries each method uses and each day's rule come from it, and the documentation must say
 * what it says.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GDD_METHOD,
  GDD_DEFAULTS,
  GDD_METHOD_TABLE,
  GDD_METHODS,
  dailyGdd,
  gddMethodDefinition,
  isGddMethod,
  resolveGddParameters,
  type GddMethod,
} from '../../src/agronomy/gdd.js';
import { GddQuery } from '../../src/api/agronomics/agronomic-schemas.js';
import type { UnitSystem } from '../../src/core/units.js';

const doc = (name: string) => fs.readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');

describe('the GDD method table', () => {
  it('names every method once, and the method list, the validation and the defaults follow it', () => {
    const names = GDD_METHOD_TABLE.map((method) => method.name);
    expect(new Set(names).size).toBe(names.length);
    expect(GDD_METHODS).toEqual(names);
    expect(names).toContain(DEFAULT_GDD_METHOD);
    for (const method of GDD_METHOD_TABLE) {
      expect(isGddMethod(method.name)).toBe(true);
      expect(gddMethodDefinition(method.name)).toBe(method);
      expect(GDD_DEFAULTS[method.name]).toBe(method.defaults);
    }
    for (const other of ['', 'Standard', 'modified-standard', 'toString', '__proto__', 'constructor']) expect(isGddMethod(other)).toBe(false);
  });

  it('leaves a boundary null in the defaults exactly where the method does not use it', () => {
    for (const method of GDD_METHOD_TABLE) {
      for (const system of ['metric', 'usa'] as const) {
        const defaults = method.defaults[system];
        expect(defaults.maxBoundary !== null, `${method.name} ${system} upper`).toBe(method.usesMaxBoundary);
        expect(defaults.minBoundary !== null, `${method.name} ${system} lower`).toBe(method.usesMinBoundary);
      }
    }
  });

  it('resolves parameters from the table: defaults, overrides, unused boundaries ignored', () => {
    for (const method of GDD_METHOD_TABLE) {
      for (const system of ['metric', 'usa'] as const) {
        expect(resolveGddParameters(method.name, system)).toEqual({ method: method.name, unitSystem: system, ...method.defaults[system] });
        const overridden = resolveGddParameters(method.name, system, { gddBaseTemp: 7, gddMinBoundary: 8, gddMaxBoundary: 40 });
        expect(overridden).toEqual({
          method: method.name,
          unitSystem: system,
          baseTemp: 7,
          maxBoundary: method.usesMaxBoundary ? 40 : null,
          minBoundary: method.usesMinBoundary ? 8 : null,
        });
      }
    }
  });

  it("averages the high and low the method's rule gives, as the spec words it", () => {
    // The spec's wording of each method, written out once more, on a grid of days around the
    // boundaries (10 °C and 30 °C), including days below the base and above the cap.
    const spec: Record<GddMethod, (tmax: number, tmin: number) => number> = {
      standard: (tmax, tmin) => (tmax + tmin) / 2 - 10,
      modifiedstandard: (tmax, tmin) => (Math.min(30, Math.max(10, tmax)) + Math.min(30, Math.max(10, tmin))) / 2 - 10,
      'min-temp-cap': (tmax, tmin) => (Math.min(tmax, 30) + (tmin < 10 ? tmin : 10)) / 2 - 10,
      'min-temp-constant': (tmax, tmin) => (Math.min(tmax, 30) + tmin) / 2 - 10,
    };
    expect(Object.keys(spec).sort()).toEqual([...GDD_METHODS].sort());
    const temperatures = [-12, 0, 9.5, 10, 10.5, 21, 29.5, 30, 30.5, 41];
    for (const method of GDD_METHODS) {
      const parameters = { method, unitSystem: 'metric' as UnitSystem, baseTemp: 10, maxBoundary: 30, minBoundary: 10 };
      for (const tmax of temperatures) {
        for (const tmin of temperatures.filter((t) => t <= tmax)) {
          expect(dailyGdd(tmax, tmin, parameters), `${method} ${tmax}/${tmin}`).toBe(Math.max(0, spec[method](tmax, tmin)));
        }
      }
    }
  });
});

describe('the documentation of the GDD methods', () => {
  const degrees = (metric: number | null, usa: number | null) => (metric === null ? 'not used' : `${metric} °C / ${usa} °F`);
  const rows = (text: string, header: string) => {
    const start = text.indexOf(header);
    expect(start, header).toBeGreaterThanOrEqual(0);
    const lines = text.slice(start).split('\n').slice(2);
    return lines.slice(0, lines.findIndex((line) => !line.startsWith('|'))).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
  };

  it('docs/agronomy.md gives every method of the table with its rule, and no other', () => {
    const rules = rows(doc('agronomy.md'), '| `gddMethod` | Rule (spec wording) |');
    expect(rules.map((row) => row[0])).toEqual(GDD_METHOD_TABLE.map((m) => `\`${m.name}\`${m.name === DEFAULT_GDD_METHOD ? ' (default)' : ''}`));
    for (const [i, method] of GDD_METHOD_TABLE.entries()) expect(rules[i]![1], method.name).toBe(method.description);
  });

  it('docs/agronomy.md gives the defaults of the table in both unit systems', () => {
    const defaults = rows(doc('agronomy.md'), '| Method | Base | Upper boundary | Lower boundary |');
    expect(defaults).toEqual(
      GDD_METHOD_TABLE.map(({ name, defaults: { metric, usa } }) => [
        `\`${name}\``,
        degrees(metric.baseTemp, usa.baseTemp),
        degrees(metric.maxBoundary, usa.maxBoundary),
        degrees(metric.minBoundary, usa.minBoundary),
      ]),
    );
  });

  it('docs/agronomics-api.md lists the methods of the table', () => {
    const text = doc('agronomics-api.md').replace(/\s+/g, ' ');
    expect(text).toContain(`\`gddMethod\` (${GDD_METHODS.map((name) => `\`${name}\``).join(', ')}; case-insensitive)`);
  });

  it("the API's gddMethod description names the methods of the table, the default marked", () => {
    const names = GDD_METHODS.map((name) => (name === DEFAULT_GDD_METHOD ? `${name} (default)` : name));
    const schema = GddQuery.gddMethod as unknown as { description?: string };
    expect(schema.description).toBe(`${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`);
  });
});
