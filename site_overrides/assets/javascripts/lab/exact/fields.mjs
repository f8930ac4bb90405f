/**
 * Every kind of field, read exactly: the browser's twin of generator/core/fields.py.
 *
 * A field's rule (its limit) is written by Python (`<Kind>Limit.as_json`) into the field's
 * markup (data-limit) and into the golden vectors; `readField` dispatches on its `kind`
 * exactly as Python's `limit.read` does, and `fieldText` writes a value back as the
 * canonical text the address keeps (`limit.text`). The golden vectors' parse cases hold the
 * two readers equal, text by text.
 *
 *   count    plain digits                   -> Number          "20"
 *   number   decimal, ratio or 1e-5         -> Fraction        "3.0", "1/3"
 *   integer  digits with a leading "-"      -> Number          "-3"
 *   choice   one of `choices`               -> string          the name
 *   list     entries of an item, ","        -> Number[]        "9,6,1"
 *   pairs    entries "a:b" of two numbers   -> [Fraction, Fraction][]   "3:0,2:0.01"
 *   matrix   rows ";" of entries ","        -> Fraction[][]    "1,0;0,1"
 *
 * Every reader checks in the fixed order of its Python twin, so the reason is the first rule
 * broken. The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/fields
 */

import { canonicalNumber, codePoints, parseField, parseNumber, readList } from './numbers.mjs';
import { add, compare, fraction } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {{ok: true, value: any} | {ok: false, reason: string}} Parsed */

const DIGITS = /^[0-9]+$/;
const SPACED = /^ *([^ ,;:]+) *$/;
const ONE = fraction(1n);

/** @param {string} reason @returns {{ok: false, reason: string}} */
const refuse = (reason) => ({ ok: false, reason });
/** @param {any} value @returns {Parsed} */
const accept = (value) => ({ ok: true, value });

/**
 * The common start of every list-like reader: empty, length (Python's first two checks).
 * @param {unknown} text @param {{max_chars: number}} limit @returns {string | {ok: false, reason: string}}
 */
function started(text, limit) {
  if (text === undefined || text === null) text = '';
  if (typeof text !== 'string') return refuse('syntax');
  if (/^ *$/.test(text)) return refuse('empty');
  if (codePoints(text, limit.max_chars) > limit.max_chars) return refuse('too-long');
  return text;
}

/** The entries of `text` split at `separator`, spaces dropped; null when one is empty. */
function entries(text, separator) {
  const found = [];
  for (const part of text.split(separator)) {
    const match = SPACED.exec(part);
    if (!match) return null;
    found.push(match[1]);
  }
  return found;
}

/**
 * A number field's exact value (a count's too), as Python's `FieldLimit.read_exact`.
 * @param {string} text @param {any} limit @returns {Parsed}
 */
function readExact(text, limit) {
  const read = parseField(text, limit);
  return read.ok && typeof read.value === 'number' ? accept(fraction(BigInt(read.value))) : read;
}

/** Steps "3:0, 2:0.01" (generator/core/fields.py's `PairsLimit.read`). @param {unknown} text @param {any} limit @returns {Parsed} */
function readPairs(text, limit) {
  const start = started(text, limit);
  if (typeof start !== 'string') return start;
  const pairs = start.split(',').map((part) => part.split(':'));
  if (pairs.some((pair) => pair.length !== 2 || !pair.every((side) => SPACED.test(side)))) return refuse('syntax');
  if (pairs.length < 1 || pairs.length > limit.max_items) return refuse('count');
  const value = [];
  for (const [a, b] of pairs) {
    const first = readExact(a.trim(), limit.first);
    if (!first.ok) return first;
    const second = readExact(b.trim(), limit.second);
    if (!second.ok) return second;
    value.push([first.value, second.value]);
  }
  return accept(value);
}

/** A matrix "1,0; 1/2,1/2" (generator/core/fields.py's `MatrixLimit.read`). @param {unknown} text @param {any} limit @returns {Parsed} */
function readMatrix(text, limit) {
  const start = started(text, limit);
  if (typeof start !== 'string') return start;
  const rows = start.split(';').map((row) => entries(row, ','));
  if (rows.some((row) => row === null)) return refuse('syntax');
  const typed = /** @type {string[][]} */ (rows);
  const values = typed.map((row) => row.map(parseNumber));
  if (values.some((row) => row.some((value) => value === null))) return refuse('syntax');
  if (typed.length > limit.max_rows || typed.some((row) => row.length > limit.max_columns)) return refuse('count');
  if (new Set(typed.map((row) => row.length)).size !== 1) return refuse('shape');
  for (let i = 0; i < typed.length; i++) {
    const row = /** @type {Fraction[]} */ (values[i]);
    if (typed[i].every((entry) => DIGITS.test(entry))) {
      for (const entry of typed[i]) {
        const read = parseField(entry, limit.weight);
        if (!read.ok) return read;
      }
      if (row.every((value) => value.num === 0n)) return refuse('zero-sum');
    } else if (compare(row.reduce(add, fraction(0n)), ONE) !== 0) {
      return refuse('row-sum');
    }
  }
  return accept(values);
}

/**
 * A field's text read against its limit, whatever its kind (Python's `limit.read`).
 * @param {unknown} text @param {any} limit @returns {Parsed}
 */
export function readField(text, limit) {
  switch (limit.kind) {
    case 'list':
      return readList(text, limit);
    case 'pairs':
      return readPairs(text, limit);
    case 'matrix':
      return readMatrix(text, limit);
    default:
      return parseField(text, limit);
  }
}

/**
 * The canonical text of a valid value (Python's `limit.text`): "20", "3.0", "1/3", "-3",
 * "9,6,1", "3:0,2:0.01", "1,0;0,1".
 * @param {any} value @param {any} limit @returns {string}
 */
export function fieldText(value, limit) {
  switch (limit.kind) {
    case 'count':
    case 'integer':
      return String(value);
    case 'choice':
      return value;
    case 'list':
      return value.join(',');
    case 'pairs':
      return value.map(([a, b]) => fieldText(a, limit.first) + ':' + fieldText(b, limit.second)).join(',');
    case 'matrix':
      return value.map((row) => row.map((entry) => canonicalNumber(entry, null)).join(',')).join(';');
    default:
      return canonicalNumber(value, limit.places);
  }
}
