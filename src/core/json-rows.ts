/**
 * Rows of JSON text alike in all but their numbers and a few strings: the entries of a large
 * answer. An output table (api/output-table.ts) lays out one row as fixed text with holes, reads
 * the values of every row into plain arrays (`JsonRows`), and the text is written by interleaving
 * the two (`writeJsonRows`). `RowLayout` builds such rows by hand.
 *
 * Writing the numbers is most of the cost of such an answer (each is written in the shortest form
 * that reads back as the same double). `JsonRows` holds only strings and a `Float64Array`, so the
 * writing can run on another thread (compute/compute-pool.ts) while the event loop goes on.
 */

/**
 * Rows ready to be written: everything `writeJsonRows` reads, and nothing else (it is sent to
 * worker threads, copied). The layout (`pieces`, `holes`) may be shared by many answers: read only.
 */
export interface JsonRows {
  /** The fixed text of a row around its holes: `pieces[0] hole 0 pieces[1] hole 1 … pieces[holes.length]`. */
  readonly pieces: readonly string[];
  /** Per hole: `k ≥ 0` writes the row's number `k`; `k < 0` writes the row's string `-k - 1`. */
  readonly holes: Int32Array;
  /** Numbers of a row (its number holes). */
  numberCount: number;
  /** Strings of a row (its string holes). */
  stringCount: number;
  rowCount: number;
  /** `rowCount × numberCount`, row by row; NaN and ±Infinity are written as `null`. */
  numbers: Float64Array;
  /** `rowCount × stringCount`, row by row; written as they are (JSON text: dates and days need no escaping). */
  strings: string[];
}

/**
 * `JsonRows` as sent to another thread: the strings joined into one. Copying a message costs
 * per string, and a page of rows has hundreds (a date or a day per row, often twice); one string
 * of them all costs about what one costs. They are joined with U+0000, which JSON text never
 * holds (a string's control characters are escaped).
 */
export interface SentJsonRows extends Omit<JsonRows, 'strings'> {
  strings: string;
}

const STRING_SEPARATOR = '\u0000';

export function sentJsonRows(rows: JsonRows): SentJsonRows {
  return { ...rows, strings: rows.strings.join(STRING_SEPARATOR) };
}

export function receivedJsonRows(sent: SentJsonRows): JsonRows {
  return { ...sent, strings: sent.rowCount * sent.stringCount === 0 ? [] : sent.strings.split(STRING_SEPARATOR) };
}

/** A number as JSON: null, NaN and ±Infinity as `null` (what the response serializer writes for a nullable number). */
export function jsonNumber(value: number | null): string {
  if (value === null) return 'null';
  // Most weather values are kept to 0.1 or 0.01 (observations, forecasts, precipitation, GDD from
  // such temperatures): written from their hundredths, about three times as fast as the general
  // shortest round-trip form, and the same text (see hundredthsText).
  const hundredths = Math.round(value * 100);
  if (hundredths / 100 === value && hundredths < HUNDREDTHS_LIMIT && hundredths > -HUNDREDTHS_LIMIT) return hundredthsText(hundredths);
  return value !== value || value === Infinity || value === -Infinity ? 'null' : '' + value;
}

/** Hundredths below this in size are whole numbers of 31 bits (fast integer arithmetic). */
const HUNDREDTHS_LIMIT = 2 ** 31 - 1;

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' : '') + i);

/**
 * `k / 100` as JavaScript writes the double nearest to it, for |k| < 2³¹: the decimal itself,
 * without trailing zeros (`-0` as `0`). It is the shortest text that reads back as that double,
 * because any shorter decimal is at least 0.01 away from it while doubles below 2.2·10⁷ lie less
 * than 10⁻⁸ apart; and below 10²¹ and from 10⁻⁶ on JavaScript writes no exponent.
 */
function hundredthsText(k: number): string {
  const size = k < 0 ? -k : k;
  const whole = (size / 100) | 0;
  const fraction = size - whole * 100;
  const text = fraction === 0 ? '' + whole : fraction % 10 === 0 ? whole + '.' + fraction / 10 : whole + '.' + TWO_DIGITS[fraction]!;
  return k < 0 ? '-' + text : text;
}

