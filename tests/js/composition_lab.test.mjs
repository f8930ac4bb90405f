// The composition lab's module (generator/lessons/composition/lab/composition.mjs):
// present() maps the engine's result to the strings of every slot, show() only assigns
// them, and a formatter that throws halfway leaves the slots as they were.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { compositionLab, renderers, show } from '../../generator/lessons/composition/lab/composition.mjs';
import * as engine from '../../generator/lessons/composition/lab/engine.mjs';
import { ChartQueue } from '../../site_overrides/assets/javascripts/lab/kit/charts.mjs';
import { presentThenShow } from '../../site_overrides/assets/javascripts/lab/kit/update.mjs';

const n = (text) => engine.parseNumber(text);
const inputs = (overrides = {}) => ({ mode: 'fresh', k: 2, p: 75, alpha: n('3'), delta: n('0'), alpha0: n('3'), ...overrides });

function fakeSlots() {
  const slot = () => ({
    textContent: '',
    innerHTML: '',
    attributes: {},
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
    getAttribute(name) {
      return this.attributes[name] ?? null;
    },
  });
  const names = ['claim', 'results', 'composition', 'note', 'epsAlpha', 'epsAlpha0'];
  names.push('captionDistribution', 'captionProfile', 'rowsDistribution', 'rowsProfile');
  const slots = {};
  for (const name of names) slots[name] = slot();
  slots.note.attributes = { 'data-note-xor': 'xor note', 'data-note-composed': 'composed note' };
  return slots;
}

describe('present', () => {
  const { present } = renderers(engine);

  test('the reference state: δ = 3/8 fails, every slot string from the exact result', () => {
    const view = present(engine.evaluateLab(inputs()), {});
    assert.deepEqual(view.claim, { value: 'fail', text: '주장 실패: δ ≥ 3/8 필요' });
    assert.match(view.results, /<dd data-out="delta-required" data-exact="3\/8">3\/8 <span class="cl-decimal">= 0.375<\/span><\/dd>/);
    assert.match(view.results, /data-out="max-event" data-direction="0→1" data-outputs="0"/);
    assert.match(view.results, /data-out="eps-pure" data-value="2.197"/);
    assert.equal(view.note, 'data-note-composed');
    assert.equal(view.tableKey, 'fresh 75 2');
    assert.ok(view.tables, 'a channel seen first lays its tables out');
    assert.deepEqual(view.inEvent, ['예', '아니요', '아니요']);
    assert.equal(view.charts.spec, 'fresh');
    assert.equal(view.charts.data.profile.profile.length, 100);
    assert.equal(view.charts.data.distribution.distribution[0].decimal, '0.563');
    assert.match(view.announcement, /^주장 실패: δ ≥ 3\/8 필요\. 최대 사건은 0→1 방향 \{0\}/);
  });

  test('xor shows no composition, and the same channel keeps its tables', () => {
    const xor = present(engine.evaluateLab(inputs({ mode: 'xor' })), {});
    assert.equal(xor.note, 'data-note-xor');
    assert.match(xor.composition, /data-out="queries">—</);
    const again = present(engine.evaluateLab(inputs({ alpha: n('2') })), { tableKey: 'fresh 75 2' });
    assert.equal(again.tables, null);
    assert.match(again.selectedRow, /^<tr class="cl-selected" data-alpha="2">/);
  });

  test('show assigns the strings; the note comes from the slot’s own data', () => {
    const slots = fakeSlots();
    const memory = {};
    const view = present(engine.evaluateLab(inputs()), memory);
    show(view, slots, memory);
    assert.equal(slots.claim.attributes['data-value'], 'fail');
    assert.equal(slots.results.innerHTML, view.results);
    assert.equal(slots.note.textContent, 'composed note');
    assert.equal(slots.rowsDistribution.innerHTML, view.tables.distribution);
    assert.equal(memory.tableKey, 'fresh 75 2');
  });

  test('a formatter that throws halfway leaves every slot as it was', () => {
    const broken = { ...engine, decimalForm: () => { throw new Error('injected'); } };
    const slots = fakeSlots();
    const before = JSON.stringify(slots);
    const failures = [];
    const view = presentThenShow(
      () => renderers(broken).present(engine.evaluateLab(inputs()), {}),
      (shown) => show(shown, slots, {}),
      (error) => failures.push(error.message),
    );
    assert.equal(view, null);
    assert.deepEqual(failures, ['injected']);
    assert.equal(JSON.stringify(slots), before);
  });

  test('the definition reads the mode and ignores k and p in xor only', () => {
    const lab = compositionLab(engine);
    assert.equal(lab.label, 'composition lab');
    assert.deepEqual(lab.params, ['mode', 'k', 'p', 'alpha', 'delta', 'alpha0']);
    assert.deepEqual(lab.readChoice('copy'), { ok: true, value: 'copy' });
    assert.equal(lab.readChoice('nope').ok, false);
    assert.deepEqual(lab.ignored({ mode: 'xor' }), ['k', 'p']);
    assert.deepEqual(lab.ignored({ mode: 'fresh' }), []);
  });
});

describe('chart queue', () => {
  test('a burst of updates draws the first state and then only the latest', async () => {
    const drawn = [];
    const events = [];
    const root = {
      attributes: {},
      querySelector: () => ({ replaceChildren() {} }),
      querySelectorAll: () => [],
      getAttribute(name) { return this.attributes[name] ?? null; },
      setAttribute(name, value) { this.attributes[name] = value; },
      dispatchEvent: (event) => events.push(event.detail.sequence),
    };
    let release;
    const gate = new Promise((resolve) => { release = resolve; });
    const view = { data: (name, rows) => drawn.push(rows), runAsync: () => gate };
    const vegaEmbed = async () => ({ view, finalize() {} });
    const queue = new ChartQueue({
      root, label: 'test lab', specs: { s: { a: {} } }, kinds: ['a'], load: async () => vegaEmbed,
      failed: () => false, notice: { textContent: '', hidden: true }, failureText: 'charts failed',
      document: { createElement: () => ({ setAttribute() {} }) },
    });
    const rows = (sequence) => ({ spec: 's', data: { a: { points: [sequence] } } });
    queue.queue(rows(1), 1);
    queue.queue(rows(2), 2);
    queue.queue(rows(3), 3);
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(drawn, [[1], [3]]);
    assert.deepEqual(events, [1, 3]);
    assert.equal(root.attributes['data-lab-charted'], '3');
  });
});
