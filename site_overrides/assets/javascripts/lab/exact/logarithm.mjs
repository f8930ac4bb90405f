/**
 * Natural logarithms and square roots of exact values, rounded to a few decimals by BigInt
 * arithmetic alone: generator/core/logarithm.py mirrored step for step, so that every text
 * is the same string ("0.095", "0", "-0.693").
 *
 * Each quantity is an interval [lo, hi] of integers in units of 2^-W that holds the true
 * value. For x = n/d >= 1 write x = 2^e·m with 1 <= m < 2; then
 *
 *   ln x = e·ln 2 + ln m,   ln m = 2·atanh(y) = 2·Σ_i y^(2i+1)/(2i+1),   y = (m − 1)/(m + 1) < 1/3,
 *
 * and ln 2 = 2·atanh(1/3). Every truncated product or quotient of the series loses less than
 * one unit and the terms fall by 9 each, so t terms are short by at most 3t units, and the
 * tail is below one unit. Products, sums and square roots of non-negative intervals round
 * lo down and hi up. To round to P decimals both ends are rounded half up at 10^-P; when
 * they agree that is the answer, else W grows by 64 bits (a transcendental value is never
 * on a boundary, so the loop ends).
 *
 * A chart coordinate is the double nearest to a value (`nearestNumber`, Python's
 * `nearest_float`): both ends are rounded to the nearest double (`toNumber` rounds
 * correctly), and when they agree that is the double of every value between them; else W
 * grows as above. The same double as Python's, whatever arithmetic found it.
 *
 * The module has no dependency and no side effect; it runs in browsers and in node.
 *
 * @module exact/logarithm
 */

/** @typedef {{num: bigint, den: bigint}} Fraction */
/** @typedef {{lo: bigint, hi: bigint, bits: number}} Interval  lo/2^bits <= value <= hi/2^bits */

const START_BITS = 64;
import { bitLength, fractionStr, power, toNumber } from './rational.mjs';

const MORE_BITS = 64;
const MAX_BITS = 8192;

/** floor(a / b) for b > 0 (BigInt division truncates toward zero). @param {bigint} a @param {bigint} b */
function floorDiv(a, b) {
  const q = a / b;
  return a < 0n && q * b !== a ? q - 1n : q;
}

/** floor(x / 2^s) (Python's x >> s, also for negative x). */
const shiftDown = (/** @type {bigint} */ x, /** @type {number} */ s) => x >> BigInt(s);
/** ceil(x / 2^s): Python's -((-x) >> s). */
const shiftUp = (/** @type {bigint} */ x, /** @type {number} */ s) => -((-x) >> BigInt(s));

