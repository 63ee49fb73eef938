/**
 * Output tables: the one description of an answer's entries. A resource declares, beside its
 * handler, each output field of its entries once — its name, how it is read from the domain value,
 * its quantity (agronomy/quantities.ts: unit label and conversion into the request's unit system),
 * and whether the `properties` parameter chooses it — and everything else is derived here:
 *
 * - the response schema of an entry (`entrySchema`), which validates nothing but documents the
 *   answer in OpenAPI and the typed client;
 * - the entry as an object (`CompiledEntry.object`), for single answers and CSV (http/csv-table.ts
 *   flattens it into columns, units in the column names);
 * - the entries' JSON text (`CompiledEntry.rows`): fixed text with holes for the values
 *   (core/json-rows.ts), written on the event loop or on a compute thread, the same bytes as the
 *   objects serialized, in the table's key order;
 * - the names `properties` may choose (`choosableProperties`).
 *
 * An entry is read from a source `S` (a list of days, or columns of numbers) at an index: the
 * readers are `(source, i)`, so that columnar results (agronomic values) and lists of objects
 * (observations) read alike and a page reads its rows in any order.
 */
import { type TObject, type TSchema, Type } from 'typebox';
import type { UnitSystem } from '../core/units.js';
import { type JsonRows, writeJsonRows } from '../core/json-rows.js';
import { entryLinksAround, WrittenBody } from '../http/written-body.js';
import { presenter, type QuantityName, unitsLabel } from '../services/weather-types.js';
import { Nullable } from './schema-helpers.js';

/** A number of the entry, in the internal unit of its quantity; null or NaN: no value. */
export interface NumberField<S> {
  kind: 'number';
  read: (source: S, i: number) => number | null;
  quantity: QuantityName;
}

/**
 * Text of the entry (null where `nullable`). `plain`: it never needs escaping in JSON (dates,
 * days), so it is written as it is.
 */
export interface TextField<S> {
  kind: 'text';
  read: (source: S, i: number) => string | null;
  plain: boolean;
  nullable: boolean;
}

export interface BooleanField<S> {
  kind: 'boolean';
  read: (source: S, i: number) => boolean;
}

/** Any JSON value of the entry, described by `schema` (links, a list of stages): written by JSON.stringify. */
export interface JsonField<S, C> {
  kind: 'json';
  read: (source: S, i: number, view: C) => unknown;
  schema: TSchema;
}

/** JSON text of the entry written as it is (a stored payload, already compact JSON). */
export interface RawJsonField<S> {
  kind: 'rawJson';
  read: (source: S, i: number) => string;
  schema: TSchema;
}

/** The same value in every entry of one answer (the place's location), written once per answer. */
export interface ConstantField<C> {
  kind: 'constant';
  value: (view: C) => unknown;
  schema: TSchema;
}

/**
 * An object of numbers; with `units`, followed by the `units` label of that quantity. `lead`:
 * fixed members written before the numbers (a soil layer's `depth`).
 */
export interface GroupField<S> {
  kind: 'group';
  members: Record<string, NumberField<S>>;
  units: QuantityName | null;
  lead?: Readonly<Record<string, string>>;
}

/** A nested object of fields, all written (`properties` chooses only top-level fields). */
export interface ObjectField<S, C> {
  kind: 'object';
  fields: Readonly<Record<string, OutputField<S, C>>>;
}

/** An array of a fixed number of groups (a forecast block's soil layers). */
export interface ArrayField<S> {
  kind: 'array';
  items: readonly GroupField<S>[];
}

/**
 * Entries of another table nested in this one (a forecast day's blocks): `make` compiles them
 * for the answer's view and choice of properties, giving each entry's nested JSON text and objects.
 */
export interface NestedField<S, C> {
  kind: 'nested';
  schema: TSchema;
  make: (view: C, shows: (name: string) => boolean) => { json: (source: S, i: number) => string; object: (source: S, i: number) => unknown };
}

