/**
 * The central-and-local lesson's exact arithmetic in BigInt, over the kernel's binomial
 * windows (exact/binomial_tails.mjs): the browser's twin of generator/core/rate_estimation.py
 * (the local and central rate estimates: variance split, count windows, accuracy) and generator/core/shuffle.py (the others' weights by their
 * three-term recurrence, the two laws of the shuffled count, and its δ* from two points of
 * the recurrence's walk, formed by binary splitting). tests/benchmarks/local_dp.py
 * times these same functions (tests/benchmarks/local_dp_bigint.mjs imports them).
 *
 * Every probability here is one integer over a known denominator: b^n for the local estimate
 * (ρ = a/b), (N + D)·b^n·N^i·D^j for the central one (π = a/b, α₀ = N/D) and (N + D)^n for the
 * shuffled count. Such a fraction is reduced by the primes of those few small numbers only
 * (`reduceOver`): gcd(num, den) can hold no other, and each prime's power in den is known
 * from the factors', so no Euclid runs on numbers of some 10⁵ bits.
 *
 * No float decides anything: windows are integer floors and ceilings of exact fractions, and
 * the one float guess (where the shuffled count's excess changes sign) only says where an
 * exact walk begins.
 *
 * @module localdp/estimates
 */

import { binomialWindow } from '#lab/exact/binomial_tails.mjs';
import { add, bitLength, fraction, multiply, subtract } from '#lab/exact/rational.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('#lab/exact/profile.mjs').FiniteChannel} FiniteChannel */

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
 * x divided by q as often as q divides it, at most `cap` times, in some 2·log₂ steps however
 * many q it holds (a power of α₀'s denominator can put thousands in a numerator): up through
 * q, q², q⁴, … while each divides what is left, then down the same powers once each, which
 * takes the binary digits of the count that is left (fewer than the last power that failed).
 * @param {bigint} x positive @param {bigint} q prime @param {number} cap
 * @returns {[bigint, number]} the quotient and how many q it held
 */
function strip(x, q, cap) {
  if (q === 2n) {
    const count = Math.min(trailingZeros(x), cap);
    return [x >> BigInt(count), count];
  }
  let count = 0;
  const powers = [q]; // powers[i] = q^(2^i)
  let i = 0;
  while (count + 2 ** i <= cap && x % powers[i] === 0n) {
    x /= powers[i];
    count += 2 ** i;
    powers.push(powers[i] * powers[i]);
    i += 1;
  }
  for (i -= 1; i >= 0; i--) {
    if (count + 2 ** i <= cap && x % powers[i] === 0n) {
      x /= powers[i];
      count += 2 ** i;
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
 * The three-term recurrence of the others' weights g_k (the others' count of ones times
 * (u + v)^(n−1), shuffle.py derives it): A_k·g_(k+1) = M_k·g_k + B_k·g_(k−1) with
 * A_k = u·v·(k + 1), B_k = u·v·(n − k) and M_k = j·u² + m·v² − (u² + v²)·k (j = ones,
 * j + m = n − 1), from g_(−1) = 0 and g_0 = v^j·u^m (:func:`firstWeight`).
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @param {number} k
 * @returns {[bigint, bigint, bigint]} (A_k, B_k, M_k)
 */
function coefficients(n, ones, alpha0, k) {
  const u = alpha0.num;
  const v = alpha0.den;
  const uv = u * v;
  const middle = BigInt(ones) * u * u + BigInt(n - 1 - ones) * v * v - (u * u + v * v) * BigInt(k);
  return [uv * BigInt(k + 1), uv * BigInt(n - k), middle];
}

/** @param {number} n @param {number} ones @param {Fraction} alpha0 @returns {bigint} g_0 = v^j·u^m: every other report a zero */
function firstWeight(n, ones, alpha0) {
  return alpha0.den ** BigInt(ones) * alpha0.num ** BigInt(n - 1 - ones);
}

/**
 * g_0..g_(n−1) (shuffle.others_weights), by the recurrence step by step (each division is exact).
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @returns {bigint[]}
 */
export function othersWeights(n, ones, alpha0) {
  const weights = [firstWeight(n, ones, alpha0)];
  let before = 0n;
  for (let k = 0; k + 1 < n; k++) {
    const [ahead, behind, middle] = coefficients(n, ones, alpha0, k);
    const here = weights[k];
    weights.push((middle * here + behind * before) / ahead);
    before = here;
  }
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
 * The others' weights as a walk along k, in closed form. The state at k holds, over a scale D,
 * the vector (g_k, g_(k−1), S_(k−1)) with S_(k−1) = g_0 + … + g_(k−1), as the integers
 * x = (D·g_k, D·g_(k−1), D·S_(k−1)) and D itself. One step forward is the recurrence with the
 * division taken into the scale (D' = A_k·D, no division at all):
 *
 *   x' = T_k·x,  T_k = [[M_k, B_k, 0], [A_k, 0, 0], [A_k, 0, A_k]],
 *
 * so k steps are one matrix product T_(k−1)···T_0, which binary splitting forms in a tree of
 * products of balanced sizes (`walk`) instead of k products of a long number by a short one.
 * Every such product keeps the shape [[a, b, 0], [c, d, 0], [e, f, h]], h = Π A_k the scale.
 * One step back (`back`) is the recurrence solved for g_(k−2), again with its division
 * B_(k−1) taken into the scale.
 *
 * @typedef {{k: number, g: bigint, before: bigint, sum: bigint, scale: bigint}} Walked
 * @typedef {[bigint, bigint, bigint, bigint, bigint, bigint, bigint]} Steps (a, b, c, d, e, f, h)
 */

/**
 * T_(hi−1)···T_lo by binary splitting.
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @param {number} lo @param {number} hi
 * lo < hi @returns {Steps}
 */
function steps(n, ones, alpha0, lo, hi) {
  if (hi - lo === 1) {
    const [ahead, behind, middle] = coefficients(n, ones, alpha0, lo);
    return [middle, behind, ahead, 0n, ahead, 0n, ahead];
  }
  const half = (lo + hi) >> 1;
  const [a1, b1, c1, d1, e1, f1, h1] = steps(n, ones, alpha0, lo, half);
  const [a2, b2, c2, d2, e2, f2, h2] = steps(n, ones, alpha0, half, hi);
  return [
    a2 * a1 + b2 * c1,
    a2 * b1 + b2 * d1,
    c2 * a1 + d2 * c1,
    c2 * b1 + d2 * d1,
    e2 * a1 + f2 * c1 + h2 * e1,
    e2 * b1 + f2 * d1 + h2 * f1,
    h2 * h1,
  ];
}

/**
 * The walk from `from` on to k = `to` (>= from.k): one matrix product (:func:`steps`).
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @param {Walked} from @param {number} to
 * @returns {Walked}
 */
function walk(n, ones, alpha0, from, to) {
  if (to <= from.k) return from;
  const [a, b, c, d, e, f, h] = steps(n, ones, alpha0, from.k, to);
  const { g, before, sum, scale } = from;
  return { k: to, g: a * g + b * before, before: c * g + d * before, sum: e * g + f * before + h * sum, scale: h * scale };
}

/**
 * The walk one step back, from k to k − 1 (k >= 1): g_(k−2) = (A_(k−1)·g_k − M_(k−1)·g_(k−1))/B_(k−1),
 * over the scale B_(k−1)·D.
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @param {Walked} at @returns {Walked}
 */
function back(n, ones, alpha0, at) {
  const [ahead, behind, middle] = coefficients(n, ones, alpha0, at.k - 1);
  return {
    k: at.k - 1,
    g: behind * at.before,
    before: ahead * at.g - middle * at.before,
    sum: behind * (at.sum - at.before),
    scale: behind * at.scale,
  };
}

/**
 * The first k >= 1 at which the forward excess c1·g_k + c2·g_(k−1) (c1 > 0 > c2) is not
 * positive, walked to exactly. Its sign is that of r_k − τ with r_k = g_k/g_(k−1) and
 * τ = −c2/c1, and r_k falls with k (the ratio order), so the excess is positive exactly on
 * k < K; e_0 = c1·g_0 > 0 and e_n = c2·g_(n−1) < 0, so 1 <= K <= n. A guess of K in floats, by
 * the ratio's own recurrence r_(k+1) = (M_k + B_k/r_k)/A_k from r_1 = M_0/A_0 (which runs true
 * while the ratio is above 1, before the mode, where every crossing of τ >= 1 lies), saves the
 * steps; the walk goes back while the excess is not positive and on while it is, so the exact
 * signs decide and the guess only says where to begin.
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @param {bigint} c1 @param {bigint} c2
 * @returns {Walked} the walk at K
 */
function forwardEnd(n, ones, alpha0, c1, c2) {
  const threshold = Number(-c2) / Number(c1);
  let guess = n;
  let ratio = 0;
  for (let k = 0; k < n; k++) {
    const [ahead, behind, middle] = coefficients(n, ones, alpha0, k).map(Number);
    ratio = (middle + (k === 0 ? 0 : behind / ratio)) / ahead; // r_(k+1)
    if (!(ratio > threshold && Number.isFinite(ratio))) {
      guess = k + 1;
      break;
    }
  }
  /** @param {Walked} at */
  const ends = (at) => c1 * at.g + c2 * at.before <= 0n;
  const start = { k: 0, g: firstWeight(n, ones, alpha0), before: 0n, sum: 0n, scale: 1n };
  let at = walk(n, ones, alpha0, start, guess);
  while (at.k > 1 && ends(at)) at = back(n, ones, alpha0, at);
  while (!ends(at)) at = walk(n, ones, alpha0, at, at.k + 1);
  return at;
}

/**
 * Σ_k [d·w0_k − a·w1_k]_+ over the outputs, the forward excess of the shuffled count at
 * α = a/d: with S_k = g_0 + … + g_k it is c1·S_(K−1) + c2·S_(K−2), and the walk's state at K
 * (:func:`forwardEnd`) holds both sums over its scale, which divides them exactly.
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @param {Fraction} alpha @returns {bigint}
 */
function forwardExcess(n, ones, alpha0, alpha) {
  const c1 = alpha.den * alpha0.num - alpha.num * alpha0.den;
  const c2 = alpha.den * alpha0.den - alpha.num * alpha0.num;
  const at = forwardEnd(n, ones, alpha0, c1, c2);
  return (c1 * at.sum + c2 * (at.sum - at.before)) / at.scale;
}

/**
 * δ*(α) of the shuffled count, exactly, from one point of the walk each way instead of every
 * weight. At α = a/d the excess of output k is (d·w0_k − a·w1_k)/(d·(u + v)^n) one way and
 * (d·w1_k − a·w0_k)/(…) the other, with w0_k = u·g_k + v·g_(k−1) and w1_k = v·g_k + u·g_(k−1).
 * The forward sum is :func:`forwardExcess`. The backward one is the forward sum of the mirrored
 * others (n − 1 − ones ones): flipping every bit swaps the two laws and mirrors the outputs
 * (shuffle.py's symmetry), so Σ_k [w1_k − α·w0_k]_+ for ``ones`` is Σ_k [w0'_k − α·w1'_k]_+ for
 * n − 1 − ones. δ* is the larger over d·(u + v)^n, reduced by the primes of d and u + v.
 * At α >= α₀ it is 0 without a walk: the count post-processes one report, which needs none.
 * @param {number} n @param {number} ones @param {Fraction} alpha0 @param {Fraction} alpha
 * @returns {Fraction}
 */
export function shuffledDelta(n, ones, alpha0, alpha) {
  // α >= α₀: one report needs no δ, and the count is its post-processing (the module's note)
  if (alpha.num * alpha0.den >= alpha0.num * alpha.den) return { num: 0n, den: 1n };
  const forward = forwardExcess(n, ones, alpha0, alpha);
  const backward = forwardExcess(n, n - 1 - ones, alpha0, alpha);
  const u = alpha0.num;
  const v = alpha0.den;
  // over the scale d·(u + v)^n
  return reduceOver(forward > backward ? forward : backward, alpha.den * (u + v) ** BigInt(n), [
    [alpha.den, 1],
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
