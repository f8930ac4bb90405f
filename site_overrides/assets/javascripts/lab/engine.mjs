/**
 * The composition lab's exact engine: the Python core (generator/) mirrored in BigInt.
 *
 * One protected bit x ∈ {0, 1}; a randomized response reports x with probability p
 * (an integer percent). The engine builds the release channels (fresh, copy, xor) as
 * integer weights over one common denominator, and answers exactly: δ*(α) with its
 * maximal event, the minimum pure ε, the claim check and the composition panel.
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
 * The module has no dependency and no side effect; it runs in browsers and in node.
 * Golden vectors written by `python -m generator golden` hold it to the core
 * (tests/js/engine.test.mjs).
 *
 * @module engine
 */

/** @typedef {{num: bigint, den: bigint}} Fraction  reduced, den > 0 */
/** @typedef {'fresh' | 'copy' | 'xor'} Mode */
/** @typedef {'0→1' | '1→0'} Direction */

// ---------------------------------------------------------------------------------------
// Exact rationals

/** @param {bigint} a @param {bigint} b @returns {bigint} gcd of non-negative a, b */
function gcd(a, b) {
  while (b !== 0n) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}

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
  const g = gcd(num < 0n ? -num : num, den);
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
function coprimeToTen(x) {
  if (x === 1n) return x;
  x >>= BigInt(trailingZeros(x));
  while (x % 5n === 0n) x /= 5n;
  return x;
}

/**
 * num/den reduced fast when den = (2^A · 5^B) · rest, with rest given.
 *
 * Every denominator of the engine has that form: a channel's is s^k with s | 100, and an
 * α typed with one decimal has a denominator dividing 10, so rest is usually 1.
 * Because 2^A, 5^B and rest are pairwise coprime,
 *   gcd(num, den) = gcd(num, 2^A) · gcd(num, 5^B) · gcd(num, rest),
 * and the first two factors are found by stripping common 2s (trailing zero bits) and
 * common 5s (one remainder per factor, usually a single one). Euclid then runs only on
 * rest, which spares the ~400 long divisions Euclid would take on two 700-bit numbers.
 * @param {bigint} num non-negative
 * @param {bigint} den positive
 * @param {bigint} rest the part of den coprime to 10
 * @returns {Fraction}
 */
