/**
 * The composition lab's exact engine: the Python core (generator/) mirrored in BigInt.
 *
 * One protected bit x ∈ {0, 1}; a randomized response reports x with probability p
 * (an integer percent). The engine builds the release channels (fresh, copy, xor) as
 * integer weights over one common denominator, and answers exactly: δ*(α) with its
 * maximal event, the minimum pure ε, the claim check and the composition panel.
 *
 * What does not depend on these channels lives in exact/ and serves any lab:
 *   exact/rational.mjs  reduced BigInt fractions, their arithmetic and their text forms;
 *   exact/numbers.mjs   the number grammar and the fields read against their limits;
 *   exact/profile.mjs   δ*(α), its maximal event and the claim of any finite channel.
 * This module re-exports what it exported before they were split off, so
 * `window.CompositionLabEngine` keeps its keys; another lab imports exact/ itself.
 *
 * Rules kept from the core:
 * - A fraction is `{num, den}` of BigInts with `den > 0` and `gcd(num, den) = 1`. Every
 *   function here returns reduced fractions and expects reduced ones.
 * - No float decides anything. Comparisons are integer cross-products. Numbers appear only
 *   as chart coordinates (`toNumber`) and in the ε decimals people read.
 * - Exact values leave the engine as strings with the same shapes as
 *   generator/course/records.py (`"3/8"`, `"0"`, `"1"`), so one renderer serves precomputed
 *   records and live results.
 *
 * The modules have no side effect; they run in browsers and in node.
 * Golden vectors written by `python -m generator golden` hold them to the core
 * (tests/js/engine.test.mjs).
 *
 * @module engine
 */

import { parseChoice, parseFields } from '#lab/exact/numbers.mjs';
import {
  checkAlpha,
  checkClaim,
  claimRecord,
  deltaStar,
  eventRecord,
  INTEGER_GRID,
  makeProfile,
  orderByRatio,
  profilePoint,
  pureRecord,
} from '#lab/exact/profile.mjs';
import { logTerm } from '#lab/exact/logarithm.mjs';
import {
  decimalStr,
  fraction,
  fractionStr,
  power,
  reduceTenSmooth,
  toNumber,
} from '#lab/exact/rational.mjs';

export {
  compare,
  decimalStr,
  fraction,
  fractionStr,
  isFraction,
  toNumber,
} from '#lab/exact/rational.mjs';
export { logTerm } from '#lab/exact/logarithm.mjs';
export { canonicalNumber, parseField, parseNumber } from '#lab/exact/numbers.mjs';
export { outputSetText, readable } from '#lab/exact/readable.mjs';
export {
  checkClaim,
  claimRecord,
  deltaStar,
  eventRecord,
  excesses,
  INTEGER_GRID,
  makeProfile,
  profilePoint,
  pureRecord,
} from '#lab/exact/profile.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('#lab/exact/numbers.mjs').FieldLimit} FieldLimit */
/** @typedef {import('#lab/exact/numbers.mjs').ParseFailure} ParseFailure */
/**
 * @template T
 * @typedef {import('#lab/exact/numbers.mjs').Parsed<T>} Parsed
 */
/** @typedef {import('#lab/exact/profile.mjs').FiniteChannel} FiniteChannel */
/** @typedef {import('#lab/exact/profile.mjs').Profile} Profile */
/** @typedef {import('#lab/exact/profile.mjs').ProfilePoint} ProfilePoint */
/** @typedef {import('#lab/exact/profile.mjs').PureEpsilon} PureEpsilon */
/** @typedef {'fresh' | 'copy' | 'xor'} Mode */

// ---------------------------------------------------------------------------------------
// The lab's inputs (the number fields are exact/numbers.mjs's; the mode is a choice)

/** The release modes, in the order the lab lists them. */
export const MODES = Object.freeze(/** @type {Mode[]} */ (['fresh', 'copy', 'xor']));

/** @param {unknown} text @returns {Parsed<Mode>} */
export function parseMode(text) {
  return parseChoice(text, MODES);
}

/**
 * @typedef {{mode: Mode, k: number, p: number, alpha: Fraction, delta: Fraction,
 *            alpha0: Fraction}} LabInputs
 */

