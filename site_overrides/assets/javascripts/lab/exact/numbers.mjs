/**
 * What people type into a lab, read exactly: the number grammar, a field read against its
 * limit, and the canonical text a lab's URL writes back.
 *
 * The grammar and its reasons are generator/core/rational.py's `read_field`; the limits are
 * not typed here but handed in, as generator/core/input_limits.py writes them
 * (`FieldLimit.as_json`: the page carries them in data-limit, the golden vectors in
 * `limits`). The golden vectors' `parse_cases` hold this reader to Python's, text by text.
 *
 * Rules kept:
 * - A number is a plain decimal ("3", "5.7", ".5") or a ratio of plain integers ("57/10"),
 *   read into a reduced exact fraction (exact/rational.mjs); no float is ever made.
 * - A refused text answers a reason, never a guess: the checks run in a fixed order and
 *   the reason is the first rule broken, so a field's message does not depend on luck.
 * - One bad field never hides another's value (`parseFields`).
 *
 * Lists of counts ("9,6,1", an event "0,1") are read by `readList` against a list's limit
 * (generator/core/list_fields.py's `ListLimit.as_json`), as Python's `read_list`; a list
 * whose item is of kind "integer" holds signed integers ("3,-1,7": generator/core/fields.py's
 * `ListLimit` of an `IntegerLimit`).
 * A limit of kind "integer" reads one signed integer, one of kind "choice" one of its
 * `choices` (a radio group), both by `parseField`.
 *
 * The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/numbers
 */

import { compare, coprimeToTen, fraction, fractionStr, reduceTenSmooth } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */

const DECIMAL = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const SCIENTIFIC = /^((?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))[eE]([+-]?[0-9]{1,3})$/;
const RATIO = /^[0-9]+\/[0-9]+$/;
const DIGITS = /^[0-9]+$/;

/**
 * @typedef {object} FieldLimit  a field's rule, as generator/core/input_limits.py writes it
 * @property {string} name
 * @property {'count' | 'number' | 'integer' | 'choice'} kind  count: plain digits (k, p); number:
 *   decimal or ratio; integer: signed plain digits; choice: one of `choices`
 * @property {string} low  exact bound, "1" or "57/10"
 * @property {string | null} high  null: no upper end
 * @property {number | null} grid  decimals a value may have (0, 1), null: any exact value
 * @property {number} max_chars
 */

/**
 * @template T
 * @typedef {{ok: true, value: T} | {ok: false, reason: ParseFailure}} Parsed
 */
/**
 * Why a text was refused (generator/core/rational.py's `Refusal`):
 *   'empty'     nothing typed (or the parameter is missing);
 *   'too-long'  more than the limit's max_chars characters (a pasted huge number);
 *   'syntax'    not the field's grammar: letters, signs, exponents, spaces, "NaN",
 *               "Infinity", a zero denominator, a name that is not one of the choices;
 *   'step'      off the field's grid (α is a multiple of 0.1, k and p are integers);
 *   'range'     outside the field's interval;
 * and for lists (`readList`):
 *   'count'     fewer or more entries than the list allows;
 *   'repeat'    an entry listed twice in a list of distinct entries (an event);
 *   'zero-sum'  every entry 0 where the list must sum to more (a row of weights).
 * A lab's rules across fields add their own codes (the events lab's 'mismatch' and
 * 'no-output'); those are the lab's, not this module's.
 * @typedef {'empty' | 'too-long' | 'syntax' | 'step' | 'range' | 'count' | 'repeat' | 'zero-sum'} ParseFailure
 */

/** @param {ParseFailure} reason @returns {{ok: false, reason: ParseFailure}} */
const refuse = (reason) => ({ ok: false, reason });

/**
 * An exact number as people write it: a plain decimal ("3", "5.7", ".5", "0.375"), a
 * ratio of plain integers ("57/10") or a plain decimal with an exponent of at most three
 * digits ("1e-5" is exactly 1/100000), reduced, as Python's `parse_rational` reads it.
 * Signs, spaces, "NaN" and "Infinity" are refused, and so is a zero denominator. No length
 * limit here: the caller applies its field's.
 * @param {string} text @returns {Fraction | null}
 */
export function parseNumber(text) {
  if (DECIMAL.test(text)) return plainDecimal(text);
  const scientific = SCIENTIFIC.exec(text);
  if (scientific) {
    // m·10^e exactly: the mantissa's digits over a power of ten, times 10^e.
    const mantissa = plainDecimal(scientific[1]);
    const exponent = BigInt(scientific[2]);
    return exponent >= 0n
      ? fraction(mantissa.num * 10n ** exponent, mantissa.den)
      : fraction(mantissa.num, mantissa.den * 10n ** -exponent);
  }
  if (RATIO.test(text)) {
    const [num, den] = text.split('/').map(BigInt);
    return den === 0n ? null : fraction(num, den);
  }
  return null;
}

