// The lab's BigInt engine against the Python core.
//
// Part 1 checks the reference's numbers and the parsers directly. Part 2 generates the
// golden vectors with `python -m generator golden` (never committed) and proves that the
// engine gives the same exact strings over the lab's whole domain: every mode, p = 0..100,
// k = 1..100 on the integer α grid (digests), and a seeded sample of typed states (full
// values, so a failure names its inputs).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

import * as engine from '../../generator/lessons/composition/lab/engine.mjs';
import { parseFractionStr } from '#lab/exact/rational.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @param {string} text a number the grammar must accept */
function exact(text) {
  const parsed = engine.parseNumber(text);
  assert.ok(parsed, `${text} should parse`);
  return parsed;
}

function profileOf(mode, p, k) {
  return engine.makeProfile(engine.buildChannel(mode, p, k));
}

function deltaText(mode, p, k, alpha) {
  return engine.fractionStr(engine.deltaStar(profileOf(mode, p, k), exact(alpha)));
}

function lab(mode, p, k, alpha, delta, alpha0) {
  return engine.evaluateLab({ mode, p, k, alpha: exact(alpha), delta: exact(delta), alpha0: exact(alpha0) });
}

describe('reference numbers', () => {
  test('fresh, p = 75, k = 2: 9/16, 6/16, 1/16 and δ*(3) = 3/8 on the event {0}', () => {
    const channel = engine.fresh(75, 2);
    assert.deepEqual(engine.channelRecord(channel).distribution0, ['9/16', '3/8', '1/16']);
    assert.deepEqual(engine.channelRecord(channel).distribution1, ['1/16', '3/8', '9/16']);
    const point = engine.profilePoint(engine.makeProfile(channel), exact('3'));
    assert.equal(engine.fractionStr(point.delta), '3/8'); // 9/16 − 3·1/16
    assert.deepEqual(point.event, { direction: '0→1', outputs: [0] }); // the tie with {2} goes to 0→1
  });

  test('fresh, p = 75: k = 3 still needs 3/8 at α = 3, and α = 1 needs the TV 1/2', () => {
    assert.equal(deltaText('fresh', 75, 3, '3'), '3/8'); // 27/64 − 3·1/64; output 1 has zero excess
    assert.deepEqual(engine.profilePoint(profileOf('fresh', 75, 3), exact('3')).event.outputs, [0]);
    assert.equal(deltaText('fresh', 75, 2, '1'), '1/2');
    assert.equal(deltaText('fresh', 75, 2, '9'), '0');
  });

  test('the claim δ = 0.374 fails and δ = 0.375 passes at α = 3, by exact comparison', () => {
    const profile = profileOf('fresh', 75, 2);
    assert.equal(engine.checkClaim(profile, exact('3'), exact('0.374')).passes, false);
    assert.equal(engine.checkClaim(profile, exact('3'), exact('0.375')).passes, true);
    assert.equal(engine.checkClaim(profile, exact('3'), exact('0')).passes, false);
    assert.deepEqual(lab('fresh', 75, 2, '3', '0.374', '3').claim, {
      alpha: '3',
      delta: '187/500',
      required: '3/8',
      required_decimal: '0.375',
      passes: false,
      event: { direction: '0→1', outputs: ['0'] },
    });
  });

  test('copying one response k times costs exactly one response', () => {
    for (const p of [0, 10, 50, 75, 90, 100]) {
      const copied = profileOf('copy', p, 2);
      const single = profileOf('fresh', p, 1);
      for (const alpha of engine.INTEGER_GRID) {
        assert.deepEqual(engine.deltaStar(copied, alpha), engine.deltaStar(single, alpha), `p = ${p}`);
      }
    }
    assert.deepEqual(engine.channelRecord(engine.copy(75, 2)).distribution0, ['3/4', '0', '1/4']);
    assert.equal(lab('copy', 75, 2, '3', '0', '3').composition.queries, 1);
  });

  test('pure ε: 2·ln(3) for two fresh responses, ln(3) for a copy, ∞ and 0 at the edges', () => {
    const record = (mode, p, k) => engine.pureRecord(engine.pureEpsilon(engine.buildChannel(mode, p, k)));
    const infinite = { kind: 'infinite', exact: '∞', decimal: 'inf', max_ratio: null };
    const finite = (exact, decimal, ratio) => ({ kind: 'finite', exact, decimal, max_ratio: ratio });
    assert.deepEqual(record('fresh', 75, 2), finite('2·ln(3)', '2.197', '9'));
    assert.deepEqual(record('copy', 75, 2), finite('ln(3)', '1.099', '3'));
    assert.deepEqual(record('fresh', 100, 2), infinite);
    assert.deepEqual(record('fresh', 0, 2), infinite);
    assert.deepEqual(record('fresh', 50, 7), { kind: 'zero', exact: '0', decimal: '0', max_ratio: '1' });
    assert.deepEqual(record('xor', 50, 7), infinite);
    assert.equal(record('fresh', 10, 3).exact, '3·ln(9)');
  });

  test('composition at p = 90, k = 2, α₀ = 3: δ₀ = 3/5, bound 1, exact 18/25 at α = 9', () => {
    const result = lab('fresh', 90, 2, '9', '0.72', '3');
    assert.deepEqual(result.composition, {
      alpha0: '3',
      delta0: '3/5', // 0.9 − 3·0.1
      queries: 2,
      composed_alpha: '9',
      theorem_delta: '1', // min(1, 2·0.6)
      exact_delta: '18/25', // 0.81 − 9·0.01
    });
    assert.deepEqual(result.decimals, { delta0: '0.6', theorem_delta: '1', exact_delta: '0.72' });
    assert.deepEqual(result.epsilon.theorem, { exact: '2·ln(3)', decimal: '2.197' });
    assert.equal(result.claim.passes, true);
  });

  test('xor needs δ = 1 at every α and has no composition bound', () => {
    const result = lab('xor', 75, 2, '3', '0.5', '3');
    assert.equal(result.claim.required, '1');
    assert.deepEqual(result.claim.event, { direction: '0→1', outputs: ['00', '11'] });
    assert.deepEqual(result.composition, {
      alpha0: '3',
      delta0: null,
      queries: null,
      composed_alpha: null,
      theorem_delta: null,
      exact_delta: null,
    });
    assert.equal(result.epsilon.theorem, null);
    assert.ok(result.grid.deltas.every((delta) => delta === '1'));
    assert.deepEqual(engine.channelRecord(engine.xor(0, 100)).labels, ['00', '01', '10', '11']);
  });
});

