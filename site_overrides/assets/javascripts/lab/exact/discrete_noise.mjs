/**
 * Noise mechanisms whose every probability is rational: generator/core/discrete_noise.py
 * mirrored in BigInt (the derivations are the core's).
 *
 * - Two-sided geometric noise with ratio r = 1/α₀ around the answer t, its tails folded onto
 *   the ends of the output range [lo, hi]: with α₀ = n/d and m = hi − lo the weight of y is
 *   (n − d)·n^(m−|y−t|)·d^|y−t| inside and n^(m−|y−t|+1)·d^|y−t| at an end (all 1 at α₀ = 1,
 *   and 1 for a range of one output).
 * - k-ary randomized response: weight n for the true category and d for each other one.
 * - The exponential mechanism with scores u: weights n^(u−u_min)·d^(u_max−u), ∝ α^u.
 *
 * Each pair of rows becomes a channel by exact/profile's `channelOf` (the core's
 * `from_rows`). The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/discrete_noise
 */

import { channelOf, checkAlpha } from './profile.mjs';
import { add, fraction } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {import('./profile.mjs').FiniteChannel} FiniteChannel */

/** @param {number} lo @param {number} hi @param {number[]} answers */
function checkRange(lo, hi, ...answers) {
  if (lo > hi) throw new RangeError(`the output range [${lo}, ${hi}] is empty`);
  for (const value of answers) {
    if (value < lo || value > hi) throw new RangeError(`the answer ${value} lies outside the output range [${lo}, ${hi}]`);
  }
}

/** The labels "lo", …, "hi". @param {number} lo @param {number} hi */
const outputs = (lo, hi) => Array.from({ length: hi - lo + 1 }, (_, i) => String(lo + i));

/**
 * The folded geometric law's integer weights around `answer` on lo..hi (geometric_weights).
 * @param {number} answer @param {number} lo @param {number} hi @param {Fraction} alpha0 @returns {bigint[]}
 */
export function geometricWeights(answer, lo, hi, alpha0) {
  checkAlpha(alpha0);
  checkRange(lo, hi, answer);
  if (alpha0.num === alpha0.den) return new Array(hi - lo + 1).fill(1n);
  const { num: n, den: d } = alpha0;
  const m = BigInt(hi - lo);
  const weights = [];
  for (let y = lo; y <= hi; y++) {
    const distance = BigInt(Math.abs(y - answer));
    if (lo < y && y < hi) weights.push((n - d) * n ** (m - distance) * d ** distance);
    else if (lo === hi) weights.push(1n);
    else weights.push(n ** (m - distance + 1n) * d ** distance);
  }
  return weights;
}

/**
 * The folded geometric mechanism on two neighbours' answers, outputs labelled lo..hi
 * (geometric_channel).
 * @param {number} answer0 @param {number} answer1 @param {number} lo @param {number} hi @param {Fraction} alpha0
 * @returns {FiniteChannel}
 */
export function geometricChannel(answer0, answer1, lo, hi, alpha0) {
  checkRange(lo, hi, answer0, answer1);
  return channelOf(outputs(lo, hi), geometricWeights(answer0, lo, hi, alpha0), geometricWeights(answer1, lo, hi, alpha0));
}

/**
 * k-ary randomized response's weights on `value` in 0..k−1 (k_ary_weights).
 * @param {number} value @param {number} k @param {Fraction} alpha0 @returns {bigint[]}
 */
export function kAryWeights(value, k, alpha0) {
  checkAlpha(alpha0);
  if (!Number.isInteger(k) || k < 2 || !(value >= 0 && value < k)) {
    throw new RangeError(`k-ary response needs k >= 2 and a value in 0..k-1, got k=${k}, value=${value}`);
  }
  return Array.from({ length: k }, (_, c) => (c === value ? alpha0.num : alpha0.den));
}

/**
 * k-ary randomized response on two neighbours' categories (k_ary_channel).
 * @param {number} value0 @param {number} value1 @param {number} k @param {Fraction} alpha0 @returns {FiniteChannel}
 */
export function kAryChannel(value0, value1, k, alpha0) {
  return channelOf(outputs(0, k - 1), kAryWeights(value0, k, alpha0), kAryWeights(value1, k, alpha0));
}

/**
 * The exponential mechanism's integer weights ∝ α^u (exponential_weights).
 * @param {readonly number[]} scores @param {Fraction} alpha @returns {bigint[]}
 */
export function exponentialWeights(scores, alpha) {
  checkAlpha(alpha);
  if (!scores.length) throw new RangeError('the exponential mechanism needs at least one candidate');
  const low = Math.min(...scores);
  const high = Math.max(...scores);
  return scores.map((u) => alpha.num ** BigInt(u - low) * alpha.den ** BigInt(high - u));
}

/**
 * The exponential mechanism on two neighbours' scores of the same candidates
 * (exponential_channel).
 * @param {readonly number[]} scores0 @param {readonly number[]} scores1 @param {Fraction} alpha @returns {FiniteChannel}
 */
export function exponentialChannel(scores0, scores1, alpha) {
  if (scores0.length !== scores1.length) throw new RangeError('both neighbours must score the same candidates');
  return channelOf(outputs(0, scores0.length - 1), exponentialWeights(scores0, alpha), exponentialWeights(scores1, alpha));
}

/**
 * P(|Y − answer| <= tolerance) for a law over the outputs lo, lo + 1, … (within): the accuracy.
 * @param {readonly Fraction[]} distribution @param {number} lo @param {number} answer @param {number} tolerance
 * @returns {Fraction}
 */
export function within(distribution, lo, answer, tolerance) {
  if (tolerance < 0) throw new RangeError(`the tolerance must be at least 0, got ${tolerance}`);
  return distribution.reduce((sum, p, i) => (Math.abs(lo + i - answer) <= tolerance ? add(sum, p) : sum), fraction(0n));
}
