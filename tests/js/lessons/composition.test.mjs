// The composition lab's module (generator/lessons/composition/lab/composition.mjs) beyond what
// its golden vectors hold (tests/js/engines.test.mjs): its records are JSON-safe at the corners
// of the domain, the chart coordinates are the exact values converted last, the release's laws
// reduced by their 2s and 5s equal those reduced by Euclid, and xor ignores k and p.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import * as lab from '../../../generator/lessons/composition/lab/composition.mjs';
import { MODES } from '../../../site_overrides/assets/javascripts/lab/exact/channels.mjs';
import { parseNumber } from '../../../site_overrides/assets/javascripts/lab/exact/numbers.mjs';

const n = (/** @type {string} */ text) => parseNumber(text);
const state = (mode, p, k, alpha, delta, alpha0) => lab.evaluate({ mode, p, k, alpha: n(alpha), delta: n(delta), alpha0: n(alpha0) });

/** Every leaf of a value that JSON would not keep as it is: BigInt, NaN, Infinity, undefined. */
function leaves(value, path = 'record') {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path} = ${value}`];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, `${path}.${key}`));
  return [`${path} is ${typeof value}`];
}

describe('the composition lab', () => {
  test('records and chart rows are JSON-safe at the corners of the domain', () => {
    for (const mode of MODES) {
      for (const [p, k, alpha, delta, alpha0] of [
        [0, 1, '1', '0', '1'],
        [1, 100, '100', '1', '100'],
        [50, 100, '1', '0.5', '1.1'],
        [99, 100, '99.9', '0.000000000000000001', '100'],
        [100, 100, '1.1', '0', '100'],
      ]) {
        const record = state(mode, p, k, alpha, delta, alpha0);
        const charts = lab.charts(record);
        assert.deepEqual([...leaves(record), ...leaves(charts, 'charts')], [], `${mode} p=${p} k=${k}`);
        assert.deepEqual(JSON.parse(JSON.stringify(record)), record);
        assert.equal(record.grid.deltas.length, 100);
        assert.equal(charts.spec, mode);
      }
    }
  });

  test('chart coordinates are the exact values, converted last', () => {
    const record = state('fresh', 75, 2, '3', '0', '3');
    const { data } = lab.charts(record);
    assert.deepEqual(
      data.distribution.distribution.filter((row) => row.x === 'x = 0').map((row) => row.probability),
      [0.5625, 0.375, 0.0625],
    );
    assert.equal(data.distribution.distribution[0].reading, '9/16 ≈ 0.563');
    assert.equal(data.profile.claim[0].required, 0.375);
    assert.equal(data.profile.profile[0].delta, 0.5);
    assert.deepEqual(record.epsilon.claim, { exact: 'ln(3)', decimal: '1.099' });
    assert.deepEqual(state('fresh', 75, 2, '1', '0', '1').epsilon.step, { exact: '0', decimal: '0' });
  });

  test('the claim δ = 0.374 fails at α = 3, and its record says by how much', () => {
    assert.deepEqual(state('fresh', 75, 2, '3', '0.374', '3').claim, {
      alpha: '3',
      delta: '187/500',
      required: '3/8',
      required_decimal: '0.375',
      passes: false,
      event: { direction: '0→1', outputs: ['0'], text: '{0}' },
    });
  });

  test('xor ignores k and p, and the other modes read them', () => {
    assert.deepEqual(lab.IGNORABLE, ['k', 'p']);
    assert.deepEqual(lab.ignored({ mode: 'xor' }), ['k', 'p']);
    assert.deepEqual(lab.ignored({ mode: 'fresh' }), []);
    assert.deepEqual(lab.ignored({ mode: 'copy' }), []);
  });
});
