/**
 * Exact rationals for the labs' engines: BigInt fractions, their arithmetic and their text
 * forms, the mirror of Python's `fractions.Fraction` and of generator/core/rational.py's writers.
 *
 * Rules kept:
 * - A fraction is `{num, den}` of BigInts with `den > 0` and `gcd(num, den) = 1`. Every
 *   function here returns reduced fractions and expects reduced ones (`toNumber` also
 *   takes an unreduced one).
 * - No float decides anything. Comparisons are integer cross-products. Numbers appear only
 *   as chart coordinates (`toNumber`) and in the decimals people read (`decimalStr`,
 *   `logTerm` in exact/logarithm.mjs).
 * - Exact values leave an engine as strings with the same shapes as
 *   generator/course/records.py (`"3/8"`, `"-1/2"`, `"0"`, `"1"`); `parseFractionStr` reads
 *   them back, and nothing else.
 *
 * Sums and products stay reduced without Euclid on the full results (Knuth, TAOCP 4.5.1).
 * With a/b and c/d reduced:
 *   a/b · c/d: g = gcd(a, d) and h = gcd(c, b) give (a/g · c/h) / (b/h · d/g), reduced, as
 *              a/g shares nothing with b or d/g, and c/h nothing with d or b/h.
 *   a/b + c/d: g = gcd(b, d), b = g·b′, d = g·d′ with gcd(b′, d′) = 1. The sum is
 *              t / (g·b′·d′) with t = a·d′ + c·b′. A prime of b′ would divide a·d′ if it
 *              divided t, yet it divides neither a nor d′ (likewise for d′), so
 *              gcd(t, g·b′·d′) = h = gcd(t, g) and the sum is (t/h) / (b′ · d/h).
 *
 * The module has no dependency and no side effect; it runs in browsers and in node
 * (tests/js/exact.test.mjs, and through the engines the golden vectors).
 *
 * @module exact/rational
 */

/** @typedef {{num: bigint, den: bigint}} Fraction  reduced, den > 0 */

/**
 * gcd(a, b) of non-negative BigInts by Lehmer's method (Knuth, TAOCP 4.5.2, Algorithm L):
 * the quotients of Euclid's algorithm on a and b are those on their leading 48 bits as long
 * as both bounds (x + A)/(y + C) and (x + B)/(y + D) agree, so one step of doubles (exact
 * below 2^53) stands for many long divisions; the cofactors then update a and b at once.
 * Long fractions need it: reducing two terms of some 30 000 bits takes Euclid's algorithm
 * thousands of long divisions.
 * Numbers of up to 64 bits, or of very different sizes, take Euclid's step.
 * @param {bigint} a @param {bigint} b @returns {bigint}
 */
export function gcd(a, b) {
  if (a < b) [a, b] = [b, a];
  while (b > 0n) {
    const size = a.toString(16).length * 4;
    if (size <= 64 || b.toString(16).length * 4 < size - 32) {
      [a, b] = [b, a % b];
      continue;
    }
    const shift = BigInt(size - 48);
    let x = Number(a >> shift);
    let y = Number(b >> shift);
    let A = 1;
    let B = 0;
    let C = 0;
    let D = 1;
    while (y + C !== 0 && y + D !== 0) {
      const q = Math.floor((x + A) / (y + C));
      if (q !== Math.floor((x + B) / (y + D))) break;
      [A, C] = [C, A - q * C];
      [B, D] = [D, B - q * D];
      [x, y] = [y, x - q * y];
    }
    if (B === 0) [a, b] = [b, a % b];
    else [a, b] = [BigInt(A) * a + BigInt(B) * b, BigInt(C) * a + BigInt(D) * b];
  }
  return a;
}


/** @param {bigint} x @returns {bigint} |x| */
const magnitude = (x) => (x < 0n ? -x : x);

/**
 * The reduced fraction num/den (den ≠ 0; the sign moves to the numerator).
 * @param {bigint} num
 * @param {bigint} [den]
 * @returns {Fraction}
 */
export function fraction(num, den = 1n) {
  if (typeof num !== 'bigint' || typeof den !== 'bigint') {
    throw new TypeError('fraction needs BigInt numerator and denominator');
  }
  if (den === 0n) throw new RangeError('zero denominator');
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcd(magnitude(num), den);
  return g === 1n ? { num, den } : { num: num / g, den: den / g };
}

/** @param {bigint} x positive @returns {number} how many times 2 divides x */
function trailingZeros(x) {
  let count = 0;
  while ((x & 0xffffffffn) === 0n) {
    x >>= 32n;
    count += 32;
  }
  const low = Number(x & 0xffffffffn);
  return count + 31 - Math.clz32(low & -low);
}

