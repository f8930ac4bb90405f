/**
 * The markup of an exact value, as the server writes it (generator/course/templates.py's
 * `number_html`, the templates' `number` filter), for every lab:
 *
 *   "3/8"  -> '3/8 <span class="cl-decimal">= 0.375</span>'
 *   "1/3"  -> '1/3 <span class="cl-decimal">≈ 0.333</span>'
 *   "-3/8" -> '-3/8 <span class="cl-decimal">= -0.375</span>'
 *   "2"    -> '2' (a short integer stays plain)
 *   a fraction longer than 13 characters -> its reading first, the fraction one click away:
 *     '<details class="cl-exact"><summary>≈ 1 − 1.3 × 10⁻⁷</summary>
 *      <span class="cl-fraction" tabindex="0">…</span>
 *      <span class="cl-digits">분자 120자리, 분모 121자리</span></details>'
 *
 * The reading is exact/readable.mjs's, so a value of any size renders and "≈ 1" never
 * stands for a value below 1. A lab hands in its engine's `readable` (so a test can wrap
 * the engine's formatters).
 *
 * @module kit/markup
 */

import { writtenFraction } from '../exact/rational.mjs';
import { readable as exactReadable, readableText } from '../exact/readable.mjs';
import { escapeHtml } from './text.mjs';

/** @typedef {import('../exact/readable.mjs').Readable} Readable */

/**
 * "3/8", "-1/2" or "2" as an exact fraction. The engines' strings are reduced already, so
 * no gcd is taken again (at k = 100 the composition lab's fractions have 200-digit terms).
 * @param {string} text @returns {{num: bigint, den: bigint}}
 */
export function exactOf(text) {
  const known = writtenFraction(String(text));
  if (known !== undefined) return known;
  const parts = String(text).split('/');
  return { num: BigInt(parts[0]), den: BigInt(parts.length > 1 ? parts[1] : '1') };
}

/**
 * How many digits an exact value's terms have (templates.py's `digit_count`), counted on its
 * text "n/d" or "n" (as `exactOf` reads it), which the engines already wrote.
 * @param {string} exact @returns {string}
 */
export function digitCount(exact) {
  const [numerator, denominator] = String(exact).replace(/^-/, '').split('/');
  if (denominator === undefined) return numerator.length + '자리 정수';
  return '분자 ' + numerator.length + '자리, 분모 ' + denominator.length + '자리';
}

/**
 * @param {string} exact a reduced fraction string, as the engines write them
 * @param {(value: {num: bigint, den: bigint}, exact?: string) => Readable} [readable]
 * @returns {string} HTML
 */
export function numberHtml(exact, readable = exactReadable) {
  const shown = readable(exactOf(exact), exact);
  if (shown.approx === null) return escapeHtml(exact);
  if (shown.long) {
    return (
      '<details class="cl-exact"><summary>' + escapeHtml(readableText(shown)) +
      '</summary><span class="cl-fraction" tabindex="0">' + escapeHtml(exact) + '</span><span class="cl-digits">' +
      digitCount(exact) + '</span></details>'
    );
  }
  return (
    escapeHtml(exact) + ' <span class="cl-decimal">' + (shown.equal ? '=' : '≈') + ' ' + escapeHtml(shown.approx) +
    '</span>'
  );
}

/**
 * An exact value in a table cell (templates.py's `cell_html`, the `cell` filter): as
 * `numberHtml`, except that a long value shows its reading with its fraction beside it,
 * hidden until the table's switch shows them all.
 * @param {string} exact @param {(value: {num: bigint, den: bigint}, exact?: string) => Readable} [readable]
 * @returns {string} HTML
 */
export function cellHtml(exact, readable = exactReadable) {
  const shown = readable(exactOf(exact), exact);
  if (!shown.long) return numberHtml(exact, () => shown);
  return (
    '<span class="cl-reading">' + escapeHtml(readableText(shown)) + '</span><span class="cl-fraction">' +
    escapeHtml(exact) + '</span>'
  );
}

/**
 * An exact value as plain text for a sentence (the templates' `reading` filter).
 * @param {string} exact @param {(value: {num: bigint, den: bigint}, exact?: string) => Readable} [readable]
 */
export function readingText(exact, readable = exactReadable) {
  return readableText(readable(exactOf(exact), exact));
}
