/**
 * The exact privacy profile of any finite channel: δ*(α) with its maximal event, the claim
 * check, and their records; generator/core/finite_channel.py, profile.py and claim.py
 * mirrored in BigInt.
 *
 * A channel is two laws P (x = 0) and Q (x = 1) over the same labelled outputs, held as
 * non-negative integer weights over one common denominator D: P_z = weights0[z] / D and
 * Q_z = weights1[z] / D, each row summing to D. Two rows a, b with different sums r, s
 * describe the same laws as (a·s, b·r) over r·s (`channelOf`), and dividing every weight
 * and D by their gcd keeps the numbers small.
 *
 * For α = e^ε >= 1 the least δ with P(S) <= α Q(S) + δ for every event S puts into S
 * exactly the outputs with P_z − α Q_z > 0, in both directions:
 *   δ*(α) = max( Σ_z [P_z − α Q_z]_+ , Σ_z [Q_z − α P_z]_+ ).
 * With α = n/d a term is (d·a_z − n·b_z)/(D·d), an integer over d·D. Along the ratio order
 * (non-increasing a/b, `orderByRatio`) the outputs with a/b > α form a prefix and those
 * with b/a > α a suffix, so prefix sums give each direction in O(1) after a binary search
 * for the cut.
 *
 * Rules kept: fractions are reduced (exact/rational.mjs) and no float decides; a tie
 * between the directions goes to 0→1; an event lists outputs in output order; records
 * carry exact values as strings in the shapes of generator/course/records.py.
 *
 * The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/profile
 */

import {
  compare,
  coprimeToTen,
  decimalStr,
  fraction,
  fractionStr,
  gcd,
  isFraction,
  power,
  reduceTenSmooth,
} from './rational.mjs';
import { logTerm } from './logarithm.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {'0→1' | '1→0'} Direction */

/**
 * @typedef {object} FiniteChannel
 * @property {string[]} labels
 * @property {bigint[]} weights0  weights0[i] / denominator = P(output i | x = 0)
 * @property {bigint[]} weights1  the same for x = 1
 * @property {bigint} denominator
 * @property {number[]} ratioOrder  the support by non-increasing weights0/weights1
 */

// ---------------------------------------------------------------------------------------
// Channels (generator/core/finite_channel.py)

/**
 * The support of either distribution by non-increasing w0/w1, ordered by the key
 * w0/(w0 + w1) (the same order, no division by zero); equal keys keep output order.
 * @param {bigint[]} w0 @param {bigint[]} w1 @returns {number[]}
 */
export function orderByRatio(w0, w1) {
  const support = [];
  for (let i = 0; i < w0.length; i++) if (w0[i] !== 0n || w1[i] !== 0n) support.push(i);
  // key_j − key_i has the sign of w0_j (w0_i + w1_i) − w0_i (w0_j + w1_j).
  return support.sort((i, j) => {
    const difference = w0[j] * (w0[i] + w1[i]) - w0[i] * (w0[j] + w1[j]);
    return difference > 0n ? 1 : difference < 0n ? -1 : 0;
  });
}

/** @param {unknown} w @returns {bigint} a weight as a BigInt, if it is a non-negative integer */
function weight(w) {
  if ((typeof w === 'bigint' && w >= 0n) || (Number.isSafeInteger(w) && /** @type {number} */ (w) >= 0)) {
    return BigInt(/** @type {bigint | number} */ (w));
  }
  throw new RangeError(`weights must be non-negative integers, got ${String(w)}`);
}

/**
 * The channel of two rows of non-negative integer weights whose sums may differ, as
 * Python's `from_rows`: with r = Σ weights0 and s = Σ weights1 the rows become
 * (weights0·s, weights1·r) over r·s, divided by the gcd of all of them.
 * Refuses (throws) rows of different or zero lengths, labels of another length, a weight
 * that is not a non-negative integer (BigInt or safe Number) and a row summing to 0.
 * @param {readonly string[]} labels
 * @param {readonly (bigint | number)[]} weights0
 * @param {readonly (bigint | number)[]} weights1
 * @returns {FiniteChannel}
 */
export function channelOf(labels, weights0, weights1) {
  if (weights0.length !== weights1.length || weights0.length === 0) {
    throw new RangeError('the two rows must have the same, positive number of outputs');
  }
  if (labels.length !== weights0.length) throw new RangeError('labels and weights differ in length');
  const row0 = weights0.map(weight);
  const row1 = weights1.map(weight);
  const total0 = row0.reduce((sum, w) => sum + w, 0n);
  const total1 = row1.reduce((sum, w) => sum + w, 0n);
  if (total0 === 0n || total1 === 0n) throw new RangeError('a row of weights must not sum to 0');
  const scaled0 = row0.map((w) => w * total1);
  const scaled1 = row1.map((w) => w * total0);
  let common = total0 * total1;
  for (const w of [...scaled0, ...scaled1]) {
    if (common === 1n) break;
    common = gcd(common, w);
  }
  const a = scaled0.map((w) => w / common);
  const b = scaled1.map((w) => w / common);
  return {
    labels: [...labels],
    weights0: a,
    weights1: b,
    denominator: (total0 * total1) / common,
    ratioOrder: orderByRatio(a, b),
  };
}

