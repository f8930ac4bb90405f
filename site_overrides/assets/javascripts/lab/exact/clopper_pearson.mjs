/**
 * Exact one-sided Clopper–Pearson bounds as proven dyadic cells: the browser's twin of
 * generator/core/clopper_pearson.py, in BigInt arithmetic alone.
 *
 * p_L(x) is the rate p with P(X ≥ x | p) = a for X ~ Bin(n, p) (p_L(0) = 0), and p_U(x) the
 * one with P(X ≤ x | p) = a, that is P(X ≥ x + 1 | p) = 1 − a (p_U(n) = 1). The tail grows
 * strictly with p, so each root is unique, and the answer is the one cell
 * [m/2^B, (m + 1)/2^B] that holds it, proven by the signs of the tail at both ends: the
 * same cell as the Python's, whatever path each search took.
 *
 * **The tail at a dyadic p = m/2^B, enclosed.** With u = m and v = 2^B − m,
 *
 *     P(X = c) = C(n, c)·u^c·v^(n−c) / 2^(B·n),   P(X = c + 1)/P(X = c) = (n − c)u / ((c + 1)v).
 *
 * The first term is an interval of W-bit mantissas with a shared binary exponent
 * (`Scaled`): C(n, c) as a product of ratios, u^c and v^(n−c) by squaring, each product
 * rounded down at its low end and up at its high end. The sum runs in fixed point (units
 * 2^-W): each next term is the last times the ratio, floored and ceiled, so each end moves
 * by at most one unit a term. From x on when x ≥ n·p (past the mode, the ratios are below 1
 * and fall), else 1 minus the lower tail, summed over the count of failures from n − x + 1
 * the same way (Python's `binomial_tail`). The sum stops once the rest, bounded by the
 * geometric series of the next ratio, is below one unit, and that bound is added to the high
 * end. When the interval still holds a, W doubles (three times), and then the exact
 * polynomial (exact/binomial_tails.mjs) decides, a root on a dyadic point included.
 *
 * **The search** keeps a bracket [lo, hi] of cells with proven signs (negative at lo,
 * positive at hi), and evaluates Newton's point from the intervals' midpoints when it falls
 * inside, else the middle: the derivative of the tail in p is x·P(X = x)/p. The guesses
 * only cost time; the cell is proven.
 *
 * @module exact/clopper_pearson
 */

import { binomialWindow, rising } from './binomial_tails.mjs';
import { bitLength } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {{lower: Fraction, upper: Fraction}} Enclosure  exact ends, lower <= upper */
/** @typedef {{lo: bigint, hi: bigint, e: number}} Scaled  lo·2^e <= value <= hi·2^e, 0 <= lo <= hi */
/** @typedef {{lo: bigint, hi: bigint}} Fixed  lo/2^W <= value <= hi/2^W */

const EXTRA_BITS = 32; // above B + log₂ n: the sum's thousands of one-unit roundings, and more
const MAX_DOUBLINGS = 3; // W, 2W, 4W and 8W before the exact polynomial
const MAX_CELLS = 256;

/** floor(a / b) for b > 0 (BigInt division truncates toward zero). @param {bigint} a @param {bigint} b */
function floorDiv(a, b) {
  const q = a / b;
  return a < 0n && q * b !== a ? q - 1n : q;
}

/** ceil(a / b) for a >= 0, b > 0. @param {bigint} a @param {bigint} b */
const ceilDiv = (a, b) => (a + b - 1n) / b;

/** @param {bigint} x @param {number} s @returns {bigint} floor(x / 2^s), or x·2^-s for s < 0 */
const down = (x, s) => (s >= 0 ? x >> BigInt(s) : x << BigInt(-s));
/** @param {bigint} x @param {number} s @returns {bigint} ceil(x / 2^s), or x·2^-s for s < 0 */
const up = (x, s) => (s >= 0 ? -(-x >> BigInt(s)) : x << BigInt(-s));

/** `a` with at most `w` bits of mantissa, rounded outward. @param {Scaled} a @param {number} w @returns {Scaled} */
function trimmed(a, w) {
  const excess = bitLength(a.hi) - w;
  return excess > 0 ? { lo: down(a.lo, excess), hi: up(a.hi, excess), e: a.e + excess } : a;
}

/** @param {Scaled} a @param {Scaled} b @param {number} w @returns {Scaled} */
function times(a, b, w) {
  return trimmed({ lo: a.lo * b.lo, hi: a.hi * b.hi, e: a.e + b.e }, w);
}

