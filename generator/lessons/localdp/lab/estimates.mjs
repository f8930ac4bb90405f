/**
 * The central-and-local lesson's exact arithmetic in BigInt: the browser's twin of
 * generator/core/binomial_tails.py (windows of a binomial law by binary splitting),
 * generator/core/rate_estimation.py (the local and central rate estimates: variance split,
 * count windows, accuracy) and generator/core/shuffle.py (the others' weights by the
 * three-term recurrence and the two laws of the shuffled count). tests/benchmarks/local_dp.py
 * times these same functions (tests/benchmarks/local_dp_bigint.mjs imports them).
 *
 * Every probability here is one integer over a known denominator: b^n for the local estimate
 * (ρ = a/b), (N + D)·b^n·N^i·D^j for the central one (π = a/b, α₀ = N/D) and (N + D)^n for the
 * shuffled count. Such a fraction is reduced by the primes of those few small numbers only
 * (`reduceOver`): gcd(num, den) can hold no other, and each prime's power in den is known
 * from the factors', so no Euclid runs on numbers of some 10⁵ bits.
 *
 * No float decides anything: windows are integer floors and ceilings of exact fractions.
 *
 * @module localdp/estimates
 */

import { add, bitLength, fraction, multiply, subtract } from '#lab/exact/rational.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('#lab/exact/profile.mjs').FiniteChannel} FiniteChannel */

// ---------------------------------------------------------------------------------------
// Binomial windows (generator/core/binomial_tails.py)

/**
 * (P(a, b), Q(a, b), R(a, b)) of the term ratio (k − c)u / ((c + 1)v) over [a, b).
 * @param {number} a @param {number} b @param {number} k @param {bigint} u @param {bigint} v
 * @returns {[bigint, bigint, bigint]}
 */
function split(a, b, k, u, v) {
  if (b - a === 1) {
    const q = BigInt(a + 1) * v;
    return [BigInt(k - a) * u, q, q];
  }
  const middle = (a + b) >> 1;
  const [p1, q1, r1] = split(a, middle, k, u, v);
  const [p2, q2, r2] = split(middle, b, k, u, v);
  return [p1 * p2, q1 * q2, r1 * q2 + p1 * r2];
}

/** @param {number} lo @param {number} hi @returns {bigint} lo·(lo + 1)·…·(hi − 1), a product tree */
function rising(lo, hi) {
  if (hi - lo <= 0) return 1n;
  if (hi - lo === 1) return BigInt(lo);
  const middle = (lo + hi) >> 1;
  return rising(lo, middle) * rising(middle, hi);
}

/**
 * C(n, c)·u^c·v^(n − c).
 * @param {number} n @param {number} c @param {bigint} u @param {bigint} v @returns {bigint}
 */
export function term(n, c, u, v) {
  return (rising(n - c + 1, n + 1) / rising(1, c + 1)) * u ** BigInt(c) * v ** BigInt(n - c);
}

/** Σ_{c=lo}^{hi} C(n, c)u^c v^(n−c), 0 <= lo <= hi <= n, v > 0: T_lo·R/Q (binary splitting). */
function run(/** @type {number} */ n, /** @type {number} */ lo, /** @type {number} */ hi, /** @type {bigint} */ u, /** @type {bigint} */ v) {
  const first = term(n, lo, u, v);
  if (lo === hi) return first;
  const [, q, r] = split(lo, hi + 1, n, u, v);
  return (first * r) / q;
}

/**
 * Σ_{c=lo}^{hi} C(n, c)·u^c·v^(n − c) for any integers lo, hi (clamped to 0..n): directly when
 * the window holds at most half of the terms, else (u + v)^n minus the two runs outside it.
 * @param {number} n @param {number} lo @param {number} hi @param {bigint} u @param {bigint} v
 * @returns {bigint}
 */
export function binomialWindow(n, lo, hi, u, v) {
  lo = Math.max(lo, 0);
  hi = Math.min(hi, n);
  if (lo > hi) return 0n;
  if (u === 0n || v === 0n) {
    const only = u === 0n ? 0 : n;
    return lo <= only && only <= hi ? (u + v) ** BigInt(n) : 0n;
  }
  if (2 * (hi - lo + 1) <= n + 1) return run(n, lo, hi, u, v);
  const below = lo > 0 ? run(n, 0, lo - 1, u, v) : 0n;
  const above = hi < n ? run(n, hi + 1, n, u, v) : 0n;
  return (u + v) ** BigInt(n) - below - above;
}

