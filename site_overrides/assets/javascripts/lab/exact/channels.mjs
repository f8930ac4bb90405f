/**
 * Release channels for one protected bit, as exact integer weights: the browser's twin of
 * generator/core/channels.py (with the pure ε of generator/core/pure_epsilon.py's
 * `pure_epsilon`).
 *
 * The secret is one bit x ∈ {0, 1}; a randomized response reports x with probability p (an
 * integer percent) and flips it otherwise. With g = gcd(p, 100 − p) and s = 100/g one
 * response is truthful with weight u = p/g and flipped with v = (100 − p)/g over s, so every
 * probability is an integer weight over one common denominator (a power of s, whose only
 * prime factors are 2 and 5):
 *
 *   fresh  k independent responses, released as the count T of ones:
 *          P(T = t | x = 0) = C(k,t) v^t u^(k−t) / s^k, and x = 1 mirrors t → k − t;
 *   copy   one response shown k times, released as the count: only 0 and k occur;
 *   xor    a fair mask R and the pair (R, x XOR R): x = 0 gives 00 or 11, x = 1 gives 01 or
 *          10, each with probability 1/2; p and k play no part.
 *
 * `freshCounts` is the fresh mode at any rational truth probability u/s in [1/2, 1] (v = s − u,
 * the core's `fresh_counts`): the likelihood ratio (u/v)^(k−2t) falls with t, so its ratio
 * order is the support in output order.
 *
 * A channel is a finite channel of exact/profile.mjs (labels, weights0, weights1,
 * denominator, ratioOrder), a release with its mode, p and k too. The module has no side
 * effect; it runs in browsers and in node.
 *
 * @module exact/channels
 */

import { orderByRatio } from './profile.mjs';
import { fraction } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {import('./profile.mjs').FiniteChannel} FiniteChannel */
/** @typedef {import('./profile.mjs').PureEpsilon} PureEpsilon */
/** @typedef {'fresh' | 'copy' | 'xor'} Mode */
/** @typedef {FiniteChannel & {mode: Mode, p: number, k: number}} Channel */

/** The release modes, in the order the core lists them. */
export const MODES = Object.freeze(/** @type {Mode[]} */ (['fresh', 'copy', 'xor']));

/** @param {number} p @param {number} k */
function checkParameters(p, k) {
  if (!Number.isInteger(p) || p < 0 || p > 100) {
    throw new RangeError(`p must be an integer percent from 0 to 100, got ${p}`);
  }
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`k must be an integer >= 1, got ${k}`);
}

/**
 * One response over a common denominator: (u, v, s) with g = gcd(p, 100 − p) (gcd(0, 100) =
 * 100 keeps p = 0 and p = 100 exact too).
 * @param {number} p @returns {{u: bigint, v: bigint, s: bigint}}
 */
function response(p) {
  let g = p;
  for (let b = 100 - p; b !== 0; ) [g, b] = [b, g % b];
  return { u: BigInt(p / g), v: BigInt((100 - p) / g), s: BigInt(100 / g) };
}

/** @param {number} k @returns {string[]} "0" … "k" */
const countLabels = (k) => Array.from({ length: k + 1 }, (_, t) => String(t));

/**
 * w_t = C(k, t) v^t u^(k−t) for t = 0..k, by w_{t+1} = w_t (k − t) v / ((t + 1) u), an exact
 * division: O(k) big-by-small steps instead of k big multiplications.
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
 * k independent responses, released as their count of ones. The ratio w0_t / w1_t =
 * (u/v)^(k−2t) falls with t when u > v and rises when u < v, so the order needs no sort.
 * @param {number} p @param {number} k @returns {Channel}
 */
export function fresh(p, k) {
  checkParameters(p, k);
  const { u, v, s } = response(p);
  const weights0 = freshWeights(u, v, k);
  const weights1 = weights0.slice().reverse();
  const outputs = Array.from({ length: k + 1 }, (_, t) => t);
  const order = u < v ? outputs.reverse() : outputs;
  return {
    mode: 'fresh',
    p,
    k,
    labels: countLabels(k),
    weights0,
    weights1,
    denominator: s ** BigInt(k),
    ratioOrder: order.filter((t) => weights0[t] !== 0n || weights1[t] !== 0n),
  };
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
    labels: countLabels(k),
    weights0,
    weights1,
    denominator: truth.den ** BigInt(k),
    ratioOrder: weights0.map((_, t) => t).filter((t) => weights0[t] !== 0n || weights1[t] !== 0n),
  };
}

/**
 * One response shown k times, released as the count of ones: P(0 | x = 0) = u/s and
 * P(k | x = 0) = v/s; the middle counts are exact zeros.
 * @param {number} p @param {number} k @returns {Channel}
 */
export function copy(p, k) {
  checkParameters(p, k);
  const { u, v, s } = response(p);
  const weights0 = new Array(k + 1).fill(0n);
  const weights1 = new Array(k + 1).fill(0n);
  weights0[0] += u;
  weights0[k] += v;
  weights1[0] += v;
  weights1[k] += u;
  return { mode: 'copy', p, k, labels: countLabels(k), weights0, weights1, denominator: s, ratioOrder: orderByRatio(weights0, weights1) };
}

/** The xor outputs 2R + (x XOR R), written as the pair R, x XOR R. */
export const XOR_LABELS = Object.freeze(['00', '01', '10', '11']);

/**
 * A fair mask R and the pair (R, x XOR R). p and k are checked but play no part.
 * @param {number} p @param {number} k @returns {Channel}
 */
export function xor(p, k) {
  checkParameters(p, k);
  const weights0 = [1n, 0n, 0n, 1n];
  const weights1 = [0n, 1n, 1n, 0n];
  return { mode: 'xor', p, k, labels: [...XOR_LABELS], weights0, weights1, denominator: 2n, ratioOrder: orderByRatio(weights0, weights1) };
}

const BUILDERS = Object.freeze({ fresh, copy, xor });

/**
 * The channel of a mode, by name.
 * @param {Mode} mode @param {number} p @param {number} k @returns {Channel}
 */
export function buildChannel(mode, p, k) {
  if (!Object.hasOwn(BUILDERS, mode)) throw new RangeError(`unknown mode ${String(mode)}`);
  return BUILDERS[mode](p, k);
}

/**
 * The least ε for which a release is (ε, 0)-DP: the log of its largest likelihood ratio.
 *   fresh  the count t has ratio (p/(1−p))^(k−2t), largest at t = 0 or k: k·ln(p/(1−p)) for
 *          p > 1/2, and k·ln((1−p)/p) below;
 *   copy   the ratio of one response: ln(p/(1−p));
 *   both   0 at p = 1/2 and ∞ at p = 0 or 1;
 *   xor    disjoint supports: ∞ whatever p and k are.
 * @param {Channel} channel @returns {PureEpsilon}
 */
export function releasePureEpsilon(channel) {
  const one = fraction(1n);
  if (channel.mode === 'xor' || channel.p === 0 || channel.p === 100) return { kind: 'infinite', multiplier: 0, ratio: one };
  if (channel.p === 50) return { kind: 'zero', multiplier: 0, ratio: one };
  const larger = Math.max(channel.p, 100 - channel.p);
  const smaller = Math.min(channel.p, 100 - channel.p);
  return { kind: 'finite', multiplier: channel.mode === 'fresh' ? channel.k : 1, ratio: fraction(BigInt(larger), BigInt(smaller)) };
}
