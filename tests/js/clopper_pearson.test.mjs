// The kernel's certified Clopper–Pearson bounds and audit (exact/clopper_pearson.mjs,
// exact/audit.mjs) by hand and against an exact oracle: every cell's ends are checked by the
// exact tail polynomial (exact/binomial_tails.mjs), so a cell that does not hold the root fails.
// The golden vectors hold the lab's strings to the Python's (tests/js/engines.test.mjs).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { audit } from '../../site_overrides/assets/javascripts/lab/exact/audit.mjs';
import { binomialWindow } from '../../site_overrides/assets/javascripts/lab/exact/binomial_tails.mjs';
import { lowerBound, upperBound } from '../../site_overrides/assets/javascripts/lab/exact/clopper_pearson.mjs';
import { lnDirected } from '../../site_overrides/assets/javascripts/lab/exact/logarithm.mjs';
import { ceilDecimal, compare, floorDecimal } from '../../site_overrides/assets/javascripts/lab/exact/rational.mjs';

const BITS = 64;
const SCALE = 1n << BigInt(BITS);

/** sign of P(X ≥ x | p) − target at p = m/2^64, exactly. */
function exactSign(n, x, target, m) {
  const scaled = binomialWindow(n, x, n, m, SCALE - m) * target.den - target.num * SCALE ** BigInt(n);
  return scaled > 0n ? 1 : scaled < 0n ? -1 : 0;
}

/** A cell [m, m + 1]/2^64 holds the root when the exact tail is below target at m and above at m + 1. */
function assertHoldsRoot(cell, n, x, target) {
  assert.equal(cell.lower.den, SCALE);
  const m = cell.lower.num;
  if (cell.upper.num === m) return assert.equal(exactSign(n, x, target, m), 0);
  assert.equal(cell.upper.num, m + 1n);
  assert.equal(m === 0n ? -1 : exactSign(n, x, target, m), -1, `below at ${m}`);
  assert.equal(cell.upper.num === SCALE ? 1 : exactSign(n, x, target, m + 1n), 1, `above at ${m + 1n}`);
}

describe('Clopper–Pearson bounds, certified', () => {
  test('the ends: p_L(0) = 0 and p_U(n) = 1', () => {
    assert.deepEqual(lowerBound(0, 7, { num: 1n, den: 40n }).upper, { num: 0n, den: 1n });
    assert.deepEqual(upperBound(7, 7, { num: 1n, den: 40n }).lower, { num: 1n, den: 1n });
  });

  test('one trial: p_L(1) = a and p_U(0) = 1 − a; a dyadic root is its own cell', () => {
    const low = lowerBound(1, 1, { num: 1n, den: 40n });
    assert.ok(compare(low.lower, { num: 1n, den: 40n }) < 0 && compare({ num: 1n, den: 40n }, low.upper) < 0);
    const high = upperBound(0, 1, { num: 1n, den: 40n });
    assert.ok(compare(high.lower, { num: 39n, den: 40n }) < 0 && compare({ num: 39n, den: 40n }, high.upper) < 0);
    const quarter = lowerBound(1, 1, { num: 1n, den: 4n });
    assert.deepEqual(quarter, { lower: { num: SCALE / 4n, den: SCALE }, upper: { num: SCALE / 4n, den: SCALE } });
  });

  test('p_L(n) = a^(1/n): the cell brackets it', () => {
    const cell = lowerBound(5, 5, { num: 1n, den: 20n });
    // lower^5 < 1/20 < upper^5, by cross-multiplication.
    assert.ok(20n * cell.lower.num ** 5n < SCALE ** 5n);
    assert.ok(20n * cell.upper.num ** 5n > SCALE ** 5n);
  });

  test('every bound for n <= 12 and two levels holds its root, by the exact tail', () => {
    for (const level of [{ num: 1n, den: 20n }, { num: 1n, den: 40n }]) {
      for (let n = 1; n <= 12; n++) {
        for (let x = 1; x <= n; x++) assertHoldsRoot(lowerBound(x, n, level), n, x, level);
        const other = { num: level.den - level.num, den: level.den };
        for (let x = 0; x < n; x++) assertHoldsRoot(upperBound(x, n, level), n, x + 1, other);
      }
    }
  });

  test('a few large counts hold their roots, by the exact tail', () => {
    const level = { num: 1n, den: 40n };
    for (const [x, n] of [[750, 1000], [3, 2000], [1999, 2000]]) assertHoldsRoot(lowerBound(x, n, level), n, x, level);
  });

  test('bad counts and levels are refused', () => {
    assert.throws(() => lowerBound(3, 2, { num: 1n, den: 20n }), RangeError);
    assert.throws(() => lowerBound(0, 0, { num: 1n, den: 20n }), RangeError);
    assert.throws(() => upperBound(1, 2, { num: 1n, den: 1n }), RangeError);
  });
});

describe('the audit and its ε, certified', () => {
  const level = { num: 1n, den: 20n };
  const none = { num: 0n, den: 1n };

  test('80 of 100 against 20 of 100 at 95 %: ε ≥ 0.886 (core/audit.py gives the same)', () => {
    const found = audit(100, 80, 20, none, level);
    assert.ok(found.alpha);
    assert.equal(floorDecimal(lnDirected(found.alpha.lower, 3, false), 3), '0.886');
    assert.equal(floorDecimal(found.tprLow.lower, 10), '0.7081573109');
    assert.equal(ceilDecimal(found.fprHigh.upper, 10), '0.2918426891');
  });

  test('counts of a coin certify nothing', () => {
    assert.equal(audit(7, 3, 1, none, level).alpha, null);
    assert.equal(audit(1000, 500, 500, none, level).alpha, null);
  });

  test('lnDirected rounds down and up around ln 3 = 1.0986122886…', () => {
    assert.equal(floorDecimal(lnDirected({ num: 3n, den: 1n }, 10, false), 10), '1.0986122886');
    assert.equal(ceilDecimal(lnDirected({ num: 3n, den: 1n }, 10, true), 10), '1.0986122887');
    assert.deepEqual(lnDirected({ num: 5n, den: 5n }, 3, true), { num: 0n, den: 1n });
    assert.throws(() => lnDirected({ num: 1n, den: 2n }, 3, false), RangeError);
  });
});
