/**
 * Amplification by subsampling, exactly: the browser's twin of
 * generator/core/subsampled_response.py.
 *
 * Randomized response at α₀ = a/b answers "does the batch hold a 1?", each record joining the
 * batch with probability q = c/d, and only one person's record holds a 1. Without that record
 * (x = 0) the answer is 1 with probability r = b/(a + b), so the row of weights is (a, b); with
 * it (x = 1) the answer is 1 with probability r·(1 + q(α₀ − 1)) = (bd + c(a − b))/(d(a + b)),
 * so the row is (a(d − c) + cb, b(d − c) + ca) over d(a + b). `channelOf` brings both rows to
 * one denominator, as the core's `from_rows` does.
 *
 * @module exact/subsampled_response
 */

import { channelOf } from './profile.mjs';
import { add, fraction, multiply, subtract } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */

/**
 * The channel over the outputs "0" and "1" (x = 0 without the person's record, x = 1 with it).
 * @param {Fraction} alpha0 at least 1 @param {Fraction} q in (0, 1]
 */
export function subsampledResponse(alpha0, q) {
  if (alpha0.num < alpha0.den) throw new RangeError('α₀ must be at least 1');
  if (q.num <= 0n || q.num > q.den) throw new RangeError('the sampling rate q must be in (0, 1]');
  const [a, b, c, d] = [alpha0.num, alpha0.den, q.num, q.den];
  return channelOf(['0', '1'], [a, b], [a * (d - c) + c * b, b * (d - c) + c * a]);
}

/** e^ε of the amplification bound, 1 + q(α₀ − 1): the sampled release's exact α. @param {Fraction} alpha0 @param {Fraction} q */
export function amplifiedRatio(alpha0, q) {
  return add(fraction(1n), multiply(q, subtract(alpha0, fraction(1n))));
}
