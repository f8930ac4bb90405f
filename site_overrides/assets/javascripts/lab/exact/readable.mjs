/**
 * How an exact value reads, for every lab: generator/core/readable.py mirrored in BigInt.
 *
 * `readable(value)` gives {exact, approx, equal, long}: the reduced fraction string; a short
 * reading (null for a short integer); whether that reading is the value exactly; and whether
 * the fraction is longer than SHORT_CHARS, so that the reading is shown first. With n the
 * value rounded half-up at 3 decimals:
 *   below 1/100 or from 10^6 on: scientific notation, 3 significant digits ("5.15 × 10⁴⁷");
 *   n whole but not the value: the distance ("1 − 1.3 × 10⁻⁷"), never "≈ 1" or "≈ 0";
 *   otherwise n ("0.375", "0.333").
 * For v = a/b > 0 the exponent e with 10^e ≤ v < 10^(e+1) is the digit counts' difference
 * or one less, settled by an integer comparison; the mantissa is
 * floor(v·10^t + 1/2) = floor((2·a·10^t + b) / (2·b)) with t = 2 − e (for t < 0 the power
 * moves to the denominator). No float is made.
 *
 * `outputSetText(labels)` writes an event with runs of 3 or more consecutive whole-number
 * outputs as a range ("{0, …, 49}").
 *
 * The composition lab's golden vectors (`readable_cases`) hold this module to Python's.
 * It has no side effect; it runs in browsers and in node.
 *
 * @module exact/readable
 */

import { decimalStr, fractionStr } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {{exact: string, approx: string | null, equal: boolean, long: boolean}} Readable */

export const SHORT_CHARS = 13;
const SIGNIFICANT = 3;
const MINUS = '\u2212';
const RUN = 3;
const WHOLE = /^(?:0|[1-9][0-9]*)$/;
const SUPERSCRIPT = { 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹', '-': '⁻' };

/** @param {number} n @returns {bigint} */
const tenTo = (n) => 10n ** BigInt(n);

/**
 * n/d > 0 (not necessarily reduced) as "m.mm × 10^e", and whether that text is n/d exactly.
 * @param {bigint} n @param {bigint} d @returns {{text: string, equal: boolean}}
 */
function scientific(n, d) {
  let exponent = n.toString().length - d.toString().length;
  if (exponent >= 0 ? n < d * tenTo(exponent) : n * tenTo(-exponent) < d) exponent -= 1;
  let shift = SIGNIFICANT - 1 - exponent;
  const scaledNum = shift >= 0 ? n * tenTo(shift) : n;
  const scaledDen = shift >= 0 ? d : d * tenTo(-shift);
  let mantissa = (2n * scaledNum + scaledDen) / (2n * scaledDen);
  const equal = mantissa * scaledDen === scaledNum;
  if (mantissa === tenTo(SIGNIFICANT)) {
    mantissa = tenTo(SIGNIFICANT - 1);
    exponent += 1;
    shift -= 1;
  }
  const digits = mantissa.toString();
  const tail = digits.slice(1).replace(/0+$/, '');
  const power = [...String(exponent)].map((c) => SUPERSCRIPT[/** @type {keyof SUPERSCRIPT} */ (c)]).join('');
  return { text: (tail ? `${digits[0]}.${tail}` : digits[0]) + ' × 10' + power, equal };
}

/** v = n/d ≠ 0, reduced: its reading. @param {bigint} n @param {bigint} d */
function approximation(n, d) {
  const size = n < 0n ? -n : n;
  if (100n * size < d || size >= 1000000n * d) {
    const shown = scientific(size, d);
    return n < 0n ? { text: '-' + shown.text, equal: shown.equal } : shown;
  }
  const decimal = decimalStr({ num: n, den: d }); // "-2" for -2.00001: the distance goes further down
  if (!decimal.includes('.')) {
    const gap = n - BigInt(decimal) * d;
    if (gap === 0n) return { text: decimal, equal: true };
    const distance = scientific(gap < 0n ? -gap : gap, d);
    return { text: `${decimal} ${gap < 0n ? MINUS : '+'} ${distance.text}`, equal: distance.equal };
  }
  return { text: decimal, equal: (n * 1000n) % d === 0n };
}

/**
 * The reading of a reduced fraction.
 * @param {Fraction} value
 * @param {string} [exact] its text, when the caller holds it already (writing a fraction of
 *   some 10⁵ digits takes longer than reading it)
 * @returns {Readable}
 */
export function readable(value, exact = fractionStr(value)) {
  const long = exact.length > SHORT_CHARS;
  if (value.num === 0n || (value.den === 1n && !long)) return { exact, approx: null, equal: true, long };
  const reading = approximation(value.num, value.den);
  return { exact, approx: reading.text, equal: reading.equal, long };
}

/**
 * Plain text, as Python's `Readable.text`: "3/8 = 0.375", "1/3 ≈ 0.333", "2", "≈ 5.15 × 10⁴⁷".
 * @param {Readable} shown @returns {string}
 */
export function readableText(shown) {
  if (shown.approx === null) return shown.exact;
  const relation = shown.equal ? '=' : '≈';
  if (shown.long) return shown.equal ? shown.approx : `${relation} ${shown.approx}`;
  return `${shown.exact} ${relation} ${shown.approx}`;
}

/**
 * An event as a set: "{0}", "{00, 11}", "{0, …, 49}", or "∅" (Python's `output_set_text`).
 * @param {readonly string[]} labels @returns {string}
 */
export function outputSetText(labels) {
  if (!labels.length) return '∅';
  /** @type {string[]} */
  const parts = [];
  /** @type {string[]} */
  let run = [];
  const close = () => {
    parts.push(...(run.length >= RUN ? [`${run[0]}, …, ${run[run.length - 1]}`] : run));
    run = [];
  };
  for (const label of labels) {
    const last = run[run.length - 1];
    if (run.length && !(WHOLE.test(label) && WHOLE.test(last) && Number(label) === Number(last) + 1)) close();
    run.push(label);
  }
  close();
  return '{' + parts.join(', ') + '}';
}