/** base^k, rounded outward at `w` bits (square and multiply). @param {bigint} base @param {number} k @param {number} w */
function powerOf(base, k, w) {
  /** @type {Scaled} */
  let result = { lo: 1n, hi: 1n, e: 0 };
  /** @type {Scaled} */
  let square = trimmed({ lo: base, hi: base, e: 0 }, w);
  for (let rest = k; rest > 0; rest >>= 1) {
    if (rest & 1) result = times(result, square, w);
    if (rest > 1) square = times(square, square, w);
  }
  return result;
}

/** The last few C(n, c) enclosed: a search asks for the same two at every point. */
/** @type {Map<string, Scaled>} */
const chosen = new Map();

/**
 * C(n, c) rounded outward at `w` bits: Π (n − c + i)/i over i = 1..min(c, n − c), eight
 * factors at a time, each quotient floored and ceiled.
 * @param {number} n @param {number} c @param {number} w @returns {Scaled}
 */
function choose(n, c, w) {
  const k = Math.min(c, n - c);
  const key = `${n},${k},${w}`;
  const known = chosen.get(key);
  if (known) return known;
  /** @type {Scaled} */
  let found = { lo: 1n, hi: 1n, e: 0 };
  for (let i = 1; i <= k; i += 8) {
    const j = Math.min(k, i + 7);
    const num = rising(n - k + i, n - k + j + 1);
    const den = rising(i, j + 1);
    const shift = Math.max(0, w - bitLength(found.hi) + bitLength(den) + 2);
    const s = BigInt(shift);
    found = trimmed(
      { lo: ((found.lo * num) << s) / den, hi: ceilDiv((found.hi * num) << s, den), e: found.e - shift },
      w,
    );
  }
  const oldest = chosen.keys().next();
  if (chosen.size >= 16 && !oldest.done) chosen.delete(oldest.value);
  chosen.set(key, found);
  return found;
}

/**
 * P(X = c) for X ~ Bin(n, u/(u + v)), u + v = 2^B, in fixed point at `w` bits.
 * @param {number} n @param {number} c @param {bigint} u @param {bigint} v @param {number} bits B
 * @param {number} w @returns {Fixed}
 */
function mass(n, c, u, v, bits, w) {
  const product = times(times(choose(n, c, w), powerOf(u, c, w), w), powerOf(v, n - c, w), w);
  const shift = -(product.e - bits * n + w); // value·2^w = mantissa·2^(e − B·n + w)
  return { lo: down(product.lo, shift), hi: up(product.hi, shift) };
}

/**
 * Σ_{c=start}^{n} t_c in fixed point, from t_start = first and t_(c+1) = t_c·(n − c)u/((c + 1)v),
 * the ratios below 1 and falling; the rest past the last term bounded by the geometric series of
 * the next ratio (Python's `_falling_sum`).
 * @param {Fixed} first @param {number} start @param {number} n @param {bigint} u @param {bigint} v
 * @returns {Fixed}
 */
function fallingSum(first, start, n, u, v) {
  let { lo, hi } = first;
  let totalLo = lo;
  let totalHi = hi;
  for (let c = start; c < n; c++) {
    const a = BigInt(n - c) * u;
    const b = BigInt(c + 1) * v;
    if (a < b && hi * a <= b - a) return { lo: totalLo, hi: totalHi + ceilDiv(hi * a, b - a) };
    lo = (lo * a) / b;
    hi = ceilDiv(hi * a, b);
    totalLo += lo;
    totalHi += hi;
  }
  return { lo: totalLo, hi: totalHi };
}

/**
 * (P(X ≥ x), P(X = x)) at p = m/2^B, 1 <= x <= n, 0 < m < 2^B, in fixed point at `w` bits.
 * @param {number} n @param {number} x @param {bigint} m @param {number} bits @param {number} w
 * @returns {{tail: Fixed, at: Fixed}}
 */
function tail(n, x, m, bits, w) {
  const v = (1n << BigInt(bits)) - m;
  if (BigInt(x) << BigInt(bits) >= BigInt(n) * m) {
    const first = mass(n, x, m, v, bits, w);
    return { tail: fallingSum(first, x, n, m, v), at: first };
  }
  // 1 − P(X ≤ x − 1), over the count of failures from n − x + 1 (its ratios fall the same way).
  const first = mass(n, n - x + 1, v, m, bits, w);
  const below = fallingSum(first, n - x + 1, n, v, m);
  const one = 1n << BigInt(w);
  const scale = BigInt(n - x + 1) * m;
  const over = BigInt(x) * v;
  return {
    tail: { lo: one - below.hi, hi: one - below.lo },
    at: { lo: (first.lo * scale) / over, hi: ceilDiv(first.hi * scale, over) },
  };
}