/**
 * `_links` whose `self` href differs between entries only in its middle (a date or a day, which
 * needs no escaping): `make(view)` gives the links of an href, and the href's start and end.
 */
export interface LinksField<S, C> {
  kind: 'links';
  make: (view: C) => { links: (href: string) => { self: unknown }; start: string; end: string };
  middle: (source: S, i: number) => string;
  schema: TSchema;
}

export type OutputField<S, C> = (NumberField<S> | TextField<S> | BooleanField<S> | JsonField<S, C> | RawJsonField<S> | ConstantField<C> | GroupField<S> | ArrayField<S> | ObjectField<S, C> | NestedField<S, C> | LinksField<S, C>) & {
  /** Always written: `properties` does not choose it (dates, days, `_links`). */
  always?: boolean;
  description?: string;
};

export interface EntryTable<S, C extends OutputView> {
  readonly fields: Readonly<Record<string, OutputField<S, C>>>;
}

/** What every answer's view carries: the request's unit system. */
export interface OutputView {
  units: UnitSystem;
}

/** Declares an entry table (the fields in the order they are written). */
export function entryTable<S, C extends OutputView>(fields: Record<string, OutputField<S, C>>): EntryTable<S, C> {
  return { fields };
}

/** Field constructors, for tables that read like the answer they describe. */
export const out = {
  number: <S>(quantity: QuantityName, read: (source: S, i: number) => number | null): NumberField<S> => ({ kind: 'number', read, quantity }),
  text: <S>(read: (source: S, i: number) => string, plain = false): TextField<S> => ({ kind: 'text', read, plain, nullable: false }),
  /** Text or null. */
  optionalText: <S>(read: (source: S, i: number) => string | null): TextField<S> => ({ kind: 'text', read, plain: false, nullable: true }),
  boolean: <S>(read: (source: S, i: number) => boolean): BooleanField<S> => ({ kind: 'boolean', read }),
  rawJson: <S>(schema: TSchema, read: (source: S, i: number) => string): RawJsonField<S> => ({ kind: 'rawJson', read, schema }),
  json: <S, C>(schema: TSchema, read: (source: S, i: number, view: C) => unknown): JsonField<S, C> => ({ kind: 'json', read, schema }),
  constant: <C>(schema: TSchema, value: (view: C) => unknown): ConstantField<C> => ({ kind: 'constant', value, schema }),
  group: <S>(units: QuantityName | null, members: Record<string, NumberField<S>>, lead?: Record<string, string>): GroupField<S> => ({
    kind: 'group',
    members,
    units,
    ...(lead ? { lead } : {}),
  }),
  object: <S, C>(fields: Record<string, OutputField<S, C>>): ObjectField<S, C> => ({ kind: 'object', fields }),
  array: <S>(items: readonly GroupField<S>[]): ArrayField<S> => ({ kind: 'array', items }),
  nested: <S, C>(schema: TSchema, make: NestedField<S, C>['make']): NestedField<S, C> => ({ kind: 'nested', schema, make }),
  /** A group whose members are all of one quantity, with that quantity's `units` label. */
  amounts: <S>(quantity: QuantityName, members: Record<string, (source: S, i: number) => number | null>): GroupField<S> => ({
    kind: 'group',
    units: quantity,
    members: Object.fromEntries(Object.entries(members).map(([name, read]) => [name, { kind: 'number', read, quantity } as NumberField<S>])),
  }),
  links: <S, C>(schema: TSchema, middle: (source: S, i: number) => string, make: LinksField<S, C>['make']): LinksField<S, C> => ({ kind: 'links', make, middle, schema }),
};

const NullableNumber = Nullable(Type.Number());

function groupSchema<S>(field: GroupField<S>): TObject {
  const properties: Record<string, TSchema> = {};
  for (const name of Object.keys(field.lead ?? {})) properties[name] = Type.Optional(Type.String());
  for (const name of Object.keys(field.members)) properties[name] = Type.Optional(NullableNumber);
  if (field.units !== null) properties.units = Type.Optional(Type.String());
  return Type.Object(properties);
}