/**
 * Every field of the lab at once, from texts (a form or URL parameters). Each field is
 * parsed on its own, so one bad field leaves the others' values usable.
 * @param {Record<string, unknown>} texts mode, k, p, alpha, delta, alpha0
 * @param {Record<string, FieldLimit>} limits k, p, alpha, delta, alpha0
 * @returns {{ok: boolean, values: Partial<LabInputs>, errors: Record<string, ParseFailure>}}
 */
export function parseInputs(texts, limits) {
  return parseFields(texts, limits, { mode: parseMode(texts.mode) });
}

// ---------------------------------------------------------------------------------------
// Channels (generator/core/channels.py)

/**
 * A finite channel (exact/profile.mjs) with the parameters it was built from.
 * @typedef {FiniteChannel & {mode: Mode, p: number, k: number}} Channel
 */

/** @param {number} p @param {number} k */
function checkParameters(p, k) {
  if (!Number.isInteger(p) || p < 0 || p > 100) {
    throw new RangeError(`p must be an integer percent from 0 to 100, got ${p}`);
  }
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`k must be an integer >= 1, got ${k}`);
}

/**
 * One response over a common denominator: with g = gcd(p, 100 − p) and s = 100/g it is
 * truthful with weight u = p/g and flipped with v = (100 − p)/g (gcd(0, 100) = 100 keeps
 * p = 0 and p = 100 exact too).
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
 * k independent responses, released as their count T of ones:
 *   P(T = t | x = 0) = C(k,t) v^t u^(k−t) / s^k,  and x = 1 mirrors t → k − t.
 * The weights follow w_{t+1} = w_t (k − t) v / ((t + 1) u), an exact division. The
 * ratio w0_t / w1_t = (u/v)^(k−2t) falls with t when u > v and rises when u < v.
 * @param {number} p @param {number} k @returns {Channel}
 */
export function fresh(p, k) {
  checkParameters(p, k);
  const { u, v, s } = response(p);
  const weights0 = new Array(k + 1).fill(0n);
  if (u === 0n) {
    weights0[k] = v ** BigInt(k);
  } else {
    weights0[0] = u ** BigInt(k);
    for (let t = 0; t < k; t++) {
      weights0[t + 1] = (weights0[t] * BigInt(k - t) * v) / (BigInt(t + 1) * u);
    }
  }
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
 * One response shown k times, released as the count of ones: only 0 and k occur,
 * P(0 | x = 0) = u/s and P(k | x = 0) = v/s; the middle counts are exact zeros.
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
  return {
    mode: 'copy',
    p,
    k,
    labels: countLabels(k),
    weights0,
    weights1,
    denominator: s,
    ratioOrder: orderByRatio(weights0, weights1),
  };
}

/** The xor outputs 2R + (x XOR R), written as the pair R, x XOR R. */
export const XOR_LABELS = Object.freeze(['00', '01', '10', '11']);

/**
 * A fair mask R and the pair (R, x XOR R): x = 0 gives 00 or 11, x = 1 gives 01 or 10,
 * each with probability 1/2. p and k are checked but play no part.
 * @param {number} p @param {number} k @returns {Channel}
 */
export function xor(p, k) {
  checkParameters(p, k);
  const weights0 = [1n, 0n, 0n, 1n];
  const weights1 = [0n, 1n, 1n, 0n];
  return {
    mode: 'xor',
    p,
    k,
    labels: [...XOR_LABELS],
    weights0,
    weights1,
    denominator: 2n,
    ratioOrder: orderByRatio(weights0, weights1),
  };
}

const BUILDERS = { fresh, copy, xor };

/**
 * The channel of a mode, by name.
 * @param {Mode} mode @param {number} p @param {number} k @returns {Channel}
 */
export function buildChannel(mode, p, k) {
  if (!Object.hasOwn(BUILDERS, mode)) throw new RangeError(`unknown mode ${String(mode)}`);
  return BUILDERS[mode](p, k);
}

// ---------------------------------------------------------------------------------------
// Pure ε (generator/core/pure_epsilon.py)

