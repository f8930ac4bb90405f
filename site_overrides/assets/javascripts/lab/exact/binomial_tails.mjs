/**
 * Exact windows of a binomial law, Σ_{c=lo}^{hi} C(n, c)·u^c·v^(n − c), by binary splitting:
 * the browser's twin of generator/core/binomial_tails.py.
 *
 * The terms are hypergeometric, T_{c+1}/T_c = (n − c)u / ((c + 1)v), so a run of them is
 * T_lo·R/Q with P, Q, R formed over a balanced tree of products (`split`), and the one
 * division at the end is exact. Every value is a BigInt; the module has no side effect but a
 * cache of the last few binomial coefficients.
 *
 * @module exact/binomial_tails
 */


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
export function rising(lo, hi) {
  if (hi - lo <= 0) return 1n;
  if (hi - lo === 1) return BigInt(lo);
  const middle = (lo + hi) >> 1;
  return rising(lo, middle) * rising(middle, hi);
}

/** The last few C(n, c) made: the central estimate's three binomials share their window's ends. */
/** @type {Map<string, bigint>} */
const chosen = new Map();

/** @param {number} n @param {number} c 0 <= c <= n @returns {bigint} C(n, c), by two product trees */
function choose(n, c) {
  const key = `${n},${c}`;
  let found = chosen.get(key);
  if (found === undefined) {
    found = rising(n - c + 1, n + 1) / rising(1, c + 1);
    const oldest = chosen.keys().next();
    if (chosen.size >= 8 && !oldest.done) chosen.delete(oldest.value);
    chosen.set(key, found);
  }
  return found;
}

/**
 * C(n, c)·u^c·v^(n − c).
 * @param {number} n @param {number} c @param {bigint} u @param {bigint} v @returns {bigint}
 */
export function term(n, c, u, v) {
  return choose(n, c) * u ** BigInt(c) * v ** BigInt(n - c);
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

