/**
 * The optimal composition of (ln αᵢ, δᵢ)-DP steps, exactly: generator/core/optimal_composition.py
 * mirrored in BigInt (the golden vectors of the labs that use it hold the two equal).
 *
 * The worst case of k steps is the product of Kairouz, Oh and Viswanath's M̃ᵢ (2015, Thm 3.3
 * and 3.5): with probability N = Π(1 − δᵢ) no step reveals x and the output is the steps'
 * randomized responses, otherwise L = +∞. So δ(α) = (1 − N) + N·δ_RR(α), where the
 * responses' law is a list of atoms i in ascending likelihood ratio rᵢ with integer weights
 * Aᵢ (x = 0) and Bᵢ (x = 1) over one denominator D, Aᵢ = rᵢ·Bᵢ, and
 *
 *   δ_RR(α) = Σ_{rᵢ > α} (Aᵢ − α·Bᵢ) / D,
 *
 * read off the suffix sums of A and B at the first atom above α (a binary search). The
 * smallest α with δ(α) <= δ: δ_RR(α) <= τ = 1 − (1 − δ)/N (no α when N < 1 − δ); δ_RR
 * falls as α grows, so the least atom c whose ratio meets τ bounds the answer's line, on
 * which the positive part is the tails from c: α = (A_{>=c} − τ·D)/B_{>=c}, at least 1.
 *
 * The law of each kind of composition:
 * - k equal steps of α₀ = n/d (`sameLaw`, the core's OptimalComposition): atom c = 0..k
 *   counts the truthful responses, with ratio α₀^(2c−k), A_c = C(k,c) n^c d^(k−c),
 *   B_c = C(k,c) d^c n^(k−c), D = (n + d)^k, made by one pass from c = k down:
 *   A_{c−1} = A_c·c·d / ((k − c + 1)·n), an exact division (and likewise B), so no binomial
 *   and no power is ever multiplied out twice;
 * - steps of their own (`mixedLaw`, HeterogeneousComposition): the product of the steps'
 *   responses built step by step, atoms of equal ratio merged (at most 2^k of them).
 *
 * No float decides anything. The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/optimal_composition
 */

import { compare, fraction, fractionStr, multiply, power, subtract } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {{alpha: Fraction, delta: Fraction}} Step */

/**
 * @typedef {{
 *   size: number,
 *   ratio: (i: number) => Fraction,
 *   weight0: bigint[], weight1: bigint[], denominator: bigint,
 *   tails0: bigint[], tails1: bigint[],
 *   lowest: number,
 *   noReveal: Fraction,
 * }} Law  tails0[i] = Σ_{j >= i} weight0[j]; lowest = the first atom whose ratio is above 1
 */

const ONE = fraction(1n);

/** @param {bigint[]} weights @returns {bigint[]} suffix sums, one longer */
function suffixSums(weights) {
  const sums = new Array(weights.length + 1);
  sums[weights.length] = 0n;
  for (let i = weights.length - 1; i >= 0; i -= 1) sums[i] = sums[i + 1] + weights[i];
  return sums;
}

/** Π(1 − δᵢ): the chance that no step reveals x. @param {Step[]} steps */
function noRevealOf(steps) {
  return steps.reduce((product, step) => multiply(product, subtract(ONE, step.delta)), ONE);
}

/**
 * k responses of α₀ = n/d: the atoms c = 0..k (or one atom when α₀ = 1).
 * @param {Fraction} alpha0 @param {Fraction} delta0 @param {number} k @returns {Law}
 */
export function sameLaw(alpha0, delta0, k) {
  const noReveal = power(subtract(ONE, delta0), k);
  if (alpha0.num === alpha0.den) {
    return { size: 1, ratio: () => ONE, weight0: [1n], weight1: [1n], denominator: 1n, tails0: [1n, 0n], tails1: [1n, 0n], lowest: 1, noReveal };
  }
  const n = alpha0.num;
  const d = alpha0.den;
  const K = BigInt(k);
  const weight0 = new Array(k + 1);
  const weight1 = new Array(k + 1);
  weight0[k] = n ** K;
  weight1[k] = d ** K;
  for (let c = k; c > 0; c -= 1) {
    const C = BigInt(c);
    const down = K - C + 1n;
    weight0[c - 1] = (weight0[c] * C * d) / (down * n);
    weight1[c - 1] = (weight1[c] * C * n) / (down * d);
  }
  // ratio(c) = α₀^(2c − k) = n^j / d^j: powers made on demand, once each.
  /** @type {Map<number, Fraction>} */
  const ratios = new Map();
  const ratio = (/** @type {number} */ c) => {
    let known = ratios.get(c);
    if (!known) {
      const j = BigInt(2 * c - k);
      known = j >= 0n ? { num: n ** j, den: d ** j } : { num: d ** -j, den: n ** -j };
      ratios.set(c, known);
    }
    return known;
  };
  return {
    size: k + 1,
    ratio,
    weight0,
    weight1,
    denominator: (n + d) ** K,
    tails0: suffixSums(weight0),
    tails1: suffixSums(weight1),
    lowest: Math.floor(k / 2) + 1,
    noReveal,
  };
}