// ---------------------------------------------------------------------------------------
// The privacy profile (generator/core/profile.py)

/**
 * @typedef {object} Profile  a channel with prefix sums along its ratio order
 * @property {FiniteChannel} channel
 * @property {number[]} order
 * @property {bigint[]} a  weights0 along the order
 * @property {bigint[]} b  weights1 along the order
 * @property {bigint[]} sumA  sumA[m] = a_0 + … + a_{m−1}
 * @property {bigint[]} sumB
 * @property {bigint} rest  the part of channel.denominator coprime to 10
 */

/**
 * Build once per channel, then ask for many α (the header derives δ*).
 * @param {FiniteChannel} channel @returns {Profile}
 */
export function makeProfile(channel) {
  const order = channel.ratioOrder;
  const a = order.map((i) => channel.weights0[i]);
  const b = order.map((i) => channel.weights1[i]);
  const sumA = [0n];
  const sumB = [0n];
  for (let m = 0; m < order.length; m++) {
    sumA.push(sumA[m] + a[m]);
    sumB.push(sumB[m] + b[m]);
  }
  return { channel, order, a, b, sumA, sumB, rest: coprimeToTen(channel.denominator) };
}

/** @param {unknown} alpha */
export function checkAlpha(alpha) {
  if (!isFraction(alpha) || alpha.num < alpha.den) {
    throw new RangeError('α must be an exact fraction of at least 1');
  }
}

/**
 * Both directions in integers at α = n/d: with P_z = a_z/D, Q_z = b_z/D a term is
 * (d·a_z − n·b_z)/(D·d), so
 *   0→1: num01 = d·A(cut) − n·B(cut) over the first `cut` outputs (those with d·a > n·b),
 *   1→0: num10 = d·(B − B(start)) − n·(A − A(start)) over the outputs from `start` on
 *        (those with d·b > n·a),
 * both over scale = d·D.
 * @param {Profile} profile @param {Fraction} alpha
 * @returns {{num01: bigint, num10: bigint, scale: bigint, cut: number, start: number}}
 */
export function excesses(profile, alpha) {
  checkAlpha(alpha);
  const { a, b, sumA, sumB } = profile;
  const n = alpha.num;
  const d = alpha.den;
  const length = a.length;
  // cut: the first position where d·a <= n·b (the prefix before it has a/b > α).
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (d * a[mid] > n * b[mid]) low = mid + 1;
    else high = mid;
  }
  const cut = low;
  // start: the first position where d·b > n·a (b/a > α holds from there to the end).
  low = 0;
  high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (d * b[mid] > n * a[mid]) high = mid;
    else low = mid + 1;
  }
  const start = low;
  const totalA = sumA[length];
  const totalB = sumB[length];
  return {
    num01: d * sumA[cut] - n * sumB[cut],
    num10: d * (totalB - sumB[start]) - n * (totalA - sumA[start]),
    scale: d * profile.channel.denominator,
    cut,
    start,
  };
}

/** @param {Profile} profile @param {bigint} num @param {bigint} scale @param {Fraction} alpha */
function profileFraction(profile, num, scale, alpha) {
  // scale = d · D: its factors other than 2 and 5 are those of d's and D's parts coprime
  // to 10 (D's is 1 for a channel over s^k with s | 100).
  return reduceTenSmooth(num, scale, coprimeToTen(alpha.den) * profile.rest);
}

/**
 * δ*(α), exactly.
 * @param {Profile} profile @param {Fraction} alpha @returns {Fraction}
 */
export function deltaStar(profile, alpha) {
  const { num01, num10, scale } = excesses(profile, alpha);
  return profileFraction(profile, num01 > num10 ? num01 : num10, scale, alpha);
}

/**
 * @typedef {{direction: Direction, outputs: number[]}} MaximalEvent
 * @typedef {{alpha: Fraction, delta: Fraction, event: MaximalEvent}} ProfilePoint
 */

/**
 * δ*(α) with its maximal event. Ties go to 0→1 (when both directions need the same δ);
 * the event holds the outputs with a strictly positive excess, in output order (empty
 * when δ* = 0).
 * @param {Profile} profile @param {Fraction} alpha @returns {ProfilePoint}
 */
export function profilePoint(profile, alpha) {
  const { num01, num10, scale, cut, start } = excesses(profile, alpha);
  const forward = num01 >= num10;
  const outputs = (forward ? profile.order.slice(0, cut) : profile.order.slice(start)).sort((x, y) => x - y);
  return {
    alpha,
    delta: profileFraction(profile, forward ? num01 : num10, scale, alpha),
    event: { direction: forward ? '0→1' : '1→0', outputs },
  };
}

