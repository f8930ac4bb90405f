/**
 * The markup of an exact value, as the server writes it (generator/course/templates.py's
 * `number_html`, the templates' `number` filter), for every lab:
 *
 *   "3/8"  -> '3/8 <span class="cl-decimal">= 0.375</span>'
 *   "1/3"  -> '1/3 <span class="cl-decimal">≈ 0.333</span>'
 *   "-3/8" -> '-3/8 <span class="cl-decimal">= -0.375</span>'
 *   "2"    -> '2' (an integer stays plain)
 *
 * The decimal is half-up at three places (exact/rational.mjs's `decimalForm`), and "="
 * or "≈" comes from the exact value, never from reading the decimal back, so a value of
 * any size renders. A lab may hand in its engine's `decimalForm` (the composition lab does,
 * so a test can wrap the engine's formatters).
 *
 * @module kit/markup
 */

import { decimalForm as exactDecimalForm } from '../exact/rational.mjs';
import { escapeHtml } from './text.mjs';

/**
 * "3/8", "-1/2" or "2" as an exact fraction. The engines' strings are reduced already, so
 * no gcd is taken again (at k = 100 the composition lab's fractions have 200-digit terms).
 * @param {string} text @returns {{num: bigint, den: bigint}}
 */
export function exactOf(text) {
  const parts = String(text).split('/');
  return { num: BigInt(parts[0]), den: BigInt(parts.length > 1 ? parts[1] : '1') };
}

/**
 * @param {string} exact a reduced fraction string, as the engines write them
 * @param {(value: {num: bigint, den: bigint}) => {text: string, equal: boolean}} [decimalForm]
 * @returns {string} HTML
 */
export function numberHtml(exact, decimalForm = exactDecimalForm) {
  const value = exactOf(exact);
  if (value.den === 1n) return escapeHtml(exact);
  const decimal = decimalForm(value);
  return (
    escapeHtml(exact) + ' <span class="cl-decimal">' + (decimal.equal ? '=' : '≈') + ' ' + escapeHtml(decimal.text) +
    '</span>'
  );
}
