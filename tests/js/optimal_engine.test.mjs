// The optimal-composition lab's BigInt engine (generator/lessons/optimal/lab/engine.mjs) and
// exact/logarithm.mjs against the Python lesson (generator/lessons/optimal/) and core.
//
// Part 1 checks values by hand: the hand example, the reduction to the fresh
// mode, the reader of steps and the logarithm. Part 2 writes the golden vectors of
// generator/lessons/optimal/golden.py (never committed) and the charts' data sets of
// generator/lessons/optimal/charts.py for each sample, and holds the engine to them: every
// parse case, every logarithm, every sampled state's full record and chart rows.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import * as engine from '../../generator/lessons/optimal/lab/engine.mjs';
import { lnDecimal } from '../../site_overrides/assets/javascripts/lab/exact/logarithm.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const number = (name, low, high, grid) => ({ name, kind: 'number', low, high, grid, max_chars: 1000 });
const ALPHA0 = number('alpha0', '1', '100', 3);
const DELTA0 = number('delta0', '0', '9999999999/10000000000', null);
const LIMITS = {
  alpha0: ALPHA0,
  delta0: DELTA0,
  k: { name: 'k', kind: 'count', low: '1', high: '1000', grid: 0, max_chars: 1000 },
  delta: number('delta', '1/10000000000', '9999999999/10000000000', null),
  steps: { name: 'steps', kind: 'list', pairs: true, alpha: ALPHA0, delta: DELTA0, min_items: 1, max_items: 12, max_chars: 1000 },
};
const TEXTS = { mode: 'same', alpha0: '1.1', delta0: '0', k: '100', steps: '3:0,2:0.01', delta: '0.00001' };

const f = (text) => engine.parseNumber(text);
const state = (texts) => {
  const read = engine.readState({ ...TEXTS, ...texts }, LIMITS);
  if (!read.ok) assert.fail(`refused: ${JSON.stringify(read.reasons)}`);
  return engine.evaluateState(read.value);
};

describe('values by hand', () => {
  test('two (ln 3, 0.6) steps: δ(9) = 1 − 0.4² = 21/25, and that target needs α = 9', () => {
    const law = engine.sameLaw(f('3'), f('0.6'), 2);
    assert.equal(engine.fractionStr(engine.deltaAt(law, f('9'))), '21/25');
    const record = state({ alpha0: '3', delta0: '0.6', k: '2', delta: '21/25' });
    assert.equal(record.optimal.alpha, '9');
    assert.equal(record.delta_at_basic, '21/25');
    assert.equal(record.basic.delta, '6/5');
    assert.equal(record.basic.applies, false);
    assert.equal(record.infinite, '21/25');
    assert.equal(record.support_size, 3);
  });

  test('δ₀ = 0 is the fresh mode: k = 2 at α₀ = 3 gives δ*(1) = 1/2 and δ*(3) = 3/8', () => {
    const law = engine.sameLaw(f('3'), f('0'), 2);
    assert.equal(engine.fractionStr(engine.deltaAt(law, f('1'))), '1/2');
    assert.equal(engine.fractionStr(engine.deltaAt(law, f('3'))), '3/8');
    assert.equal(engine.fractionStr(engine.deltaAt(law, f('9'))), '0');
    // the same two steps typed as a list give the same law
    const mixed = engine.mixedLaw([{ alpha: f('3'), delta: f('0') }, { alpha: f('3'), delta: f('0') }]);
    assert.equal(mixed.size, 3);
    assert.equal(engine.fractionStr(engine.deltaAt(mixed, f('3'))), '3/8');
    assert.equal(engine.fractionStr(engine.smallestAlpha(mixed, f('3/8'))), '3');
  });

  test('a target below the reveal mass has no finite ε; α₀ = 1 needs α = 1', () => {
    const record = state({ delta0: '0.001', k: '100' });
    assert.equal(record.optimal.alpha, null);
    assert.equal(record.optimal.epsilon, 'inf');
    assert.equal(record.advanced.applies, false);
    const flat = state({ alpha0: '1' });
    assert.equal(flat.optimal.alpha, '1');
    assert.equal(flat.optimal.epsilon, '0');
    assert.equal(flat.support_size, 1);
  });

  test('the default state: optimal 4.072 < advanced 5.527 < basic 9.531', () => {
    const record = state({});
    assert.deepEqual(
      [record.optimal.epsilon, record.advanced.epsilon, record.basic.epsilon],
      ['4.072', '5.527', '9.531'],
    );
    assert.equal(record.support_size, 101);
    assert.ok(record.curve.every((row) => Number.isFinite(row.epsilon) && row.delta > 0 && row.delta <= 1));
  });

  test('steps: spaces dropped, the canonical text kept, refusals in order', () => {
    const read = (text) => engine.readSteps(text, LIMITS.steps);
    assert.deepEqual(read(' 3 : 0 , 2:1/100 '), { ok: true, value: ['3:0', '2:0.01'] });
    assert.deepEqual(read('1.100:0.5'), { ok: true, value: ['1.1:0.5'] });
    assert.deepEqual(read(''), { ok: false, reason: 'empty' });
    assert.deepEqual(read('3:0;2:0'), { ok: false, reason: 'syntax' });
    assert.deepEqual(read(Array(13).fill('2:0').join(',')), { ok: false, reason: 'count' });
    assert.deepEqual(read('1.0001:0'), { ok: false, reason: 'step' });
    assert.deepEqual(read('3:1'), { ok: false, reason: 'range' });
    assert.deepEqual(read('<b>1</b>:0'), { ok: false, reason: 'syntax' });
    assert.deepEqual(engine.readList('9,6,1', { kind: 'list', item: LIMITS.k, min_items: 1, max_items: 8, distinct: false, positive_sum: true, max_chars: 1000 }), { ok: true, value: [9, 6, 1] });
  });

  test('the logarithm: correctly rounded, "0" for 1, negative below 1', () => {
    assert.equal(lnDecimal(f('1.1')), '0.095');
    assert.equal(lnDecimal(f('1')), '0');
    assert.equal(lnDecimal(f('1/2')), '-0.693');
    assert.equal(lnDecimal(f('2'), 10), '0.6931471806');
    assert.equal(lnDecimal({ num: 11n ** 1000n, den: 10n ** 1000n }), '95.310');
  });
});

