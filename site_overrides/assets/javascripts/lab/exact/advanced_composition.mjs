/**
 * The two composition theorems that bound steps from their (εᵢ, δᵢ) alone:
 * generator/core/advanced_composition.py mirrored in BigInt.
 *
 * Basic composition: (ln Π αᵢ, Σ δᵢ), exact rationals. Advanced composition (Dwork, Rothblum
 * and Vadhan 2010; the heterogeneous form of Kairouz, Oh and Viswanath 2015, Thm 3.5): for
 * δ′ in (0, 1) the steps compose to
 *
 *   ε′ = √(2 ln(1/δ′) Σ εᵢ²) + Σ εᵢ (αᵢ − 1),   εᵢ = ln αᵢ,   δ = Σ δᵢ + δ′,
 *
 * an irrational value held as an interval of exact/logarithm.mjs (equal αᵢ share one
 * logarithm), shown correctly rounded and placed on a chart as its nearest double.
 *
 * @module exact/advanced_composition
 */

import { addIntervals, lnInterval, multiplyIntervals, scaleInterval, sqrtInterval } from './logarithm.mjs';
import { add, fraction, fractionStr, multiply, subtract } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {import('./logarithm.mjs').Interval} Interval */

const ONE = fraction(1n);

/**
 * Π αᵢ and Σ δᵢ, exactly (the core's `basic_composition`).
 * @param {{alpha: Fraction, delta: Fraction}[]} steps @returns {{alpha: Fraction, delta: Fraction}}
 */
export function basicComposition(steps) {
  return {
    alpha: steps.reduce((product, step) => multiply(product, step.alpha), ONE),
    delta: steps.reduce((sum, step) => add(sum, step.delta), fraction(0n)),
  };
}

/**
 * An interval of units 2^-bits that holds the advanced theorem's ε′ at δ′ (the core's
 * `advanced_interval`).
 * @param {{alpha: Fraction}[]} steps @param {Fraction} deltaPrime in (0, 1) @param {number} bits
 * @returns {Interval}
 */
export function advancedInterval(steps, deltaPrime, bits) {
  /** @type {Map<string, {alpha: Fraction, count: bigint}>} */
  const counts = new Map();
  for (const { alpha } of steps) {
    const key = fractionStr(alpha);
    const known = counts.get(key);
    if (known) known.count += 1n;
    else counts.set(key, { alpha, count: 1n });
  }
  const zero = { lo: 0n, hi: 0n, bits };
  let squares = zero;
  let drift = zero;
  for (const { alpha, count } of counts.values()) {
    const log = lnInterval(alpha, bits);
    squares = addIntervals(squares, scaleInterval(multiplyIntervals(log, log), { num: count, den: 1n }));
    drift = addIntervals(drift, scaleInterval(log, multiply({ num: count, den: 1n }, subtract(alpha, ONE))));
  }
  const inverse = lnInterval({ num: deltaPrime.den, den: deltaPrime.num }, bits);
  return addIntervals(sqrtInterval(scaleInterval(multiplyIntervals(inverse, squares), { num: 2n, den: 1n })), drift);
}