/** @param {bigint} x positive @returns {bigint} x without its factors 2 and 5 */
export function coprimeToTen(x) {
  if (x === 1n) return x;
  x >>= BigInt(trailingZeros(x));
  while (x % 5n === 0n) x /= 5n;
  return x;
}

/**
 * num/den reduced fast when den = (2^A · 5^B) · rest, with rest given.
 *
 * The engines' denominators mostly have that form with a small rest: a composition
 * channel's is s^k with s | 100, and an α typed with one decimal has a denominator
 * dividing 10, so rest is usually 1. Because 2^A, 5^B and rest are pairwise coprime,
 *   gcd(num, den) = gcd(num, 2^A) · gcd(num, 5^B) · gcd(num, rest),
 * and the first two factors are found by stripping common 2s (trailing zero bits) and
 * common 5s (one remainder per factor, usually a single one). Euclid then runs only on
 * rest, which spares the ~400 long divisions Euclid would take on two 700-bit numbers.
 * @param {bigint} num non-negative
 * @param {bigint} den positive
 * @param {bigint} rest the part of den coprime to 10
 * @returns {Fraction}
 */
export function reduceTenSmooth(num, den, rest) {
  if (num === 0n) return { num: 0n, den: 1n };
  const twos = BigInt(Math.min(trailingZeros(num), trailingZeros(den)));
  if (twos !== 0n) {
    num >>= twos;
    den >>= twos;
  }
  while (num % 5n === 0n && den % 5n === 0n) {
    num /= 5n;
    den /= 5n;
  }
  if (rest !== 1n) {
    const g = gcd(rest, num % rest);
    if (g !== 1n) {
      num /= g;
      den /= g;
    }
  }
  return { num, den };
}

/**
 * The sign of a − b, by the integer cross-product a.num · b.den − b.num · a.den
 * (both denominators are positive, so the sign carries over).
 * @param {Fraction} a @param {Fraction} b @returns {-1 | 0 | 1}
 */
export function compare(a, b) {
  const difference = a.num * b.den - b.num * a.den;
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

/** @param {unknown} value @returns {value is Fraction} */
export function isFraction(value) {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (/** @type {any} */ (value).num) === 'bigint' &&
    typeof (/** @type {any} */ (value).den) === 'bigint' &&
    /** @type {any} */ (value).den > 0n
  );
}

/**
 * a + b, reduced by gcd(t, g) only (the header derives why that suffices).
 * @param {Fraction} a @param {Fraction} b @returns {Fraction}
 */