function fieldSchema<S, C>(field: OutputField<S, C>): TSchema {
  const schema =
    field.kind === 'number'
      ? NullableNumber
      : field.kind === 'text'
        ? field.nullable
          ? Nullable(Type.String())
          : Type.String()
        : field.kind === 'boolean'
          ? Type.Boolean()
          : field.kind === 'group'
          ? groupSchema(field)
          : field.kind === 'array'
            ? Type.Array(groupSchema(field.items[0]!))
            : field.kind === 'object'
              ? objectSchema(field.fields)
              : field.schema;
  return field.description === undefined ? schema : { ...schema, description: field.description };
}

function objectSchema<S, C>(fields: Readonly<Record<string, OutputField<S, C>>>, omit: readonly string[] = []): TObject {
  const properties: Record<string, TSchema> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (omit.includes(name)) continue;
    properties[name] = Type.Optional(fieldSchema(field));
  }
  return Type.Object(properties);
}

/** The JSON schema of an entry: every property optional, in the table's order (the serializer keeps it). */
export function entrySchema<S, C extends OutputView>(table: EntryTable<S, C>, options: { omit?: readonly string[] } = {}): TObject {
  return objectSchema(table.fields, options.omit);
}

/** The names `properties` may choose: the fields not always written. */
export function choosableProperties<S, C extends OutputView>(table: EntryTable<S, C>): string[] {
  return Object.entries(table.fields)
    .filter(([, field]) => !field.always)
    .map(([name]) => name);
}

/** An entry table made ready for one answer's view and choice of properties. */
export interface CompiledEntry<S> {
  /** Entry `i` as an object (keys in the table's order; no value as null). */
  object(source: S, i: number): Record<string, unknown>;
  /** The JSON text of `count` entries, entry `k` read at `at(k)` (default: in order). */
  rows(source: S, count: number, at?: (k: number) => number): JsonRows;
}

type Step<S> =
  | { kind: 'text'; text: string }
  | { kind: 'number'; read: (source: S, i: number) => number | null }
  | { kind: 'string'; read: (source: S, i: number) => string };

const noValue = (value: number | null): number | null => (value === null || value !== value ? null : value);

/**
 * Compiles `table` for `view`: `shows(name)` says whether a choosable field is written (the
 * request's `properties`). Conversions, rounding, unit labels and the row layout depend only on
 * the unit system and the fields shown, so they are made once per table and choice (a template,
 * kept with the table); an answer only binds its view — the place's location, its links — into
 * the template's slots.
 */
export function compileEntry<S, C extends OutputView>(table: EntryTable<S, C>, view: C, shows: (name: string) => boolean = () => true): CompiledEntry<S> {
  let kept = TEMPLATES.get(table) as TableTemplates<S, C> | undefined;
  if (kept === undefined) {
    kept = { choosable: choosableProperties(table), byKey: new Map() };
    TEMPLATES.set(table, kept as TableTemplates<unknown, never>);
  }
  let key: string = view.units;
  for (const name of kept.choosable) if (shows(name)) key += `|${name}`;
  const templates = kept.byKey;
  let template = templates.get(key);
  if (template === undefined) {
    if (templates.size >= MOST_TEMPLATES) templates.clear();
    template = templateOf(table, view.units, shows);
    templates.set(key, template);
  }
  return bind(template, view);
}

/** Templates by table, then by unit system and fields shown: derived data only, bounded per table. */
const TEMPLATES = new WeakMap<object, TableTemplates<unknown, never>>();

interface TableTemplates<S, C> {
  /** The table's fields not always written, in order (those `shows` is asked about). */
  choosable: readonly string[];
  byKey: Map<string, Template<S, C>>;
}
const MOST_TEMPLATES = 256;

/** Per bind: what a view gives once, by the slot that asked (a field's links, its constant). */
type Memo = <T>(slot: object, make: () => T) => T;

type TemplateStep<S, C> =
  | Step<S>
  | { kind: 'viewText'; text: (view: C, memo: Memo) => string }
  | { kind: 'viewString'; read: (view: C, memo: Memo) => (source: S, i: number) => string };