/**
 * The least ε with P_z <= e^ε Q_z and Q_z <= e^ε P_z for every output: the log of the
 * largest likelihood ratio, or ∞ when one side has mass where the other has none.
 *   fresh  the count t has ratio (p/(1−p))^(k−2t), largest at t = 0 or k: k·ln(p/(1−p))
 *          for p > 1/2 and k·ln((1−p)/p) below;
 *   copy   the ratio of one response: ln(p/(1−p));
 *   both   0 at p = 1/2 and ∞ at p = 0 or 1;
 *   xor    disjoint supports: ∞ whatever p and k are.
 * @param {Channel} channel @returns {PureEpsilon}
 */
export function pureEpsilon(channel) {
  const one = fraction(1n);
  if (channel.mode === 'xor' || channel.p === 0 || channel.p === 100) {
    return { kind: 'infinite', multiplier: 0, ratio: one };
  }
  if (channel.p === 50) return { kind: 'zero', multiplier: 0, ratio: one };
  const larger = Math.max(channel.p, 100 - channel.p);
  const smaller = Math.min(channel.p, 100 - channel.p);
  const multiplier = channel.mode === 'fresh' ? channel.k : 1;
  return { kind: 'finite', multiplier, ratio: fraction(BigInt(larger), BigInt(smaller)) };
}

// ---------------------------------------------------------------------------------------
// Composition (generator/core/composition.py)

/**
 * How many conditional queries touch the secret: k for fresh responses, 1 for copies
 * (the other k − 1 are post-processing), null for xor (given R, the second coordinate
 * reveals x: marginal guarantees do not compose).
 * @param {Channel} channel @returns {number | null}
 */
export function validQueries(channel) {
  return channel.mode === 'fresh' ? channel.k : channel.mode === 'copy' ? 1 : null;
}

/**
 * @typedef {object} Composition
 * @property {Fraction} alpha0
 * @property {Fraction | null} delta0  δ*_1(α₀) of one response
 * @property {number | null} queries  q
 * @property {Fraction | null} composedAlpha  α₀^q
 * @property {Fraction | null} theoremDelta  min(1, q·δ₀)
 * @property {Fraction | null} exactDelta  δ*(α₀^q) of the whole release
 */

/**
 * The composition panel at the per-step budget α₀ = e^{ε₀}. With q valid conditional
 * queries, each (ε₀, δ₀)-DP with δ₀ = δ*_1(α₀), basic composition certifies
 * (q·ε₀, min(1, q·δ₀)), i.e. at α = α₀^q the bound min(1, q·δ₀); the exact δ*(α₀^q) is
 * never larger (p = 90, k = 2, α₀ = 3: δ₀ = 3/5, bound 1, exact 18/25).
 * @param {Profile} profile of a Channel @param {Fraction} alpha0 @returns {Composition}
 */
export function compose(profile, alpha0) {
  checkAlpha(alpha0);
  const channel = /** @type {Channel} */ (profile.channel);
  const queries = validQueries(channel);
  if (queries === null) {
    return { alpha0, delta0: null, queries, composedAlpha: null, theoremDelta: null, exactDelta: null };
  }
  const delta0 = deltaStar(makeProfile(fresh(channel.p, 1)), alpha0);
  const sum = fraction(BigInt(queries) * delta0.num, delta0.den);
  const composedAlpha = power(alpha0, queries);
  return {
    alpha0,
    delta0,
    queries,
    composedAlpha,
    theoremDelta: sum.num > sum.den ? fraction(1n) : sum,
    exactDelta: deltaStar(profile, composedAlpha),
  };
}

// ---------------------------------------------------------------------------------------
// Records: exact values out as strings, in the shapes of generator/course/records.py
// (the event and claim records are exact/profile.mjs's)

/** @param {Fraction | null} value @returns {string | null} */
const optionalStr = (value) => (value === null ? null : fractionStr(value));

/**
 * The distributions of a channel as exact strings (records.channel_record).
 * @param {Channel} channel
 */
