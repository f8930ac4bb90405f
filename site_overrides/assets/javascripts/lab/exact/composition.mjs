/**
 * The composition panel: the basic theorem's bound beside the exact value, the browser's
 * twin of generator/core/composition.py.
 *
 * Take a per-step budget α₀ = e^{ε₀}. One randomized response needs δ₀ = δ*_1(α₀). If each
 * of q steps is (ε₀, δ₀)-DP conditionally on every earlier transcript, basic composition
 * (Dwork & Roth, Thm 3.16 / App. B) certifies (q·ε₀, min(1, q·δ₀)), i.e. at α = α₀^q the bound
 * min(1, q·δ₀); the exact δ*(α₀^q) of the release is never larger (p = 90, k = 2, α₀ = 3:
 * δ₀ = 3/5, bound 1, exact 18/25). fresh asks q = k conditional queries, copy q = 1 (the
 * other copies are post-processing), and xor none (given R, the second coordinate reveals x:
 * marginal guarantees do not compose).
 *
 * @module exact/composition
 */

import { fresh } from './channels.mjs';
import { checkAlpha, deltaStar, makeProfile } from './profile.mjs';
import { fraction, power } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {import('./profile.mjs').Profile} Profile */
/** @typedef {import('./channels.mjs').Channel} Channel */

/**
 * How many conditional queries touch the secret: k for fresh responses, 1 for copies, null
 * for xor.
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
 * The composition panel of a release at the per-step budget α₀.
 * @param {Profile} profile of a Channel @param {Fraction} alpha0 @returns {Composition}
 */
export function compose(profile, alpha0) {
  checkAlpha(alpha0);
  const channel = /** @type {Channel} */ (profile.channel);
  const queries = validQueries(channel);
  if (queries === null) return { alpha0, delta0: null, queries, composedAlpha: null, theoremDelta: null, exactDelta: null };
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
