// The events lab's BigInt engine (generator/lessons/events/lab/engine.mjs) against the
// Python lesson (generator/lessons/events/).
//
// Part 1 checks a few states by hand, the list reader and the exact event machinery. Part 2
// writes the golden vectors of generator/lessons/events/golden.py (never committed) and the
// trade-off chart's data sets of generator/lessons/events/charts.py for each of their
// samples, and holds the engine to them: every parse case, every state case, and every
// sampled state's full record and chart rows.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import * as engine from '../../generator/lessons/events/lab/engine.mjs';
import { allEvents, checkEvent, lowerBoundary, upperBoundary } from '../../site_overrides/assets/javascripts/lab/exact/events.mjs';
import { channelOf, channelPureEpsilon, pureRecord } from '../../site_overrides/assets/javascripts/lab/exact/profile.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// The lab's limits as generator/core/list_fields.py and input_limits.py hand them to the page.
const ITEM = (name, high) => ({ name, kind: 'count', low: '0', high, grid: 0, max_chars: 1000 });
const LIST = (name, item, min, distinct) => ({
  name,
  kind: 'list',
  item,
  min_items: min,
  max_items: 8,
  distinct,
  positive_sum: !distinct,
  max_chars: 1000,
});
const LIMITS = {
  weights0: LIST('weights0', ITEM('weight', '1000000'), 1, false),
  weights1: LIST('weights1', ITEM('weight', '1000000'), 1, false),
  event: LIST('event', ITEM('output', '7'), 0, true),
  alpha: { name: 'alpha', kind: 'number', low: '1', high: '100', grid: 1, max_chars: 1000 },
  delta: { name: 'delta', kind: 'number', low: '0', high: '1', grid: null, max_chars: 1000 },
};
const TEXTS = { weights0: '9,6,1', weights1: '1,6,9', alpha: '3.0', delta: '0', event: '0,1' };

const n = (text) => engine.parseNumber(text);
const state = (texts) => {
  const read = engine.readState({ ...TEXTS, ...texts }, LIMITS);
  if (!read.ok) assert.fail(`refused: ${JSON.stringify(read.reasons)}`);
  return engine.evaluateState(read.value);
};

