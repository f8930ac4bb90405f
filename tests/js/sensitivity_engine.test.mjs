// The noise-mechanism lab's BigInt engine (generator/lessons/sensitivity/lab/engine.mjs)
// against the Python lesson (generator/lessons/sensitivity/) and core.
//
// Part 1 checks values by hand and properties: the folded geometric law on a small range,
// the worst neighbours, the pure ε Δ·ln α₀ of the geometric mechanism, replacing a record
// doubling the clipped sum's sensitivity, the accuracy growing with α₀, and a brute-force
// δ*(α) over every event. Part 2 writes the golden vectors of
// generator/lessons/sensitivity/golden.py (never committed) and the chart rows of
// charts.py, and holds the engine to them: every parse case, every state case, every
// sampled state's full record and chart rows.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import * as engine from '../../generator/lessons/sensitivity/lab/engine.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const integer = (name, low, high) => ({ name, kind: 'integer', low, high, grid: 0, max_chars: 1000 });
const count = (name, low, high) => ({ name, kind: 'count', low, high, grid: 0, max_chars: 1000 });
const choice = (name, choices) => ({ name, kind: 'choice', choices, max_chars: 1000 });
const LIMITS = {
  values: {
    name: 'values',
    kind: 'list',
    item: integer('value', '-100', '100'),
    min_items: 1,
    max_items: 10,
    distinct: false,
    positive_sum: false,
    max_chars: 1000,
  },
  query: choice('query', ['count', 'sum', 'unclipped']),
  bound: count('bound', '1', '100'),
  neighbour: choice('neighbour', ['add-remove', 'replace']),
  mechanism: choice('mechanism', ['geometric', 'k-ary', 'exponential']),
  alpha0: { name: 'alpha0', kind: 'number', low: '1', high: '100', grid: 1, max_chars: 1000 },
  k: count('k', '2', '10'),
  lo: integer('lo', '-1000', '1000'),
  hi: integer('hi', '-1000', '1000'),
  alpha: { name: 'alpha', kind: 'number', low: '1', high: '100', grid: 1, max_chars: 1000 },
  tolerance: count('tolerance', '0', '60'),
};
const DEFAULTS = {
  values: '3,-1,7,2',
  query: 'sum',
  bound: '2',
  neighbour: 'replace',
  mechanism: 'geometric',
  alpha0: '2.0',
  k: '4',
  lo: '-10',
  hi: '10',
  alpha: '4.0',
  tolerance: '1',
};

const read = (texts) => engine.readState({ ...DEFAULTS, ...texts }, LIMITS, DEFAULTS);
const state = (texts) => {
  const result = read(texts);
  if (!result.ok) assert.fail(`refused: ${JSON.stringify(result.reasons)}`);
  return engine.evaluateState(result.value);
};
const f = (text) => {
  const [num, den = '1'] = text.split('/');
  return text.includes('.') ? engine.parseNumber(text) : engine.fraction(BigInt(num), BigInt(den));
};

describe('values by hand', () => {
  test('the folded geometric law on [0, 2] around 1 at α₀ = 2: ends 1/(1 + r)·r = 1/3, middle (1 − r)/(1 + r) = 1/3', () => {
    assert.deepEqual(engine.geometricWeights(1, 0, 2, f('2')), [4n, 4n, 4n]);
    // around 0 on [0, 2]: y = 0 is the end r⁰/(1 + r) = 2/3, y = 1 inside 1/6, y = 2 the end r²/(1 + r) = 1/6
    const record = state({ values: '0', query: 'sum', bound: '1', neighbour: 'add-remove', lo: '0', hi: '2', tolerance: '0' });
    assert.deepEqual(record.channel.distribution0, ['2/3', '1/6', '1/6']);
    assert.deepEqual(record.channel.distribution1, ['1/3', '1/3', '1/3']);
    assert.equal(record.accuracy, '2/3');
    assert.equal(record.answer0, 0);
    assert.equal(record.answer1, 1);
  });

  test('the issue’s default: D = (3, −1, 7, 2), B = 2, replace: D′ replaces 3 by −2, Δ = 4, ε = ln 16', () => {
    const record = state({});
    assert.deepEqual(record.database1, [-2, -1, 7, 2]);
    assert.equal(record.answer0, 5);
    assert.equal(record.answer1, 1);
    assert.equal(record.sensitivity, '4');
    assert.equal(record.pure_epsilon.max_ratio, '16');
    assert.equal(record.guarantee.exact, '4·ln(2)');
    assert.equal(record.delta, '1/2');
    assert.equal(record.event.text, '{5, …, 10}');
  });

  test('without clipping the sensitivity and the pure ε are ∞, though the pair’s own ε is finite', () => {
    const record = state({ query: 'unclipped', neighbour: 'add-remove', lo: '0', hi: '30' });
    assert.equal(record.sensitivity, 'inf');
    assert.equal(record.pure_epsilon.kind, 'infinite');
    assert.equal(record.pure_epsilon.decimal, 'inf');
    assert.equal(record.pair_epsilon.max_ratio, '128');
    assert.deepEqual(record.database1, [3, -1, 7, 2, 7]);
  });

  test('k-ary response: the first answer moves to the next category; ε = ln α₀ and no Δ', () => {
    const record = state({ mechanism: 'k-ary', values: '2,0,3', k: '4', alpha0: '3' });
    assert.deepEqual(record.database1, [3, 0, 3]);
    assert.deepEqual(record.channel.distribution0, ['1/6', '1/6', '1/2', '1/6']);
    assert.equal(record.sensitivity, null);
    assert.equal(record.pure_epsilon.max_ratio, '3');
    assert.equal(record.accuracy, '1/2');
  });

  test('the exponential mechanism: ε is at most ln α₀ adding a record (a monotone score), 2 ln α₀ replacing one', () => {
    for (const neighbour of ['add-remove', 'replace']) {
      const record = state({ mechanism: 'exponential', values: '0,2,2,1,2,3', k: '4', neighbour });
      const bound = neighbour === 'add-remove' ? '2' : '4';
      const ratio = f(record.pure_epsilon.max_ratio);
      assert.ok(ratio.num <= BigInt(bound) * ratio.den, `${neighbour}: ${record.pure_epsilon.max_ratio} > ${bound}`);
      assert.equal(record.guarantee.max_ratio, bound);
    }
  });
});