export function channelRecord(channel) {
  const over = (/** @type {bigint} */ w) => fractionStr(reduceTenSmooth(w, channel.denominator, 1n));
  return {
    mode: channel.mode,
    p: channel.p,
    k: channel.k,
    labels: [...channel.labels],
    truth_probability: fractionStr(fraction(BigInt(channel.p), 100n)),
    denominator: channel.denominator.toString(),
    weights0: channel.weights0.map(String),
    weights1: channel.weights1.map(String),
    distribution0: channel.weights0.map(over),
    distribution1: channel.weights1.map(over),
  };
}

/** @param {Channel} channel @param {readonly Fraction[]} alphas @param {ProfilePoint[]} points */
function gridRecord(channel, alphas, points) {
  return {
    mode: channel.mode,
    p: channel.p,
    k: channel.k,
    alphas: alphas.map(fractionStr),
    deltas: points.map((point) => fractionStr(point.delta)),
    events: points.map((point) => eventRecord(channel, point.event)),
  };
}

/**
 * δ*(α) for each α (records.profile_record: the command line's output).
 * @param {Profile} profile of a Channel @param {readonly Fraction[]} alphas
 */
export function profileRecord(profile, alphas) {
  const channel = /** @type {Channel} */ (profile.channel);
  return gridRecord(channel, alphas, alphas.map((alpha) => profilePoint(profile, alpha)));
}

/** @param {Composition} panel */
export function compositionRecord(panel) {
  return {
    alpha0: fractionStr(panel.alpha0),
    delta0: optionalStr(panel.delta0),
    queries: panel.queries,
    composed_alpha: optionalStr(panel.composedAlpha),
    theorem_delta: optionalStr(panel.theoremDelta),
    exact_delta: optionalStr(panel.exactDelta),
  };
}

// ---------------------------------------------------------------------------------------
// The lab: every output for one state

/**
 * Everything the lab shows for one state, JSON-safe: exact values as strings in the
 * records' shapes, decimals to read, and chart coordinates as Numbers.
 *
 *   channel, claim, pure_epsilon, composition, grid   as generator/lessons/composition/records.py
 *   epsilon   ε = ln α of the claim, ε₀ = ln α₀ and the theorem's Σε = q·ln α₀ (null in
 *             xor), each {exact, decimal}
 *   decimals  δ₀, the theorem's min(1, Σδ) and the exact δ at α₀^q (null in xor)
 *   chart     Numbers: distribution0/1 per output, the grid's δ at α = 1..100, the
 *             selected α with its δ*, and the claim δ
 * @param {LabInputs} inputs
 */
export function evaluateLab(inputs) {
  const channel = buildChannel(inputs.mode, inputs.p, inputs.k);
  const profile = makeProfile(channel);
  const claim = checkClaim(profile, inputs.alpha, inputs.delta);
  const panel = compose(profile, inputs.alpha0);
  const points = INTEGER_GRID.map((alpha) => profilePoint(profile, alpha));
  const optionalDecimal = (/** @type {Fraction | null} */ v) => (v === null ? null : decimalStr(v));
  const over = (/** @type {bigint} */ w) => toNumber({ num: w, den: channel.denominator });
  return {
    channel: channelRecord(channel),
    claim: claimRecord(channel, claim),
    pure_epsilon: pureRecord(pureEpsilon(channel)),
    composition: compositionRecord(panel),
    grid: gridRecord(channel, INTEGER_GRID, points),
    epsilon: {
      claim: logTerm(1, inputs.alpha),
      step: logTerm(1, inputs.alpha0),
      theorem: panel.queries === null ? null : logTerm(panel.queries, inputs.alpha0),
    },
    decimals: {
      delta0: optionalDecimal(panel.delta0),
      theorem_delta: optionalDecimal(panel.theoremDelta),
      exact_delta: optionalDecimal(panel.exactDelta),
    },
    chart: {
      distribution0: channel.weights0.map(over),
      distribution1: channel.weights1.map(over),
      grid: points.map((point) => toNumber(point.delta)),
      alpha: toNumber(inputs.alpha),
      required: toNumber(claim.required.delta),
      claim_delta: toNumber(inputs.delta),
    },
  };
}
