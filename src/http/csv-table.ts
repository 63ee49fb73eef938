/**
 * CSV from an answer's objects (RFC 4180), without knowing any resource's shape. The objects come
 * from the resource's output table, the one description of the answer; a resource only names the arrays
 * whose items are rows (`CsvLayout`).
 *
 * Rules:
 * - **Rows.** An object holding one of the layout's row arrays gives one row per item; its other
 *   properties (the place, range totals, a forecast day's date) are repeated on each of those rows,
 *   before the item's own columns. An item may itself hold a row array (a forecast day's blocks).
 *   An object without one is a single row (single-day answers).
 * - **Columns.** A leaf's column is its path of property names joined with `.`; items of other
 *   arrays are numbered from 0 (`soilTemperatures.0.average`). `_links` are left out. Columns come
 *   in the order the JSON first lists them.
 * - **Units.** A string `units` member states the unit of its sibling numbers: it is not a column
 *   but written in their column names, `name (unit)` — `temperatures.max (C)`,
 *   `precipitation.amount (mm)`. Siblings whose value is a string (a soil layer's `depth`) take no
 *   unit, nor do the leaves the layout names `unitless`.
 * - **Values.** Numbers as JavaScript writes them (they read back to the same number), `true`/`false`,
 *   null as an empty field, an empty string as `""`. A field holding `"`, `,`, CR or LF is quoted,
 *   its quotes doubled. Lines end in CRLF.
 * - **Formulas.** Text that a spreadsheet would take for a formula — beginning with `=`, `+`, `-`,
 *   `@`, a tab or CR, such as a field id `-A1` a user chose — is written as OWASP advises for CSV
 *   injection: a single quote before it, and quoted (`"'-A1"`). Only text: a number is written as a
 *   number, so a negative temperature stays `-3.5`.
 */

/** Which arrays of a resource's JSON hold its rows. */
export interface CsvLayout {
  /** Property names of the row arrays, outermost first (e.g. `forecasts`, then a day's `forecast`). */
  rows: readonly string[];
  /**
   * Leaves (paths within a row's object) that share an object with `units` but are not in that
   * unit, such as a forecast block's `precipitation.chance` (percent beside an amount in mm).
   */
  unitless?: readonly string[];
}

type Scalar = string | number | boolean | null;

export interface CsvCell {
  column: string;
  value: Scalar;
}

const LINKS = '_links';
const UNITS = 'units';
const CRLF = '\r\n';
/** Rows are handed out in pieces of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function columnName(path: string, unit: string | null): string {
  return unit === null ? path : `${path} (${unit})`;
}

/** The cells of `value` under `path`; `unit` is the unit its parent states for it. */
function flatten(value: unknown, path: string, unit: string | null, unitless: ReadonlySet<string>, out: CsvCell[]): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) flatten(value[i], `${path}.${i}`, null, unitless, out);
    return;
  }
  if (isObject(value)) {
    const childUnit = typeof value[UNITS] === 'string' ? (value[UNITS] as string) : null;
    for (const key of Object.keys(value)) {
      if (key === LINKS || (key === UNITS && childUnit !== null)) continue;
      flatten(value[key], path === '' ? key : `${path}.${key}`, childUnit, unitless, out);
    }
    return;
  }
  if (value === undefined) return;
  const scalar = value as Scalar;
  const labelled = unit !== null && typeof scalar !== 'string' && typeof scalar !== 'boolean' && !unitless.has(path);
  out.push({ column: columnName(path, labelled ? unit : null), value: scalar });
}

interface Rules {
  rowArrays: ReadonlySet<string>;
  unitless: ReadonlySet<string>;
}

/** The rows of `node` (see the rules above), each a list of cells after `context`. */
function* rowsOf(node: Record<string, unknown>, rules: Rules, context: CsvCell[]): Generator<CsvCell[]> {
  let items: unknown[] | null = null;
  const own: CsvCell[] = [...context];
  const childUnit = typeof node[UNITS] === 'string' ? (node[UNITS] as string) : null;
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (items === null && rules.rowArrays.has(key) && Array.isArray(value)) {
      items = value;
      continue;
    }
    if (key === LINKS || (key === UNITS && childUnit !== null)) continue;
    flatten(value, key, childUnit, rules.unitless, own);
  }
  if (items === null) {
    yield own;
    return;
  }
  for (const item of items) {
    if (isObject(item)) yield* rowsOf(item, rules, own);
    else {
      const cells = [...own];
      flatten(item, 'value', null, rules.unitless, cells);
      yield cells;
    }
  }
}

/** Every row of `document` as cells (column name and value). */
export function csvRows(document: unknown, layout: CsvLayout): Iterable<CsvCell[]> {
  if (!isObject(document)) return [[{ column: 'value', value: (document ?? null) as Scalar }]];
  const rules: Rules = { rowArrays: new Set(layout.rows), unitless: new Set(layout.unitless ?? []) };
  return { [Symbol.iterator]: () => rowsOf(document, rules, []) };
}

/** The first characters with which a spreadsheet reads a cell as a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: quoted when it holds a quote, comma, CR or LF, or is the empty string; text a
 * spreadsheet would take for a formula is quoted with a single quote before it.
 */
export function csvField(value: Scalar | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (FORMULA_START.test(value)) return `"'${value.replaceAll('"', '""')}"`;
  if (value === '' || /[",\r\n]/.test(value)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

/** The column names of `document`, in the order the JSON first lists them. */
export function csvColumns(document: unknown, layout: CsvLayout): string[] {
  const columns = new Set<string>();
  for (const row of csvRows(document, layout)) for (const cell of row) columns.add(cell.column);
  return [...columns];
}

/**
 * The CSV text of `document`, header row first, in pieces of about 64 kB: a long range is written
 * piece by piece, never as one string. Nothing (no header) when the answer has no columns.
 */
export function* csvText(document: unknown, layout: CsvLayout): Generator<string> {
  const columns = csvColumns(document, layout);
  if (columns.length === 0) return;
  const index = new Map(columns.map((name, i) => [name, i] as const));
  let piece = columns.map(csvField).join(',') + CRLF;
  const fields = new Array<string>(columns.length);
  for (const row of csvRows(document, layout)) {
    fields.fill('');
    for (const cell of row) fields[index.get(cell.column)!] = csvField(cell.value);
    piece += fields.join(',') + CRLF;
    if (piece.length >= CHUNK_CHARS) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

/**
 * The `Link` header (RFC 8288) carrying a list's `next` and `prev` links, which CSV has no place
 * for; null when the answer has neither.
 */
export function pagingLinkHeader(document: unknown): string | null {
  if (!isObject(document) || !isObject(document[LINKS])) return null;
  const links = document[LINKS];
  const parts: string[] = [];
  for (const rel of ['next', 'prev']) {
    const target = links[rel];
    if (isObject(target) && typeof target.href === 'string') parts.push(`<${target.href}>; rel="${rel}"`);
  }
  return parts.length === 0 ? null : parts.join(', ');
}