/** A plain decimal ("5.7", ".5") as a reduced fraction. @param {string} text @returns {Fraction} */
function plainDecimal(text) {
  const [whole, decimals = ''] = text.split('.');
  return reduceTenSmooth(BigInt((whole || '0') + decimals), 10n ** BigInt(decimals.length), 1n);
}

/**
 * The length of a text in code points, as Python's len() counts it (a character outside
 * the BMP is two UTF-16 units in `length`), counted no further than just past `limit`.
 * @param {string} text @param {number} limit @returns {number}
 */
export function codePoints(text, limit) {
  if (text.length <= limit) return text.length;
  let count = 0;
  for (const _ of text) {
    count += 1;
    if (count > limit) break;
  }
  return count;
}

/** @param {FieldLimit} limit @param {Fraction} value */
function onGrid(limit, value) {
  return limit.grid === null || (value.num * 10n ** BigInt(limit.grid)) % value.den === 0n;
}

/** @param {FieldLimit} limit @param {Fraction} value */
function inRange(limit, value) {
  const low = /** @type {Fraction} */ (parseNumber(limit.low));
  if (compare(value, low) < 0) return false;
  return limit.high === null || compare(value, /** @type {Fraction} */ (parseNumber(limit.high))) <= 0;
}

/**
 * A typed field read against its limit, as Python's `read_field`: the checks run in a
 * fixed order (empty, length, grammar, grid, interval), so the reason is the first rule
 * broken. A count's value is a Number (k, p), a number's an exact Fraction.
 * @param {unknown} text @param {FieldLimit} limit @returns {Parsed<any>}
 */
export function parseField(text, limit) {
  if (limit.kind === 'choice') return parseChoice(text, /** @type {any} */ (limit).choices);
  if (text === undefined || text === null || text === '') return refuse('empty');
  if (typeof text !== 'string') return refuse('syntax');
  if (codePoints(text, limit.max_chars) > limit.max_chars) return refuse('too-long');
  if (limit.kind === 'integer') return parseInteger(text, limit);
  const value = parseNumber(text);
  if (value === null) return refuse('syntax');
  if (limit.kind === 'count' && !DIGITS.test(text)) return refuse(DECIMAL.test(text) ? 'step' : 'syntax');
  if (!onGrid(limit, value)) return refuse('step');
  if (!inRange(limit, value)) return refuse('range');
  return { ok: true, value: limit.kind === 'count' ? Number(value.num) : value };
}

const INTEGER = /^-?[0-9]+$/;
const SIGNED_DECIMAL = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/**
 * A signed integer (a limit of kind "integer", generator/core/input_limits.py's
 * `IntegerLimit`): plain digits with an optional leading "-" ("-3", "007"); a signed decimal
 * ("2.5", "-0.5") is off the grid ("step"), anything else ("+2", "2e1", "−2") is not the
 * grammar. Its value is a Number, as a count's. Empty and length are checked by the caller.
 * @param {string} text @param {FieldLimit} limit @returns {Parsed<number>}
 */
function parseInteger(text, limit) {
  if (!INTEGER.test(text)) return refuse(SIGNED_DECIMAL.test(text) ? 'step' : 'syntax');
  const value = BigInt(text);
  if (value < BigInt(limit.low) || value > BigInt(/** @type {string} */ (limit.high))) return refuse('range');
  return { ok: true, value: Number(value) };
}

/**
 * A field that names one of a few choices (a lab's mode): the choice itself, or 'empty'
 * when nothing is given and 'syntax' for any other text or value.
 * @template {string} T
 * @param {unknown} text @param {readonly T[]} choices @returns {Parsed<T>}
 */
export function parseChoice(text, choices) {
  if (text === undefined || text === null || text === '') return refuse('empty');
  const choice = choices.find((c) => c === text);
  return choice ? { ok: true, value: choice } : refuse('syntax');
}

/**
 * Every field of a lab at once, from texts (a form or URL parameters). Each field is read
 * on its own, so one bad field leaves the others' values usable.
 * @param {Record<string, unknown>} texts
 * @param {Record<string, FieldLimit>} limits  the number fields, read by `parseField`
 * @param {Record<string, Parsed<any>>} [read]  fields read already by their own rule
 *   (`parseChoice`), listed first
 * @returns {{ok: boolean, values: Record<string, any>, errors: Record<string, ParseFailure>}}
 */
