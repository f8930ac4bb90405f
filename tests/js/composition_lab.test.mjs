// The composition lab's module (generator/lessons/composition/lab/composition.mjs):
// present() maps the engine's result to the strings of every slot, with the texts of the
// lab's root (data-text-*), show() only assigns them, and a formatter that throws halfway
// leaves the slots as they were. Mounted by the kit on the markup Python renders
// (tests/js/fake_dom.mjs parses it), every state shows exactly what Python renders for it
// (lab_page.lab_state_html): the result list, the composition panel, the ε lines, the
// captions, both tables and the XOR parts.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { compositionLab, renderers, show, SLOTS } from '../../generator/lessons/composition/lab/composition.mjs';
import * as engine from '../../generator/lessons/composition/lab/engine.mjs';
import { ChartQueue } from '../../site_overrides/assets/javascripts/lab/kit/charts.mjs';
import { findSlots, mountLab } from '../../site_overrides/assets/javascripts/lab/kit/lab.mjs';
import { presentThenShow } from '../../site_overrides/assets/javascripts/lab/kit/update.mjs';
import { fakeDocumentOf, fakeWindow, FakeElement, normalHtml } from './fake_dom.mjs';
import { pythonOnce } from './python_render.mjs';

const PAGE = 'http://127.0.0.1/lessons/composition.html';

const n = (text) => engine.parseNumber(text);
const inputs = (overrides = {}) => ({ mode: 'fresh', k: 2, p: 75, alpha: n('3'), delta: n('0'), alpha0: n('3'), ...overrides });

// States in the order the lab is taken through them: the default; the same channel at
// another α (only the tables' selected parts change, and the maximal event, now empty);
// xor (no composition); copy at the edges; k = 100 twice (301 rows of 200-digit
// fractions; the second keeps the channel and drops one output from the maximal event);
// p = 0 and p = 100 (ε = ∞), p = 50 (ε = 0); and δ = 1/3, which has no finite decimal.
const STATES = [
  'mode=fresh&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0',
  'mode=fresh&k=2&p=75&alpha=20.0&delta=0.5&alpha0=3.0',
  'mode=xor&k=2&p=75&alpha=2.5&delta=0.5&alpha0=1.1',
  'mode=copy&k=1&p=75&alpha=100.0&delta=0.5&alpha0=100.0',
  'mode=fresh&k=100&p=90&alpha=3.0&delta=0&alpha0=5.9',
  'mode=fresh&k=100&p=90&alpha=100.0&delta=0.3&alpha0=1.0',
  'mode=fresh&k=1&p=0&alpha=1.0&delta=1&alpha0=1.0',
  'mode=fresh&k=3&p=100&alpha=3.0&delta=0&alpha0=3.0',
  'mode=fresh&k=4&p=50&alpha=1.0&delta=0&alpha0=2.0',
  'mode=copy&k=20&p=75&alpha=5.7&delta=1/3&alpha0=5.9',
];

const RENDER = `
import json, sys
from fractions import Fraction
from generator.core.channels import Mode
from generator.lessons.composition.catalogue import Example
from generator.lessons.composition.lab_page import lab_html, lab_state_html
from generator.lessons.composition.records import example_record

out = {"lab": lab_html("composition"), "states": []}
for query in json.loads(sys.argv[1]):
    texts = dict(pair.split("=", 1) for pair in query.split("&"))
    example = Example(
        "state", "state", Mode(texts["mode"]), int(texts["p"]), int(texts["k"]),
        Fraction(texts["alpha"]), Fraction(texts["delta"]), Fraction(texts["alpha0"]),
    )
    out["states"].append({"query": query, "html": lab_state_html(example_record(example), texts)})
print(json.dumps(out, ensure_ascii=False))
`;

/** Python's rendering of the default lab and of every state in STATES (once). */
const rendered = pythonOnce(RENDER, STATES);

const fragment = (html) => {
  const holder = new FakeElement('div');
  holder.innerHTML = html;
  return holder.querySelector('[data-lab="composition"]');
};