type Builder<S> = (object: Record<string, unknown>, source: S, i: number) => void;

interface Template<S, C> {
  /** The row layout, made from the steps once: what a view adds to it is left as functions of the view. */
  layout: Layout<S, C>;
  /** The entry's object builder for a view. */
  build: (view: C, memo: Memo) => (source: S, i: number) => Record<string, unknown>;
}

/**
 * A template's row layout (core/json-rows.ts). A piece is its text, or, where a view writes part
 * of it (a place's location, its links), its parts; a string hole is read the same way for every
 * view, or by a reader the view gives. With no view parts, the layout and its filler serve every
 * answer as they are.
 */
interface Layout<S, C> {
  pieces: (string | (string | ((view: C, memo: Memo) => string))[])[];
  holes: Int32Array;
  numberReads: ((source: S, i: number) => number | null)[];
  stringReads: (((source: S, i: number) => string) | { ofView: (view: C, memo: Memo) => (source: S, i: number) => string })[];
  /** The filler, when no string hole depends on the view. */
  fill: RowFill<S> | null;
  /** Whether any piece depends on the view. */
  viewPieces: boolean;
}

function layoutOf<S, C>(steps: readonly TemplateStep<S, C>[]): Layout<S, C> {
  const pieces: Layout<S, C>['pieces'] = [];
  let parts: (string | ((view: C, memo: Memo) => string))[] = [''];
  const holeList: number[] = [];
  const numberReads: Layout<S, C>['numberReads'] = [];
  const stringReads: Layout<S, C>['stringReads'] = [];
  const endPiece = () => {
    const fixed = parts.filter((part) => part !== '');
    pieces.push(fixed.length === 0 ? '' : fixed.length === 1 && typeof fixed[0] === 'string' ? fixed[0] : fixed);
    parts = [''];
  };
  for (const step of steps) {
    switch (step.kind) {
      case 'text':
        if (typeof parts[parts.length - 1] === 'string') parts[parts.length - 1] += step.text;
        else parts.push(step.text);
        break;
      case 'viewText':
        parts.push(step.text);
        break;
      case 'number':
        holeList.push(numberReads.push(step.read) - 1);
        endPiece();
        break;
      case 'string':
        holeList.push(-stringReads.push(step.read));
        endPiece();
        break;
      case 'viewString':
        holeList.push(-stringReads.push({ ofView: step.read }));
        endPiece();
        break;
    }
  }
  endPiece();
  const fixedStrings = stringReads.every((read) => typeof read === 'function');
  return {
    pieces,
    holes: Int32Array.from(holeList),
    numberReads,
    stringReads,
    fill: fixedStrings ? rowFiller(numberReads, stringReads as ((source: S, i: number) => string)[]) : null,
    viewPieces: pieces.some((piece) => typeof piece !== 'string'),
  };
}