// ---------------------------------------------------------------------------------------
// Reducing a fraction whose denominator's primes are known

/** @param {bigint} x positive, at most about 10¹⁰ @returns {bigint[]} its prime factors */
function primes(x) {
  /** @type {bigint[]} */
  const found = [];
  let rest = Number(x);
  for (let q = 2; q * q <= rest; q += q === 2 ? 1 : 2) {
    if (rest % q === 0) {
      found.push(BigInt(q));
      while (rest % q === 0) rest /= q;
    }
  }
  if (rest > 1) found.push(BigInt(rest));
  return found;
}

/** @param {bigint} x positive @returns {number} how often 2 divides x (its trailing zero bits) */
function trailingZeros(x) {
  return bitLength(x & -x) - 1;
}

/**
 * x divided by q as often as q divides it, at most `cap` times: by chunks q^c whose c doubles
 * while they divide and starts again at 1 when one does not, so a numerator that holds
 * thousands of q (a power of α₀'s denominator, say) takes some log₂ steps, not thousands.
 * @param {bigint} x positive @param {bigint} q prime @param {number} cap
 * @returns {[bigint, number]} the quotient and how many q it held
 */
function strip(x, q, cap) {
  if (q === 2n) {
    const count = Math.min(trailingZeros(x), cap);
    return [x >> BigInt(count), count];
  }
  let count = 0;
  let chunk = 1;
  while (count < cap) {
    const c = Math.min(chunk, cap - count);
    const divisor = q ** BigInt(c);
    if (x % divisor === 0n) {
      x /= divisor;
      count += c;
      chunk *= 2;
    } else if (c === 1) {
      break;
    } else {
      chunk = 1;
    }
  }
  return [x, count];
}

/**
 * num/den reduced, where den = Π factor^exponent over `powers` (small positive factors): for
 * each prime q of a factor, e_q(den) = Σ exponent·e_q(factor) is known without touching den,
 * and q^min(e_q(num), e_q(den)) is divided out of both (:func:`strip`).
 * @param {bigint} num non-negative @param {bigint} den positive
 * @param {[bigint, number][]} powers den as (factor, exponent) pairs
 * @returns {Fraction}
 */
export function reduceOver(num, den, powers) {
  if (num === 0n) return { num: 0n, den: 1n };
  if (num === den) return { num: 1n, den: 1n };
  /** @type {Map<bigint, number>} */
  const exponents = new Map();
  for (const [factor, exponent] of powers) {
    for (const q of primes(factor)) {
      exponents.set(q, (exponents.get(q) ?? 0) + exponent * strip(factor, q, Infinity)[1]);
    }
  }
  for (const [q, inDen] of exponents) {
    const [rest, shared] = strip(num, q, inDen);
    if (shared === 0) continue;
    num = rest;
    den = q === 2n ? den >> BigInt(shared) : den / q ** BigInt(shared);
  }
  return { num, den };
}

// ---------------------------------------------------------------------------------------
// The rate estimates (generator/core/rate_estimation.py)

/** @param {bigint} a @param {bigint} b b > 0 @returns {bigint} ⌊a/b⌋ */
const floorDiv = (a, b) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
/** @param {bigint} a @param {bigint} b b > 0 @returns {bigint} ⌈a/b⌉ */
const ceilDiv = (a, b) => -floorDiv(-a, b);
/** @param {bigint} x @param {number} n @returns {number} x clamped to −1..n + 1, as a Number */
const clamp = (x, n) => Number(x < -1n ? -1n : x > BigInt(n + 1) ? BigInt(n + 1) : x);

/**
 * One setting of the lesson: n users, the true rate π, α₀ = N/D > 1.
 * @typedef {{n: number, rate: Fraction, alpha0: Fraction}} RateSetting
 */

/** @param {RateSetting} setting @returns {Fraction} p = α₀/(1 + α₀) */
export function truth({ alpha0 }) {
  return fraction(alpha0.num, alpha0.num + alpha0.den);
}