export function parseFields(texts, limits, read = {}) {
  /** @type {Record<string, Parsed<any>>} */
  const parsed = { ...read };
  for (const name of Object.keys(limits)) parsed[name] = parseField(texts[name], limits[name]);
  /** @type {Record<string, any>} */
  const values = {};
  /** @type {Record<string, ParseFailure>} */
  const errors = {};
  for (const [field, result] of Object.entries(parsed)) {
    if (result.ok === true) values[field] = result.value;
    else errors[field] = /** @type {{ok: false, reason: ParseFailure}} */ (result).reason;
  }
  return { ok: Object.keys(errors).length === 0, values, errors };
}

/**
 * A number as a lab's URL writes it: α on its grid with exactly `grid` decimals
 * ("3.0", "5.7"); otherwise the shortest decimal equal to the value when its denominator
 * is 2^a·5^b ("0", "0.72", "0.374"), else the reduced fraction ("1/3").
 * (generator/lessons/composition/lab_url.py's `field_text`.)
 * @param {Fraction} value @param {number | null} grid @returns {string}
 */
export function canonicalNumber(value, grid) {
  if (grid !== null && grid > 0) {
    const scale = 10n ** BigInt(grid);
    const scaled = (value.num * scale) / value.den;
    return `${scaled / scale}.${(scaled % scale).toString().padStart(grid, '0')}`;
  }
  if (coprimeToTen(value.den) !== 1n) return fractionStr(value);
  let places = 0;
  let scale = 1n;
  while (scale % value.den !== 0n) {
    places += 1;
    scale *= 10n;
  }
  const digits = ((value.num * scale) / value.den).toString().padStart(places + 1, '0');
  if (places === 0) return digits;
  const fractionPart = digits.slice(digits.length - places).replace(/0+$/, '');
  const integerPart = digits.slice(0, digits.length - places);
  return fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
}

/**
 * @typedef {object} ListLimit  a list field's rule, as generator/core/list_fields.py writes it
 * @property {string} name
 * @property {'list'} kind
 * @property {FieldLimit} item  the rule of each entry (a count)
 * @property {number} min_items  0: the empty list (text "" or only spaces) is allowed
 * @property {number} max_items
 * @property {boolean} distinct  each entry at most once; the value is sorted
 * @property {boolean} positive_sum  the entries must not all be 0
 * @property {number} max_chars
 */

const LIST_ENTRY = /^ *([0-9]+) *$/;
const SIGNED_LIST_ENTRY = /^ *(-?[0-9]+) *$/;
const ONLY_SPACES = /^ *$/;

/**
 * A typed list of counts read against its limit, as Python's `read_list`: entries of plain
 * digits (with an optional leading "-" when the item is of kind "integer") separated by ",", spaces (U+0020 only) around an entry allowed and dropped. The
 * checks run in a fixed order and the reason is the first rule broken: empty (only spaces,
 * unless the list may be empty), length, grammar (every entry), number of entries, each
 * entry against the item's limit (in order), repeats, sum. The value is an array of
 * Numbers, sorted when the list is `distinct`.
 * @param {unknown} text @param {ListLimit} limit @returns {Parsed<number[]>}
 */
export function readList(text, limit) {
  if (text === undefined || text === null) text = '';
  if (typeof text !== 'string') return refuse('syntax');
  const tooLong = codePoints(text, limit.max_chars) > limit.max_chars;
  if (ONLY_SPACES.test(text)) return limit.min_items === 0 && !tooLong ? { ok: true, value: [] } : refuse('empty');
  if (tooLong) return refuse('too-long');
  const parts = text.split(',');
  const digits = [];
  const entry = limit.item.kind === 'integer' ? SIGNED_LIST_ENTRY : LIST_ENTRY;
  for (const part of parts) {
    const match = entry.exec(part);
    if (!match) return refuse('syntax');
    digits.push(match[1]);
  }
  if (parts.length < limit.min_items || parts.length > limit.max_items) return refuse('count');
  /** @type {number[]} */
  const values = [];
  for (const entry of digits) {
    const read = parseField(entry, limit.item);
    if (!read.ok) return read;
    values.push(read.value);
  }
  if (limit.distinct && new Set(values).size !== values.length) return refuse('repeat');
  if (limit.positive_sum && values.every((value) => value === 0)) return refuse('zero-sum');
  return { ok: true, value: limit.distinct ? values.sort((a, b) => a - b) : values };
}

/** The canonical text of a valid list: "9,6,1", "" for the empty event. @param {readonly number[]} values */
export function listText(values) {
  return values.join(',');
}