/**
 * At p = m/2^B: the proven sign of P(X ≥ x | p) − target, and the cell of Newton's point (a guess).
 * @param {number} n @param {number} x @param {Fraction} target @param {bigint} m @param {number} bits
 * @returns {[number, bigint]}
 */
function evaluate(n, x, target, m, bits) {
  let w = bits + EXTRA_BITS + bitLength(BigInt(n));
  let newton = -1n; // no guess: the search takes the middle
  for (let i = 0; i <= MAX_DOUBLINGS; i++, w *= 2) {
    const found = tail(n, x, m, bits, w);
    const level = target.num << BigInt(w); // target·2^w·den
    const middle = (found.tail.lo + found.tail.hi) / 2n;
    const at = (found.at.lo + found.at.hi) / 2n;
    // P(X = x) below one unit says nothing of the slope: no guess then.
    if (at > 0n) newton = m + floorDiv((level - middle * target.den) * m, target.den * at * BigInt(x));
    if (found.tail.lo * target.den > level) return [1, newton];
    if (found.tail.hi * target.den < level) return [-1, newton];
  }
  const scaled =
    binomialWindow(n, x, n, m, (1n << BigInt(bits)) - m) * target.den - target.num * (1n << BigInt(bits * n));
  return [scaled > 0n ? 1 : scaled < 0n ? -1 : 0, newton];
}

/** The cells found: a lab asks for the same bounds again as other fields change. */
/** @type {Map<string, Enclosure>} */
const cells = new Map();

/**
 * The cell 2^-B wide of the p with P(X ≥ x | p) = target, 1 <= x <= n, 0 < target < 1
 * (Python's `_search`), searched from p = x/n.
 * @param {number} n @param {number} x @param {Fraction} target @param {number} bits
 * @returns {Enclosure}
 */
function root(n, x, target, bits) {
  const key = `${n},${x},${target.num}/${target.den},${bits}`;
  const known = cells.get(key);
  if (known) return known;
  const scale = 1n << BigInt(bits);
  let lo = 0n;
  let hi = scale;
  let cell = (BigInt(x) * scale) / BigInt(n);
  /** @type {Enclosure | null} */
  let found = null;
  while (hi - lo > 1n) {
    const m = lo < cell && cell < hi ? cell : cell === lo ? cell + 1n : (lo + hi) / 2n;
    const [sign, next] = evaluate(n, x, target, m, bits);
    cell = next;
    if (sign === 0) {
      found = { lower: { num: m, den: scale }, upper: { num: m, den: scale } };
      break;
    }
    if (sign < 0) lo = m;
    else hi = m;
  }
  found ??= { lower: { num: lo, den: scale }, upper: { num: hi, den: scale } };
  const oldest = cells.keys().next();
  if (cells.size >= MAX_CELLS && !oldest.done) cells.delete(oldest.value);
  cells.set(key, found);
  return found;
}

/** @param {number} successes @param {number} trials @param {Fraction} level */
function check(successes, trials, level) {
  if (!Number.isSafeInteger(trials) || trials < 1) throw new RangeError(`the number of trials must be at least 1, got ${trials}`);
  if (!Number.isSafeInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`the count must be an integer from 0 to ${trials}, got ${successes}`);
  }
  if (!(level.num > 0n && level.num < level.den)) throw new RangeError('the level must lie strictly between 0 and 1');
}

const ZERO = Object.freeze({ num: 0n, den: 1n });
const ONE = Object.freeze({ num: 1n, den: 1n });

/**
 * p_L(successes): the rate with P(X ≥ successes | p_L) = level, in a cell 2^-bits wide
 * (Python's `lower_bound`); p_L(0) = 0.
 * @param {number} successes @param {number} trials @param {Fraction} level @param {number} [bits]
 * @returns {Enclosure}
 */
export function lowerBound(successes, trials, level, bits = 64) {
  check(successes, trials, level);
  if (successes === 0) return { lower: ZERO, upper: ZERO };
  return root(trials, successes, level, bits);
}

/**
 * p_U(successes): the rate with P(X ≤ successes | p_U) = level, that is
 * P(X ≥ successes + 1 | p_U) = 1 − level, in a cell 2^-bits wide (Python's `upper_bound`);
 * p_U(trials) = 1.
 * @param {number} successes @param {number} trials @param {Fraction} level @param {number} [bits]
 * @returns {Enclosure}
 */
export function upperBound(successes, trials, level, bits = 64) {
  check(successes, trials, level);
  if (successes === trials) return { lower: ONE, upper: ONE };
  return root(trials, successes + 1, { num: level.den - level.num, den: level.den }, bits);
}
