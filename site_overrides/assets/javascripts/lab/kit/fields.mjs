/**
 * A lab's typed fields. Each sits in a wrapper `[data-field="<name>"]` that the page writes
 * (the course template fields.html, or a lab's own) with what the browser needs as data:
 *
 * - `data-limit`: the field's limit as JSON. A number or count (generator/core/input_limits.py,
 *   `FieldLimit.as_json`): `kind` ("count" for plain digits, else a number), `low`, `high`,
 *   `grid` (the decimals of the grid, or null for any exact value) and `max_chars`. A list of
 *   counts (generator/core/list_fields.py, `ListLimit.as_json`): `kind` "list", `item` (the
 *   limit of each entry), `min_items`, `max_items`, `distinct`, `positive_sum`, `max_chars`;
 * - `data-messages`: the Korean message for each reason a text is refused: the reader's
 *   ("empty", "too-long", "syntax", "step", "range"; for lists also "count", "repeat",
 *   "zero-sum") and those of the lab's rules across fields (its `checkState`);
 * - `data-places`: the decimals its stepper keeps (a step is 10^-places); numbers only.
 *
 * A field is one of three kinds of control:
 * - a text input (numbers, counts, signed integers of kind "integer" and typed lists);
 *   numbers, counts and integers also step with the arrow keys and their `[data-step]`
 *   buttons, lists do not;
 * - a radio group (a `<fieldset data-field>` of `input[type=radio]`) whose limit is a choice
 *   (kind "choice", `choices`): its text is the checked radio's value;
 * - a group of checkboxes (a `<fieldset data-field>` of `input[type=checkbox]`, an event):
 *   its text is the values of the checked boxes joined by "," in increasing order (""
 *   when none is), and setting a text checks exactly the boxes it lists. Its limit is a
 *   list's.
 *
 * The reading itself is the exact machinery's (exact/fields.mjs: one grammar for the command
 * line, the fields and the URL, dispatched on the limit's kind); `numbers` below is that
 * machinery unless a lab hands in an object with number functions of its own.
 *
 * @module kit/fields
 */

import { fieldText as exactFieldText, readField } from '../exact/fields.mjs';
import { canonicalNumber, parseField, parseNumber, readList } from '../exact/numbers.mjs';
import { fraction } from '../exact/rational.mjs';

/** The exact machinery as the `numbers` of a lab that hands in none. */
const EXACT = Object.freeze({ parseField, readList, parseNumber, canonicalNumber, fraction, readField, fieldText: exactFieldText });

/**
 * @typedef {{kind: string, low: string, high: string, grid: number | null, max_chars: number}} Limit
 * @typedef {{kind: 'list', item: Limit, min_items: number, max_items: number, distinct: boolean,
 *            positive_sum: boolean, max_chars: number}} ListLimit
 * @typedef {{num: bigint, den: bigint}} Fraction
 * @typedef {{
 *   parseField(text: string, limit: Limit): {ok: boolean, value?: any, reason?: string},
 *   readList?(text: string, limit: ListLimit): {ok: boolean, value?: number[], reason?: string},
 *   parseNumber(text: string): Fraction | null,
 *   canonicalNumber(value: Fraction, grid: number | null): string,
 *   fraction(num: bigint, den?: bigint): Fraction,
 *   readField?(text: unknown, limit: any): {ok: boolean, value?: any, reason?: string},
 *   fieldText?(value: any, limit: any): string,
 * }} Numbers
 * @typedef {{limit: any, places: number, min: Fraction | null, max: Fraction | null,
 *            messages: Record<string, string>}} FieldRule  min and max are null for a list
 */

/** Is this limit a list's (generator/core/list_fields.py)? @param {{kind: string}} limit */
export function isList(limit) {
  return limit.kind === 'list';
}

/** Is a value of this limit a Number (a count, or a signed integer)? @param {{kind: string}} limit */
function isWhole(limit) {
  return limit.kind === 'count' || limit.kind === 'integer';
}

/**
 * What a field's wrapper says about it: its limit, messages and step, with the range's ends
 * read once.
 * @param {{getAttribute(name: string): string | null}} wrapper @param {Numbers} numbers
 * @returns {FieldRule}
 */
export function fieldRule(wrapper, numbers = EXACT) {
  const limit = JSON.parse(wrapper.getAttribute('data-limit') || 'null');
  if (!limit) throw new Error('a lab field has no data-limit');
  const messages = JSON.parse(wrapper.getAttribute('data-messages') || '{}');
  if (isList(limit)) {
    if (typeof numbers.readList !== 'function') throw new Error('a list field needs a reader of lists (readList)');
    return { limit, places: 0, min: null, max: null, messages };
  }
  if (limit.kind === 'choice' || limit.kind === 'pairs' || limit.kind === 'matrix') {
    return { limit, places: 0, min: null, max: null, messages };
  }
  // A signed integer's bounds may be negative ("-10"): the number grammar has no sign.
  const bound = (/** @type {string} */ text) => {
    const size = numbers.parseNumber(text.replace(/^-/, ''));
    return size && text.startsWith('-') ? numbers.fraction(-size.num, size.den) : size;
  };
  const min = bound(limit.low);
  const max = bound(limit.high);
  if (!min || !max) throw new Error('a lab field has an unreadable data-limit: ' + JSON.stringify(limit));
  return {
    limit,
    places: Number(wrapper.getAttribute('data-places')),
    min,
    max,
    messages,
  };
}

