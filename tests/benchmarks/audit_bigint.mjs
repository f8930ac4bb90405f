// What the auditing lab's counts cost in node (V8, as in Chrome): the lab's own `auditPart`
// (generator/lessons/audit/lab/audit.mjs over exact/audit.mjs and exact/clopper_pearson.mjs),
// both Clopper–Pearson cells and ε_audit proven, for an attack that keeps 70 % true and 30 %
// false positives at n = 10², 10³, 10⁴ and 10⁵ each way. Every repeat asks for counts it has not
// seen (tp and fp move by one), so the cells' cache never answers. Prints the median
// milliseconds at each n and its ratio to the n = 100 case, run in the same process.
// Usage: node tests/benchmarks/audit_bigint.mjs [repeats]

import { auditPart } from '../../generator/lessons/audit/lab/audit.mjs';

const repeats = Number(process.argv[2] ?? 7);
const sizes = [100, 1000, 10000, 100000];

/** @param {number} n @returns {number} the median milliseconds of one update's counts */
function median(n) {
  const times = [];
  for (let i = 0; i < repeats; i++) {
    const values = { trials: n, tp: Math.floor(0.7 * n) + i, fp: Math.floor(0.3 * n) - i, delta: '0', confidence: '0.95' };
    const start = performance.now();
    auditPart(values);
    times.push(performance.now() - start);
  }
  times.sort((x, y) => x - y);
  return times[repeats >> 1];
}

const base = median(sizes[0]);
for (const n of sizes) {
  const ms = n === sizes[0] ? base : median(n);
  console.log(`n = ${String(n).padStart(6)}  ${ms.toFixed(1).padStart(7)} ms  ×${(ms / base).toFixed(1)} of n = 100`);
}