function templateOf<S, C extends OutputView>(table: EntryTable<S, C>, units: UnitSystem, shows: (name: string) => boolean): Template<S, C> {
  // Every number is converted into the request's units and rounded to its quantity's decimals here, once.
  const numberReader = (field: NumberField<S>) => {
    const present = presenter(field.quantity, units);
    const read = field.read;
    return (source: S, i: number) => {
      const value = read(source, i);
      return value === null || value !== value ? null : present(value);
    };
  };
  // The entry's writing steps (JSON) and its object builders, from the same walk of the table.
  const steps: TemplateStep<S, C>[] = [];
  const text = (piece: string) => steps.push({ kind: 'text', text: piece });
  /** Writes a group's steps; gives the builder of its object. */
  const compileGroup = (field: GroupField<S>) => {
    const lead = Object.entries(field.lead ?? {});
    const members = Object.entries(field.members).map(([member, number]) => [member, numberReader(number)] as const);
    const label = field.units === null ? null : unitsLabel(field.units, units);
    let opened = false;
    const key = (member: string) => {
      text(`${opened ? ',' : '{'}${JSON.stringify(member)}:`);
      opened = true;
    };
    for (const [member, value] of lead) {
      key(member);
      text(JSON.stringify(value));
    }
    for (const [member, read] of members) {
      key(member);
      steps.push({ kind: 'number', read });
    }
    if (label !== null) {
      key('units');
      text(JSON.stringify(label));
    }
    text(opened ? '}' : '{}');
    return (source: S, i: number) => {
      const group: Record<string, unknown> = {};
      for (const [member, value] of lead) group[member] = value;
      for (const [member, read] of members) group[member] = noValue(read(source, i));
      if (label !== null) group.units = label;
      return group;
    };
  };
  /** Writes the steps of an object of `fields` (those `shows` keeps); gives the builder of its object for a view. */
  const compileObject = (fields: Readonly<Record<string, OutputField<S, C>>>, shows: (name: string) => boolean): Template<S, C>['build'] => {
    const builders: ((view: C, memo: Memo) => Builder<S>)[] = [];
    const fixed = (builder: Builder<S>) => builders.push(() => builder);
    let first = true;
    for (const [name, field] of Object.entries(fields)) {
      if (!field.always && !shows(name)) continue;
      const lead = first ? '{' : ',';
      first = false;
      if (field.kind !== 'links') text(`${lead}${JSON.stringify(name)}:`);
      switch (field.kind) {
        case 'number': {
          const read = numberReader(field);
          steps.push({ kind: 'number', read });
          fixed((object, source, i) => (object[name] = noValue(read(source, i))));
          break;
        }
        case 'text': {
          const read = field.read;
          if (field.plain && !field.nullable) {
            text('"');
            steps.push({ kind: 'string', read: read as (source: S, i: number) => string });
            text('"');
          } else steps.push({ kind: 'string', read: (source, i) => JSON.stringify(read(source, i)) });
          fixed((object, source, i) => (object[name] = read(source, i)));
          break;
        }
        case 'boolean': {
          const read = field.read;
          steps.push({ kind: 'string', read: (source, i) => (read(source, i) ? 'true' : 'false') });
          fixed((object, source, i) => (object[name] = read(source, i)));
          break;
        }
        case 'json': {
          const read = field.read;
          steps.push({ kind: 'viewString', read: (view) => (source, i) => JSON.stringify(read(source, i, view)) });
          builders.push((view) => (object, source, i) => (object[name] = read(source, i, view)));
          break;
        }
        case 'rawJson': {
          const read = field.read;
          steps.push({ kind: 'string', read });
          fixed((object, source, i) => (object[name] = JSON.parse(read(source, i))));
          break;
        }
        case 'constant': {
          const value = (view: C, memo: Memo) => memo(field, () => field.value(view));
          steps.push({ kind: 'viewText', text: (view, memo) => JSON.stringify(value(view, memo)) });
          builders.push((view, memo) => {
            const constant = value(view, memo);
            return (object) => (object[name] = constant);
          });
          break;
        }
        case 'group': {
          const group = compileGroup(field);
          fixed((object, source, i) => (object[name] = group(source, i)));
          break;
        }
        case 'array': {
          const groups = field.items.map((item, k) => {
            text(k === 0 ? '[' : ',');
            return compileGroup(item);
          });
          text(groups.length === 0 ? '[]' : ']');
          fixed((object, source, i) => (object[name] = groups.map((group) => group(source, i))));
          break;
        }
        case 'nested': {
          const nested = (view: C, memo: Memo) => memo(field, () => field.make(view, shows));
          steps.push({ kind: 'viewString', read: (view, memo) => nested(view, memo).json });
          builders.push((view, memo) => {
            const made = nested(view, memo);
            return (object, source, i) => (object[name] = made.object(source, i));
          });
          break;
        }
        case 'object': {
          const build = compileObject(field.fields, () => true);
          builders.push((view, memo) => {
            const made = build(view, memo);
            return (object, source, i) => (object[name] = made(source, i));
          });
          break;
        }
        case 'links': {
          if (name !== '_links') throw new Error(`links are written as _links, not ${name}`);
          // entryLinksAround writes `,"_links":{"self":{"href":"…` up to the middle, and the rest after it.
          const made = (view: C, memo: Memo) =>
            memo(field, () => {
              const { links, start, end } = field.make(view);
              return { links, start, end, around: entryLinksAround(links(''), start, end) };
            });
          steps.push({ kind: 'viewText', text: (view, memo) => lead + made(view, memo).around[0].slice(1) });
          steps.push({ kind: 'string', read: field.middle });
          steps.push({ kind: 'viewText', text: (view, memo) => made(view, memo).around[1] });
          const middle = field.middle;
          builders.push((view, memo) => {
            const { links, start, end } = made(view, memo);
            return (object, source, i) => (object[name] = links(start + middle(source, i) + end));
          });
          break;
        }
      }
    }
    text(first ? '{}' : '}');
    return (view, memo) => {
      const bound = builders.map((builder) => builder(view, memo));
      return (source: S, i: number) => {
        const object: Record<string, unknown> = {};
        for (const build of bound) build(object, source, i);
        return object;
      };
    };
  };
  const build = compileObject(table.fields, shows);
  return { layout: layoutOf(steps), build };
}