/**
 * A field's rule with its elements: its inputs (one text input, or the group's checkboxes),
 * its step buttons and its message. `group` tells a checkbox group; `steps` whether the
 * field steps (numbers and counts; a list does not).
 */
export function fieldOf(wrapper, numbers = EXACT) {
  const rule = fieldRule(wrapper, numbers);
  const boxes = Array.from(wrapper.querySelectorAll('input[type="checkbox"], input[type="radio"]'));
  const group = boxes.length > 0;
  if (group && !isList(rule.limit) && rule.limit.kind !== 'choice') {
    throw new Error('a group of checkboxes needs a list limit, a radio group a choice');
  }
  const input = group ? null : wrapper.querySelector('input');
  return {
    ...rule,
    wrapper,
    group,
    steps: !group && rule.min !== null,
    input,
    inputs: group ? boxes : [input],
    buttons: wrapper.querySelectorAll('[data-step]'),
    error: wrapper.querySelector('[data-error-for]'),
  };
}

/**
 * A field's text read against its limit: a list by `numbers.readList`, anything else by
 * `numbers.parseField`.
 * @param {Numbers} numbers @param {any} limit @param {unknown} text
 */
export function readText(numbers, limit, text) {
  if (!numbers || numbers.readField) return (numbers || EXACT).readField(text, limit);
  return isList(limit)
    ? /** @type {any} */ (numbers).readList(text, limit)
    : numbers.parseField(/** @type {string} */ (text), limit);
}

/**
 * The text the URL and the field keep for a valid value ("3.0", "0.374", "1/3", "20", "9,6,1");
 * a list whose limit names a `separator` (a matrix's rows, "1,0;0,1") joins its entries by it.
 */
export function canonicalText(numbers, limit, value) {
  if (!numbers || numbers.fieldText) return (numbers || EXACT).fieldText(value, limit);
  if (isList(limit)) return value.join(limit.separator || ',');
  if (limit.kind === 'choice') return value;
  return isWhole(limit) ? String(value) : numbers.canonicalNumber(value, limit.grid);
}

const DIGITS = /^[0-9]+$/;

/** @param {string[]} values in document order @returns {string[]} numbers in increasing order */
function increasing(values) {
  if (!values.every((value) => DIGITS.test(value))) return values;
  return values.slice().sort((a, b) => Number(a) - Number(b));
}

/** The text a field holds: its input's value, or its checked boxes' values joined by ",". */
export function fieldText(field) {
  if (!field.group) return field.input.value;
  return increasing(field.inputs.filter((box) => box.checked).map((box) => box.value)).join(',');
}

/** Puts a text into a field: its input's value, or the boxes it lists checked (and no other). */
export function setFieldText(field, text) {
  if (!field.group) {
    field.input.value = text;
    return;
  }
  const chosen = new Set(
    String(text)
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  );
  for (const box of field.inputs) box.checked = chosen.has(box.value);
}

/**
 * The message a refusal shows beside its field, or "" for a text that reads.
 * @param {FieldRule} rule @param {string | null | undefined} reason
 */
export function fieldMessage(rule, reason) {
  return reason ? rule.messages[reason] || '' : '';
}

/**
 * Shows (reason) or clears (null) a field's message, with aria-invalid to match on its
 * input (on each box of a group).
 */
export function showFieldError(field, reason) {
  field.error.hidden = !reason;
  field.error.textContent = fieldMessage(field, reason);
  for (const input of field.inputs || [field.input]) {
    if (reason) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/**
 * The canonical text `count` grid steps (10^-places each) from `value`, clamped to the
 * field's range. Exact: the value is scaled to an integer count of steps with BigInt floor
 * (stepping up) or ceiling (stepping down), so 5.75 steps up to 5.8 and down to 5.7.
 * @param {Numbers} numbers @param {FieldRule} rule @param {Fraction | number} value
 * @param {number} count @returns {string}
 */
export function steppedText(numbers, rule, value, count) {
  numbers = numbers || EXACT;
  const scale = 10n ** BigInt(rule.places);
  const asFraction = typeof value === 'number' ? numbers.fraction(BigInt(value)) : value;
  const scaled = asFraction.num * scale;
  const floor = scaled / asFraction.den;
  const ceiling = floor * asFraction.den === scaled ? floor : floor + 1n;
  let next = count > 0 ? floor + BigInt(count) : ceiling + BigInt(count);
  const low = (rule.min.num * scale) / rule.min.den;
  const high = (rule.max.num * scale) / rule.max.den;
  next = next < low ? low : next > high ? high : next;
  const stepped = numbers.fraction(next, scale);
  return canonicalText(numbers, rule.limit, isWhole(rule.limit) ? Number(stepped.num) : stepped);
}
