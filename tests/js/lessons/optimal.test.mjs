// The optimal-composition lab's browser module (generator/lessons/optimal/lab/optimal.mjs) and
// the exact machinery it stands on, by hand, beside what tests/js/engines.test.mjs holds to the
// golden vectors: values of the exact modules themselves, the mode's ignored fields, and the
// module mounted by the kit (kit/lab.mjs's engineLab) on the markup Python renders for the
// lab, where the mode disables the fields it does not use.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import * as lab from '../../../generator/lessons/optimal/lab/optimal.mjs';
import { lnDecimal, lnNumber } from '../../../site_overrides/assets/javascripts/lab/exact/logarithm.mjs';
import { deltaAt, mixedLaw, sameLaw, smallestAlpha } from '../../../site_overrides/assets/javascripts/lab/exact/optimal_composition.mjs';
import { fractionStr, parseFractionStr } from '../../../site_overrides/assets/javascripts/lab/exact/rational.mjs';
import { engineLab, mountLab } from '../../../site_overrides/assets/javascripts/lab/kit/lab.mjs';
import { fakeDocumentOf, fakeWindow, normalHtml } from '../fake_dom.mjs';
import { pythonOnce } from '../python_render.mjs';

const f = (text) => parseFractionStr(text);
const DEFAULT = { mode: 'same', alpha0: f('11/10'), delta0: f('0'), k: 100, steps: [[f('3'), f('0')]], delta: f('1/100000') };

describe('values by hand', () => {
  test('two (ln 3, 0.6) steps: δ(9) = 1 − 0.4² = 21/25, and that target needs α = 9', () => {
    const law = sameLaw(f('3'), f('3/5'), 2);
    assert.equal(fractionStr(deltaAt(law, f('9'))), '21/25');
    const record = lab.evaluate({ ...DEFAULT, alpha0: f('3'), delta0: f('3/5'), k: 2, delta: f('21/25') });
    assert.deepEqual(record.optimal, { alpha: '9', epsilon: '2.197' });
    assert.equal(record.delta_at_basic, '21/25');
    assert.equal(record.basic.delta, '6/5');
    assert.equal(record.basic.applies, false);
    assert.equal(record.infinite, '21/25');
    assert.equal(record.support_size, 3);
    assert.deepEqual(record.bars, [
      { loss: -Math.log(9), probability: 0.01 },
      { loss: 0, probability: 0.06 },
      { loss: Math.log(9), probability: 0.09 },
    ]);
  });

  test('δ₀ = 0 is the fresh mode: k = 2 at α₀ = 3 gives δ*(1) = 1/2 and δ*(3) = 3/8, typed either way', () => {
    const law = sameLaw(f('3'), f('0'), 2);
    assert.deepEqual(['1', '3', '9'].map((alpha) => fractionStr(deltaAt(law, f(alpha)))), ['1/2', '3/8', '0']);
    const mixed = mixedLaw([{ alpha: f('3'), delta: f('0') }, { alpha: f('3'), delta: f('0') }]);
    assert.equal(mixed.size, 3);
    assert.equal(fractionStr(deltaAt(mixed, f('3'))), '3/8');
    assert.equal(fractionStr(smallestAlpha(mixed, f('3/8'))), '3');
    const same = lab.evaluate({ ...DEFAULT, alpha0: f('3'), k: 2, delta: f('3/8') });
    const listed = lab.evaluate({ ...DEFAULT, mode: 'mixed', steps: [[f('3'), f('0')], [f('3'), f('0')]], delta: f('3/8') });
    assert.deepEqual({ ...listed, mode: 'same' }, same);
  });

  test('a target below the reveal mass has no finite ε; α₀ = 1 needs α = 1', () => {
    const record = lab.evaluate({ ...DEFAULT, delta0: f('1/1000') });
    assert.deepEqual(record.optimal, { alpha: null, epsilon: 'inf' });
    assert.equal(record.advanced.applies, false);
    const flat = lab.evaluate({ ...DEFAULT, alpha0: f('1') });
    assert.deepEqual(flat.optimal, { alpha: '1', epsilon: '0' });
    assert.equal(flat.support_size, 1);
  });

  test('the default state: optimal 4.072 < advanced 5.527 < basic 9.531, placed at exact doubles', () => {
    const record = lab.evaluate(DEFAULT);
    assert.deepEqual([record.optimal.epsilon, record.advanced.epsilon, record.basic.epsilon], ['4.072', '5.527', '9.531']);
    assert.equal(record.support_size, 101);
    assert.deepEqual(
      record.points.map((point) => point.answer),
      ['optimal', 'advanced', 'basic'],
    );
    assert.equal(record.points[2].epsilon, 9.531017980432486); // ln(1.1^100), the nearest double
    assert.notEqual(record.points[0].epsilon, 4.072);
    assert.ok(record.curve.every((row) => Number.isFinite(row.epsilon) && row.delta > 0 && row.delta <= 1));
  });

  test('the logarithm: correctly rounded decimals, nearest doubles', () => {
    assert.equal(lnDecimal(f('11/10')), '0.095');
    assert.equal(lnDecimal({ num: 11n ** 1000n, den: 10n ** 1000n }), '95.310');
    assert.equal(lnNumber(f('2')), Math.LN2);
    assert.equal(lnNumber(f('1/2')), -Math.LN2);
    assert.equal(lnNumber(f('1')), 0);
    assert.equal(lnNumber(f('10')), Math.LN10);
  });

  test('the mode ignores the other mode’s fields', () => {
    assert.deepEqual(lab.ignored({ mode: 'same' }), ['steps']);
    assert.deepEqual(lab.ignored({ mode: 'mixed' }), ['alpha0', 'delta0', 'k']);
    assert.deepEqual(lab.ignored({ mode: 'odd' }), []);
  });
});