describe('properties', () => {
  const clipped = [];
  for (const values of ['3,-1,7,2', '-5', '0,0,0', '9,9,-9,1,2,3,4,5,6,7']) {
    for (const bound of ['1', '2', '3']) clipped.push({ values, bound });
  }

  test('the geometric pure ε is Δ·ln α₀ for every clipped query whose D′ moves the answer by Δ', () => {
    for (const { values, bound } of clipped) {
      for (const neighbour of ['add-remove', 'replace']) {
        for (const alpha0 of ['1.5', '2.0', '3.0']) {
          const record = state({ values, bound, neighbour, alpha0, lo: '-30', hi: '30' });
          if (record.distance !== Number(record.sensitivity)) continue;
          assert.equal(record.pure_epsilon.max_ratio, record.guarantee.max_ratio, `${values} B=${bound} ${neighbour} α₀=${alpha0}`);
        }
      }
    }
  });

  test('replacing a record doubles the clipped sum’s sensitivity', () => {
    for (const { values, bound } of clipped) {
      const add = state({ values, bound, neighbour: 'add-remove', lo: '-30', hi: '30' });
      const swap = state({ values, bound, neighbour: 'replace', lo: '-30', hi: '30' });
      assert.equal(Number(swap.sensitivity), 2 * Number(add.sensitivity));
    }
  });

  // α₀ = 1 is the core's uniform law, not the folded law's limit (whose ends take half each),
  // so the accuracy there may exceed that of α₀ = 1.1; from α₀ > 1 on it grows.
  test('the accuracy P(|Y − t| ≤ τ) grows with α₀ > 1', () => {
    let last = f('0');
    for (const alpha0 of ['1.1', '1.5', '2.0', '5.0', '100.0']) {
      const accuracy = f(state({ alpha0, tolerance: '2' }).accuracy);
      assert.ok(accuracy.num * last.den >= last.num * accuracy.den, `${alpha0}`);
      last = accuracy;
    }
  });

  test('δ*(α) is the largest excess of any event, by brute force over all events of a small range', () => {
    for (const alpha of ['1.0', '1.5', '2.0', '4.0']) {
      const record = state({ values: '1,-2', bound: '2', lo: '-4', hi: '3', alpha });
      const [P, Q] = [record.channel.distribution0.map(f), record.channel.distribution1.map(f)];
      const a = f(alpha);
      let best = f('0');
      for (let mask = 0; mask < 1 << P.length; mask++) {
        for (const [x, y] of [[P, Q], [Q, P]]) {
          let num = 0n;
          let den = 1n;
          for (let i = 0; i < P.length; i++) {
            if (!(mask & (1 << i))) continue;
            // excess x_i − α·y_i, summed over a common denominator
            const term = { num: x[i].num * y[i].den * a.den - a.num * y[i].num * x[i].den, den: x[i].den * y[i].den * a.den };
            num = num * term.den + term.num * den;
            den *= term.den;
          }
          if (num * best.den > best.num * den) best = engine.fraction(num, den);
        }
      }
      assert.equal(record.delta, engine.fractionStr(best), `α = ${alpha}`);
    }
  });
});

