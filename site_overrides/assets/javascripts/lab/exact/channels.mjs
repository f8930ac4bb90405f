/**
 * Channels made of fresh randomized responses: generator/core/channels.py's `fresh_counts`
 * mirrored in BigInt.
 *
 * k independent responses, each true with probability truth = u/s in [1/2, 1] (v = s − u),
 * released as their count of ones t: under x = 0 the count has weight
 * w_t = C(k, t) v^t u^(k−t) over s^k, and under x = 1 the row reversed. The likelihood ratio
 * (u/v)^(k−2t) falls with t, so the ratio order is the support in output order.
 *
 * The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/channels
 */

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {import('./profile.mjs').FiniteChannel} FiniteChannel */

/**
 * w_t for t = 0..k: w_{t+1} = w_t (k − t) v / ((t + 1) u), an exact division.
 * @param {bigint} u @param {bigint} v @param {number} k @returns {bigint[]}
 */
function freshWeights(u, v, k) {
  const weights = Array.from({ length: k + 1 }, () => 0n);
  if (u === 0n) {
    weights[k] = v ** BigInt(k);
    return weights;
  }
  weights[0] = u ** BigInt(k);
  for (let t = 0; t < k; t++) weights[t + 1] = (weights[t] * BigInt(k - t) * v) / (BigInt(t + 1) * u);
  return weights;
}

/**
 * k fresh responses at `truth`, released as their count (outputs labelled "0".."k").
 * @param {Fraction} truth in [1/2, 1] @param {number} k >= 1 @returns {FiniteChannel}
 */
export function freshCounts(truth, k) {
  if (!(2n * truth.num >= truth.den && truth.num <= truth.den)) throw new RangeError('the truth probability must lie in [1/2, 1]');
  if (!Number.isInteger(k) || k < 1) throw new RangeError('k must be an integer of at least 1');
  const weights0 = freshWeights(truth.num, truth.den - truth.num, k);
  const weights1 = weights0.slice().reverse();
  return {
    labels: weights0.map((_, t) => String(t)),
    weights0,
    weights1,
    denominator: truth.den ** BigInt(k),
    ratioOrder: weights0.map((_, t) => t).filter((t) => weights0[t] !== 0n || weights1[t] !== 0n),
  };
}
