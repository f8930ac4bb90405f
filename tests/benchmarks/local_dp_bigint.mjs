// What the local-DP lab's BigInt engine pays for its exact values, in node (V8, as in Chrome).
// Not a copy of the algorithms: it times the lab's own engine
// (generator/lessons/localdp/lab/estimates.mjs and localdp.mjs), so what is measured is what the
// page runs:
//   local    P(|π̂ − π| <= t): one binomial window (or its complement) by binary splitting,
//            reduced by the primes of b;
//   central  P(|π̂_c − π| <= t): the six windows of G(B) − G(A − 1), one reduction at the end;
//   shuffle  δ*((1 + α₀)/2) of the shuffled count (⌊n/3⌋ other ones): each direction's excess
//            from the walk of the weights' recurrence to where it changes sign, one product
//            by binary splitting;
//   update   the lab's whole `evaluate` of that state (every value it shows, shuffle included)
//            and its `view` (the readings of every exact value): one update of the page.
// Usage: node local_dp_bigint.mjs n rateNum rateDen alphaNum alphaDen tNum tDen
// prints one JSON line of median milliseconds (tests/benchmarks/local_dp.py runs it).

import { centralAccuracy, localAccuracy, shuffledDelta } from '../../generator/lessons/localdp/lab/estimates.mjs';
import { evaluate, view } from '../../generator/lessons/localdp/lab/localdp.mjs';
import { fraction } from '../../site_overrides/assets/javascripts/lab/exact/rational.mjs';

/** @param {() => unknown} f @param {number} repeats @returns {number} the median milliseconds */
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
const setting = { n, rate: fraction(ra, rb), alpha0: fraction(N, D) };
const tolerance = fraction(tn, td);
const ones = Math.floor(n / 3);
const claim = fraction(N + D, 2n * D);
const values = { alpha0: setting.alpha0, n, rate: setting.rate, tolerance, ones, alpha: claim };
const texts = { 'eps-local': 'ε₀ = ln α₀ ≈ {value}', announcement: '' };
const result = {
  local: median(() => localAccuracy(setting, tolerance), repeats),
  central: median(() => centralAccuracy(setting, tolerance), repeats),
  shuffle: median(() => shuffledDelta(n, ones, setting.alpha0, claim), repeats),
  update: median(() => view(evaluate(values), texts), repeats),
};
console.log(JSON.stringify(result));