describe('exact formatting and chart coordinates', () => {
  const f = (num, den = 1n) => engine.fraction(num, den);

  test('fractionStr writes reduced fractions like Python', () => {
    assert.equal(engine.fractionStr(f(6n, 16n)), '3/8');
    assert.equal(engine.fractionStr(f(0n, 5n)), '0');
    assert.equal(engine.fractionStr(f(4n, 4n)), '1');
    assert.equal(engine.fractionStr(f(3n, -6n)), '-1/2');
    assert.equal(engine.fractionStr(exact('5.70')), '57/10');
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
    for (const [value, text] of cases) {
      assert.equal(engine.decimalStr(value), text, engine.fractionStr(value));
    }
    assert.equal(engine.decimalStr(f(1n, 3n), 5), '0.33333');
  });

  test('compare decides by cross-products, whatever the size', () => {
    const huge = 10n ** 300n;
    assert.equal(engine.compare(f(huge + 1n, huge), f(1n)), 1);
    assert.equal(engine.compare(f(huge - 1n, huge), f(1n)), -1);
    assert.equal(engine.compare(f(3n, 8n), exact('0.375')), 0);
  });

  test('toNumber never overflows to Infinity or NaN', () => {
    const huge = 10n ** 400n;
    assert.ok(Math.abs(engine.toNumber(f(huge + 1n, 3n * (huge / 10n))) - 10 / 3) < 1e-15);
    assert.equal(engine.toNumber(f(1n, huge)), 0);
    assert.equal(engine.toNumber(f(huge)), Number.MAX_VALUE);
    assert.equal(engine.toNumber(f(-3n, 8n)), -0.375);
    assert.equal(engine.toNumber(f(1n, 3n)), 1 / 3);
    const wide = engine.fresh(37, 100); // 665-bit weights
    const total = wide.weights0.reduce((sum, w) => sum + engine.toNumber(f(w, wide.denominator)), 0);
    assert.ok(Math.abs(total - 1) < 1e-12);
  });
});

