// The generic exact machinery (site_overrides/assets/javascripts/lab/exact/) on its own:
// fraction arithmetic against hand-computed values and a naive reference, the fraction
// strings read back, channels from two rows of weights, the profile of a channel whose
// denominator is not a divisor of a power of 10, the generic field readers, the discrete
// noise mechanisms and the queries' sensitivity by hand, and the composition engine
// re-exporting these very functions rather than copies.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import * as engine from '../../generator/lessons/composition/lab/engine.mjs';
import * as noise from '../../site_overrides/assets/javascripts/lab/exact/discrete_noise.mjs';
import * as numbers from '../../site_overrides/assets/javascripts/lab/exact/numbers.mjs';
import * as profile from '../../site_overrides/assets/javascripts/lab/exact/profile.mjs';
import * as rational from '../../site_overrides/assets/javascripts/lab/exact/rational.mjs';
import * as sensitivity from '../../site_overrides/assets/javascripts/lab/exact/sensitivity.mjs';

const { add, subtract, multiply, fraction, fractionStr, parseFractionStr } = rational;
const { channelOf, deltaStar, makeProfile, orderByRatio, profilePoint } = profile;

/** @param {bigint} num @param {bigint} [den] */
const f = (num, den = 1n) => fraction(num, den);

/** A seeded generator (mulberry32): the same cases on every run. */
function generator(seed) {
  let state = seed | 0;
  return (/** @type {number} */ n) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

// The naive reference: the textbook cross-product, reduced by Euclid on the full result.
const naiveGcd = (a, b) => (b === 0n ? (a < 0n ? -a : a) : naiveGcd(b, a % b));
function naive(num, den) {
  const g = naiveGcd(num, den);
  return { num: num / g, den: den / g };
}
const naiveAdd = (a, b) => naive(a.num * b.den + b.num * a.den, a.den * b.den);
const naiveSubtract = (a, b) => naive(a.num * b.den - b.num * a.den, a.den * b.den);
const naiveMultiply = (a, b) => naive(a.num * b.num, a.den * b.den);

describe('fraction arithmetic', () => {
  test('add, subtract and multiply give the hand-computed reduced values', () => {
    const cases = [
      [add, f(1n, 2n), f(1n, 3n), '5/6'], // coprime denominators: nothing to reduce
      [add, f(1n, 6n), f(1n, 3n), '1/2'], // g = 3, t = 3, h = 3
      [add, f(5n, 12n), f(7n, 18n), '29/36'], // g = 6, t = 29, h = 1
      [add, f(1n, 4n), f(1n, 4n), '1/2'],
      [add, f(-1n, 2n), f(1n, 2n), '0'],
      [add, f(3n), f(-5n, 7n), '16/7'],
      [add, f(0n), f(-3n, 8n), '-3/8'],
      [subtract, f(3n, 8n), f(3n, 8n), '0'],
      [subtract, f(1n, 6n), f(1n, 2n), '-1/3'],
      [subtract, f(9n, 16n), f(3n, 16n), '3/8'], // 9/16 − 3·1/16, the reference δ*(3)
      [subtract, f(0n), f(-1n, 2n), '1/2'],
      [multiply, f(2n, 3n), f(9n, 4n), '3/2'],
      [multiply, f(-3n, 8n), f(4n, 9n), '-1/6'],
      [multiply, f(-3n, 8n), f(-8n, 3n), '1'],
      [multiply, f(0n), f(5n, 7n), '0'],
      [multiply, f(5n, 7n), f(0n), '0'],
      [multiply, f(3n), f(1n, 3n), '1'],
      [multiply, f(3n, 5n), f(2n), '6/5'], // 2·δ₀ at p = 90, α₀ = 3
    ];
    for (const [operation, a, b, expected] of cases) {
      const result = operation(a, b);
      assert.equal(fractionStr(result), expected, `${operation.name}(${fractionStr(a)}, ${fractionStr(b)})`);
      assert.deepEqual(result, parseFractionStr(expected));
    }
  });

  test('a seeded sample agrees with the naive cross-product reduced by Euclid', () => {
    const random = generator(20240607);
    const big = 2n ** 200n;
    const draw = () => {
      const scale = random(4) === 0 ? big : 1n; // some 200-bit values with many common factors
      const num = BigInt(random(2001) - 1000) * (random(2) ? scale : 1n);
      const den = BigInt(1 + random(360)) * scale;
      return f(num, den);
    };
    for (let i = 0; i < 2000; i++) {
      const a = draw();
      const b = draw();
      const label = `${fractionStr(a)}, ${fractionStr(b)}`;
      assert.deepEqual(add(a, b), naiveAdd(a, b), `add(${label})`);
      assert.deepEqual(subtract(a, b), naiveSubtract(a, b), `subtract(${label})`);
      assert.deepEqual(multiply(a, b), naiveMultiply(a, b), `multiply(${label})`);
    }
  });
});

describe('fraction strings read back', () => {
  test('parseFractionStr reads the forms fractionStr writes', () => {
    assert.deepEqual(parseFractionStr('3/8'), { num: 3n, den: 8n });
    assert.deepEqual(parseFractionStr('-1/2'), { num: -1n, den: 2n });
    assert.deepEqual(parseFractionStr('0'), { num: 0n, den: 1n });
    assert.deepEqual(parseFractionStr('2'), { num: 2n, den: 1n });
    const huge = `${10n ** 200n + 1n}/${2n ** 300n}`;
    assert.equal(fractionStr(parseFractionStr(huge)), huge);
  });

  test('fractionStr and parseFractionStr are inverse on a seeded sample', () => {
    const random = generator(7);
    for (let i = 0; i < 1000; i++) {
      const value = f(BigInt(random(20001) - 10000) * 3n ** BigInt(random(60)), BigInt(1 + random(5000)));
      assert.deepEqual(parseFractionStr(fractionStr(value)), value);
    }
  });

  test('a text no engine wrote is refused, not guessed', () => {
    const texts = ['4/8', '3/1', '-0', '+1', '01', '1/0', '0/5', '-3/-8', '3/08'];
    texts.push('0.5', ' 1', '1/2/3', '', 'NaN');
    for (const text of texts) {
      assert.throws(() => parseFractionStr(text), SyntaxError, JSON.stringify(text));
    }
    for (const value of [undefined, null, 3, 3n, { num: 3n, den: 8n }]) {
      assert.throws(() => parseFractionStr(/** @type {any} */ (value)), SyntaxError);
    }
  });
});

describe('channels from two rows of weights', () => {
  test('[9, 6, 1] / [1, 6, 9] is two responses at p = 75 over 16 (256 reduced by 16)', () => {
    const channel = channelOf(['0', '1', '2'], [9, 6, 1], [1n, 6n, 9n]);
    assert.deepEqual(channel, {
      labels: ['0', '1', '2'],
      weights0: [9n, 6n, 1n],
      weights1: [1n, 6n, 9n],
      denominator: 16n,
      ratioOrder: [0, 1, 2],
    });
    const reference = engine.fresh(75, 2);
    for (const key of ['weights0', 'weights1', 'denominator', 'ratioOrder']) {
      assert.deepEqual(channel[key], reference[key], key);
    }
    const point = profilePoint(makeProfile(channel), f(3n));
    assert.equal(fractionStr(point.delta), '3/8');
    assert.deepEqual(point.event, { direction: '0→1', outputs: [0] });
  });

  test('rows of different sums meet over the product of the sums, reduced', () => {
    // [1, 0] / [0, 3]: (1·3, 0) and (0, 3·1) over 3, divided by 3.
    const disjoint = channelOf(['a', 'b'], [1, 0], [0, 3]);
    assert.deepEqual(disjoint, {
      labels: ['a', 'b'],
      weights0: [1n, 0n],
      weights1: [0n, 1n],
      denominator: 1n,
      ratioOrder: [0, 1],
    });
    assert.equal(fractionStr(deltaStar(makeProfile(disjoint), f(100n))), '1');
    // [1, 2] / [1, 1]: (2, 4) and (3, 3) over 6, nothing in common.
    const unequal = channelOf(['x', 'y'], [1n, 2n], [1n, 1n]);
    assert.deepEqual(unequal.weights0, [2n, 4n]);
    assert.deepEqual(unequal.weights1, [3n, 3n]);
    assert.equal(unequal.denominator, 6n);
    assert.deepEqual(unequal.ratioOrder, [1, 0]); // 4/3 before 2/3
    // An output neither row can produce is left out of the order.
    assert.deepEqual(channelOf(['0', '1', '2'], [0, 1, 1], [0, 1, 3]).ratioOrder, [1, 2]);
  });

  test('the labels are copied, not shared', () => {
    const labels = ['a', 'b'];
    const channel = channelOf(labels, [1, 1], [1, 1]);
    labels[0] = 'changed';
    assert.deepEqual(channel.labels, ['a', 'b']);
  });

  test('rows that are no pair of distributions are refused', () => {
    const refusals = [
      [['0', '1'], [1, 2], [1, 2, 3]], // different lengths
      [[], [], []], // no output
      [['0'], [1, 2], [2, 1]], // labels of another length
      [['0', '1'], [1, -1], [1, 1]], // negative weights
      [['0', '1'], [1n, 1n], [-1n, 3n]],
      [['0', '1'], [0.5, 1], [1, 1]], // not integers
      [['0', '1'], [NaN, 1], [1, 1]],
      [['0', '1'], [2 ** 53, 1], [1, 1]], // a Number past exact integers
      [['0', '1'], ['1', 1], [1, 1]],
      [['0', '1'], [0, 0], [1, 1]], // a row summing to 0
      [['0', '1'], [1, 1], [0n, 0n]],
    ];
    for (const [labels, weights0, weights1] of refusals) {
      const label = JSON.stringify([labels, weights0, weights1].map(String));
      assert.throws(() => channelOf(labels, weights0, weights1), RangeError, label);
    }
  });

  test('orderByRatio: non-increasing w0/w1, w1 = 0 first, ties in output order', () => {
    assert.deepEqual(orderByRatio([1n, 0n, 2n, 0n, 3n], [1n, 0n, 0n, 3n, 3n]), [2, 0, 4, 3]);
  });
});

describe('the profile of any finite channel', () => {
  test('δ* stays reduced over a denominator with factors other than 2 and 5', () => {
    // [1, 8] / [4, 5] over 9: at α = 1 the excess is (8 − 5)/9 = 1/3.
    const channel = channelOf(['0', '1'], [1, 8], [4, 5]);
    assert.equal(channel.denominator, 9n);
    assert.deepEqual(deltaStar(makeProfile(channel), f(1n)), { num: 1n, den: 3n });
    // [1, 20] / [8, 13] over 21: (20 − 13)/21 = 1/3 at α = 1, (8 − 2·1)/21 = 2/7 at α = 2.
    const sevens = makeProfile(channelOf(['0', '1'], [1, 20], [8, 13]));
    assert.deepEqual(deltaStar(sevens, f(1n)), { num: 1n, den: 3n });
    assert.deepEqual(profilePoint(sevens, f(2n)), {
      alpha: f(2n),
      delta: { num: 2n, den: 7n },
      event: { direction: '1→0', outputs: [0] },
    });
  });

  test('δ* and its event agree with the sum of positive excesses on seeded channels', () => {
    const random = generator(99);
    for (let i = 0; i < 300; i++) {
      const size = 1 + random(6);
      const row = () => Array.from({ length: size }, () => random(4) === 0 ? 0 : random(40));
      let weights0 = row();
      let weights1 = row();
      if (weights0.every((w) => w === 0)) weights0 = [...weights0.slice(1), 1];
      if (weights1.every((w) => w === 0)) weights1 = [1, ...weights1.slice(1)];
      const channel = channelOf(weights0.map(String), weights0, weights1);
      const table = makeProfile(channel);
      const alpha = f(BigInt(10 + random(60)), 10n);
      // Σ_z [P_z − α Q_z]_+ and Σ_z [Q_z − α P_z]_+ with the arithmetic above, output by output.
      const over = (w) => f(w, channel.denominator);
      const excess = (mine, theirs) => {
        let sum = f(0n);
        const outputs = [];
        for (let z = 0; z < size; z++) {
          const term = subtract(over(mine[z]), multiply(alpha, over(theirs[z])));
          if (term.num > 0n) {
            sum = add(sum, term);
            outputs.push(z);
          }
        }
        return { sum, outputs };
      };
      const forward = excess(channel.weights0, channel.weights1);
      const backward = excess(channel.weights1, channel.weights0);
      const wins = rational.compare(forward.sum, backward.sum) >= 0;
      const expected = wins ? forward : backward;
      const point = profilePoint(table, alpha);
      const label = `${weights0} / ${weights1} at α = ${fractionStr(alpha)}`;
      assert.deepEqual(point.delta, expected.sum, label);
      assert.deepEqual(deltaStar(table, alpha), expected.sum, label);
      const event = { direction: wins ? '0→1' : '1→0', outputs: expected.outputs };
      assert.deepEqual(point.event, event, label);
    }
  });
});

describe('generic field readers', () => {
  const limit = { name: 'n', kind: 'number', low: '0', high: '1', grid: null, max_chars: 10 };

  test('parseChoice names one of the choices, or says why not', () => {
    const choices = ['red', 'blue'];
    assert.deepEqual(numbers.parseChoice('blue', choices), { ok: true, value: 'blue' });
    assert.deepEqual(numbers.parseChoice('', choices), { ok: false, reason: 'empty' });
    assert.deepEqual(numbers.parseChoice(undefined, choices), { ok: false, reason: 'empty' });
    assert.deepEqual(numbers.parseChoice('Blue', choices), { ok: false, reason: 'syntax' });
    assert.deepEqual(numbers.parseChoice(['blue'], choices), { ok: false, reason: 'syntax' });
  });

  test('parseFields reads every field on its own, choices first', () => {
    const result = numbers.parseFields({ x: '1/2', y: '2', c: 'red' }, { x: limit, y: limit }, {
      c: numbers.parseChoice('red', ['red']),
    });
    assert.deepEqual(result, { ok: false, values: { c: 'red', x: f(1n, 2n) }, errors: { y: 'range' } });
    assert.deepEqual(Object.keys(result.values), ['c', 'x']);
    const all = numbers.parseFields({ x: '0.25' }, { x: limit });
    assert.deepEqual(all, { ok: true, values: { x: f(1n, 4n) }, errors: {} });
  });
});

describe('discrete noise and sensitivity (generator/core/discrete_noise.py, sensitivity.py)', () => {
  const law = (channel) => channel.weights0.map((w) => fractionStr(f(w, channel.denominator)));

  test('the folded geometric law by hand: α₀ = 3 around 2 on 0..4, ends r²/(1 + r) = 1/12', () => {
    const channel = noise.geometricChannel(2, 3, 0, 4, f(3n));
    assert.deepEqual(law(channel), ['1/12', '1/6', '1/2', '1/6', '1/12']);
    assert.deepEqual(channel.labels, ['0', '1', '2', '3', '4']);
    assert.deepEqual(noise.geometricWeights(1, 1, 1, f(3n)), [1n]);
    assert.deepEqual(noise.geometricWeights(0, 0, 3, f(1n)), [1n, 1n, 1n, 1n]);
    assert.throws(() => noise.geometricChannel(0, 5, 0, 4, f(2n)), /outside the output range/);
    assert.throws(() => noise.geometricWeights(0, 3, 2, f(2n)), /is empty/);
  });

  test('k-ary response tells the truth with α₀/(α₀ + k − 1); the exponential weights are ∝ α^u', () => {
    assert.deepEqual(law(noise.kAryChannel(2, 3, 4, f(3n))), ['1/6', '1/6', '1/2', '1/6']);
    assert.throws(() => noise.kAryChannel(0, 1, 1, f(2n)), /k >= 2/);
    // scores (1, 1, 3, 1) at α = 2: weights 1, 1, 4, 1 over 7
    assert.deepEqual(law(noise.exponentialChannel([1, 1, 3, 1], [0, 1, 3, 1], f(2n))), ['1/7', '1/7', '4/7', '1/7']);
    assert.throws(() => noise.exponentialChannel([1], [1, 2], f(2n)), /same candidates/);
  });

  test('the accuracy P(|Y − t| ≤ τ) sums the law around t', () => {
    const distribution = ['1/12', '1/6', '1/2', '1/6', '1/12'].map((text) => parseFractionStr(text));
    assert.equal(fractionStr(noise.within(distribution, 0, 2, 0)), '1/2');
    assert.equal(fractionStr(noise.within(distribution, 0, 2, 1)), '5/6');
    assert.equal(fractionStr(noise.within(distribution, 10, 12, 9)), '1');
    assert.throws(() => noise.within(distribution, 0, 2, -1), /at least 0/);
  });

  test('a count moves by 1 and 0, a sum clipped at B by B and 2B, an unclipped sum without bound', () => {
    assert.equal(sensitivity.sensitivity('count', 'add-remove', null), 1);
    assert.equal(sensitivity.sensitivity('count', 'replace', null), 0);
    assert.equal(sensitivity.sensitivity('sum', 'add-remove', 5), 5);
    assert.equal(sensitivity.sensitivity('sum', 'replace', 5), 10);
    assert.equal(sensitivity.sensitivity('sum', 'add-remove', null), null);
    assert.deepEqual([-7, -3, 0, 2, 9].map((v) => sensitivity.clip(v, 3)), [-3, -3, 0, 2, 3]);
    assert.equal(sensitivity.answer('sum', [-7, 2, 9], 3), 2);
    assert.equal(sensitivity.answer('sum', [-7, 2, 9], null), 4);
    assert.equal(sensitivity.answer('count', [-7, 2, 9], null), 3);
    assert.throws(() => sensitivity.sensitivity('sum', 'replace', 0), /positive integer/);
  });
});

test('the composition engine re-exports the exact modules, not copies of them', () => {
  for (const module of [rational, numbers, profile]) {
    for (const [name, value] of Object.entries(module)) {
      if (name in engine) assert.equal(engine[name], value, name);
    }
  }
  for (const name of ['add', 'subtract', 'multiply', 'parseFractionStr', 'orderByRatio', 'channelOf']) {
    assert.ok(!(name in engine), `${name} is exact/'s, not the composition engine's`);
  }
});