/** @param {RateSetting} setting @returns {Fraction} ρ = πp + (1 − π)(1 − p) */
export function reportRate(setting) {
  const { rate, alpha0 } = setting;
  const big = alpha0.num;
  const small = alpha0.den;
  return fraction(rate.num * big + (rate.den - rate.num) * small, rate.den * (big + small));
}

/**
 * The sampling part π(1 − π)/n both estimates share.
 * @param {RateSetting} setting @returns {Fraction}
 */
export function samplingVariance({ n, rate }) {
  return fraction(rate.num * (rate.den - rate.num), rate.den * rate.den * BigInt(n));
}

/** @param {RateSetting} setting @returns {Fraction} α₀/(n(α₀ − 1)²), the local privacy part */
export function localPrivacyVariance({ n, alpha0 }) {
  const gap = alpha0.num - alpha0.den;
  return fraction(alpha0.num * alpha0.den, BigInt(n) * gap * gap);
}

/** @param {RateSetting} setting @returns {Fraction} 2α₀/(n²(α₀ − 1)²), the central privacy part */
export function centralPrivacyVariance({ n, alpha0 }) {
  const gap = alpha0.num - alpha0.den;
  return fraction(2n * alpha0.num * alpha0.den, BigInt(n) * BigInt(n) * gap * gap);
}

/**
 * The counts c with |π̂(c) − π| <= t: lo..hi (empty when lo > hi), from
 * n(ρ − t(2p − 1)) <= C <= n(ρ + t(2p − 1)), 2p − 1 = (N − D)/(N + D).
 * @param {RateSetting} setting @param {Fraction} tolerance @returns {[number, number]}
 */
export function countWindow(setting, tolerance) {
  const { n, alpha0 } = setting;
  const rho = reportRate(setting);
  const spreadNum = tolerance.num * (alpha0.num - alpha0.den);
  const spreadDen = tolerance.den * (alpha0.num + alpha0.den);
  // n(ρ ∓ spread) = n(a·sD ∓ sN·b)/(b·sD)
  const scale = rho.den * spreadDen;
  const lo = ceilDiv(BigInt(n) * (rho.num * spreadDen - spreadNum * rho.den), scale);
  const hi = floorDiv(BigInt(n) * (rho.num * spreadDen + spreadNum * rho.den), scale);
  return [Math.max(0, clamp(lo, n)), Math.min(n, clamp(hi, n))];
}

/**
 * P(|π̂ − π| <= t) of the local estimate, exactly: the binomial window over b^n.
 * @param {RateSetting} setting @param {Fraction} tolerance @returns {Fraction}
 */
export function localAccuracy(setting, tolerance) {
  const [lo, hi] = countWindow(setting, tolerance);
  const rho = reportRate(setting);
  const window = binomialWindow(setting.n, lo, hi, rho.num, rho.den - rho.num);
  return reduceOver(window, rho.den ** BigInt(setting.n), [[rho.den, setting.n]]);
}

/**
 * P(|π̂_c − π| <= t) of the central estimate, exactly: G(B) − G(A − 1) over the windows of
 * three binomials (rate_estimation.CentralEstimate.accuracy derives it), A = ⌈n(π − t)⌉,
 * B = ⌊n(π + t)⌋, all terms over one denominator before one reduction.
 * @param {RateSetting} setting @param {Fraction} tolerance @returns {Fraction}
 */