describe('parsing what people type', () => {
  const refused = (result) => (result.ok ? 'accepted' : result.reason);
  // Shaped as generator/core/input_limits.py writes a limit; the lab's own limits come from the
  // page and, in the golden part below, from the core.
  const alphaLike = { name: 'a', kind: 'number', low: '1', high: '100', grid: 1, max_chars: 30 };
  const unitLike = { name: 'd', kind: 'number', low: '0', high: '1', grid: null, max_chars: 30 };
  const countLike = { name: 'n', kind: 'count', low: '1', high: '100', grid: 0, max_chars: 30 };

  test('numbers are decimals or integer ratios, exact and reduced; anything else is null', () => {
    assert.deepEqual(exact('0.375'), { num: 3n, den: 8n });
    assert.deepEqual(exact('3'), { num: 3n, den: 1n });
    assert.deepEqual(exact('5.7'), { num: 57n, den: 10n });
    assert.deepEqual(exact('57/10'), { num: 57n, den: 10n });
    assert.deepEqual(exact('114/20'), { num: 57n, den: 10n });
    assert.deepEqual(exact('.5'), { num: 1n, den: 2n });
    assert.deepEqual(exact('5.'), { num: 5n, den: 1n });
    assert.deepEqual(exact('007.50'), { num: 15n, den: 2n });
    for (const text of ['abc', '1e309', 'NaN', 'Infinity', '-1', '+1', ' 3', '0x1F', '1,5', '1.2.3', '.']) {
      assert.equal(engine.parseNumber(text), null, JSON.stringify(text));
    }
    for (const text of ['3/0', '1/2/3', '1.5/2', '/5', '5/', '٣']) {
      assert.equal(engine.parseNumber(text), null, JSON.stringify(text));
    }
  });

  test('a field is read against its limit: empty, length, grammar, grid, interval, in that order', () => {
    assert.deepEqual(engine.parseField('57/10', alphaLike).value, { num: 57n, den: 10n });
    assert.deepEqual(engine.parseField('5.70', alphaLike).value, { num: 57n, den: 10n });
    assert.equal(refused(engine.parseField('5.75', alphaLike)), 'step');
    assert.equal(refused(engine.parseField('1/3', alphaLike)), 'step');
    assert.equal(refused(engine.parseField('0.9', alphaLike)), 'range');
    assert.equal(refused(engine.parseField('1001/10', alphaLike)), 'range');
    assert.equal(refused(engine.parseField('NaN', alphaLike)), 'syntax');
    assert.equal(refused(engine.parseField('9'.repeat(31), alphaLike)), 'too-long');
    assert.equal(refused(engine.parseField('😀'.repeat(20), alphaLike)), 'syntax'); // 20 code points
    assert.equal(refused(engine.parseField('😀'.repeat(31), alphaLike)), 'too-long');
    assert.deepEqual(engine.parseField('1/3', unitLike).value, { num: 1n, den: 3n });
    assert.deepEqual(engine.parseField('1.000', unitLike).value, { num: 1n, den: 1n });
    assert.equal(refused(engine.parseField('4/3', unitLike)), 'range');
    assert.equal(refused(engine.parseField('-0', unitLike)), 'syntax');
    assert.deepEqual(engine.parseField('007', countLike), { ok: true, value: 7 });
    assert.equal(refused(engine.parseField('2.0', countLike)), 'step');
    assert.equal(refused(engine.parseField('6/2', countLike)), 'syntax');
    assert.equal(refused(engine.parseField('99999999999999999999', countLike)), 'range');
    for (const missing of ['', undefined, null]) assert.equal(refused(engine.parseField(missing, countLike)), 'empty');
    assert.equal(refused(engine.parseField(['1', '2'], countLike)), 'syntax');
    assert.equal(refused(engine.parseField(3, countLike)), 'syntax');
  });

  test('the URL writes each value in one canonical form, exactly', () => {
    const text = (value, grid) => engine.canonicalNumber(exact(value), grid);
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

  test('hostile URL parameters give reasons field by field and keep the good fields', () => {
    const limits = { k: countLike, alpha: alphaLike, delta: unitLike };
    const params = new URLSearchParams('mode=%3Cscript%3E&k=1e309&alpha=NaN&delta=0.5&k=2');
    const texts = Object.fromEntries(['mode', 'k', 'alpha', 'delta'].map((name) => [name, params.get(name)]));
    const result = engine.parseInputs(texts, limits);
    assert.equal(result.ok, false);
    assert.deepEqual(result.errors, { mode: 'syntax', k: 'syntax', alpha: 'syntax' });
    assert.deepEqual(result.values, { delta: { num: 1n, den: 2n } });
    assert.deepEqual(engine.parseInputs({}, limits).errors, {
      mode: 'empty',
      k: 'empty',
      alpha: 'empty',
      delta: 'empty',
    });
    assert.equal(engine.parseInputs({ mode: 'copy', k: '2', alpha: '3.0', delta: '0' }, limits).ok, true);
    assert.equal(engine.parseMode('FRESH').ok, false);
    assert.equal(engine.parseMode('__proto__').ok, false);
  });

  test('a value reads as a short fraction with its decimal, or in a few digits when long', () => {
    assert.deepEqual(engine.readable(exact('3/8')), { exact: '3/8', approx: '0.375', equal: true, long: false });
    assert.deepEqual(engine.readable(exact('1/3')), { exact: '1/3', approx: '0.333', equal: false, long: false });
    assert.deepEqual(engine.readable(exact('2')), { exact: '2', approx: null, equal: true, long: false });
    // 1 − 1/10⁸ is not 1, and its reading says by how much
    assert.equal(engine.readable(exact('99999999/100000000')).approx, '1 − 1 × 10⁻⁸');
    assert.equal(engine.readable(exact('1/10000')).approx, '1 × 10⁻⁴');
    // the lab's largest composed α, 99.9^100 (402 characters as a fraction), reads in 4 symbols
    const huge = engine.readable({ num: 999n ** 100n, den: 10n ** 100n });
    assert.deepEqual([huge.approx, huge.equal, huge.long], ['9.05 × 10¹⁹⁹', false, true]);
  });

  test('a run of consecutive outputs is written as a range', () => {
    assert.equal(engine.outputSetText(Array.from({ length: 50 }, (_, i) => String(i))), '{0, …, 49}');
    assert.equal(engine.outputSetText(['0', '1']), '{0, 1}');
    assert.equal(engine.outputSetText(['00', '11']), '{00, 11}');
    assert.equal(engine.outputSetText(['0', '1', '2', '5', '7', '8', '9']), '{0, …, 2, 5, 7, …, 9}');
    assert.equal(engine.outputSetText([]), '∅');
  });

  test('the core functions refuse what the parsers would have refused', () => {
    const profile = profileOf('fresh', 75, 2);
    assert.throws(() => engine.deltaStar(profile, engine.fraction(1n, 2n)), RangeError);
    assert.throws(() => engine.checkClaim(profile, exact('3'), exact('1.5')), RangeError);
    assert.throws(() => engine.buildChannel('<script>', 75, 2), RangeError);
    assert.throws(() => engine.buildChannel('toString', 75, 2), RangeError);
    assert.throws(() => engine.fresh(101, 2), RangeError);
    assert.throws(() => engine.fresh(75, 0), RangeError);
    assert.throws(() => engine.fraction(1n, 0n), RangeError);
  });
});

describe('lab outputs', () => {
  /** Every leaf of a result: strings, booleans, null and finite Numbers only. */
  function leaves(value, path = 'result') {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
    if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path} = ${value}`];
    if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
    if (typeof value === 'object') {
      return Object.entries(value).flatMap(([key, item]) => leaves(item, `${path}.${key}`));
    }
    return [`${path} is ${typeof value}`];
  }

  test('results are JSON-safe at the corners of the domain: no BigInt, NaN, Infinity or undefined', () => {
    for (const mode of engine.MODES) {
      for (const [p, k, alpha, delta, alpha0] of [
        [0, 1, '1', '0', '1'],
        [1, 100, '100', '1', '100'],
        [50, 100, '1', '0.5', '1.1'],
        [99, 100, '99.9', '0.000000000000000001', '100'],
        [100, 100, '1.1', '0', '100'],
      ]) {
        const result = lab(mode, p, k, alpha, delta, alpha0);
        assert.deepEqual(leaves(result), [], `${mode} p=${p} k=${k}`);
        assert.deepEqual(JSON.parse(JSON.stringify(result)), result);
        assert.equal(result.chart.grid.length, 100);
      }
    }
  });

  test('chart coordinates are the exact values, converted last', () => {
    const result = lab('fresh', 75, 2, '3', '0', '3');
    assert.deepEqual(result.chart.distribution0, [0.5625, 0.375, 0.0625]);
    assert.equal(result.chart.required, 0.375);
    assert.equal(result.chart.grid[0], 0.5);
    assert.deepEqual(result.epsilon.claim, { exact: 'ln(3)', decimal: '1.099' });
    assert.deepEqual(lab('fresh', 75, 2, '1', '0', '1').epsilon.step, { exact: '0', decimal: '0' });
  });
});

function python() {
  const venv = join(ROOT, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

/** Runs `python -m generator golden` into a temporary directory and reads the vectors. */
function generateGolden() {
  const out = mkdtempSync(join(tmpdir(), 'composition-lab-golden-'));
  try {
    execFileSync(python(), ['-m', 'generator', 'golden', '--out', out], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 1 << 20,
    });
    return JSON.parse(readFileSync(join(out, 'golden.json'), 'utf8'));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const sha256 = (lines) => createHash('sha256').update(lines.join('\n'), 'utf8').digest('hex');

/** The engine's row for one (mode, p, k), in the canonical texts of generator/lessons/composition/golden.py. */
function engineRow(mode, p, k) {
  const channel = engine.buildChannel(mode, p, k);
  const profile = engine.makeProfile(channel);
  const grid = engine.profileRecord(profile, engine.INTEGER_GRID);
  const record = engine.channelRecord(channel);
  const pure = engine.pureRecord(engine.pureEpsilon(channel));
  return [
    mode,
    p,
    k,
    sha256(grid.deltas),
    sha256(grid.events.map((event) => `${event.direction}:${event.outputs.join(',')}`)),
    sha256(record.labels.map((label, i) => `${label}:${record.distribution0[i]}:${record.distribution1[i]}`)),
    pure.exact,
    pure.decimal,
  ];
}

describe('golden vectors from the Python core', () => {
  let golden;
  before(() => {
    golden = generateGolden();
  });

  test('the vectors cover every mode, p = 0..100 and k = 1..100 on the α grid 1..100', () => {
    assert.deepEqual(golden.alphas, engine.INTEGER_GRID.map(engine.fractionStr));
    assert.deepEqual(golden.profile_columns, [
      'mode',
      'p',
      'k',
      'deltas',
      'events',
      'distributions',
      'pure_exact',
      'pure_decimal',
    ]);
    const keys = new Set(golden.profiles.map(([mode, p, k]) => `${mode} ${p} ${k}`));
    assert.equal(keys.size, 3 * 101 * 100);
    for (const mode of engine.MODES) for (let p = 0; p <= 100; p++) assert.ok(keys.has(`${mode} ${p} 100`));
    assert.ok(golden.samples.length >= 1000);
  });

  for (const mode of engine.MODES) {
    test(`${mode}: δ*, maximal events, distributions and pure ε match every (p, k)`, () => {
      const mismatches = [];
      for (const expected of golden.profiles) {
        if (expected[0] !== mode) continue;
        const actual = engineRow(mode, expected[1], expected[2]);
        const differing = golden.profile_columns.filter((_, i) => actual[i] !== expected[i]);
        if (differing.length) {
          mismatches.push(`${mode} p=${expected[1]} k=${expected[2]}: ${differing.join(', ')}`);
        }
      }
      assert.deepEqual(mismatches.slice(0, 20), [], `${mismatches.length} rows differ`);
    });
  }

  test('the engine reads every field as the core does, text by text', () => {
    assert.deepEqual(Object.keys(golden.limits).sort(), ['alpha', 'alpha0', 'delta', 'k', 'p']);
    const differing = [];
    for (const [name, text, expected] of golden.parse_cases) {
      const parsed = engine.parseField(text, golden.limits[name]);
      const answer = !parsed.ok
        ? parsed.reason
        : typeof parsed.value === 'number'
          ? String(parsed.value)
          : engine.fractionStr(parsed.value);
      if (answer !== expected) differing.push(`${name} ${JSON.stringify(text.slice(0, 40))}: ${answer} ≠ ${expected}`);
    }
    assert.ok(golden.parse_cases.length >= 5 * 50);
    assert.deepEqual(differing, []);
  });

  test('every value reads as the core reads it', () => {
    const differing = golden.readable_cases
      .map((expected) => [expected, engine.readable(parseFractionStr(expected.exact))])
      .filter(([expected, actual]) => !isDeepStrictEqual(actual, expected))
      .map(([expected, actual]) => `${expected.exact.slice(0, 40)}: ${JSON.stringify(actual)}`);
    assert.ok(golden.readable_cases.length >= 130);
    assert.ok(golden.readable_cases.some((c) => c.long) && golden.readable_cases.some((c) => c.approx?.includes('−')));
    assert.deepEqual(differing, []);
  });

  test('every ε text the lab can show, m·ln(α) for α = 1.0..100.0 and m = 1..100, matches', () => {
    const alphas = Array.from({ length: 991 }, (_, i) => engine.fraction(BigInt(i + 10), 10n));
    const differing = [];
    golden.epsilon_digests.forEach((expected, i) => {
      const lines = alphas.map((alpha) => engine.logTerm(i + 1, alpha)).map((e) => `${e.exact}:${e.decimal}`);
      if (sha256(lines) !== expected) differing.push(i + 1);
    });
    assert.equal(golden.epsilon_digests.length, 100);
    assert.deepEqual(differing, [], 'multipliers whose ε texts differ');
  });

  test('every sampled lab state gives the core’s full values', () => {
    const mismatches = [];
    const verdicts = new Set();
    for (const sample of golden.samples) {
      const { mode, p, k, alpha, delta, alpha0 } = sample.inputs;
      const parsed = engine.parseInputs({ mode, p: String(p), k: String(k), alpha, delta, alpha0 }, golden.limits);
      const name = `mode=${mode}&p=${p}&k=${k}&alpha=${alpha}&delta=${delta}&alpha0=${alpha0}`;
      if (!parsed.ok) {
        mismatches.push(`${name}: refused ${JSON.stringify(parsed.errors)}`);
        continue;
      }
      const result = engine.evaluateLab(/** @type {any} */ (parsed.values));
      verdicts.add(result.claim.passes);
      result.readings = Object.fromEntries(
        Object.keys(sample.readings).map((path) => {
          const [part, name] = path.split('.');
          return [path, engine.readable(parseFractionStr(result[part][name]))];
        }),
      );
      for (const part of ['claim', 'pure_epsilon', 'composition', 'epsilon', 'decimals', 'readings']) {
        try {
          assert.deepStrictEqual(result[part], sample[part]);
        } catch {
          const [actual, expected] = [result[part], sample[part]].map((value) => JSON.stringify(value));
          mismatches.push(`${name}: ${part} ${actual} ≠ ${expected}`);
        }
      }
    }
    assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} mismatches`);
    assert.deepEqual(verdicts, new Set([true, false]));
  });
});