/** A template bound to an answer's view: its row layout (core/json-rows.ts) and object builder. */
function bind<S, C>(template: Template<S, C>, view: C): CompiledEntry<S> {
  let kept: Map<object, unknown> | undefined;
  const memo: Memo = <T>(slot: object, make: () => T): T => {
    kept ??= new Map();
    if (kept.has(slot)) return kept.get(slot) as T;
    const value = make();
    kept.set(slot, value);
    return value;
  };
  const { layout } = template;
  const pieces = layout.viewPieces
    ? layout.pieces.map((piece) => (typeof piece === 'string' ? piece : piece.reduce<string>((text, part) => text + (typeof part === 'string' ? part : part(view, memo)), '')))
    : (layout.pieces as string[]);
  const fill = layout.fill ?? rowFiller(layout.numberReads, layout.stringReads.map((read) => (typeof read === 'function' ? read : read.ofView(view, memo))));
  const { holes } = layout;
  const numberCount = layout.numberReads.length;
  const stringCount = layout.stringReads.length;
  // The object builder is made when an entry is first asked for as an object (CSV, single answers).
  let build: ((source: S, i: number) => Record<string, unknown>) | undefined;
  return {
    object: (source, i) => (build ??= template.build(view, memo))(source, i),
    rows(source, count, at = (k) => k) {
      const numbers = new Float64Array(count * numberCount);
      const strings = new Array<string>(count * stringCount);
      fill(source, count, at, numbers, strings);
      return { pieces, holes, numberCount, stringCount, rowCount: count, numbers, strings };
    },
  };
}

/** The answer of one entry: its object (CSV) and its JSON text, both from the compiled table. */
export function entryAnswer<S>(entry: CompiledEntry<S>, source: S, i: number): WrittenBody {
  return new WrittenBody(
    () => entry.object(source, i),
    () => writeJsonRows(entry.rows(source, 1, () => i)),
  );
}

/**
 * A list answer: `{ [key]: entries, _links }` (and `head`'s members first, e.g. a range's
 * location and totals), entry `k` read at `at(k)`; the entries' JSON is written as rows.
 */
export function listAnswer<S>(
  entry: CompiledEntry<S> | null,
  source: S,
  count: number,
  key: string,
  links: unknown,
  options: { at?: (k: number) => number; head?: Record<string, unknown> } = {},
): WrittenBody {
  const at = options.at ?? ((k: number) => k);
  const head = options.head ?? {};
  return WrittenBody.ofRows(
    () => (entry === null ? { ...head, _links: links } : { ...head, [key]: Array.from({ length: count }, (_, k) => entry.object(source, at(k))), _links: links }),
    { head: () => ({ ...head, ...(entry === null ? {} : { [key]: [] }), _links: links }), key, rows: entry === null ? null : entry.rows(source, count, at) },
  );
}