describe('reference states', () => {
  test('the default channel (9,6,1 | 1,6,9) at α = 3: δ* = 3/8 on {0}, the event {0, 1} needs nothing', () => {
    const record = state({});
    assert.deepEqual(record.channel.distribution0, ['9/16', '3/8', '1/16']);
    assert.equal(record.channel.denominator, '16');
    assert.deepEqual(record.claim, {
      alpha: '3',
      delta: '0',
      required: '3/8',
      required_decimal: '0.375',
      passes: false,
      event: { direction: '0→1', outputs: ['0'], text: '{0}' },
    });
    assert.deepEqual(record.event, {
      outputs: [0, 1],
      labels: ['0', '1'],
      text: '{0, 1}',
      mass0: '15/16',
      mass1: '7/16',
      excess_01: '-3/8',
      excess_10: '-19/8',
      required: '0',
      required_decimal: '0',
      advantage: '1/2',
      passes: true,
    });
    assert.equal(record.tv, '1/2');
    assert.deepEqual(record.pure_epsilon, { kind: 'finite', exact: 'ln(9)', decimal: '2.197', max_ratio: '9' });
    assert.deepEqual(record.outputs.map((row) => row.in_max_event), [true, false, false]);
    assert.equal(record.tradeoff.events.length, 8);
    assert.deepEqual(record.tradeoff.upper, [['0', '0'], ['1/16', '9/16'], ['7/16', '15/16'], ['1', '1']]);
    assert.deepEqual(record.tradeoff.lower, [['0', '0'], ['9/16', '1/16'], ['15/16', '7/16'], ['1', '1']]);
  });

  test('rows of different sums, a zero weight, the empty event and equal laws', () => {
    const skewed = state({ weights0: '1,3', weights1: '0,4', event: '' });
    assert.deepEqual(skewed.channel.distribution1, ['0', '1']);
    assert.equal(skewed.claim.required, '1/4');
    assert.equal(skewed.pure_epsilon.kind, 'infinite');
    assert.equal(skewed.event.text, '∅');
    assert.equal(skewed.event.required, '0');
    const same = state({ weights0: '1,2', weights1: '2,4', event: '1' });
    assert.deepEqual(same.pure_epsilon, { kind: 'zero', exact: '0', decimal: '0', max_ratio: '1' });
    assert.equal(same.claim.required, '0');
    assert.deepEqual(same.claim.event, { direction: '0→1', outputs: [], text: '∅' });
    assert.equal(same.tv, '0');
  });

  test('the state rules: mismatch beside weights1, no-output beside event', () => {
    assert.deepEqual(engine.readState({ ...TEXTS, weights1: '1,6' }, LIMITS), { ok: false, reasons: { weights1: 'mismatch' } });
    assert.deepEqual(engine.readState({ ...TEXTS, event: '0,3' }, LIMITS), { ok: false, reasons: { event: 'no-output' } });
    // a field refused on its own takes no rule across fields
    assert.deepEqual(engine.readState({ ...TEXTS, weights0: '1,,2', event: '7' }, LIMITS), {
      ok: false,
      reasons: { weights0: 'syntax' },
    });
    assert.deepEqual(engine.stateRefusals({ weights0: [1, 2], weights1: [1, 2, 3], event: [2] }), {
      weights1: 'mismatch',
      event: 'no-output',
    });
    assert.deepEqual(engine.stateRefusals({ weights1: [1], event: [7] }), {});
  });

  test('lists: spaces around entries, sorted events, and the refusal order', () => {
    const read = (text, limit = LIMITS.weights0) => engine.readList(text, limit);
    assert.deepEqual(read(' 9 , 6 ,1 '), { ok: true, value: [9, 6, 1] });
    assert.deepEqual(read('3,1,2', LIMITS.event), { ok: true, value: [1, 2, 3] });
    assert.deepEqual(read('', LIMITS.event), { ok: true, value: [] });
    assert.deepEqual(read('   ', LIMITS.event), { ok: true, value: [] });
    assert.deepEqual(read(''), { ok: false, reason: 'empty' });
    assert.deepEqual(read('1,'.repeat(600)), { ok: false, reason: 'too-long' });
    assert.deepEqual(read('1,1,1,1,1,1,1,1,x'), { ok: false, reason: 'syntax' }); // grammar before count
    assert.deepEqual(read('1,1,1,1,1,1,1,1,1'), { ok: false, reason: 'count' });
    assert.deepEqual(read('1000001,0'), { ok: false, reason: 'range' });
    assert.deepEqual(read('2,2', LIMITS.event), { ok: false, reason: 'repeat' });
    assert.deepEqual(read('8,8', LIMITS.event), { ok: false, reason: 'range' }); // range before repeat
    assert.deepEqual(read('0,0'), { ok: false, reason: 'zero-sum' });
    assert.equal(engine.listText([9, 6, 1]), '9,6,1');
  });

  test('every event of a channel, by size then index order; the chains run in ratio order', () => {
    const channel = channelOf(['0', '1', '2'], [9, 6, 1], [1, 6, 9]);
    assert.deepEqual(allEvents(channel), [[], [0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]);
    assert.equal(allEvents(channelOf(['0', '1', '2', '3', '4', '5', '6', '7'], Array(8).fill(1), Array(8).fill(1))).length, 256);
    const check = checkEvent(channel, [1, 0], n('3'));
    assert.deepEqual(check.outputs, [0, 1]);
    assert.throws(() => checkEvent(channel, [3], n('3')), /output indices 0 to 2/);
    assert.throws(() => checkEvent(channel, [1, 1], n('3')), /each output once/);
    assert.equal(upperBoundary(channel).length, 4);
    // an output in neither law is not in the ratio order, so not on the chains; the rows'
    // sums differ (2 and 4): P = (1/2, 0, 1/2), Q = (1/4, 0, 3/4), the largest ratio is 2
    const gap = channelOf(['0', '1', '2'], [1, 0, 1], [1, 0, 3]);
    assert.equal(lowerBoundary(gap).length, 3);
    assert.deepEqual(pureRecord(channelPureEpsilon(gap)), { kind: 'finite', exact: 'ln(2)', decimal: '0.693', max_ratio: '2' });
  });

  test('chart rows: floats from the exact strings, the ticked event as chosen', () => {
    const rows = engine.chartRows(state({}));
    assert.deepEqual(Object.keys(rows), ['events', 'upper', 'lower', 'chosen']);
    assert.deepEqual(rows.chosen, [{ text: '{0, 1}', fpr: 0.4375, tpr: 0.9375, fpr_exact: '7/16', tpr_exact: '15/16' }]);
    assert.deepEqual(rows.upper[1], { fpr: 0.0625, tpr: 0.5625, step: 1 });
    assert.equal(engine.coordinate('-1/3'), -1 / 3);
    assert.equal(engine.coordinate('0'), 0);
  });
});

function python() {
  const venv = join(ROOT, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

// Writes the golden vectors, then the chart rows of every sample (charts.chart_rows of its record).
const GOLDEN = `
import json, pathlib, sys
from generator.lessons.events.charts import chart_rows
from generator.lessons.events.golden import FILE_NAME, golden_files
out = pathlib.Path(sys.argv[1])
for name, text in golden_files().items():
    (out / name).write_text(text, encoding="utf-8")
golden = json.loads((out / FILE_NAME).read_text(encoding="utf-8"))
rows = [chart_rows(sample["record"]) for sample in golden["samples"]]
(out / "chart-rows.json").write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
`;

function generateGolden() {
  const out = mkdtempSync(join(tmpdir(), 'events-lab-golden-'));
  try {
    execFileSync(python(), ['-c', GOLDEN, out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    return {
      golden: JSON.parse(readFileSync(join(out, 'events-golden.json'), 'utf8')),
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
      const read = limit.kind === 'list' ? engine.readList(text, limit) : engine.parseField(text, limit);
      const answer = !read.ok ? read.reason : Array.isArray(read.value) ? engine.listText(read.value) : engine.fractionStr(read.value);
      if (answer !== expected) differing.push(`${name} ${JSON.stringify(text.slice(0, 40))}: ${answer} ≠ ${expected}`);
    }
    assert.ok(golden.parse_cases.length >= 3 * 30 + 2 * 13, `${golden.parse_cases.length} parse cases`);
    assert.deepEqual(differing, []);
  });

  test('every state case is refused beside the same fields, for the same reasons', () => {
    assert.ok(golden.state_cases.length >= 5);
    for (const { texts, refusals } of golden.state_cases) {
      assert.deepEqual(engine.readState(texts, golden.limits), { ok: false, reasons: refusals }, query(texts));
    }
  });

  test('every sampled state gives the core’s full record', () => {
    const mismatches = [];
    const seen = { passes: new Set(), pure: new Set(), outputs: new Set() };
    for (const sample of golden.samples) {
      const read = engine.readState(sample.texts, golden.limits);
      if (!read.ok) {
        mismatches.push(`${query(sample.texts)}: refused ${JSON.stringify(read.reasons)}`);
        continue;
      }
      const record = engine.evaluateState(read.value);
      seen.passes.add(record.claim.passes);
      seen.pure.add(record.pure_epsilon.kind);
      seen.outputs.add(record.outputs.length);
      for (const part of Object.keys(sample.record)) {
        try {
          assert.deepStrictEqual(record[part], sample.record[part]);
        } catch {
          mismatches.push(`${query(sample.texts)}: ${part} ${JSON.stringify(record[part]).slice(0, 300)} ≠ ${JSON.stringify(sample.record[part]).slice(0, 300)}`);
        }
      }
      assert.deepEqual(Object.keys(record).sort(), Object.keys(sample.record).sort());
    }
    assert.equal(golden.samples.length, 400);
    assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} mismatches`);
    assert.deepEqual(seen.passes, new Set([true, false]));
    assert.ok(seen.pure.size >= 2);
    assert.equal(seen.outputs.size, 8);
  });

  test('chart rows of every sample equal charts.chart_rows, coordinates to the last bit', () => {
    const mismatches = [];
    golden.samples.forEach((sample, i) => {
      const read = engine.readState(sample.texts, golden.limits);
      const rows = engine.chartRows(engine.evaluateState(/** @type {any} */ (read).value));
      try {
        assert.deepStrictEqual(rows, pythonRows[i]);
      } catch {
        mismatches.push(query(sample.texts));
      }
      // the golden record itself gives the same rows
      assert.deepStrictEqual(engine.chartRows(sample.record), rows);
    });
    assert.equal(pythonRows.length, golden.samples.length);
    assert.deepEqual(mismatches.slice(0, 10), [], `${mismatches.length} samples whose chart rows differ`);
  });
});