export function centralAccuracy(setting, tolerance) {
  const { n, rate, alpha0 } = setting;
  const big = alpha0.num;
  const small = alpha0.den;
  const scale = rate.den * tolerance.den;
  // n(π − t) >= −n and n(π + t) <= 2n: both ends are small integers (never clamped, as the
  // noise reaches past 0..n)
  const lo = Number(ceilDiv(BigInt(n) * (rate.num * tolerance.den - tolerance.num * rate.den), scale));
  const hi = Number(floorDiv(BigInt(n) * (rate.num * tolerance.den + tolerance.num * rate.den), scale));
  if (lo > hi) return { num: 0n, den: 1n };
  const a = rate.num;
  const rest = rate.den - rate.num;
  // The two ends m = B and m = A − 1 share their long runs: with W(x, y) the window x..y,
  // W(0, B) = W(0, A − 1) + W(A, B) and W(A, n) = W(A, B) + W(B + 1, n), and A..B holds only
  // some 2nt + 1 counts, so each of the three binomials takes one long window and one short.
  /** @param {bigint} u @param {bigint} v @param {boolean} upper @returns {[bigint, bigint]} its sums up to B and A − 1, or from B + 1 and A */
  const windows = (u, v, upper) => {
    const short = binomialWindow(n, lo, hi, u, v);
    if (upper) {
      const above = binomialWindow(n, hi + 1, n, u, v);
      return [above, short + above];
    }
    const below = binomialWindow(n, 0, lo - 1, u, v);
    return [below + short, below];
  };
  const plain = windows(a, rest, false);
  const tilted = windows(a * big, rest * small, false);
  const mirrored = windows(a * small, rest * big, true);
  /** @type {[bigint, bigint, number, number][]} (sign, integer, power of N, power of D) */
  const terms = [];
  for (const [i, sign, m] of /** @type {[number, bigint, number][]} */ ([[0, 1n, hi], [1, -1n, lo - 1]])) {
    terms.push([sign, (big + small) * plain[i], 0, 0]);
    terms.push([-sign, tilted[i], -m, m + 1 - n]);
    terms.push([sign, mirrored[i], m + 1 - n, -m]);
  }
  const live = terms.filter((entry) => entry[1] !== 0n);
  if (live.length === 0) return { num: 0n, den: 1n };
  const lowN = Math.min(...live.map((entry) => entry[2]));
  const lowD = Math.min(...live.map((entry) => entry[3]));
  let numerator = 0n;
  for (const [sign, x, i, j] of live) numerator += sign * x * big ** BigInt(i - lowN) * small ** BigInt(j - lowD);
  const denominator = (big + small) * rate.den ** BigInt(n) * big ** BigInt(-lowN) * small ** BigInt(-lowD);
  return reduceOver(numerator, denominator, [
    [big + small, 1],
    [rate.den, n],
    [big, -lowN],
    [small, -lowD],
  ]);
}

// ---------------------------------------------------------------------------------------
// The shuffled count (generator/core/shuffle.py)

/**
 * Calls `each(k, g_k)` for k = 0..n − 1 (or, `down`, k = n − 1..0), the others' count of ones
 * times (u + v)^(n−1), by the three-term recurrence A_k·g_(k+1) = M_k·g_k + B_k·g_(k−1) with
 * A_k = u·v·(k + 1), B_k = u·v·(n − k), M_k = j·u² + m·v² − (u² + v²)·k (j + m = n − 1):
 * upwards from g_0 = v^j·u^m (every other report a zero), solved for g_(k+1); downwards from
 * g_(n−1) = u^j·v^m (every other report a one), solved for g_(k−1). Either division is exact,
 * and only two weights are held at a time. It stops early when `each` returns false.
 * @param {number} n @param {number} ones @param {Fraction} alpha0
 * @param {(k: number, weight: bigint) => boolean | void} each @param {boolean} [down]
 */
function eachOthersWeight(n, ones, alpha0, each, down = false) {
  const u = alpha0.num;
  const v = alpha0.den;
  const j = BigInt(ones);
  const m = BigInt(n - 1 - ones);
  const uv = u * v;
  const squares = u * u + v * v;
  const step = down ? -1 : 1;
  let k = down ? n - 1 : 0;
  let middle = j * u * u + m * v * v - squares * BigInt(k); // M_k
  let ahead = uv * BigInt(k + 1); // A_k
  let behind = uv * BigInt(n - k); // B_k
  let passed = 0n; // the weight on the side already walked: g_(−1) or g_n, both 0
  let current = down ? u ** j * v ** m : v ** j * u ** m;
  if (each(k, current) === false) return;
  for (k += step; k >= 0 && k < n; k += step) {
    const weight = down ? (ahead * passed - middle * current) / behind : (middle * current + behind * passed) / ahead;
    passed = current;
    current = weight;
    middle -= BigInt(step) * squares;
    ahead += BigInt(step) * uv;
    behind -= BigInt(step) * uv;
    if (each(k, current) === false) return;
  }
}

/**
 * g_0..g_(n−1) (shuffle.others_weights).
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @returns {bigint[]}
 */
export function othersWeights(n, ones, alpha0) {
  /** @type {bigint[]} */
  const weights = [];
  eachOthersWeight(n, ones, alpha0, (_, weight) => {
    weights.push(weight);
  });
  return weights;
}