function reduceTenSmooth(num, den, rest) {
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
 * The reduced fraction string, as Python's `fraction_str`: "3/8", "0", "1", "57/10".
 * @param {Fraction} value @returns {string}
 */
export function fractionStr(value) {
  return value.den === 1n ? value.num.toString() : `${value.num}/${value.den}`;
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

/**
 * The decimal of `decimalStr` and whether it equals the value exactly: it does when
 * value·10^places is an integer, since then the rounding changes nothing (3/8 → "0.375",
 * equal; 1/3 → "0.333", not). Python's `number_html` decides "=" or "≈" the same way.
 * @param {Fraction} value @param {number} [places]
 * @returns {{text: string, equal: boolean}}
 */
export function decimalForm(value, places = 3) {
  return { text: decimalStr(value, places), equal: (value.num * 10n ** BigInt(places)) % value.den === 0n };
}

/** @param {bigint} x positive @returns {number} the number of bits of x */
function bitLength(x) {
  const hex = x.toString(16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(parseInt(hex[0], 16)));
}

/**
 * A chart coordinate: the Number within an ulp of a fraction (reduced or not, den > 0).
 *
 * `Number(num) / Number(den)` would give Infinity / Infinity = NaN once either side has
 * more than 1024 bits (k = 100 already reaches 665). Instead the quotient is taken in
 * BigInt with 64 significant bits, q = floor(num · 2^shift / den), and scaled back by
 * 2^-shift in two halves so that neither power of two overflows or underflows on its own.
 * A value beyond the largest double is clamped to it, never Infinity.
 * @param {Fraction} value @returns {number}
 */
export function toNumber(value) {
  if (value.num === 0n) return 0;
  const magnitude = value.num < 0n ? -value.num : value.num;
  const shift = 64 - (bitLength(magnitude) - bitLength(value.den));
  const quotient =
    shift >= 0 ? (magnitude << BigInt(shift)) / value.den : magnitude / (value.den << BigInt(-shift));
  const half = Math.trunc(shift / 2);
  const result = Number(quotient) * 2 ** -half * 2 ** -(shift - half);
  const bounded = Number.isFinite(result) ? result : Number.MAX_VALUE;
  return value.num < 0n ? -bounded : bounded;
}

/** @param {bigint} n positive @returns {number} ln n, exact input for n < 2^53 */
function naturalLog(n) {
  const bits = bitLength(n);
  if (bits <= 53) return Math.log(Number(n));
  const shift = bits - 53;
  return Math.log(Number(n >> BigInt(shift))) + shift * Math.LN2;
}

/**
 * ε = multiplier · ln(ratio) as exact text and as a decimal to read, the forms of Python's
 * `PureEpsilon.describe()` and `.decimal()`: "ln(3)", "2·ln(3)", "2.197"; a ratio of 1
 * gives "0". The decimal is multiplier · (ln num − ln den) in doubles, printed with
 * `toFixed` (ties, which need a double exactly halfway at the last place, are not met on
 * the lab's domain: the golden vectors check every ε the lab can show).
 * @param {number} multiplier positive integer
 * @param {Fraction} ratio >= 1
 * @param {number} [places]
 * @returns {{exact: string, decimal: string}}
 */
export function logTerm(multiplier, ratio, places = 3) {
  if (ratio.num === ratio.den) return { exact: '0', decimal: '0' };
  const log = `ln(${fractionStr(ratio)})`;
  const value = multiplier * (naturalLog(ratio.num) - naturalLog(ratio.den));
  return { exact: multiplier === 1 ? log : `${multiplier}·${log}`, decimal: value.toFixed(places) };
}

/**
 * ratio^exponent; a reduced n/d stays reduced as n^e/d^e.
 * @param {Fraction} base @param {number} exponent non-negative integer @returns {Fraction}
 */
function power(base, exponent) {
  const e = BigInt(exponent);
  return { num: base.num ** e, den: base.den ** e };
}

// ---------------------------------------------------------------------------------------
// Parsing what people type (the lab's fields and its URL parameters)
//
// The grammar and its reasons are generator/core/rational.py's `read_field`; the limits are
// not typed here but handed in, as generator/core/input_limits.py writes them
// (`FieldLimit.as_json`: the page carries them in data-limit, the golden vectors in
// `limits`). The golden vectors' `parse_cases` hold this reader to Python's, text by text.

/** The release modes, in the order the lab lists them. */
export const MODES = Object.freeze(/** @type {Mode[]} */ (['fresh', 'copy', 'xor']));

const DECIMAL = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const RATIO = /^[0-9]+\/[0-9]+$/;
const DIGITS = /^[0-9]+$/;

/**
 * @typedef {object} FieldLimit  a field's rule, as generator/core/input_limits.py writes it
 * @property {string} name
 * @property {'count' | 'number'} kind  count: plain digits (k, p); number: decimal or ratio
 * @property {string} low  exact bound, "1" or "57/10"
 * @property {string | null} high  null: no upper end
 * @property {number | null} grid  decimals a value may have (0, 1), null: any exact value
 * @property {number} max_chars
 */

/**
 * @template T
 * @typedef {{ok: true, value: T} | {ok: false, reason: ParseFailure}} Parsed
 */
/**
 * Why a text was refused (generator/core/rational.py's `Refusal`):
 *   'empty'     nothing typed (or the parameter is missing);
 *   'too-long'  more than the limit's max_chars characters (a pasted huge number);
 *   'syntax'    not the field's grammar: letters, signs, exponents, spaces, "NaN",
 *               "Infinity", a zero denominator;
 *   'step'      off the field's grid (α is a multiple of 0.1, k and p are integers);
 *   'range'     outside the field's interval.
 * @typedef {'empty' | 'too-long' | 'syntax' | 'step' | 'range'} ParseFailure
 */

/** @param {ParseFailure} reason @returns {{ok: false, reason: ParseFailure}} */
const refuse = (reason) => ({ ok: false, reason });

/**
 * An exact number as people write it: a plain decimal ("3", "5.7", ".5", "0.375") or a
 * ratio of plain integers ("57/10"), reduced, as Python's `parse_rational` reads it.
 * Exponents, signs, spaces, "NaN" and "Infinity" are refused, and so is a zero
 * denominator. No length limit here: the caller applies its field's.
 * @param {string} text @returns {Fraction | null}
 */
export function parseNumber(text) {
  if (DECIMAL.test(text)) {
    const [whole, decimals = ''] = text.split('.');
    return reduceTenSmooth(BigInt((whole || '0') + decimals), 10n ** BigInt(decimals.length), 1n);
  }
  if (RATIO.test(text)) {
    const [num, den] = text.split('/').map(BigInt);
    return den === 0n ? null : fraction(num, den);
  }
  return null;
}

/**
 * The length of a text in code points, as Python's len() counts it (a character outside
 * the BMP is two UTF-16 units in `length`), counted no further than just past `limit`.
 * @param {string} text @param {number} limit @returns {number}
 */
function codePoints(text, limit) {
  if (text.length <= limit) return text.length;
  let count = 0;
  for (const _ of text) {
    count += 1;
    if (count > limit) break;
  }
  return count;
}

/** @param {FieldLimit} limit @param {Fraction} value */
function onGrid(limit, value) {
  return limit.grid === null || (value.num * 10n ** BigInt(limit.grid)) % value.den === 0n;
}

/** @param {FieldLimit} limit @param {Fraction} value */
function inRange(limit, value) {
  const low = /** @type {Fraction} */ (parseNumber(limit.low));
  if (compare(value, low) < 0) return false;
  return limit.high === null || compare(value, /** @type {Fraction} */ (parseNumber(limit.high))) <= 0;
}

/**
 * A typed field read against its limit, as Python's `read_field`: the checks run in a
 * fixed order (empty, length, grammar, grid, interval), so the reason is the first rule
 * broken. A count's value is a Number (k, p), a number's an exact Fraction.
 * @param {unknown} text @param {FieldLimit} limit @returns {Parsed<any>}
 */
export function parseField(text, limit) {
  if (text === undefined || text === null || text === '') return refuse('empty');
  if (typeof text !== 'string') return refuse('syntax');
  if (codePoints(text, limit.max_chars) > limit.max_chars) return refuse('too-long');
  const value = parseNumber(text);
  if (value === null) return refuse('syntax');
  if (limit.kind === 'count' && !DIGITS.test(text)) return refuse(DECIMAL.test(text) ? 'step' : 'syntax');
  if (!onGrid(limit, value)) return refuse('step');
  if (!inRange(limit, value)) return refuse('range');
  return { ok: true, value: limit.kind === 'count' ? Number(value.num) : value };
}

/** @param {unknown} text @returns {Parsed<Mode>} */
export function parseMode(text) {
  if (text === undefined || text === null || text === '') return refuse('empty');
  const mode = MODES.find((m) => m === text);
  return mode ? { ok: true, value: mode } : refuse('syntax');
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
  /** @type {Record<string, Parsed<any>>} */
  const parsed = { mode: parseMode(texts.mode) };
  for (const name of Object.keys(limits)) parsed[name] = parseField(texts[name], limits[name]);
  /** @type {Record<string, any>} */
  const values = {};
  /** @type {Record<string, ParseFailure>} */
  const errors = {};
  for (const [field, result] of Object.entries(parsed)) {
    if (result.ok) values[field] = result.value;
    else errors[field] = result.reason;
  }
  return { ok: Object.keys(errors).length === 0, values, errors };
}

/**
 * A number as the lab's URL writes it: α on its grid with exactly `grid` decimals
 * ("3.0", "5.7"); otherwise the shortest decimal equal to the value when its denominator
 * is 2^a·5^b ("0", "0.72", "0.374"), else the reduced fraction ("1/3").
 * (generator/lessons/composition/lab_url.py's `field_text`.)
 * @param {Fraction} value @param {number | null} grid @returns {string}
 */
export function canonicalNumber(value, grid) {
  if (grid !== null && grid > 0) {
    const scale = 10n ** BigInt(grid);
    const scaled = (value.num * scale) / value.den;
    return `${scaled / scale}.${(scaled % scale).toString().padStart(grid, '0')}`;
  }
  if (coprimeToTen(value.den) !== 1n) return fractionStr(value);
  let places = 0;
  let scale = 1n;
  while (scale % value.den !== 0n) {
    places += 1;
    scale *= 10n;
  }
  const digits = ((value.num * scale) / value.den).toString().padStart(places + 1, '0');
  if (places === 0) return digits;
  const fractionPart = digits.slice(digits.length - places).replace(/0+$/, '');
  const integerPart = digits.slice(0, digits.length - places);
  return fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
}

// ---------------------------------------------------------------------------------------
// Channels (generator/core/channels.py)

/**
 * @typedef {object} Channel
 * @property {Mode} mode
 * @property {number} p
 * @property {number} k
 * @property {string[]} labels
 * @property {bigint[]} weights0  weights0[i] / denominator = P(output i | x = 0)
 * @property {bigint[]} weights1  the same for x = 1
 * @property {bigint} denominator
 * @property {number[]} ratioOrder  the support by non-increasing weights0/weights1
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

/**
 * The support of either distribution by non-increasing w0/w1, ordered by the key
 * w0/(w0 + w1) (the same order, no division by zero); equal keys keep output order.
 * @param {bigint[]} w0 @param {bigint[]} w1 @returns {number[]}
 */
function orderByRatio(w0, w1) {
  const support = [];
  for (let i = 0; i < w0.length; i++) if (w0[i] !== 0n || w1[i] !== 0n) support.push(i);
  // key_j − key_i has the sign of w0_j (w0_i + w1_i) − w0_i (w0_j + w1_j).
  return support.sort((i, j) => {
    const difference = w0[j] * (w0[i] + w1[i]) - w0[i] * (w0[j] + w1[j]);
    return difference > 0n ? 1 : difference < 0n ? -1 : 0;
  });
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
// The privacy profile (generator/core/profile.py)

/**
 * @typedef {object} Profile  a channel with prefix sums along its ratio order
 * @property {Channel} channel
 * @property {number[]} order
 * @property {bigint[]} a  weights0 along the order
 * @property {bigint[]} b  weights1 along the order
 * @property {bigint[]} sumA  sumA[m] = a_0 + … + a_{m−1}
 * @property {bigint[]} sumB
 */

/**
 * Build once per channel, then ask for many α.
 *
 * For α = e^ε >= 1 the least δ with P(S) <= α Q(S) + δ for every event S puts into S
 * exactly the outputs with P_z − α Q_z > 0, in both directions:
 *   δ*(α) = max( Σ_z [P_z − α Q_z]_+ , Σ_z [Q_z − α P_z]_+ ).
 * Along the ratio order (non-increasing a/b) the outputs with a/b > α form a prefix and
 * those with b/a > α a suffix, so prefix sums give each direction in O(1) after a binary
 * search for the cut.
 * @param {Channel} channel @returns {Profile}
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
  return { channel, order, a, b, sumA, sumB };
}

/** @param {unknown} alpha */
function checkAlpha(alpha) {
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

/** @param {bigint} num @param {bigint} scale @param {Fraction} alpha @returns {Fraction} */
function profileFraction(num, scale, alpha) {
  // scale = d · s^k: its factors other than 2 and 5 all come from α's denominator d.
  return reduceTenSmooth(num, scale, coprimeToTen(alpha.den));
}

/**
 * δ*(α), exactly.
 * @param {Profile} profile @param {Fraction} alpha @returns {Fraction}
 */
export function deltaStar(profile, alpha) {
  const { num01, num10, scale } = excesses(profile, alpha);
  return profileFraction(num01 > num10 ? num01 : num10, scale, alpha);
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
    delta: profileFraction(forward ? num01 : num10, scale, alpha),
    event: { direction: forward ? '0→1' : '1→0', outputs },
  };
}

/** The integer α grid 1..100 of the profile chart and of the golden digests. */
export const INTEGER_GRID = Object.freeze(Array.from({ length: 100 }, (_, i) => fraction(BigInt(i + 1))));

// ---------------------------------------------------------------------------------------
// Pure ε (generator/core/pure_epsilon.py)

/**
 * @typedef {{kind: 'zero' | 'finite' | 'infinite', multiplier: number, ratio: Fraction}} PureEpsilon
 *   ε = multiplier · ln(ratio) when finite
 */

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
 * @param {Profile} profile @param {Fraction} alpha0 @returns {Composition}
 */
export function compose(profile, alpha0) {
  checkAlpha(alpha0);
  const channel = profile.channel;
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

/** @param {Fraction | null} value @returns {string | null} */
const optionalStr = (value) => (value === null ? null : fractionStr(value));

/** @param {Channel} channel @param {MaximalEvent} event */
export function eventRecord(channel, event) {
  return { direction: event.direction, outputs: event.outputs.map((i) => channel.labels[i]) };
}

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
 * @param {Profile} profile @param {readonly Fraction[]} alphas
 */
export function profileRecord(profile, alphas) {
  return gridRecord(profile.channel, alphas, alphas.map((alpha) => profilePoint(profile, alpha)));
}

/** @param {Channel} channel @param {ReturnType<typeof checkClaim>} result */
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
