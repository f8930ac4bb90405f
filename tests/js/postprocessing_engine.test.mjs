// The post-processing lesson's BigInt engine (generator/lessons/postprocessing/lab/engine.mjs)
// against the Python lesson (lab_state.py, charts.py).
//
// Part 1 checks states by hand: the identity and a merge of randomized response, a map that
// reads x and breaks the inequality, the matrix reader's refusal order, and the group of two
// (δ₁ = 1/8 at α₁ = 5/2, the group's 11/64 at 25/4, chains 7/16 and 5/8). Part 2 writes the
// golden vectors of generator/lessons/postprocessing/golden.py (never committed) and the
// charts' data sets of charts.py for each sample, and holds the engine to all of them.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import * as engine from '../../generator/lessons/postprocessing/lab/engine.mjs';
import { pythonOnce } from './python_render.mjs';

const GOLDEN = `
import json
from generator.lessons.postprocessing.charts import GROUP_LEGEND, POST_LEGEND, group_rows, post_rows
from generator.lessons.postprocessing.golden import golden_vectors
golden = golden_vectors()
golden["post_rows"] = [post_rows(sample["record"]) for sample in golden["post_samples"]]
golden["group_rows"] = [group_rows(sample["record"]) for sample in golden["group_samples"]]
golden["legends"] = {"post": list(POST_LEGEND), "group": list(GROUP_LEGEND)}
print(json.dumps(golden, ensure_ascii=False))
`;
const golden = pythonOnce(GOLDEN, null);

const POST = {
  source: 'rows',
  p: '0.75',
  k: '3',
  weights0: '3,1',
  weights1: '1,3',
  map: '1,0;0,1',
  reads: '',
  map1: '1,0;0,1',
  alpha: '2.0',
};
const limits = () => golden().limits;
const post = (texts) => {
  const read = engine.readPostState({ ...POST, ...texts }, limits().post);
  if (!read.ok) assert.fail(`refused: ${JSON.stringify(read.reasons)}`);
  return engine.postRecord(read.value);
};

describe('reference states', () => {
  before(() => golden());

  test('the identity on randomized response at 3/4 keeps δ*: 1/4 at α = 2, both ε = ln(3)', () => {
    const record = post({});
    assert.equal(record.delta_image, '1/4');
    assert.equal(record.delta_channel, '1/4');
    assert.equal(record.passes, true);
    assert.equal(record.invertible, true);
    assert.deepEqual(record.pure_image, { kind: 'finite', exact: 'ln(3)', decimal: '1.099', max_ratio: '3' });
    assert.deepEqual(record.grid.map((row) => row.image), ['1/2', '1/4', '0']);
    assert.equal(record.violation, null);
  });

  test('merging both outputs leaves nothing to learn; fractions rows read as weights do', () => {
    const merged = post({ map: '1;1' });
    assert.equal(merged.delta_image, '0');
    assert.equal(merged.pure_image.kind, 'zero');
    assert.equal(merged.invertible, false);
    const relabel = post({ map: '2,1;1,2' });
    assert.deepEqual(post({ map: '2/3,1/3;1/3,2/3' }), relabel);
    assert.equal(relabel.delta_image, '0');
    assert.equal(post({ map: '2,1;1,2', alpha: '1.0' }).delta_image, '1/6');
  });

  test('a map that reads x breaks the inequality, and the record says where', () => {
    const record = post({ weights0: '1,1', weights1: '1,1', map: '1,0;1,0', reads: '1', map1: '0,1;0,1' });
    assert.equal(record.delta_channel, '0');
    assert.equal(record.delta_image, '1');
    assert.equal(record.passes, false);
    assert.deepEqual(record.violation, {
      alpha: '1',
      channel: '0',
      image: '1',
      event: { direction: '0→1', outputs: ['0'], text: '{0}' },
    });
    assert.equal(record.pure_image.decimal, 'inf');
  });

  test('the matrix reader: canonical rows and the refusal order', () => {
    const read = (text) => engine.readMap(text, limits().post.map);
    assert.deepEqual(read(' 1 , 0 ; 0.50,1/2 '), { ok: true, value: ['1,0', '0.5,0.5'] });
    assert.deepEqual(read(''), { ok: false, reason: 'empty' });
    assert.deepEqual(read('1,0;0'), { ok: false, reason: 'shape' });
    assert.deepEqual(read('1/2,1/3'), { ok: false, reason: 'row-sum' });
    assert.deepEqual(read('0,0;1,1'), { ok: false, reason: 'zero-sum' });
    assert.deepEqual(read('1000001,1'), { ok: false, reason: 'range' });
    assert.deepEqual(read('<b>'), { ok: false, reason: 'syntax' });
    assert.deepEqual(read('1;1;1;1;1;1;1;1;1'), { ok: false, reason: 'count' });
    assert.deepEqual(engine.postRefusals({ source: 'fresh', k: 2, map: ['1'], reads: [] }), { map: 'rows' });
  });

  test('a group of two at p = 3/4, α₁ = 5/2: the values by hand', () => {
    const read = engine.readGroupState({ p: '0.75', g: '2', alpha1: '2.5' }, limits().group);
    assert.equal(read.ok, true);
    const record = engine.groupRecord(read.value);
    assert.equal(record.delta_single, '1/8'); // 3/4 − (5/2)(1/4)
    assert.equal(record.alpha, '25/4');
    assert.equal(record.delta_required, '11/64'); // 9/16 − (25/4)(1/16)
    assert.equal(record.chain_sum, '7/16'); // (1/8)(1 + 5/2)
    assert.equal(record.chain_textbook, '5/8'); // 2 · (5/2) · (1/8)
    assert.deepEqual(record.pure, { kind: 'finite', exact: '2·ln(3)', decimal: '2.197', max_ratio: '9' });
    assert.deepEqual(engine.readGroupState({ p: '0.75', g: '2', alpha1: '3.1' }, limits().group), {
      ok: false,
      reasons: { alpha1: 'above-ratio' },
    });
  });
});