/**
 * The count of ones of n shuffled reports for the target's bit x = 0 and x = 1, the other
 * n − 1 bits holding `ones` ones; outputs "0".."n" over (N + D)^n, already in ratio order.
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @returns {FiniteChannel}
 */
export function shuffledCount(n, ones, alpha0) {
  const g = othersWeights(n, ones, alpha0);
  const u = alpha0.num;
  const v = alpha0.den;
  const weights0 = [];
  const weights1 = [];
  for (let k = 0; k <= n; k++) {
    const here = k < n ? g[k] : 0n;
    const before = k > 0 ? g[k - 1] : 0n;
    weights0.push(u * here + v * before);
    weights1.push(v * here + u * before);
  }
  return {
    labels: weights0.map((_, k) => String(k)),
    weights0,
    weights1,
    denominator: (u + v) ** BigInt(n),
    ratioOrder: weights0.map((_, k) => k),
  };
}

/**
 * δ*(α) of the shuffled count, exactly, in one pass over the outputs k = 0..n without storing
 * the laws: at α = a/d the excess of output k is (d·w0_k − a·w1_k)/(d·(u + v)^n) one way and
 * (d·w1_k − a·w0_k)/(…) the other, with w0_k = u·g_k + v·g_(k−1) and w1_k = v·g_k + u·g_(k−1);
 * δ* is the larger sum of the positive ones (by the ratio order these are a prefix and a
 * suffix, the events of exact/profile.mjs's excesses), reduced by the primes of d and u + v.
 * At α >= α₀ it is 0 without a pass: the count post-processes one report, which needs none.
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @param {Fraction} alpha
 * @returns {Fraction}
 */
export function shuffledDelta(n, ones, alpha0, alpha) {
  // α >= α₀: one report needs no δ, and the count is its post-processing (the module's note)
  if (alpha.num * alpha0.den >= alpha0.num * alpha.den) return { num: 0n, den: 1n };
  const u = alpha0.num;
  const v = alpha0.den;
  const a = alpha.num;
  const d = alpha.den;
  // d·w0_k − a·w1_k = c1·g_k + c2·g_(k−1) and d·w1_k − a·w0_k = c2·g_k + c1·g_(k−1)
  const c1 = d * u - a * v;
  const c2 = d * v - a * u;
  // The forward excesses c1·g_k + c2·g_(k−1) are positive on a prefix of k = 0..n and the
  // backward ones c2·g_k + c1·g_(k−1) on a suffix (the ratio order): each sum runs from its
  // own end and stops at its first excess that is not positive. The claim is 1 <= α < α₀, so
  // c1 > 0 > c2: the last output's forward excess c2·g_(n−1) and the first's backward one
  // c2·g_0 are negative, and neither pass reaches the far end. The two stretches are disjoint
  // (w0 > α·w1 and w1 > α·w0 exclude each other at α >= 1), so the weights in between, where
  // neither way has an excess, are never made.
  let forward = 0n;
  let before = 0n; // g_(k−1)
  eachOthersWeight(n, ones, alpha0, (_, here) => {
    const excess = c1 * here + c2 * before;
    before = here;
    if (excess <= 0n) return false;
    forward += excess;
    return true;
  });
  let backward = 0n;
  let after = 0n; // g_k, one above the weight in hand (g_n = 0)
  /** @param {number} _ @param {bigint} here */
  const downward = (_, here) => {
    // output k + 1 holds g_(k+1) = after and g_k = here
    const excess = c2 * after + c1 * here;
    after = here;
    if (excess <= 0n) return false;
    backward += excess;
    return true;
  };
  eachOthersWeight(n, ones, alpha0, downward, true);
  // over the scale d·(u + v)^n
  return reduceOver(forward > backward ? forward : backward, d * (u + v) ** BigInt(n), [
    [d, 1],
    [u + v, n],
  ]);
}

/**
 * One report's δ*(α) = [α₀ − α]_+/(1 + α₀).
 * @param {Fraction} alpha0 @param {Fraction} alpha @returns {Fraction}
 */
export function localDelta(alpha0, alpha) {
  const gap = subtract(alpha0, alpha);
  if (gap.num <= 0n) return { num: 0n, den: 1n };
  return multiply(gap, fraction(alpha0.den, alpha0.num + alpha0.den));
}

/** The total variance of an estimate: its sampling part plus its privacy part. */
export const total = add;