const RENDER = `
import json
from generator.lessons.optimal.lab import LAB
mixed = {**LAB.default, "mode": "mixed"}
print(json.dumps({"lab": LAB.html(), "mixed": LAB.render(LAB.record(LAB.read(mixed)), mixed)}, ensure_ascii=False))
`;
const rendered = pythonOnce(RENDER, null);

function outs(container) {
  const found = {};
  for (const element of container.querySelectorAll('[data-out]')) found[element.getAttribute('data-out')] = normalHtml(element.outerHTML);
  return found;
}

function mount(href = 'http://127.0.0.1/lessons/optimal.html') {
  const doc = fakeDocumentOf(rendered().lab);
  const win = fakeWindow(href);
  const root = doc.querySelector('[data-lab="optimal"]');
  const vegaEmbed = async () => ({ finalize() {}, view: { data() {}, resize() { return this; }, runAsync: async () => {} } });
  mountLab(root, engineLab(root, lab), { win, doc, loadVega: async () => vegaEmbed, replaceHistory: false });
  return { root, win };
}

describe('mounted by the kit on Python’s markup', () => {
  before(() => rendered());

  test('the default markup is rewritten into the same markup, with the list of steps disabled', () => {
    const { root, win } = mount();
    assert.equal(root.hasAttribute('data-lab-mounted'), true);
    assert.deepEqual(outs(root), outs(fakeDocumentOf(rendered().lab).body));
    assert.deepEqual(win.history.calls, []);
    assert.equal(root.querySelector('#cl-optimal-steps').disabled, true);
    assert.equal(root.querySelector('#cl-optimal-k').disabled, false);
  });

  test('choosing mode mixed shows what Python renders for it, α₀, δ₀ and k disabled', () => {
    const { root, win } = mount();
    const radios = root.querySelectorAll('input[name="mode"]');
    for (const radio of radios) radio.checked = radio.getAttribute('value') === 'mixed';
    radios[1].dispatchEvent(new Event('change'));
    assert.equal(root.hasAttribute('data-lab-stale'), false);
    assert.deepEqual(outs(root), outs(fakeDocumentOf(rendered().mixed).body));
    assert.equal(root.querySelector('#cl-optimal-k').disabled, true);
    assert.equal(root.querySelector('#cl-optimal-steps').disabled, false);
    assert.match(decodeURIComponent(win.location.search), /^\?mode=mixed&alpha0=1.1&/);
  });

  test('a refused field it ignores is kept; one it uses is refused beside it', () => {
    const { root } = mount();
    const steps = root.querySelector('#cl-optimal-steps');
    steps.value = '3;0';
    steps.dispatchEvent(new Event('input'));
    assert.equal(root.hasAttribute('data-lab-stale'), false, 'mode same ignores the list');
    const k = root.querySelector('#cl-optimal-k');
    k.value = '1001';
    k.dispatchEvent(new Event('input'));
    assert.equal(root.getAttribute('data-lab-stale'), 'input');
    const messages = JSON.parse(root.querySelector('[data-field="k"]').getAttribute('data-messages'));
    assert.equal(root.querySelector('[data-error-for="k"]').textContent, messages.range);
  });

  test('the short address opens mode same and is replaced by the whole canonical state', () => {
    const { root, win } = mount('http://127.0.0.1/lessons/optimal.html?alpha0=3&delta0=0&k=5&delta=1e-5');
    assert.equal(root.querySelector('[data-lab-notice]').hidden, true);
    assert.equal(root.querySelector('[data-out="support-size"]').getAttribute('data-value'), '6');
    assert.equal(
      decodeURIComponent(win.location.search),
      '?mode=same&alpha0=3&delta0=0&k=5&steps=3:0,2:0.01,1.5:0,1.2:0.001&delta=0.00001',
    );
  });
});