export function add(a, b) {
  const g = gcd(a.den, b.den);
  if (g === 1n) return { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
  const t = a.num * (b.den / g) + b.num * (a.den / g);
  const h = gcd(magnitude(t), g);
  return { num: t / h, den: (a.den / g) * (b.den / h) };
}

/** @param {Fraction} a @param {Fraction} b @returns {Fraction} a − b, reduced */
export function subtract(a, b) {
  return add(a, { num: -b.num, den: b.den });
}

/**
 * a · b, reduced by the two cross gcds (the header derives why they suffice).
 * @param {Fraction} a @param {Fraction} b @returns {Fraction}
 */
export function multiply(a, b) {
  const g = gcd(magnitude(a.num), b.den);
  const h = gcd(magnitude(b.num), a.den);
  return { num: (a.num / g) * (b.num / h), den: (a.den / h) * (b.den / g) };
}

/**
 * ratio^exponent; a reduced n/d stays reduced as n^e/d^e.
 * @param {Fraction} base @param {number} exponent non-negative integer @returns {Fraction}
 */
export function power(base, exponent) {
  const e = BigInt(exponent);
  return { num: base.num ** e, den: base.den ** e };
}

/**
 * The last long texts `fractionStr` wrote, with their values. An exact value crosses an
 * engine's record as its text, and the view reads it back (`writtenFraction`) in the same
 * update; at n = 10 000 the local-DP lab's fractions have terms of some 46 000 digits, whose
 * parsing costs more than remembering them. Only texts of at least `LONG` characters are kept.
 * @type {Map<string, Fraction>}
 */
const written = new Map();
const REMEMBERED = 16;
const LONG = 1000;

/**
 * The reduced fraction string, as Python's `fraction_str`: "3/8", "0", "1", "57/10".
 * @param {Fraction} value @returns {string}
 */
export function fractionStr(value) {
  const text = value.den === 1n ? value.num.toString() : `${value.num}/${value.den}`;
  if (text.length >= LONG) {
    written.delete(text);
    written.set(text, value);
    if (written.size > REMEMBERED) written.delete(/** @type {string} */ (written.keys().next().value));
  }
  return text;
}

/**
 * The fraction `fractionStr` recently wrote as `text` (one of its last long texts), or
 * undefined: a reader then parses the text itself.
 * @param {string} text @returns {Fraction | undefined}
 */
export function writtenFraction(text) {
  return written.get(text);
}

const FRACTION_STR = /^-?[0-9]+(?:\/[0-9]+)?$/;

/**
 * The fraction a `fractionStr` text stands for ("3/8", "-1/2", "0", "2"): exact values an
 * engine wrote, read back. Only that one form is read, so `fractionStr` of the result is
 * the text again; anything else ("4/8", "3/1", "-0", "+1", "0.5", "1/0") throws, since it
 * was not written by an engine. What people type goes through exact/numbers.mjs instead.
 * @param {string} text @returns {Fraction}
 */
export function parseFractionStr(text) {
  if (typeof text !== 'string' || !FRACTION_STR.test(text)) {
    throw new SyntaxError(`not a reduced fraction string: ${String(text)}`);
  }
  const [num, den = '1'] = text.split('/');
  const divisor = BigInt(den);
  const value = divisor === 0n ? null : fraction(BigInt(num), divisor);
  if (value === null || fractionStr(value) !== text) {
    throw new SyntaxError(`not a reduced fraction string: ${text}`);
  }
  return value;
}

/**
 * A decimal for reading, as Python's `decimal_str`: half-up at `places` digits, trailing
 * zeros dropped (3/8 → "0.375", 18/25 → "0.72", 1 → "1", 1/3 → "0.333").
 * For v = n/d >= 0 the rounded scaled value is floor(v·10^places + 1/2)
 * = floor((2·n·10^places + d) / (2·d)), an integer division.
 * @param {Fraction} value @param {number} [places] @returns {string}
 */
export function decimalStr(value, places = 3) {
  if (value.num < 0n) return '-' + decimalStr({ num: -value.num, den: value.den }, places);
  const whole = (2n * value.num * 10n ** BigInt(places) + value.den) / (2n * value.den);
  const digits = whole.toString().padStart(places + 1, '0');
  const integerPart = digits.slice(0, digits.length - places);
  const fractionPart = digits.slice(digits.length - places).replace(/0+$/, '');
  return fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
}

/** Python's `_scaled_text`: units of 10^-places as text, every place kept. @param {bigint} units @param {number} places */
function scaledText(units, places) {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  return places ? `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}` : sign + digits;
}

/**
 * The largest `places`-decimal number at most `value`, every place kept (Python's
 * `floor_decimal`): 7/10 at 4 places -> "0.7000".
 * @param {Fraction} value @param {number} places @returns {string}
 */
export function floorDecimal(value, places) {
  const scaled = value.num * 10n ** BigInt(places);
  const q = scaled / value.den;
  return scaledText(scaled < 0n && q * value.den !== scaled ? q - 1n : q, places);
}

/**
 * The smallest `places`-decimal number at least `value`, every place kept (Python's `ceil_decimal`).
 * @param {Fraction} value @param {number} places @returns {string}
 */
export function ceilDecimal(value, places) {
  const scaled = value.num * 10n ** BigInt(places);
  const q = scaled / value.den;
  return scaledText(scaled > 0n && q * value.den !== scaled ? q + 1n : q, places);
}

/** @param {bigint} x positive @returns {number} the number of bits of x */
export function bitLength(x) {
  if (x < 0n) x = -x;
  if (x === 0n) return 0;
  const hex = x.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(parseInt(hex[0], 16)));
}

/**
 * A chart coordinate: the Number nearest to a fraction (reduced or not, den > 0), as
 * Python's float(Fraction) rounds it (generator/course/charts.py's `coordinate`).
 *
 * `Number(num) / Number(den)` would give Infinity / Infinity = NaN once either side has
 * more than 1024 bits (k = 100 already reaches 665). Instead the quotient is taken in
 * BigInt with 64 significant bits, q = floor(num · 2^shift / den), with its lowest bit set
 * when the division leaves a remainder (a sticky bit: q's bits below the double's 53 then
 * round to nearest, ties to even, exactly as the exact quotient's would), and scaled back
 * by 2^-shift in two halves so that neither power of two overflows or underflows on its
 * own; in the normal range both scalings are exact. A value beyond the largest double is
 * clamped to it, never Infinity.
 * @param {Fraction} value @returns {number}
 */
export function toNumber(value) {
  if (value.num === 0n) return 0;
  const size = magnitude(value.num);
  const shift = 64 - (bitLength(size) - bitLength(value.den));
  const numerator = shift >= 0 ? size << BigInt(shift) : size;
  const denominator = shift >= 0 ? value.den : value.den << BigInt(-shift);
  let quotient = numerator / denominator;
  if (quotient * denominator !== numerator) quotient |= 1n;
  const half = Math.trunc(shift / 2);
  const result = Number(quotient) * 2 ** -half * 2 ** -(shift - half);
  const bounded = Number.isFinite(result) ? result : Number.MAX_VALUE;
  return value.num < 0n ? -bounded : bounded;
}