/** A vega-embed that draws nothing. */
const quietVega = async () => async () => ({
  finalize() {},
  view: {
    data() {},
    resize() {
      return this;
    },
    runAsync: async () => {},
  },
});

/** The lab mounted by the kit on Python's default markup. */
function mounted() {
  const doc = fakeDocumentOf(rendered().lab);
  const win = fakeWindow(PAGE);
  const root = doc.querySelector('[data-lab="composition"]');
  const lab = mountLab(root, compositionLab(root, engine), { win, doc, loadVega: quietVega, replaceHistory: false });
  return { root, lab, win };
}

/** Every part of a lab's outputs the module writes, each in one normal form. */
function outputs(root) {
  const html = (selector) => root.querySelectorAll(selector).map((element) => normalHtml(element.outerHTML));
  return {
    outs: html('[data-out]'),
    sections: html('section[data-lab-area]'),
    eps: html('output[data-lab-eps]'),
    captions: html('figcaption'),
    tables: html('table'),
    xor: html('[data-lab-xor], [data-lab-xor-reason]'),
    mode: root.querySelectorAll('input[name="mode"]').filter((radio) => radio.checked).map((radio) => radio.value),
  };
}

describe('present', () => {
  let root;
  let present;
  before(() => {
    root = fragment(rendered().lab);
    present = renderers(root, engine).present;
  });
  const text = (name) => root.getAttribute('data-text-' + name);

  test('the reference state: δ = 3/8 fails, every slot string from the exact result', () => {
    const view = present(engine.evaluateLab(inputs()), {});
    assert.deepEqual(view.claim, { value: 'fail', text: '주장 실패: 필요한 δ(3/8 = 0.375)가 주장한 δ(0)보다 큽니다' });
    assert.deepEqual(view.outs['delta-required'], {
      html: '3/8 <span class="cl-decimal">= 0.375</span>',
      data: { exact: '3/8' },
    });
    assert.deepEqual(view.outs['max-event'], { html: '0→1 방향, {0}', data: { direction: '0→1', outputs: '0' } });
    assert.deepEqual(view.outs['eps-pure'], {
      html: '2·ln(3) <span class="cl-decimal">≈ 2.197</span>',
      data: { value: '2.197' },
    });
    assert.equal(view.note, text('note-composed'));
    assert.equal(view.tableKey, 'fresh 75 2');
    assert.ok(view.distributionRows && view.grid, 'a channel seen first lays its tables out');
    assert.equal(view.grid.length, 100);
    assert.deepEqual(view.inEvent, ['예', '아니요', '아니요']);
    assert.equal(view.charts.spec, 'fresh');
    assert.equal(view.charts.data.profile.profile.length, 100);
    assert.equal(view.charts.data.distribution.distribution[0].reading, '9/16 ≈ 0.563');
    assert.match(view.announcement, /^주장 실패: 필요한 δ\(3\/8 = 0\.375\)가 주장한 δ\(0\)보다 큽니다\. 최대 사건은 0→1 방향 \{0\}, 최소 순수 ε은 2·ln\(3\)\.$/);
  });

  test('xor shows no composition, and the same channel keeps its tables', () => {
    const xor = present(engine.evaluateLab(inputs({ mode: 'xor' })), {});
    assert.equal(xor.note, text('note-xor'));
    assert.deepEqual(xor.outs.queries, { html: '—', data: {} });
    assert.deepEqual(xor.outs['theorem-eps'], { html: '—', data: {} });
    const again = present(engine.evaluateLab(inputs({ alpha: n('2') })), { tableKey: 'fresh 75 2' });
    assert.equal(again.distributionRows, null);
    assert.equal(again.grid, null);
    assert.equal(again.selected.alpha, '2');
    assert.equal(again.selected.text, '2 (선택)');
  });

  test('show assigns the strings into the server’s slots; the texts come from the root', () => {
    const lab = fragment(rendered().lab);
    const slots = findSlots(lab, SLOTS);
    const memory = {};
    const view = present(engine.evaluateLab(inputs({ mode: 'xor' })), memory);
    show(view, slots, memory);
    assert.equal(slots.claim.getAttribute('data-value'), 'fail');
    assert.equal(slots.claim.textContent, view.claim.text);
    assert.equal(slots['delta-required'].innerHTML, normalHtml(view.outs['delta-required'].html));
    assert.equal(slots.delta0.hasAttribute('data-exact'), false, 'xor leaves δ₀ without a value');
    assert.equal(slots.delta0.textContent, '—');
    assert.equal(slots.note.textContent, lab.getAttribute('data-text-note-xor'));
    assert.equal(slots.rowsDistribution.innerHTML, normalHtml(view.distributionRows));
    assert.equal(slots.rowsDistribution.rows.length, 4);
    assert.equal(memory.tableKey, 'xor 75 2');
  });

  test('a formatter that throws halfway leaves every slot as it was', () => {
    const lab = fragment(rendered().lab);
    const broken = { ...engine, readable: () => { throw new Error('injected'); } };
    const slots = findSlots(lab, SLOTS);
    const before = lab.outerHTML;
    const failures = [];
    const view = presentThenShow(
      () => renderers(lab, broken).present(engine.evaluateLab(inputs({ k: 3 })), {}),
      (shown) => show(shown, slots, {}),
      (error) => failures.push(error.message),
    );
    assert.equal(view, null);
    assert.deepEqual(failures, ['injected']);
    assert.equal(lab.outerHTML, before);
  });

  test('the definition reads the mode and ignores k and p in xor only', () => {
    const lab = compositionLab(root, engine);
    assert.equal(lab.label, 'composition lab');
    assert.deepEqual(lab.params, ['mode', 'k', 'p', 'alpha', 'delta', 'alpha0']);
    assert.deepEqual(lab.readChoice('copy'), { ok: true, value: 'copy' });
    assert.equal(lab.readChoice('nope').ok, false);
    assert.deepEqual(lab.ignored({ mode: 'xor' }), ['k', 'p']);
    assert.deepEqual(lab.ignored({ mode: 'fresh' }), []);
  });
});

