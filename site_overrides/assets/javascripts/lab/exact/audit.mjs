/**
 * An audit's proven lower bound on ε from its counts: the browser's twin of
 * generator/core/audit.py's `audit`, over exact/clopper_pearson.mjs.
 *
 * From tp true positives and fp false positives in n trials each way, at confidence 1 − a,
 * the Clopper–Pearson bounds TPR ≥ TPR_low = p_L(tp) and FPR ≤ FPR_high = p_U(fp), each at
 * level a/2, hold together with probability at least 1 − a (the union bound), and on that event
 *
 *     e^ε ≥ max( (TPR_low − δ)/FPR_high, (1 − FPR_high − δ)/(1 − TPR_low) ),
 *
 * the two sides of the region R(e^ε, δ) (core/audit.py derives them). The bounds are cells
 * 2^-B wide, so the maximum is an enclosure with exact ends, B = 64 first and doubled until
 * it lies wholly above 1 (the counts certify ε > 0) or at most 1 (they certify nothing), as
 * the Python decides. That enclosure (`alpha`) is what the lab writes: ln of its ends, rounded
 * outward, fixed by exact values alone.
 *
 * @module exact/audit
 */

import { lowerBound, upperBound } from './clopper_pearson.mjs';
import { compare, multiply, subtract } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {import('./clopper_pearson.mjs').Enclosure} Enclosure */
/** @typedef {{tprLow: Enclosure, fprHigh: Enclosure, alpha: Enclosure | null}} Audit */

const START_BITS = 64;
const MAX_BITS = 1 << 14; // generator/core/certified.py's MAX_BITS

const ONE = Object.freeze({ num: 1n, den: 1n });

/** @param {Fraction} a @param {Fraction} b */
const larger = (a, b) => (compare(a, b) >= 0 ? a : b);
/** @param {Fraction} a @param {Fraction} b */
const smaller = (a, b) => (compare(a, b) <= 0 ? a : b);
/** @param {Fraction} a @param {Fraction} b b > 0 */
const divide = (a, b) => multiply(a, { num: b.den, den: b.num });

/** The quotient of two enclosures, the denominator's ends positive. @param {Enclosure} n @param {Enclosure} d */
function ratio(n, d) {
  const ends = [n.lower, n.upper].flatMap((a) => [d.lower, d.upper].map((b) => divide(a, b)));
  return { lower: ends.reduce(smaller), upper: ends.reduce(larger) };
}

/**
 * The enclosure of the maximum from bounds 2^-bits wide, or null while a denominator's cell
 * reaches 0 (Python's `_alpha_enclosure`).
 * @param {number} trials @param {number} tp @param {number} fp @param {Fraction} delta @param {Fraction} half
 * @param {number} bits @returns {Enclosure | null}
 */
function alphaEnclosure(trials, tp, fp, delta, half, bits) {
  const low = lowerBound(tp, trials, half, bits);
  const high = upperBound(fp, trials, half, bits);
  if (high.lower.num === 0n || compare(low.upper, ONE) === 0) return null;
  const direct = ratio({ lower: subtract(low.lower, delta), upper: subtract(low.upper, delta) }, high);
  const mirrored = ratio(
    { lower: subtract(subtract(ONE, high.upper), delta), upper: subtract(subtract(ONE, high.lower), delta) },
    { lower: subtract(ONE, low.upper), upper: subtract(ONE, low.lower) },
  );
  return { lower: larger(direct.lower, mirrored.lower), upper: larger(direct.upper, mirrored.upper) };
}

/**
 * The audit of tp of n and fp of n at confidence 1 − level (Python's `audit`): both bounds
 * at level/2 in cells 2^-64 wide, and the α enclosure that decided, null when the counts
 * certify nothing.
 * @param {number} trials @param {number} tp @param {number} fp @param {Fraction} delta @param {Fraction} level
 * @returns {Audit}
 */
export function audit(trials, tp, fp, delta, level) {
  const half = { num: level.num, den: 2n * level.den };
  let bits = START_BITS;
  let alpha = alphaEnclosure(trials, tp, fp, delta, half, bits);
  while (alpha === null || (compare(alpha.lower, ONE) <= 0 && compare(alpha.upper, ONE) > 0)) {
    bits *= 2;
    if (bits > MAX_BITS) throw new RangeError("the audit's bound stays on both sides of ε = 0 at every precision");
    alpha = alphaEnclosure(trials, tp, fp, delta, half, bits);
  }
  return {
    tprLow: lowerBound(tp, trials, half),
    fprHigh: upperBound(fp, trials, half),
    alpha: compare(alpha.lower, ONE) > 0 ? alpha : null,
  };
}
