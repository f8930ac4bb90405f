// What a BigInt engine would pay for the local-DP lesson's exact values, in node (V8, as in
// Chrome). A mirror of generator/core/rate_estimation.py and shuffle.py, not the lab's engine:
//   local    P(|π̂ − π| <= t): one binomial window (or its complement) by binary splitting,
//            then the fraction reduced by the primes of b (gcd(num, b^n) only holds them);
//   central  P(|π̂_c − π| <= t): the six windows of G(B) − G(A − 1), one division at the end;
//   shuffle  the others' weights by the three-term recurrence, the two laws, δ*(α) by
//            prefix sums along the ratio order (outputs 0..n);
//   reduce   the local fraction's reduction, and 12 decimals of it.
// Usage: node local_dp_bigint.mjs n rateNum rateDen alphaNum alphaDen tNum tDen
// prints one JSON line of median milliseconds (tests/benchmarks/local_dp.py runs it).

function split(a, b, k, u, v) {
  if (b - a === 1) {
    const q = BigInt(a + 1) * v;
    return [BigInt(k - a) * u, q, q];
  }
  const m = (a + b) >> 1;
  const [p1, q1, r1] = split(a, m, k, u, v);
  const [p2, q2, r2] = split(m, b, k, u, v);
  return [p1 * p2, q1 * q2, r1 * q2 + p1 * r2];
}

function product(lo, hi) {
  if (hi - lo <= 0) return 1n;
  if (hi - lo === 1) return BigInt(lo);
  const m = (lo + hi) >> 1;
  return product(lo, m) * product(m, hi);
}

const term = (n, c, u, v) => (product(n - c + 1, n + 1) / product(1, c + 1)) * u ** BigInt(c) * v ** BigInt(n - c);

function run(n, lo, hi, u, v) {
  const first = term(n, lo, u, v);
  if (lo === hi) return first;
  const [, q, r] = split(lo, hi + 1, n, u, v);
  return (first * r) / q;
}

function window(n, lo, hi, u, v) {
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

const gcd = (a, b) => (b ? gcd(b, a % b) : a);
const floorDiv = (a, b) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const ceilDiv = (a, b) => -floorDiv(-a, b);

function primes(x) {
  const out = [];
  for (let q = 2n; q * q <= x; q++) {
    if (x % q === 0n) {
      out.push(q);
      while (x % q === 0n) x /= q;
    }
  }
  if (x > 1n) out.push(x);
  return out;
}

function reduceBy(num, den, factors) {
  for (const q of factors) {
    while (num % q === 0n && den % q === 0n) {
      num /= q;
      den /= q;
    }
  }
  return [num, den];
}

function local(n, ra, rb, N, D, tn, td) {
  // ρ = (ra·N + (rb − ra)·D) / (rb·(N + D)), spread t(2p − 1) = tn(N − D)/(td(N + D))
  let a = ra * N + (rb - ra) * D;
  let b = rb * (N + D);
  const g = gcd(a, b);
  a /= g;
  b /= g;
  const sN = tn * (N - D);
  const sD = td * (N + D);
  const lo = Number(ceilDiv(BigInt(n) * (a * sD - sN * b), b * sD));
  const hi = Number(floorDiv(BigInt(n) * (a * sD + sN * b), b * sD));
  return [window(n, lo, hi, a, b - a), b ** BigInt(n), b];
}

function central(n, a, b, N, D, tn, td) {
  const lo = Number(ceilDiv(BigInt(n) * (a * td - tn * b), b * td));
  const hi = Number(floorDiv(BigInt(n) * (a * td + tn * b), b * td));
  if (lo > hi) return [0n, 1n];
  const terms = [];
  for (const [sign, m] of [[1n, hi], [-1n, lo - 1]]) {
    terms.push([sign, (N + D) * window(n, 0, m, a, b - a), 0, 0]);
    terms.push([-sign, window(n, 0, m, a * N, (b - a) * D), -m, m + 1 - n]);
    terms.push([sign, window(n, m + 1, n, a * D, (b - a) * N), m + 1 - n, -m]);
  }
  const live = terms.filter((t) => t[1] !== 0n);
  const lowN = Math.min(...live.map((t) => t[2]));
  const lowD = Math.min(...live.map((t) => t[3]));
  let num = 0n;
  for (const [s, x, i, j] of live) num += s * x * N ** BigInt(i - lowN) * D ** BigInt(j - lowD);
  return [num, (N + D) * b ** BigInt(n) * N ** BigInt(-lowN) * D ** BigInt(-lowD)];
}

function shuffle(n, ones, u, v, an, ad) {
  const j = BigInt(ones);
  const m = BigInt(n - 1 - ones);
  const g = [v ** j * u ** m];
  let previous = 0n;
  for (let k = 0; k < n - 1; k++) {
    const K = BigInt(k);
    const current = g[g.length - 1];
    const middle = j * u * u + m * v * v - (u * u + v * v) * K;
    g.push((middle * current + u * v * (j + m - K + 1n) * previous) / (u * v * (K + 1n)));
    previous = current;
  }
  // δ*(α) in the 0→1 direction over the prefix where ad·w0 > an·w1 (the ratio order is 0..n)
  let excess = 0n;
  for (let k = 0; k <= n; k++) {
    const gk = k < n ? g[k] : 0n;
    const gp = k > 0 ? g[k - 1] : 0n;
    const w0 = u * gk + v * gp;
    const w1 = v * gk + u * gp;
    if (ad * w0 <= an * w1) break;
    excess += ad * w0 - an * w1;
  }
  return excess;
}

function median(f, repeats) {
  const times = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    f();
    times.push(performance.now() - start);
  }
  times.sort((x, y) => x - y);
  return times[repeats >> 1];
}

const [n, ra, rb, N, D, tn, td] = process.argv.slice(2).map((x, i) => (i === 0 ? Number(x) : BigInt(x)));
const repeats = n >= 10000 ? 3 : 7;
const [num, den, b] = local(n, ra, rb, N, D, tn, td);
const result = {
  local: median(() => local(n, ra, rb, N, D, tn, td), repeats),
  reduce: median(() => {
    const [p, q] = reduceBy(num, den, primes(b));
    return ((p * 10n ** 12n) / q).toString();
  }, repeats),
  central: median(() => central(n, ra, rb, N, D, tn, td), repeats),
  shuffle: median(() => shuffle(n, Math.floor(n / 3), N, D, N + D, 2n * D), repeats),
};
console.log(JSON.stringify(result));