/** The integer α grid 1..100 of the profile chart and of the golden digests. */
export const INTEGER_GRID = Object.freeze(Array.from({ length: 100 }, (_, i) => fraction(BigInt(i + 1))));

// ---------------------------------------------------------------------------------------
// The claim (generator/core/claim.py)

/** @param {unknown} delta */
function checkDelta(delta) {
  if (!isFraction(delta) || delta.num < 0n || delta.num > delta.den) {
    throw new RangeError('δ must be an exact fraction in [0, 1]');
  }
}

/**
 * The claim (α, δ) holds exactly when δ >= δ*(α), decided by the cross-product
 * δ.num · δ*.den >= δ*.num · δ.den.
 * @param {Profile} profile @param {Fraction} alpha @param {Fraction} delta
 * @returns {{alpha: Fraction, delta: Fraction, required: ProfilePoint, passes: boolean}}
 */
export function checkClaim(profile, alpha, delta) {
  checkDelta(delta);
  const required = profilePoint(profile, alpha);
  return { alpha, delta, required, passes: compare(delta, required.delta) >= 0 };
}

// ---------------------------------------------------------------------------------------
// Pure ε (generator/core/pure_epsilon.py's PureEpsilon; which ε a channel has is its
// engine's to say)

/**
 * @typedef {{kind: 'zero' | 'finite' | 'infinite', multiplier: number, ratio: Fraction}} PureEpsilon
 *   ε = multiplier · ln(ratio) when finite
 */

/**
 * As records.pure_record: kind, exact text ("0", "∞", "ln(3)", "2·ln(3)"), decimal
 * ("0", "inf", "2.197"), and e^ε exactly (null for ∞).
 * @param {PureEpsilon} pure
 * @returns {{kind: string, exact: string, decimal: string, max_ratio: string | null}}
 */
export function pureRecord(pure) {
  if (pure.kind === 'infinite') return { kind: pure.kind, exact: '∞', decimal: 'inf', max_ratio: null };
  if (pure.kind === 'zero') return { kind: pure.kind, exact: '0', decimal: '0', max_ratio: '1' };
  return {
    kind: pure.kind,
    ...logTerm(pure.multiplier, pure.ratio),
    max_ratio: fractionStr(power(pure.ratio, pure.multiplier)),
  };
}

/**
 * The minimum pure ε of any finite channel (generator/core/pure_epsilon.py's
 * `channel_pure_epsilon`): ln of the largest likelihood ratio max(a/b, b/a) over the
 * support, ∞ when some output has weight under one input only, 0 when every ratio is 1.
 * Ratios are compared by cross-products.
 * @param {FiniteChannel} channel @returns {PureEpsilon}
 */
export function channelPureEpsilon(channel) {
  /** @type {Fraction} */
  let ratio = { num: 1n, den: 1n };
  for (let i = 0; i < channel.weights0.length; i++) {
    const a = channel.weights0[i];
    const b = channel.weights1[i];
    if (a === 0n && b === 0n) continue;
    if (a === 0n || b === 0n) return { kind: 'infinite', multiplier: 0, ratio: { num: 1n, den: 1n } };
    const high = a > b ? a : b;
    const low = a > b ? b : a;
    if (high * ratio.den > ratio.num * low) ratio = { num: high, den: low };
  }
  if (ratio.num === ratio.den) return { kind: 'zero', multiplier: 0, ratio: { num: 1n, den: 1n } };
  return { kind: 'finite', multiplier: 1, ratio: fraction(ratio.num, ratio.den) };
}

// ---------------------------------------------------------------------------------------
// Records: exact values out as strings, in the shapes of generator/course/records.py

/**
 * The two laws of any finite channel (records.law_record): labels, the weights over one
 * denominator, and the probabilities, reduced: common 2s and 5s stripped first, Euclid on
 * the rest of the denominator only (rational.mjs's reduceTenSmooth), which leaves a release's
 * power-of-ten-smooth denominator none to run on.
 * @param {FiniteChannel} channel
 */
export function lawRecord(channel) {
  const rest = coprimeToTen(channel.denominator);
  const over = (/** @type {bigint} */ w) => fractionStr(reduceTenSmooth(w, channel.denominator, rest));
  return {
    labels: [...channel.labels],
    denominator: channel.denominator.toString(),
    weights0: channel.weights0.map(String),
    weights1: channel.weights1.map(String),
    distribution0: channel.weights0.map(over),
    distribution1: channel.weights1.map(over),
  };
}

/** @param {FiniteChannel} channel @param {MaximalEvent} event */
export function eventRecord(channel, event) {
  return { direction: event.direction, outputs: event.outputs.map((i) => channel.labels[i]) };
}

/** @param {FiniteChannel} channel @param {ReturnType<typeof checkClaim>} result */
export function claimRecord(channel, result) {
  return {
    alpha: fractionStr(result.alpha),
    delta: fractionStr(result.delta),
    required: fractionStr(result.required.delta),
    required_decimal: decimalStr(result.required.delta),
    passes: result.passes,
    event: eventRecord(channel, result.required.event),
  };
}