function python() {
  const venv = join(ROOT, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

const GOLDEN = `
import json, pathlib, sys
from generator.lessons.optimal.charts import chart_rows
from generator.lessons.optimal.golden import FILE_NAME, golden_files
out = pathlib.Path(sys.argv[1])
for name, text in golden_files().items():
    (out / name).write_text(text, encoding="utf-8")
golden = json.loads((out / FILE_NAME).read_text(encoding="utf-8"))
rows = [chart_rows(sample["record"]) for sample in golden["samples"]]
(out / "chart-rows.json").write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
`;

function generateGolden() {
  const out = mkdtempSync(join(tmpdir(), 'optimal-lab-golden-'));
  try {
    execFileSync(python(), ['-c', GOLDEN, out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    return {
      golden: JSON.parse(readFileSync(join(out, 'optimal-golden.json'), 'utf8')),
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

  test('the page’s limits are the ones these tests type', () => {
    assert.deepEqual(golden.limits, LIMITS);
  });

  test('every field reads every text as the core does', () => {
    const differing = [];
    for (const [name, text, expected] of golden.parse_cases) {
      const limit = golden.limits[name];
      const read = name === 'steps' ? engine.readSteps(text, limit) : engine.parseField(text, limit);
      const answer = !read.ok
        ? read.reason
        : Array.isArray(read.value)
          ? read.value.join(',')
          : typeof read.value === 'number'
            ? String(read.value)
            : engine.canonicalNumber(read.value);
      if (answer !== expected) differing.push(`${name} ${JSON.stringify(text.slice(0, 40))}: ${answer} ≠ ${expected}`);
    }
    assert.ok(golden.parse_cases.length > 120, `${golden.parse_cases.length} parse cases`);
    assert.deepEqual(differing, []);
  });

  test('every logarithm is the core’s string', () => {
    for (const [value, places, text] of golden.ln_cases) {
      const [num, den = '1'] = value.split('/');
      assert.equal(lnDecimal({ num: BigInt(num), den: BigInt(den) }, places), text, `${value.slice(0, 30)} at ${places}`);
    }
  });

  test('every sampled state gives the core’s full record, and its chart rows to the last bit', () => {
    const mismatches = [];
    const seen = { modes: new Set(), infinite: 0, over: 0, large: 0 };
    golden.samples.forEach((sample, i) => {
      const read = engine.readState(sample.texts, golden.limits);
      if (!read.ok) {
        mismatches.push(`${query(sample.texts)}: refused ${JSON.stringify(read.reasons)}`);
        return;
      }
      const record = engine.evaluateState(read.value);
      seen.modes.add(record.mode);
      seen.infinite += record.optimal.alpha === null ? 1 : 0;
      seen.over += record.advanced.applies ? 0 : 1;
      seen.large += record.k >= 500 ? 1 : 0;
      assert.deepEqual(Object.keys(record).sort(), Object.keys(sample.record).sort());
      for (const part of Object.keys(sample.record)) {
        try {
          assert.deepStrictEqual(record[part], sample.record[part]);
        } catch {
          mismatches.push(`${query(sample.texts)}: ${part} ${JSON.stringify(record[part]).slice(0, 200)} ≠ ${JSON.stringify(sample.record[part]).slice(0, 200)}`);
        }
      }
      try {
        assert.deepStrictEqual(engine.chartRows(record), pythonRows[i]);
      } catch {
        mismatches.push(`${query(sample.texts)}: chart rows`);
      }
    });
    assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} mismatches`);
    assert.deepEqual(seen.modes, new Set(['same', 'mixed']));
    assert.ok(seen.infinite > 0 && seen.over > 0 && seen.large > 0, JSON.stringify(seen));
  });
});