describe('the composition lab against Python’s rendering', () => {
  before(() => {
    rendered();
  });

  test('mounting on the default markup rewrites it into exactly the same markup', () => {
    const pristine = fragment(rendered().lab);
    const { root, win } = mounted();
    assert.equal(root.hasAttribute('data-lab-mounted'), true);
    assert.equal(root.hasAttribute('data-lab-stale'), false);
    assert.deepEqual(outputs(root), outputs(pristine));
    assert.deepEqual(win.history.calls, [], 'an address without the lab’s state is left alone');
  });

  test('every state shows what Python renders for it, after each of the others', () => {
    const { root, lab, win } = mounted();
    for (const state of rendered().states) {
      lab.open('?' + state.query, 'push');
      assert.equal(root.hasAttribute('data-lab-stale'), false, state.query);
      assert.equal(win.location.search, '?' + state.query, state.query);
      const want = outputs(fragment(state.html));
      const shown = outputs(root);
      for (const part of Object.keys(want)) assert.deepEqual(shown[part], want[part], `${state.query}: ${part}`);
    }
  });

  test('the announcement is the root’s sentence, filled', async () => {
    const { root, lab } = mounted();
    lab.open('?mode=xor&k=2&p=75&alpha=3.0&delta=1&alpha0=3.0', 'push');
    await new Promise((resolve) => setTimeout(resolve, 450));
    const say = (name, values = {}) => root.getAttribute('data-text-' + name).replace(/\{(\w+)\}/g, (_, key) => values[key]);
    assert.equal(
      root.querySelector('[data-lab-live]').textContent,
      say('announcement', {
        verdict: say('verdict-pass', { required: '1', delta: '1' }),
        direction: '0→1',
        event: '{00, 11}',
        epsilon: '∞',
      }),
    );
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
    const view = {
      data: (name, rows) => drawn.push(rows),
      resize() {
        drawn.push('resize'); // the rows' labels need their room: every draw lays the view out again
        return this;
      },
      runAsync: () => gate,
    };
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
    assert.deepEqual(drawn, [[1], 'resize', [3], 'resize']);
    assert.deepEqual(events, [1, 3]);
    assert.equal(root.attributes['data-lab-charted'], '3');
  });
});
