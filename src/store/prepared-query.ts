/**
 * Reads compiled once. Building and compiling a Kysely query costs more than running a simple
 * indexed read on SQLite; the hottest reads (a field by id, a field's current planting) are
 * compiled once with markers in place of their values, and each call only puts the values in.
 */
import type { Compilable, Kysely } from 'kysely';

/**
 * `build` receives one marker per argument and must use each where the value goes (as a
 * comparison value, limit, ...). Any other parameter of the compiled query is kept as compiled.
 */
export function preparedQuery<Row, Args extends readonly unknown[]>(
  db: Kysely<any>,
  arity: Args['length'],
  build: (...markers: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const markers = Array.from({ length: arity }, (_, i) => `\u0000prepared-parameter-${i}`);
  const compiled = build(...(markers as unknown as Args)).compile();
  const slots = compiled.parameters.map((parameter) => markers.indexOf(parameter as string));
  for (let i = 0; i < arity; i++) {
    if (!slots.includes(i)) throw new Error(`preparedQuery: argument ${i} is not used in ${compiled.sql}`);
  }
  return async (...args) => {
    const parameters = compiled.parameters.map((parameter, i) => (slots[i]! >= 0 ? args[slots[i]!] : parameter));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