/**
 * The members of the table's groups that are not in their group's unit (a forecast's chance of
 * rain beside an amount in mm), as CSV paths: their columns take no unit (http/csv-table.ts).
 */
export function unlabelledMembers<S, C extends OutputView>(table: EntryTable<S, C>): string[] {
  const paths: string[] = [];
  for (const [name, field] of Object.entries(table.fields)) {
    if (field.kind !== 'group' || field.units === null) continue;
    for (const [member, number] of Object.entries(field.members)) if (number.quantity !== field.units) paths.push(`${name}.${member}`);
  }
  return paths;
}

/**
 * Compilations of a table that reads nothing of the view but its units (no constants, links,
 * JSON or nested fields that depend on the place), kept by unit system and choice of properties:
 * a request then compiles nothing. Make one where the routes are registered (one per app); it
 * keeps at most `max` compilations.
 */
export function compiledByChoice<S>(table: EntryTable<S, OutputView>, max = 256): (units: UnitSystem, chosen: ReadonlySet<string> | null) => CompiledEntry<S> {
  const kept = new Map<string, CompiledEntry<S>>();
  return (units, chosen) => {
    const key = chosen === null ? `${units}|*` : `${units}|${[...chosen].sort().join(',')}`;
    let entry = kept.get(key);
    if (entry === undefined) {
      if (kept.size >= max) kept.clear();
      entry = compileEntry(table, { units }, (name) => chosen === null || chosen.has(name));
      kept.set(key, entry);
    }
    return entry;
  };
}

type RowFill<S> = (source: S, count: number, at: (k: number) => number, numbers: Float64Array, strings: string[]) => void;

/**
 * The loop that reads `count` rows' values into their arrays, written out with one call site per
 * reader: each site then always calls the same function, which V8 can inline, where one loop
 * over the readers would call them all from one site (several times slower for a forecast's
 * 24 blocks of about 40 numbers). Made once per compiled table; the code holds only indices.
 */
function rowFiller<S>(numberReads: readonly ((source: S, i: number) => number | null)[], stringReads: readonly ((source: S, i: number) => string)[]): RowFill<S> {
  const key = `${numberReads.length},${stringReads.length}`;
  let make = FILLER_CODE.get(key);
  if (make === undefined) {
    make = fillerCode(numberReads.length, stringReads.length);
    FILLER_CODE.set(key, make);
  }
  return make(numberReads, stringReads) as RowFill<S>;
}

type FillerFactory = (numberReads: readonly unknown[], stringReads: readonly unknown[]) => RowFill<unknown>;

/**
 * The generated code of a filler, by its numbers of number and string holes: code only, the same
 * for every table of that size (the readers are passed in), so compiling a table per answer
 * generates nothing once its size has been seen.
 */
const FILLER_CODE = new Map<string, FillerFactory>();

function fillerCode(numberCount: number, stringCount: number): FillerFactory {
  const lines: string[] = [];
  for (let j = 0; j < numberCount; j++) lines.push(`const n${j} = numberReads[${j}];`);
  for (let j = 0; j < stringCount; j++) lines.push(`const s${j} = stringReads[${j}];`);
  lines.push('return function fill(source, count, at, numbers, strings) {');
  lines.push('  for (let k = 0; k < count; k++) {');
  lines.push('    const i = at(k);');
  if (numberCount > 0) lines.push(`    const n = k * ${numberCount};`);
  for (let j = 0; j < numberCount; j++) lines.push(`    numbers[n + ${j}] = n${j}(source, i) ?? NaN;`);
  if (stringCount > 0) lines.push(`    const s = k * ${stringCount};`);
  for (let j = 0; j < stringCount; j++) lines.push(`    strings[s + ${j}] = s${j}(source, i);`);
  lines.push('  }');
  lines.push('};');
  return new Function('numberReads', 'stringReads', lines.join('\n')) as FillerFactory;
}