/** The rows' JSON, comma-separated (no brackets). */
export function writeJsonRows(rows: JsonRows): string {
  const { pieces, holes, numbers, strings, numberCount, stringCount, rowCount } = rows;
  const holeCount = holes.length;
  const first = pieces[0]!;
  let text = '';
  for (let row = 0; row < rowCount; row++) {
    const n = row * numberCount;
    const s = row * stringCount - 1;
    let entry = row === 0 ? first : ',' + first;
    for (let h = 0; h < holeCount; h++) {
      const k = holes[h]!;
      entry += (k >= 0 ? jsonNumber(numbers[n + k]!) : strings[s - k]!) + pieces[h + 1]!;
    }
    text += entry;
  }
  return text;
}

/**
 * The rows' JSON as `writeJsonRows` writes it, as UTF-8 bytes, written straight into one buffer:
 * no string per number or per row, nothing to join or encode afterwards. An answer's rows are
 * sent as bytes (http/written-body.ts), so this is how they are written, on the event loop or on
 * a worker thread: in about 60 % of the time of the text and its encoding (120 rows of eight
 * numbers), with a fraction of the garbage. The bytes are a view on a larger buffer (room for the
 * longest text of every value).
 */
export function writeJsonRowsBytes(rows: JsonRows, options: { owned?: boolean } = {}): Buffer {
  const { pieces, holes, numbers, strings, numberCount, stringCount, rowCount } = rows;
  const encoded = pieces.map((piece) => Buffer.from(piece, 'utf8'));
  let rowBytes = 1; // its comma
  for (const piece of encoded) rowBytes += piece.length;
  let stringChars = 0;
  for (const text of strings) stringChars += text.length;
  // Room for the longest text of every number, and three bytes a UTF-16 unit of the strings.
  // `owned`: memory of its own, never a slice of Node's shared pool of small buffers (it may be moved to another thread).
  const size = rowCount * rowBytes + numbers.length * LONGEST_NUMBER + 3 * stringChars;
  const out = options.owned ? Buffer.allocUnsafeSlow(size) : Buffer.allocUnsafe(size);
  const holeCount = holes.length;
  let at = 0;
  for (let row = 0; row < rowCount; row++) {
    const n = row * numberCount;
    const s = row * stringCount - 1;
    if (row > 0) out[at++] = COMMA;
    at = copy(encoded[0]!, out, at);
    for (let h = 0; h < holeCount; h++) {
      const k = holes[h]!;
      at = k >= 0 ? writeNumber(numbers[n + k]!, out, at) : writeString(strings[s - k]!, out, at);
      at = copy(encoded[h + 1]!, out, at);
    }
  }
  return out.subarray(0, at);
}

/** Bytes of the longest text of a double: `-0.0000012345678901234567` (25). */
const LONGEST_NUMBER = 25;
const COMMA = 0x2c;
const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;

function copy(bytes: Uint8Array, out: Uint8Array, at: number): number {
  const length = bytes.length;
  if (length > 12) out.set(bytes, at);
  else for (let i = 0; i < length; i++) out[at + i] = bytes[i]!;
  return at + length;
}

/** `jsonNumber(value)`'s text, written at `at`: the end. */
function writeNumber(value: number, out: Buffer, at: number): number {
  // No value (a third of a forecast hour's numbers): `null`.
  if (value !== value) return writeNull(out, at);
  const hundredths = Math.round(value * 100);
  if (hundredths / 100 === value && hundredths < HUNDREDTHS_LIMIT && hundredths > -HUNDREDTHS_LIMIT) {
    // As hundredthsText, in 32-bit integers: V8 divides them by a constant with a multiplication.
    let size = hundredths | 0;
    if (size < 0) {
      out[at++] = MINUS;
      size = -size;
    }
    const whole = (size / 100) | 0;
    const fraction = size - whole * 100;
    if (whole < 10) out[at++] = ZERO + whole;
    else if (whole < 100) {
      out[at++] = DIGIT_PAIRS[2 * whole]!;
      out[at++] = DIGIT_PAIRS[2 * whole + 1]!;
    } else at = writeWhole(whole, out, at);
    if (fraction !== 0) {
      out[at++] = POINT;
      out[at++] = DIGIT_PAIRS[2 * fraction]!;
      const last = DIGIT_PAIRS[2 * fraction + 1]!;
      if (last !== ZERO) out[at++] = last;
    }
    return at;
  }
  if (value === Infinity || value === -Infinity) return writeNull(out, at);
  return writeString('' + value, out, at);
}

