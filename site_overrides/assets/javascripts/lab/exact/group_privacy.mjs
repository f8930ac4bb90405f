/**
 * Group privacy's chain bounds: generator/core/group_privacy.py mirrored in exact fractions.
 *
 * (ε, δ) for one person gives, along a chain of g neighbours, (gε, δ Σ_{i<g} e^{iε}) for the
 * group (`geometricChain`), and bounding each e^{iε} by e^{(g−1)ε} the textbook
 * (gε, g e^{(g−1)ε} δ) (`approximateChain`); in α = e^ε the group's α is α^g. Each δ is capped
 * at 1.
 *
 * The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/group_privacy
 */

import { add, compare, fraction, multiply, power } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */

const ONE = fraction(1n);

/** min(1, x) @param {Fraction} x */
const capped = (x) => (compare(x, ONE) > 0 ? ONE : x);

/**
 * The textbook bound g α^{g−1} δ, capped at 1 (Python's `approximate_chain(...).delta`).
 * @param {Fraction} alpha @param {Fraction} delta @param {number} group @returns {Fraction}
 */
export function approximateChain(alpha, delta, group) {
  return capped(multiply(fraction(BigInt(group)), multiply(power(alpha, group - 1), delta)));
}

/**
 * The chain's own sum δ Σ_{i<g} α^i, capped at 1 (Python's `geometric_chain(...).delta`).
 * @param {Fraction} alpha @param {Fraction} delta @param {number} group @returns {Fraction}
 */
export function geometricChain(alpha, delta, group) {
  let sum = fraction(0n);
  for (let i = 0; i < group; i++) sum = add(sum, power(alpha, i));
  return capped(multiply(delta, sum));
}