/**
 * The product of the steps' responses, atoms of equal ratio merged (the core's
 * HeterogeneousComposition.responses).
 * @param {Step[]} steps @returns {Law}
 */
export function mixedLaw(steps) {
  /** @type {Map<string, {ratio: Fraction, a: bigint, b: bigint}>} */
  let law = new Map([['1', { ratio: ONE, a: 1n, b: 1n }]]);
  let denominator = 1n;
  for (const { alpha } of steps) {
    const n = alpha.num;
    const d = alpha.den;
    /** @type {Map<string, {ratio: Fraction, a: bigint, b: bigint}>} */
    const merged = new Map();
    const put = (/** @type {Fraction} */ ratio, /** @type {bigint} */ a, /** @type {bigint} */ b) => {
      const key = fractionStr(ratio);
      const old = merged.get(key);
      if (old) {
        old.a += a;
        old.b += b;
      } else merged.set(key, { ratio, a, b });
    };
    for (const atom of law.values()) {
      put(multiply(atom.ratio, alpha), atom.a * n, atom.b * d);
      put(multiply(atom.ratio, { num: d, den: n }), atom.a * d, atom.b * n);
    }
    law = merged;
    denominator *= n + d;
  }
  const atoms = [...law.values()].sort((x, y) => compare(x.ratio, y.ratio));
  const weight0 = atoms.map((atom) => atom.a);
  const weight1 = atoms.map((atom) => atom.b);
  const lowest = atoms.findIndex((atom) => atom.ratio.num > atom.ratio.den);
  return {
    size: atoms.length,
    ratio: (i) => atoms[i].ratio,
    weight0,
    weight1,
    denominator,
    tails0: suffixSums(weight0),
    tails1: suffixSums(weight1),
    lowest: lowest < 0 ? atoms.length : lowest,
    noReveal: noRevealOf(steps),
  };
}

/** The first atom whose ratio is above α >= 1 (law.size when none is). @param {Law} law @param {Fraction} alpha */
function firstAbove(law, alpha) {
  let low = law.lowest;
  let high = law.size;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(law.ratio(middle), alpha) > 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * δ(α) = 1 − N + N·δ_RR(α) with the atoms from `from` on above α, unreduced (for a
 * comparison or a chart coordinate).
 * @param {Law} law @param {Fraction} alpha @param {number} from @returns {{num: bigint, den: bigint}}
 */
export function deltaFrom(law, alpha, from) {
  const excess = law.tails0[from] * alpha.den - law.tails1[from] * alpha.num; // δ_RR = excess / (D·α.den)
  const { num, den } = law.noReveal;
  const scale = law.denominator * alpha.den;
  return { num: (den - num) * scale + num * excess, den: den * scale };
}

/**
 * δ(α) exactly, reduced (the core's `delta`). Above the largest ratio nothing is in
 * excess: δ = 1 − N, reduced already.
 * @param {Law} law @param {Fraction} alpha
 */
export function deltaAt(law, alpha) {
  const from = firstAbove(law, alpha);
  if (from === law.size) return subtract(ONE, law.noReveal);
  const value = deltaFrom(law, alpha, from);
  return fraction(value.num, value.den);
}

/**
 * The smallest α >= 1 with δ(α) <= δ, or null when none is (ε = ∞; the core's
 * `smallest_alpha`).
 * @param {Law} law @param {Fraction} delta in (0, 1)
 */
export function smallestAlpha(law, delta) {
  const N = law.noReveal;
  // N < 1 − δ: even α → ∞ leaves the reveal mass 1 − N above δ.
  if (N.num === 0n || compare(N, subtract(ONE, delta)) < 0) return null;
  const tau = subtract(ONE, multiply(subtract(ONE, delta), { num: N.den, den: N.num }));
  if (law.lowest >= law.size) return ONE;
  const D = law.denominator;
  // does δ_RR at the ratio of atom c (the atoms above c) meet τ?
  const meets = (/** @type {number} */ c) => {
    const r = law.ratio(c);
    const excess = law.tails0[c + 1] * r.den - law.tails1[c + 1] * r.num;
    return tau.den * excess <= tau.num * D * r.den;
  };
  let low = law.lowest;
  let high = law.size - 1; // the last atom always meets: nothing is above it
  while (low < high) {
    const middle = (low + high) >> 1;
    if (meets(middle)) high = middle;
    else low = middle + 1;
  }
  const top = law.tails0[low] * tau.den - tau.num * D;
  const bottom = tau.den * law.tails1[low];
  return top <= bottom ? ONE : fraction(top, bottom);
}