describe('the state’s rules', () => {
  test('an empty database, a bound of 0, letters and too many decimals are refused beside their fields', () => {
    const result = read({ values: '', bound: '0', lo: 'abc', alpha: '4.05' });
    assert.equal(result.ok, false);
    assert.deepEqual(result.reasons, { values: 'empty', bound: 'range', lo: 'syntax', alpha: 'step' });
  });

  test('a range too small for f(D) and f(D′) is "narrow" on both ends; a bad ignored field is not refused', () => {
    assert.deepEqual(read({ lo: '2', hi: '4' }).reasons, { lo: 'narrow', hi: 'narrow' });
    assert.equal(read({ query: 'count', bound: '0' }).ok, true);
    assert.equal(read({ mechanism: 'k-ary', values: '1,0', k: '2', lo: 'x', hi: '' }).ok, true);
  });
});

function python() {
  const venv = join(ROOT, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

const GOLDEN = `
import json, pathlib, sys
from generator.lessons.sensitivity.charts import chart_rows
from generator.lessons.sensitivity.golden import FILE_NAME, golden_files
out = pathlib.Path(sys.argv[1])
for name, text in golden_files().items():
    (out / name).write_text(text, encoding="utf-8")
golden = json.loads((out / FILE_NAME).read_text(encoding="utf-8"))
rows = [chart_rows(sample["record"]) for sample in golden["samples"]]
(out / "chart-rows.json").write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
`;

function generateGolden() {
  const out = mkdtempSync(join(tmpdir(), 'sensitivity-lab-golden-'));
  try {
    execFileSync(python(), ['-c', GOLDEN, out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    return {
      golden: JSON.parse(readFileSync(join(out, 'sensitivity-golden.json'), 'utf8')),
      chartRows: JSON.parse(readFileSync(join(out, 'chart-rows.json'), 'utf8')),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const query = (texts) => engine.PARAMS.map((name) => `${name}=${texts[name]}`).join('&');

describe('golden vectors from the Python lesson', () => {
  let golden;
  let pythonRows;
  before(() => {
    ({ golden, chartRows: pythonRows } = generateGolden());
  });

  test('the page’s limits and defaults are the ones these tests type', () => {
    assert.deepEqual(golden.limits, LIMITS);
    assert.deepEqual(golden.defaults, DEFAULTS);
  });

  test('every field reads every text as the core does', () => {
    const differing = [];
    for (const [name, text, expected] of golden.parse_cases) {
      const limit = golden.limits[name];
      const result = limit.kind === 'list' ? engine.readList(text, limit) : engine.parseField(text, limit);
      const answer = !result.ok
        ? result.reason
        : Array.isArray(result.value)
          ? result.value.join(',')
          : typeof result.value === 'object'
            ? engine.fractionStr(result.value)
            : String(result.value);
      if (answer !== expected) differing.push(`${name} ${JSON.stringify(text.slice(0, 40))}: ${answer} ≠ ${expected}`);
    }
    assert.ok(golden.parse_cases.length > 150, `${golden.parse_cases.length} parse cases`);
    assert.deepEqual(differing, []);
  });

  test('every state case is refused, or shown, as the core does', () => {
    for (const c of golden.state_cases) {
      const result = engine.readState(c.texts, golden.limits, golden.defaults);
      if (c.refusals) assert.deepEqual(result.ok ? {} : result.reasons, c.refusals, query(c.texts));
      else assert.deepStrictEqual(engine.evaluateState(result.value), c.record, query(c.texts));
    }
  });

  test('every sampled state gives the core’s full record, and its chart rows to the last bit', () => {
    const mismatches = [];
    const seen = new Set();
    golden.samples.forEach((sample, i) => {
      const result = engine.readState(sample.texts, golden.limits, golden.defaults);
      if (!result.ok) {
        mismatches.push(`${query(sample.texts)}: refused ${JSON.stringify(result.reasons)}`);
        return;
      }
      const record = engine.evaluateState(result.value);
      seen.add(`${record.mechanism} ${record.query} ${record.neighbour}`);
      for (const part of Object.keys(sample.record)) {
        try {
          assert.deepStrictEqual(record[part], sample.record[part]);
        } catch {
          mismatches.push(`${query(sample.texts)}: ${part} ${JSON.stringify(record[part]).slice(0, 200)} ≠ ${JSON.stringify(sample.record[part]).slice(0, 200)}`);
        }
      }
      assert.deepEqual(Object.keys(record).sort(), Object.keys(sample.record).sort());
      try {
        assert.deepStrictEqual(engine.chartRows(record), { laws: pythonRows[i] });
      } catch {
        mismatches.push(`${query(sample.texts)}: chart rows differ`);
      }
    });
    assert.deepEqual(mismatches, []);
    assert.ok(golden.samples.length >= 160, `${golden.samples.length} samples`);
    assert.ok(seen.size >= 9, [...seen].join('; '));
  });
});
