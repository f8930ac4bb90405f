// The central-and-local lab's exact arithmetic (generator/lessons/localdp/lab/estimates.mjs), by
// hand and against the course's exact machinery, beside what tests/js/engines.test.mjs holds to
// the golden vectors: binomial windows against term-by-term sums, the reduction by known primes
// against Euclid (with thousands of one prime), the shuffled δ* from two points of the walk
// against exact/profile.mjs's δ* of the whole channel, and the four-user example of the page.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  centralAccuracy,
  localAccuracy,
  reduceOver,
  shuffledCount,
  shuffledDelta,
} from '../../../generator/lessons/localdp/lab/estimates.mjs';
import { binomialWindow, term } from '../../../site_overrides/assets/javascripts/lab/exact/binomial_tails.mjs';
import * as lab from '../../../generator/lessons/localdp/lab/localdp.mjs';
import { deltaStar, makeProfile } from '../../../site_overrides/assets/javascripts/lab/exact/profile.mjs';
import { fraction, fractionStr, parseFractionStr } from '../../../site_overrides/assets/javascripts/lab/exact/rational.mjs';

const f = (text) => parseFractionStr(text);

describe('binomial windows and reductions', () => {
  test('every window of n <= 12 is the sum of its terms', () => {
    for (const [u, v] of [[1n, 1n], [3n, 1n], [0n, 5n], [7n, 0n], [11n, 10n]]) {
      for (let n = 0; n <= 12; n++) {
        for (let lo = -1; lo <= n + 1; lo++) {
          for (let hi = lo - 1; hi <= n + 1; hi++) {
            let sum = 0n;
            for (let c = Math.max(lo, 0); c <= Math.min(hi, n); c++) sum += term(n, c, u, v);
            assert.equal(binomialWindow(n, lo, hi, u, v), sum, `${n} ${lo}..${hi} ${u}/${v}`);
          }
        }
      }
    }
  });

  test('the reduction by the denominator\'s primes is the reduced fraction', () => {
    for (const [num, factors] of [
      [12n, [[6n, 3]]],
      [5n ** 40n * 3n, [[10n, 50]]],
      [0n, [[7n, 2]]],
      [2n ** 10n * 7n ** 3n, [[14n, 10]]],
      [9n, [[3n, 2]]],
      // thousands of one prime in the numerator, below, at and above its power in the denominator
      [5n ** 8867n * 7n, [[10n, 9000]]],
      [5n ** 9000n * 3n, [[10n, 9000]]],
      [5n ** 9001n, [[10n, 9000]]],
      [11n ** 4095n * 2n ** 40n, [[22n, 4096], [5n, 3]]],
      [11n ** 4096n, [[22n, 4095]]],
    ]) {
      const den = factors.reduce((product, [q, e]) => product * q ** BigInt(e), 1n);
      assert.deepEqual(reduceOver(num, den, factors), fraction(num, den), String(num));
    }
  });
});

describe('the shuffled count', () => {
  test('the streaming δ* is exact/profile.mjs\'s δ* of the same channel', () => {
    for (const n of [1, 2, 5, 13, 40]) {
      for (const ones of [0, Math.floor((n - 1) / 2), n - 1]) {
        for (const [alpha0, alpha] of [['3', '1'], ['3', '2'], ['11/10', '1'], ['57/10', '3'], ['2', '5']]) {
          const want = deltaStar(makeProfile(shuffledCount(n, ones, f(alpha0))), f(alpha));
          assert.deepEqual(shuffledDelta(n, ones, f(alpha0), f(alpha)), want, `${n} ${ones} ${alpha0} ${alpha}`);
        }
      }
    }
  });

  test('summed from both ends, it skips no excess: every ones and claim at small n', () => {
    for (let n = 1; n <= 9; n++) {
      for (let ones = 0; ones < n; ones++) {
        for (const [alpha0, alpha] of [['3', '11/10'], ['3', '29/10'], ['21/10', '3/2'], ['11/10', '21/20'], ['100', '1']]) {
          const want = deltaStar(makeProfile(shuffledCount(n, ones, f(alpha0))), f(alpha));
          assert.deepEqual(shuffledDelta(n, ones, f(alpha0), f(alpha)), want, `${n} ${ones} ${alpha0} ${alpha}`);
        }
      }
    }
  });
});

describe('the shuffled count at a few hundred users', () => {
  test('the walk of the recurrence lands where each excess changes sign, whatever α₀ and α', () => {
    for (const n of [150, 301]) {
      for (const ones of [0, 1, Math.floor(n / 3), n - 2, n - 1]) {
        for (const [alpha0, alpha] of [['11/10', '1'], ['11/10', '21/20'], ['100', '1'], ['100', '99'], ['1001/10', '11/10'], ['57/10', '28/5']]) {
          const want = deltaStar(makeProfile(shuffledCount(n, ones, f(alpha0))), f(alpha));
          assert.deepEqual(shuffledDelta(n, ones, f(alpha0), f(alpha)), want, `${n} ${ones} ${alpha0} ${alpha}`);
        }
      }
    }
  });
});

describe('the four users of the page', () => {
  test('α₀ = 3, π = 1/2, t = 1/4: the hand values of tests/lessons/localdp', () => {
    const setting = { n: 4, rate: f('1/2'), alpha0: f('3') };
    assert.equal(fractionStr(localAccuracy(setting, f('1/4'))), '3/8');
    assert.equal(fractionStr(centralAccuracy(setting, f('1/4'))), '19/27');
    const record = lab.evaluate({ ...setting, tolerance: f('1/4'), ones: 0, alpha: f('1') });
    assert.equal(record.estimate_variance, '1/4');
    assert.equal(record.central_variance, '5/32');
    assert.equal(record.shuffled_delta, '27/128');
    assert.equal(record.local_delta, '1/2');
    assert.equal(record.eps_local, '1.099');
  });

  test('the rules: α₀ above 1, ones at most n − 1, a rate of at most the page\'s denominator', () => {
    const limits = { denominator: { high: '10000' } };
    assert.deepEqual(lab.rules({ n: 5, ones: 5, rate: f('1/3') }, limits), { ones: 'others' });
    assert.deepEqual(lab.rules({ n: 5, ones: 4, rate: f('1/10001') }, limits), { rate: 'precision' });
    assert.deepEqual(lab.rules({ n: 5, ones: 4, rate: f('1/10000') }, limits), {});
    assert.deepEqual(lab.rules({ alpha0: f('1'), n: 5, ones: 4, rate: f('1/2') }, limits), { alpha0: 'uninformative' });
    assert.deepEqual(lab.rules({ alpha0: f('11/10'), n: 5, ones: 4, rate: f('1/2') }, limits), {});
  });
});