describe('golden vectors from the Python lesson', () => {
  before(() => golden());

  test('every field reads every text as the core does', () => {
    const differing = [];
    for (const [lab, name, text, expected] of golden().parse_cases) {
      const limit = golden().limits[lab][name];
      const read = limit.kind === 'list' ? engine.readList(text, limit) : engine.parseField(text, limit);
      let answer = read.reason;
      if (read.ok) answer = Array.isArray(read.value) ? read.value.join(limit.matrix ? ';' : ',') : engine.fractionStr(typeof read.value === 'number' ? engine.fraction(BigInt(read.value)) : read.value);
      if (answer !== expected) differing.push(`${lab} ${name} ${JSON.stringify(text.slice(0, 40))}: ${answer} ≠ ${expected}`);
    }
    assert.ok(golden().parse_cases.length > 100);
    assert.deepEqual(differing, []);
  });

  test('every state case is refused beside the same fields, for the same reasons', () => {
    for (const { lab, texts, refusals } of golden().state_cases) {
      const read = lab === 'post' ? engine.readPostState(texts, limits().post) : engine.readGroupState(texts, limits().group);
      assert.deepEqual(read, { ok: false, reasons: refusals }, JSON.stringify(texts));
    }
  });

  test('every sampled post-processing state gives the core’s full record and chart rows', () => {
    const mismatches = [];
    const seen = new Set();
    golden().post_samples.forEach((sample, i) => {
      const read = engine.readPostState(sample.texts, limits().post);
      if (!read.ok) return mismatches.push(`${JSON.stringify(sample.texts)}: refused ${JSON.stringify(read.reasons)}`);
      const record = engine.postRecord(read.value);
      seen.add(`${record.passes}/${record.invertible}/${record.pure_image.kind}`);
      try {
        assert.deepStrictEqual(record, sample.record);
        assert.deepStrictEqual(engine.postRows(record, golden().legends.post), golden().post_rows[i]);
      } catch (error) {
        mismatches.push(`${JSON.stringify(sample.texts)}: ${String(error.message).slice(0, 400)}`);
      }
    });
    assert.deepEqual(mismatches.slice(0, 5), [], `${mismatches.length} mismatches`);
    for (const wanted of ['false/false/infinite', 'true/true/finite', 'true/false/zero']) assert.ok(seen.has(wanted), wanted);
  });

  test('every sampled group state gives the core’s full record and chart rows', () => {
    const mismatches = [];
    golden().group_samples.forEach((sample, i) => {
      const read = engine.readGroupState(sample.texts, limits().group);
      if (!read.ok) return mismatches.push(`${JSON.stringify(sample.texts)}: refused`);
      const record = engine.groupRecord(read.value);
      try {
        assert.deepStrictEqual(record, sample.record);
        assert.deepStrictEqual(engine.groupRows(record, golden().legends.group), golden().group_rows[i]);
      } catch (error) {
        mismatches.push(`${JSON.stringify(sample.texts)}: ${String(error.message).slice(0, 400)}`);
      }
    });
    assert.deepEqual(mismatches.slice(0, 5), [], `${mismatches.length} mismatches`);
    assert.ok(golden().group_samples.some((sample) => sample.record.g === 20));
  });
});