function writeNull(out: Uint8Array, at: number): number {
  out[at] = 0x6e; // n
  out[at + 1] = 0x75; // u
  out[at + 2] = 0x6c; // l
  out[at + 3] = 0x6c; // l
  return at + 4;
}

/** The two digits of 0–99, each as two bytes: `00`, `01`, … `99`. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, i) => ZERO + (i % 2 === 0 ? Math.floor(i / 20) : (i / 2) % 10));

/** A whole number 100 ≤ n < 2³¹ in decimal at `at`: the end. */
function writeWhole(n: number, out: Uint8Array, at: number): number {
  const digits = n < 1e3 ? 3 : n < 1e4 ? 4 : n < 1e5 ? 5 : n < 1e6 ? 6 : n < 1e7 ? 7 : n < 1e8 ? 8 : n < 1e9 ? 9 : 10;
  let rest = n | 0;
  for (let i = at + digits - 1; i >= at; i--) {
    const next = (rest / 10) | 0;
    out[i] = ZERO + (rest - next * 10);
    rest = next;
  }
  return at + digits;
}

/**
 * Strings longer than this go to the encoder whole: a call of it costs about what a loop over 20
 * characters does, and it then writes a 10,000-character string (a nested answer such as a
 * forecast day's blocks) some fifty times as fast as the loop.
 */
const SHORT_STRING = 16;

/** A string's UTF-8 at `at`: the end (short ASCII, nearly all of it, a byte at a time; the rest by the encoder). */
function writeString(text: string, out: Buffer, at: number): number {
  const length = text.length;
  if (length > SHORT_STRING) return at + out.write(text, at, 'utf8');
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x80) return at + out.write(i === 0 ? text : text.slice(i), at, 'utf8');
    out[at++] = unit;
  }
  return at;
}

/**
 * The layout of one row, built in writing order: fixed text, and holes that read a row's value.
 *
 * ```ts
 * const layout = new RowLayout().text('{"date":"').string((i) => dates[i]).text('","gdd":').number((i) => gdd[i]).text('}');
 * const rows = layout.rows(dates.length);
 * ```
 */
export class RowLayout {
  readonly #pieces: string[] = [''];
  readonly #holes: number[] = [];
  readonly #numbers: ((row: number) => number | null)[] = [];
  readonly #strings: ((row: number) => string)[] = [];

  /** Fixed text. */
  text(text: string): this {
    this.#pieces[this.#pieces.length - 1] += text;
    return this;
  }

  /** A number read from row `i` (null, NaN and ±Infinity are written as `null`). */
  number(read: (i: number) => number | null): this {
    this.#holes.push(this.#numbers.length);
    this.#numbers.push(read);
    this.#pieces.push('');
    return this;
  }

  /** JSON text read from row `i`, written as it is. */
  string(read: (i: number) => string): this {
    this.#holes.push(-1 - this.#strings.length);
    this.#strings.push(read);
    this.#pieces.push('');
    return this;
  }

  /** The values of rows `at(0) … at(count - 1)` (row `k` of the text reads row `at(k)`; default: in order). */
  rows(count: number, at: (k: number) => number = (k) => k): JsonRows {
    const readNumbers = this.#numbers;
    const readStrings = this.#strings;
    const numberCount = readNumbers.length;
    const stringCount = readStrings.length;
    const numbers = new Float64Array(count * numberCount);
    const strings = new Array<string>(count * stringCount);
    for (let k = 0; k < count; k++) {
      const i = at(k);
      for (let j = 0; j < numberCount; j++) numbers[k * numberCount + j] = readNumbers[j]!(i) ?? Number.NaN;
      for (let j = 0; j < stringCount; j++) strings[k * stringCount + j] = readStrings[j]!(i);
    }
    return { pieces: [...this.#pieces], holes: Int32Array.from(this.#holes), numberCount, stringCount, rowCount: count, numbers, strings };
  }
}
