// The generic exact machinery (site_overrides/assets/javascripts/lab/exact/) on its own:
// fraction arithmetic against hand-computed values and a naive reference, the fraction
// strings read back, their decimals and chart coordinates, the number grammar and the fields
// read against their limits, readings of long values, channels from two rows of weights, the
// profile of a channel whose denominator is not a divisor of a power of 10, the release
// channels of one bit with their pure ε and composition panel against the reference's hand
// computations, the generic field readers, and the discrete noise mechanisms and the queries'
// sensitivity by hand.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import * as releases from '../../site_overrides/assets/javascripts/lab/exact/channels.mjs';
import { compose } from '../../site_overrides/assets/javascripts/lab/exact/composition.mjs';
import * as noise from '../../site_overrides/assets/javascripts/lab/exact/discrete_noise.mjs';
import * as numbers from '../../site_overrides/assets/javascripts/lab/exact/numbers.mjs';
import * as profile from '../../site_overrides/assets/javascripts/lab/exact/profile.mjs';
import * as rational from '../../site_overrides/assets/javascripts/lab/exact/rational.mjs';
import { outputSetText, readable } from '../../site_overrides/assets/javascripts/lab/exact/readable.mjs';
import { exactOf } from '../../site_overrides/assets/javascripts/lab/kit/markup.mjs';
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

  test('a long text fractionStr wrote is read back as its value, without parsing', () => {
    const value = f(7n ** 2000n + 1n, 2n ** 3000n);
    const text = fractionStr(value);
    assert.equal(rational.writtenFraction(text), value);
    assert.deepEqual(exactOf(text), value);
    // A short text is not kept, and a long one no engine wrote is parsed as it stands.
    assert.equal(rational.writtenFraction(fractionStr(f(3n, 8n))), undefined);
    const unwritten = `${10n ** 1200n + 1n}/${3n ** 2600n}`;
    assert.equal(rational.writtenFraction(unwritten), undefined);
    assert.deepEqual(exactOf(unwritten), { num: 10n ** 1200n + 1n, den: 3n ** 2600n });
    // Only the last few are kept.
    for (let i = 1n; i <= 20n; i++) fractionStr(f(11n ** 1000n + i, 1n));
    assert.equal(rational.writtenFraction(text), undefined);
    assert.deepEqual(exactOf(text), value);
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
    const reference = releases.fresh(75, 2);
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

describe('exact formatting and chart coordinates', () => {
  test('fractionStr writes reduced fractions like Python', () => {
    assert.equal(fractionStr(f(6n, 16n)), '3/8');
    assert.equal(fractionStr(f(0n, 5n)), '0');
    assert.equal(fractionStr(f(4n, 4n)), '1');
    assert.equal(fractionStr(f(3n, -6n)), '-1/2');
    assert.equal(fractionStr(numbers.parseNumber('5.70')), '57/10');
  });

  test('decimalStr rounds half up at three places and drops trailing zeros', () => {
    const cases = [
      [f(3n, 8n), '0.375'],
      [f(18n, 25n), '0.72'],
      [f(1n), '1'],
      [f(1n, 3n), '0.333'],
      [f(2n, 3n), '0.667'],
      [f(1n, 2000n), '0.001'],
      [f(1n, 2001n), '0'],
      [f(999_999n, 1_000_000n), '1'],
      [f(0n), '0'],
      [f(-3n, 8n), '-0.375'],
    ];
    for (const [value, text] of cases) assert.equal(rational.decimalStr(value), text, fractionStr(value));
    assert.equal(rational.decimalStr(f(1n, 3n), 5), '0.33333');
  });

  test('compare decides by cross-products, whatever the size', () => {
    const huge = 10n ** 300n;
    assert.equal(rational.compare(f(huge + 1n, huge), f(1n)), 1);
    assert.equal(rational.compare(f(huge - 1n, huge), f(1n)), -1);
    assert.equal(rational.compare(f(3n, 8n), numbers.parseNumber('0.375')), 0);
  });

  test('toNumber never overflows to Infinity or NaN', () => {
    const huge = 10n ** 400n;
    assert.ok(Math.abs(rational.toNumber(f(huge + 1n, 3n * (huge / 10n))) - 10 / 3) < 1e-15);
    assert.equal(rational.toNumber(f(1n, huge)), 0);
    assert.equal(rational.toNumber(f(huge)), Number.MAX_VALUE);
    assert.equal(rational.toNumber(f(-3n, 8n)), -0.375);
    assert.equal(rational.toNumber(f(1n, 3n)), 1 / 3);
    const wide = releases.fresh(37, 100); // 665-bit weights
    const total = wide.weights0.reduce((sum, w) => sum + rational.toNumber(f(w, wide.denominator)), 0);
    assert.ok(Math.abs(total - 1) < 1e-12);
  });
});

describe('parsing what people type', () => {
  const refused = (result) => (result.ok ? 'accepted' : result.reason);
  // Shaped as generator/core/fields.py writes a limit.
  const alphaLike = { name: 'a', kind: 'number', low: '1', high: '100', grid: 1, max_chars: 30 };
  const unitLike = { name: 'd', kind: 'number', low: '0', high: '1', grid: null, max_chars: 30 };
  const countLike = { name: 'n', kind: 'count', low: '1', high: '100', grid: 0, max_chars: 30 };
  const exact = (text) => numbers.parseNumber(text);

  test('numbers are decimals, integer ratios or decimals with an exponent, exact and reduced; anything else is null', () => {
    assert.deepEqual(exact('0.375'), { num: 3n, den: 8n });
    assert.deepEqual(exact('3'), { num: 3n, den: 1n });
    assert.deepEqual(exact('5.7'), { num: 57n, den: 10n });
    assert.deepEqual(exact('57/10'), { num: 57n, den: 10n });
    assert.deepEqual(exact('114/20'), { num: 57n, den: 10n });
    assert.deepEqual(exact('.5'), { num: 1n, den: 2n });
    assert.deepEqual(exact('5.'), { num: 5n, den: 1n });
    assert.deepEqual(exact('007.50'), { num: 15n, den: 2n });
    assert.deepEqual(exact('1e-5'), { num: 1n, den: 100000n });
    assert.deepEqual(exact('2.5E3'), { num: 2500n, den: 1n });
    for (const text of ['abc', '1e1000', 'NaN', 'Infinity', '-1', '+1', ' 3', '0x1F', '1,5', '1.2.3', '.']) {
      assert.equal(numbers.parseNumber(text), null, JSON.stringify(text));
    }
    for (const text of ['3/0', '1/2/3', '1.5/2', '/5', '5/', '٣']) {
      assert.equal(numbers.parseNumber(text), null, JSON.stringify(text));
    }
  });

  test('a field is read against its limit: empty, length, grammar, grid, interval, in that order', () => {
    const { parseField } = numbers;
    assert.deepEqual(parseField('57/10', alphaLike).value, { num: 57n, den: 10n });
    assert.deepEqual(parseField('5.70', alphaLike).value, { num: 57n, den: 10n });
    assert.equal(refused(parseField('5.75', alphaLike)), 'step');
    assert.equal(refused(parseField('1/3', alphaLike)), 'step');
    assert.equal(refused(parseField('0.9', alphaLike)), 'range');
    assert.equal(refused(parseField('1001/10', alphaLike)), 'range');
    assert.equal(refused(parseField('NaN', alphaLike)), 'syntax');
    assert.equal(refused(parseField('9'.repeat(31), alphaLike)), 'too-long');
    assert.equal(refused(parseField('😀'.repeat(20), alphaLike)), 'syntax'); // 20 code points
    assert.equal(refused(parseField('😀'.repeat(31), alphaLike)), 'too-long');
    assert.deepEqual(parseField('1/3', unitLike).value, { num: 1n, den: 3n });
    assert.deepEqual(parseField('1.000', unitLike).value, { num: 1n, den: 1n });
    assert.equal(refused(parseField('4/3', unitLike)), 'range');
    assert.equal(refused(parseField('-0', unitLike)), 'syntax');
    assert.deepEqual(parseField('007', countLike), { ok: true, value: 7 });
    assert.equal(refused(parseField('2.0', countLike)), 'step');
    assert.equal(refused(parseField('6/2', countLike)), 'syntax');
    assert.equal(refused(parseField('99999999999999999999', countLike)), 'range');
    for (const missing of ['', undefined, null]) assert.equal(refused(parseField(missing, countLike)), 'empty');
    assert.equal(refused(parseField(['1', '2'], countLike)), 'syntax');
    assert.equal(refused(parseField(3, countLike)), 'syntax');
  });

  test('the URL writes each value in one canonical form, exactly', () => {
    const text = (value, grid) => numbers.canonicalNumber(exact(value), grid);
    assert.equal(text('3', 1), '3.0');
    assert.equal(text('57/10', 1), '5.7');
    assert.equal(text('100', 1), '100.0');
    assert.equal(text('0', null), '0');
    assert.equal(text('18/25', null), '0.72');
    assert.equal(text('0.3740', null), '0.374');
    assert.equal(text('1/1024', null), '0.0009765625');
    assert.equal(text('1/3', null), '1/3');
    assert.equal(text('2/7', null), '2/7');
  });

  test('a value reads as a short fraction with its decimal, or in a few digits when long', () => {
    assert.deepEqual(readable(exact('3/8')), { exact: '3/8', approx: '0.375', equal: true, long: false });
    assert.deepEqual(readable(exact('1/3')), { exact: '1/3', approx: '0.333', equal: false, long: false });
    assert.deepEqual(readable(exact('2')), { exact: '2', approx: null, equal: true, long: false });
    // 1 − 1/10⁸ is not 1, and its reading says by how much
    assert.equal(readable(exact('99999999/100000000')).approx, '1 − 1 × 10⁻⁸');
    assert.equal(readable(exact('1/10000')).approx, '1 × 10⁻⁴');
    // the composition lab's largest composed α, 99.9^100 (402 characters as a fraction), reads in 4 symbols
    const huge = readable({ num: 999n ** 100n, den: 10n ** 100n });
    assert.deepEqual([huge.approx, huge.equal, huge.long], ['9.05 × 10¹⁹⁹', false, true]);
  });

  test('a run of consecutive outputs is written as a range', () => {
    assert.equal(outputSetText(Array.from({ length: 50 }, (_, i) => String(i))), '{0, …, 49}');
    assert.equal(outputSetText(['0', '1']), '{0, 1}');
    assert.equal(outputSetText(['00', '11']), '{00, 11}');
    assert.equal(outputSetText(['0', '1', '2', '5', '7', '8', '9']), '{0, …, 2, 5, 7, …, 9}');
    assert.equal(outputSetText([]), '∅');
  });
});

describe('the release channels of one bit, their pure ε and the composition panel', () => {
  const exact = (text) => numbers.parseNumber(text);
  const profileOf = (mode, p, k) => makeProfile(releases.buildChannel(mode, p, k));
  const deltaText = (mode, p, k, alpha) => fractionStr(deltaStar(profileOf(mode, p, k), exact(alpha)));

  test('fresh, p = 75, k = 2: 9/16, 6/16, 1/16 and δ*(3) = 3/8 on the event {0}', () => {
    const channel = releases.fresh(75, 2);
    assert.deepEqual(profile.lawRecord(channel).distribution0, ['9/16', '3/8', '1/16']);
    assert.deepEqual(profile.lawRecord(channel).distribution1, ['1/16', '3/8', '9/16']);
    const point = profilePoint(makeProfile(channel), exact('3'));
    assert.equal(fractionStr(point.delta), '3/8'); // 9/16 − 3·1/16
    assert.deepEqual(point.event, { direction: '0→1', outputs: [0] }); // the tie with {2} goes to 0→1
  });

  test('fresh, p = 75: k = 3 still needs 3/8 at α = 3, and α = 1 needs the TV 1/2', () => {
    assert.equal(deltaText('fresh', 75, 3, '3'), '3/8'); // 27/64 − 3·1/64; output 1 has zero excess
    assert.deepEqual(profilePoint(profileOf('fresh', 75, 3), exact('3')).event.outputs, [0]);
    assert.equal(deltaText('fresh', 75, 2, '1'), '1/2');
    assert.equal(deltaText('fresh', 75, 2, '9'), '0');
  });

  test('the claim δ = 0.374 fails and δ = 0.375 passes at α = 3, by exact comparison', () => {
    const fresh = profileOf('fresh', 75, 2);
    assert.equal(profile.checkClaim(fresh, exact('3'), exact('0.374')).passes, false);
    assert.equal(profile.checkClaim(fresh, exact('3'), exact('0.375')).passes, true);
    assert.equal(profile.checkClaim(fresh, exact('3'), exact('0')).passes, false);
  });

  test('copying one response k times costs exactly one response', () => {
    for (const p of [0, 10, 50, 75, 90, 100]) {
      const copied = profileOf('copy', p, 2);
      const single = profileOf('fresh', p, 1);
      for (const alpha of profile.INTEGER_GRID) assert.deepEqual(deltaStar(copied, alpha), deltaStar(single, alpha), `p = ${p}`);
    }
    assert.deepEqual(profile.lawRecord(releases.copy(75, 2)).distribution0, ['3/4', '0', '1/4']);
    assert.equal(compose(profileOf('copy', 75, 2), exact('3')).queries, 1);
  });

  test('pure ε: 2·ln(3) for two fresh responses, ln(3) for a copy, ∞ and 0 at the edges', () => {
    const record = (mode, p, k) => profile.pureRecord(releases.releasePureEpsilon(releases.buildChannel(mode, p, k)));
    const infinite = { kind: 'infinite', exact: '∞', decimal: 'inf', max_ratio: null };
    const finite = (text, decimal, ratio) => ({ kind: 'finite', exact: text, decimal, max_ratio: ratio });
    assert.deepEqual(record('fresh', 75, 2), finite('2·ln(3)', '2.197', '9'));
    assert.deepEqual(record('copy', 75, 2), finite('ln(3)', '1.099', '3'));
    assert.deepEqual(record('fresh', 100, 2), infinite);
    assert.deepEqual(record('fresh', 0, 2), infinite);
    assert.deepEqual(record('fresh', 50, 7), { kind: 'zero', exact: '0', decimal: '0', max_ratio: '1' });
    assert.deepEqual(record('xor', 50, 7), infinite);
    assert.equal(record('fresh', 10, 3).exact, '3·ln(9)');
  });

  test('composition at p = 90, k = 2, α₀ = 3: δ₀ = 3/5, bound 1, exact 18/25 at α = 9', () => {
    const panel = compose(profileOf('fresh', 90, 2), exact('3'));
    assert.deepEqual(
      [panel.delta0, panel.queries, panel.composedAlpha, panel.theoremDelta, panel.exactDelta].map((v) =>
        typeof v === 'number' ? v : fractionStr(v),
      ),
      ['3/5', 2, '9', '1', '18/25'], // 0.9 − 3·0.1; min(1, 2·0.6); 0.81 − 9·0.01
    );
  });

  test('xor needs δ = 1 at every α and has no composition bound', () => {
    const xor = profileOf('xor', 75, 2);
    assert.ok(profile.INTEGER_GRID.every((alpha) => fractionStr(deltaStar(xor, alpha)) === '1'));
    assert.deepEqual(profilePoint(xor, exact('3')).event, { direction: '0→1', outputs: [0, 3] });
    const panel = compose(xor, exact('3'));
    assert.deepEqual(panel, { alpha0: exact('3'), delta0: null, queries: null, composedAlpha: null, theoremDelta: null, exactDelta: null });
    assert.deepEqual(releases.xor(0, 100).labels, ['00', '01', '10', '11']);
  });

  test('a law record reduces its probabilities as Euclid does, 2s and 5s first', () => {
    const channels = [
      ...releases.MODES.flatMap((mode) => [[0, 3], [1, 100], [37, 100], [50, 7], [99, 40]].map(([p, k]) => releases.buildChannel(mode, p, k))),
      channelOf(['a', 'b', 'c'], [3, 6, 1], [7, 0, 14]), // a denominator with factors 3 and 7
    ];
    for (const channel of channels) {
      const law = profile.lawRecord(channel);
      const euclid = (w) => fractionStr(naive(w, channel.denominator));
      assert.deepEqual([law.distribution0, law.distribution1], [channel.weights0.map(euclid), channel.weights1.map(euclid)]);
    }
  });

  test('the channels and the panel refuse what the fields would have refused', () => {
    assert.throws(() => deltaStar(profileOf('fresh', 75, 2), f(1n, 2n)), RangeError);
    assert.throws(() => profile.checkClaim(profileOf('fresh', 75, 2), exact('3'), exact('1.5')), RangeError);
    assert.throws(() => compose(profileOf('fresh', 75, 2), f(1n, 2n)), RangeError);
    assert.throws(() => releases.buildChannel('<script>', 75, 2), RangeError);
    assert.throws(() => releases.buildChannel('toString', 75, 2), RangeError);
    assert.throws(() => releases.fresh(101, 2), RangeError);
    assert.throws(() => releases.fresh(75, 0), RangeError);
    assert.throws(() => rational.fraction(1n, 0n), RangeError);
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