/** isqrt of a non-negative BigInt (Newton's method from above). @param {bigint} n @returns {bigint} */
export function isqrt(n) {
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(bitLength(n) / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** @param {Interval} a @param {Interval} b @returns {Interval} */
export function addIntervals(/** @type {Interval} */ a, /** @type {Interval} */ b) {
  return { lo: a.lo + b.lo, hi: a.hi + b.hi, bits: a.bits };
}

/** The product of two non-negative intervals, rounded outwards. @param {Interval} a @param {Interval} b */
export function multiplyIntervals(a, b) {
  if (a.lo < 0n || b.lo < 0n) throw new RangeError('interval products are taken of non-negative intervals only');
  return { lo: shiftDown(a.lo * b.lo, a.bits), hi: shiftUp(a.hi * b.hi, a.bits), bits: a.bits };
}

/** The interval times an exact rational factor >= 0, rounded outwards. @param {Interval} a @param {Fraction} factor */
export function scaleInterval(a, factor) {
  return { lo: floorDiv(a.lo * factor.num, factor.den), hi: -floorDiv(-a.hi * factor.num, factor.den), bits: a.bits };
}

/** √value of a non-negative interval, rounded outwards. @param {Interval} a */
export function sqrtInterval(a) {
  const lowSquare = a.lo << BigInt(a.bits);
  const highSquare = a.hi << BigInt(a.bits);
  const high = isqrt(highSquare);
  return { lo: isqrt(lowSquare), hi: high * high === highSquare ? high : high + 1n, bits: a.bits };
}

/**
 * atanh(y) for 0 <= y = numerator/denominator <= 1/3, in units of 2^-bits.
 * @param {bigint} numerator @param {bigint} denominator @param {number} bits
 */
function atanh(numerator, denominator, bits) {
  let term = (numerator << BigInt(bits)) / denominator;
  const squareN = numerator * numerator;
  const squareD = denominator * denominator;
  let total = 0n;
  let count = 0n;
  let index = 0n;
  while (term) {
    total += term / (2n * index + 1n);
    term = (term * squareN) / squareD;
    count += 1n;
    index += 1n;
  }
  return { lo: total, hi: total + 3n * count + 1n, bits };
}

/** The atanh(1/3) of each precision, computed once: ln 2 is needed by every logarithm. */
const LN2_HALVES = new Map();
function halfLn2(bits) {
  let known = LN2_HALVES.get(bits);
  if (!known) {
    known = atanh(1n, 3n, bits);
    LN2_HALVES.set(bits, known);
  }
  return known;
}

/**
 * An interval of units 2^-bits holding ln(value) for a rational value >= 1 (Python's
 * `ln_interval`). The value need not be reduced.
 * @param {Fraction} value @param {number} bits @returns {Interval}
 */
export function lnInterval(value, bits) {
  const n = value.num;
  const d = value.den;
  if (n < d) throw new RangeError('lnInterval takes a value of at least 1');
  if (n === d) return { lo: 0n, hi: 0n, bits };
  let shift = bitLength(n) - bitLength(d);
  if (n < d << BigInt(shift)) shift -= 1;
  const guard = bits + bitLength(BigInt(Math.max(shift, 1))) + 4;
  const base = d << BigInt(shift);
  const logM = atanh(n - base, n + base, guard);
  const log2 = halfLn2(guard);
  const s = BigInt(shift);
  const lo = 2n * (s * log2.lo + logM.lo);
  const hi = 2n * (s * log2.hi + logM.hi);
  const excess = guard - bits;
  return { lo: shiftDown(lo, excess), hi: shiftUp(hi, excess), bits };
}

/** round-half-up(units / 2^bits · 10^places) for units >= 0. */
function rounded(units, bits, places) {
  return (shiftDown(units * 10n ** BigInt(places), bits - 1) + 1n) >> 1n;
}

/**
 * The correctly rounded decimal of a value >= 0 given as intervals of growing precision
 * (Python's `decimal_text`): "0.095", "23.994", "0" only for an interval that is exactly 0.
 * @param {(bits: number) => Interval} compute @param {number} [places] @returns {string}
 */
export function decimalText(compute, places = 3) {
  for (let bits = START_BITS; bits <= MAX_BITS; bits += MORE_BITS) {
    const interval = compute(bits);
    if (interval.hi === 0n) return '0';
    const low = rounded(interval.lo, bits, places);
    const high = rounded(interval.hi, bits, places);
    if (low === high) {
      if (!places) return low.toString();
      const scale = 10n ** BigInt(places);
      return `${low / scale}.${(low % scale).toString().padStart(places, '0')}`;
    }
  }
  throw new RangeError('the value lies on a rounding boundary');
}

/**
 * ln(value) rounded half up to `places` decimals (Python's `ln_decimal`): ln(11/10) ->
 * "0.095", ln(1) -> "0", a value below 1 the negative of ln(1/value) ("-0.693").
 * @param {Fraction} value positive @param {number} [places] @returns {string}
 */
export function lnDecimal(value, places = 3) {
  if (value.num <= 0n || value.den <= 0n) throw new RangeError('ln takes a positive exact rational');
  if (value.num < value.den) return '-' + lnDecimal({ num: value.den, den: value.num }, places);
  return decimalText((bits) => lnInterval(value, bits), places);
}

/**
 * ln(value) for a rational value >= 1 rounded at `places` decimals toward −∞, or toward +∞
 * when `up` (Python's `ln_directed`): an exact decimal, ln 1 = 0. Both ends of the interval
 * are rounded the same way; when they agree, so does the true value between them.
 * @param {Fraction} value @param {number} places @param {boolean} up @returns {Fraction}
 */
export function lnDirected(value, places, up) {
  if (value.den <= 0n || value.num < value.den) throw new RangeError('lnDirected takes a value of at least 1');
  const scale = 10n ** BigInt(places);
  if (value.num === value.den) return { num: 0n, den: 1n };
  for (let bits = START_BITS; bits <= MAX_BITS; bits += MORE_BITS) {
    const { lo, hi } = lnInterval(value, bits);
    const round = up ? shiftUp : shiftDown;
    const low = round(lo * scale, bits);
    if (low === round(hi * scale, bits)) return { num: low, den: scale };
  }
  throw new RangeError('the value lies on a rounding boundary');
}

/**
 * ε = multiplier · ln(ratio) as exact text and as its correctly rounded decimal, the forms of
 * Python's `PureEpsilon.describe()` and `.decimal()`: "ln(3)", "2·ln(3)", "2.197"; a ratio of
 * 1 gives "0". The decimal is ln(ratio^multiplier) rounded by `lnDecimal`, so it is exact.
 * @param {number} multiplier positive integer
 * @param {import('./rational.mjs').Fraction} ratio >= 1
 * @param {number} [places]
 * @returns {{exact: string, decimal: string}}
 */
export function logTerm(multiplier, ratio, places = 3) {
  if (ratio.num === ratio.den) return { exact: '0', decimal: '0' };
  const log = `ln(${fractionStr(ratio)})`;
  return {
    exact: multiplier === 1 ? log : `${multiplier}·${log}`,
    decimal: lnDecimal(power(ratio, multiplier), places),
  };
}

/**
 * The double nearest to a real value given as intervals of growing precision (Python's
 * `nearest_float`): a chart coordinate, deciding nothing. The interval may be negative.
 * @param {(bits: number) => Interval} compute @returns {number}
 */
export function nearestNumber(compute) {
  for (let bits = START_BITS; bits <= MAX_BITS; bits += MORE_BITS) {
    const interval = compute(bits);
    const den = 1n << BigInt(interval.bits);
    const low = toNumber({ num: interval.lo, den });
    if (low === toNumber({ num: interval.hi, den })) return low;
  }
  throw new RangeError('the value lies halfway between two doubles');
}

/**
 * ln(value) of a positive rational as the nearest double (Python's `ln_float`): below 1, the
 * negative of ln(1/value)'s. The value need not be reduced.
 * @param {Fraction} value @returns {number}
 */
export function lnNumber(value) {
  if (value.num <= 0n || value.den <= 0n) throw new RangeError('ln takes a positive exact rational');
  if (value.num < value.den) return -lnNumber({ num: value.den, den: value.num });
  return nearestNumber((bits) => lnInterval(value, bits));
}
