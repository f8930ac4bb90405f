/**
 * A lab's typed fields. Each sits in a wrapper `[data-field="<name>"]` that the page writes
 * (generator/lessons/composition/lab_page.py) with what the browser needs as data:
 *
 * - `data-limit`: the field's limit as JSON (generator/core/input_limits.py): `kind` ("count"
 *   for plain digits, else a number), `low`, `high`, `grid` (the decimals of the grid, or
 *   null for any exact value) and `max_chars`;
 * - `data-messages`: the Korean message for each reason the engine's reader refuses a text
 *   ("empty", "too-long", "syntax", "step", "range");
 * - `data-places`: the decimals its stepper keeps (a step is 10^-places).
 *
 * The reading itself is the engine's (`parseField`, one grammar for the command line, the
 * fields and the URL); `numbers` below is any object with the engine's number functions.
 *
 * @module kit/fields
 */

/**
 * @typedef {{kind: string, low: string, high: string, grid: number | null, max_chars: number}} Limit
 * @typedef {{num: bigint, den: bigint}} Fraction
 * @typedef {{
 *   parseField(text: string, limit: Limit): {ok: boolean, value?: any, reason?: string},
 *   parseNumber(text: string): Fraction | null,
 *   canonicalNumber(value: Fraction, grid: number | null): string,
 *   fraction(num: bigint, den?: bigint): Fraction,
 * }} Numbers
 * @typedef {{limit: Limit, places: number, min: Fraction, max: Fraction, messages: Record<string, string>}} FieldRule
 */

/**
 * What a field's wrapper says about it: its limit, messages and step, with the range's ends
 * read once.
 * @param {{getAttribute(name: string): string | null}} wrapper @param {Numbers} numbers
 * @returns {FieldRule}
 */
export function fieldRule(wrapper, numbers) {
  const limit = JSON.parse(wrapper.getAttribute('data-limit') || 'null');
  if (!limit) throw new Error('a lab field has no data-limit');
  const min = numbers.parseNumber(limit.low);
  const max = numbers.parseNumber(limit.high);
  if (!min || !max) throw new Error('a lab field has an unreadable data-limit: ' + JSON.stringify(limit));
  return {
    limit,
    places: Number(wrapper.getAttribute('data-places')),
    min,
    max,
    messages: JSON.parse(wrapper.getAttribute('data-messages') || '{}'),
  };
}

/** A field's rule with its elements: the input, its step buttons and its message. */
export function fieldOf(wrapper, numbers) {
  return {
    ...fieldRule(wrapper, numbers),
    wrapper,
    input: wrapper.querySelector('input'),
    buttons: wrapper.querySelectorAll('[data-step]'),
    error: wrapper.querySelector('[data-error-for]'),
  };
}

/** The text the URL and the field keep for a valid value ("3.0", "0.374", "1/3", "20"). */
export function canonicalText(numbers, limit, value) {
  return limit.kind === 'count' ? String(value) : numbers.canonicalNumber(value, limit.grid);
}

/**
 * The message a refusal shows beside its field, or "" for a text that reads.
 * @param {FieldRule} rule @param {string | null | undefined} reason
 */
export function fieldMessage(rule, reason) {
  return reason ? rule.messages[reason] : '';
}

/** Shows (reason) or clears (null) a field's message, with aria-invalid to match. */
export function showFieldError(field, reason) {
  field.error.hidden = !reason;
  field.error.textContent = fieldMessage(field, reason);
  if (reason) field.input.setAttribute('aria-invalid', 'true');
  else field.input.removeAttribute('aria-invalid');
}

/**
 * The canonical text `count` grid steps (10^-places each) from `value`, clamped to the
 * field's range. Exact: the value is scaled to an integer count of steps with BigInt floor
 * (stepping up) or ceiling (stepping down), so 5.75 steps up to 5.8 and down to 5.7.
 * @param {Numbers} numbers @param {FieldRule} rule @param {Fraction | number} value
 * @param {number} count @returns {string}
 */
export function steppedText(numbers, rule, value, count) {
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
  return canonicalText(numbers, rule.limit, rule.limit.kind === 'count' ? Number(stepped.num) : stepped);
}
