// The optimal-composition lab (generator/lessons/optimal/lab/lab.mjs) mounted by the kit on
// the markup the Python renders (tests/js/fake_dom.mjs parses it), against Python's own
// rendering of the same states: every [data-out] element's attributes and markup, the
// captions and the charts' data sets. Then the failures (bad fields, a bad address), the
// mode's ignored fields, and present throwing halfway.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import * as engine from '../../generator/lessons/optimal/lab/engine.mjs';
import { optimalLab, renderers, show, SLOTS } from '../../generator/lessons/optimal/lab/lab.mjs';
import { findSlots, mountLab } from '../../site_overrides/assets/javascripts/lab/kit/lab.mjs';
import { presentThenShow } from '../../site_overrides/assets/javascripts/lab/kit/update.mjs';
import { clickEvent, fakeDocumentOf, fakeWindow, FakeElement, normalHtml } from './fake_dom.mjs';
import { pythonOnce } from './python_render.mjs';

const PAGE = 'http://127.0.0.1/lessons/optimal.html';

const STATES = [
  { mode: 'same', alpha0: '3', delta0: '0.6', k: '2', steps: '3:0', delta: '0.84' },
  { mode: 'same', alpha0: '1.1', delta0: '0.001', k: '50', steps: '3:0', delta: '0.00001' },
  { mode: 'mixed', alpha0: '1.1', delta0: '0', k: '100', steps: '3:0,2:0.01,1.5:0,1.5:0', delta: '0.1' },
  { mode: 'same', alpha0: '1', delta0: '0', k: '7', steps: '3:0', delta: '1/3' },
];

const RENDER = `
import json, sys
from generator.course.templates import render
from generator.lessons.optimal import lab_page
from generator.lessons.optimal.catalogue import CATALOGUE
from generator.lessons.optimal.charts import chart_rows
from generator.lessons.optimal.data import FILE
from generator.lessons.optimal.lab_state import read_state, state_record


def rendering(record, example, query):
    shown = lab_page.view(record)
    card = render("card.html", FILE.path.parent, example=example, query=query, root_id=lab_page.ROOT_ID, shown=shown)
    return {"card": card, "captions": shown["captions"], "chart": chart_rows(record)}


out = {"lab": lab_page.lab_html(), "examples": [], "states": []}
for example in CATALOGUE:
    state = lab_page.example_state(example)
    out["examples"].append({"slug": example.slug, "query": state.query(), **rendering(state_record(state), example, state.query())})
for texts in json.loads(sys.argv[1]):
    state = read_state(texts)
    out["states"].append({"texts": texts, **rendering(state_record(state), CATALOGUE[0], "")})
print(json.dumps(out, ensure_ascii=False))
`;

const rendered = pythonOnce(RENDER, STATES);

function fakeVega() {
  const draws = [];
  const vegaEmbed = async () => ({
    finalize() {},
    view: {
      data(name, rows) {
        draws.push([name, rows]);
      },
      resize() {
        return this;
      },
      runAsync: async () => {},
    },
  });
  return { draws, load: async () => vegaEmbed };
}

function mountOptimal(href = PAGE) {
  const doc = fakeDocumentOf(rendered().lab);
  const win = fakeWindow(href);
  const vega = fakeVega();
  const root = doc.querySelector('[data-lab="optimal"]');
  const lab = mountLab(root, optimalLab(root, engine), { win, doc, loadVega: vega.load, replaceHistory: false });
  return { doc, win, root, lab, vega };
}

function outs(container) {
  const found = {};
  for (const element of container.querySelectorAll('[data-out]')) {
    found[element.getAttribute('data-out')] = normalHtml(element.outerHTML);
  }
  return found;
}

const fragment = (html) => {
  const holder = new FakeElement('div');
  holder.innerHTML = html;
  return holder;
};

function assertShows(root, rendering, label) {
  assert.deepEqual(outs(root), outs(fragment(rendering.card)), `${label}: [data-out]`);
  assert.equal(root.querySelector('[data-lab-caption="profile"]').textContent, rendering.captions.profile, `${label}: caption`);
  assert.equal(root.querySelector('[data-lab-caption="loss"]').textContent, rendering.captions.loss, `${label}: caption`);
}

function type(root, name, text) {
  const input = root.querySelector('#cl-optimal-' + name);
  input.value = text;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new Event('change'));
}

function choose(root, mode) {
  const radio = root.querySelector(`input[name="mode"][value="${mode}"]`);
  for (const other of root.querySelectorAll('input[name="mode"]')) other.checked = other === radio;
  radio.dispatchEvent(new Event('change'));
}

const errorOf = (root, name) => root.querySelector(`[data-error-for="${name}"]`);
const messagesOf = (root, name) => JSON.parse(root.querySelector(`[data-field="${name}"]`).getAttribute('data-messages'));

describe('the optimal lab against Python’s rendering', () => {
  before(() => {
    rendered();
  });

  test('mounting on the default markup rewrites it into exactly the same markup', () => {
    const pristine = fragment(rendered().lab);
    const { root, win } = mountOptimal();
    assert.equal(root.hasAttribute('data-lab-mounted'), true);
    assert.deepEqual(outs(root), outs(pristine));
    assert.deepEqual(win.history.calls, []);
    assert.equal(root.querySelector('#cl-optimal-steps').disabled, true, 'mode same ignores the list of steps');
    assert.equal(root.querySelector('#cl-optimal-k').disabled, false);
  });

  test('every catalogue example, opened by its card’s link, shows what its card shows', () => {
    const { doc, root, win } = mountOptimal();
    for (const example of rendered().examples) {
      const link = fragment(example.card).querySelector('a[href]');
      assert.equal(link.getAttribute('href'), `?${example.query}#optimal-lab`);
      const event = clickEvent(link);
      doc.dispatchEvent(event);
      assert.equal(event.defaultPrevented, true, `${example.slug}: the link opens in place`);
      assertShows(root, example, example.slug);
      // the kit writes "/", ",", ";" and ":" as they are, the rest percent-encoded
      assert.equal(decodeURIComponent(win.location.search), '?' + example.query, `${example.slug}: the address is canonical`);
    }
  });

  test('typed states and the mode radios show what Python renders for the same texts', async () => {
    const { root, win, vega } = mountOptimal();
    for (const state of rendered().states) {
      const { texts } = state;
      choose(root, texts.mode);
      for (const name of engine.FIELDS) type(root, name, texts[name]);
      const label = new URLSearchParams(texts).toString();
      assert.equal(root.hasAttribute('data-lab-stale'), false, label);
      assertShows(root, state, label);
      assert.equal(decodeURIComponent(win.location.search), '?' + engine.PARAMS.map((name) => `${name}=${texts[name]}`).join('&'));
      assert.equal(root.querySelector('#cl-optimal-k').disabled, texts.mode === 'mixed', label);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const last = rendered().states[rendered().states.length - 1];
    const drawn = Object.fromEntries(vega.draws.slice(-3));
    assert.deepEqual(drawn, { ...last.chart.profile, ...last.chart.loss });
  });
});

describe('failures keep the last state', () => {
  const BAD = [
    ['alpha0', '', 'empty'],
    ['alpha0', '0.9', 'range'],
    ['alpha0', '1.1234', 'step'],
    ['delta0', '1', 'range'],
    ['k', '1001', 'range'],
    ['k', 'ten', 'syntax'],
    ['delta', '0', 'range'],
    ['delta', '<script>', 'syntax'],
  ];
  for (const [name, text, reason] of BAD) {
    test(`${name} = ${JSON.stringify(text)}: "${reason}" beside it, the last result stays`, () => {
      const { root, win } = mountOptimal();
      const shown = outs(root);
      const address = win.location.href;
      type(root, name, text);
      assert.equal(errorOf(root, name).hidden, false);
      assert.equal(errorOf(root, name).textContent, messagesOf(root, name)[reason]);
      assert.equal(root.getAttribute('data-lab-stale'), 'input');
      assert.deepEqual(outs(root), shown);
      assert.equal(win.location.href, address);
    });
  }

  test('the list of steps in mode mixed: too many, bad grammar, then a good one', () => {
    const { root } = mountOptimal();
    choose(root, 'mixed');
    const shown = outs(root);
    type(root, 'steps', Array(13).fill('2:0').join(','));
    assert.equal(errorOf(root, 'steps').textContent, messagesOf(root, 'steps').count);
    assert.deepEqual(outs(root), shown);
    type(root, 'steps', '2;0');
    assert.equal(errorOf(root, 'steps').textContent, messagesOf(root, 'steps').syntax);
    type(root, 'steps', '2:0, 2:0');
    assert.equal(errorOf(root, 'steps').hidden, true);
    assert.equal(root.querySelector('[data-out="support-size"]').getAttribute('data-value'), '3');
  });

  test('the address: a bad parameter falls back and is named; the short form opens mode same', () => {
    const bad = mountOptimal(PAGE + '?mode=odd&k=5000&delta=0').root;
    const notice = bad.querySelector('[data-lab-notice]');
    assert.equal(notice.hidden, false);
    assert.match(notice.textContent, /mode, k, delta/);
    const short = mountOptimal(PAGE + '?alpha0=3&delta0=0&k=5&delta=0.00001');
    assert.equal(short.root.querySelector('[data-lab-notice]').hidden, true);
    assert.equal(short.root.querySelector('[data-out="support-size"]').getAttribute('data-value'), '6');
    assert.equal(
      decodeURIComponent(short.win.location.search),
      '?mode=same&alpha0=3&delta0=0&k=5&steps=3:0,2:0.01,1.5:0,1.2:0.001&delta=0.00001',
      'the address is replaced by the whole canonical state',
    );
  });

  test('present throwing halfway leaves every slot as it was (all or nothing)', () => {
    const root = fragment(rendered().lab).querySelector('[data-lab="optimal"]');
    const slots = findSlots(root, SLOTS);
    const before = outs(root);
    const limits = Object.fromEntries(
      engine.FIELDS.map((name) => [name, JSON.parse(root.querySelector(`[data-field="${name}"]`).getAttribute('data-limit'))]),
    );
    const read = engine.readState(STATES[0], limits);
    assert.ok(read.ok);
    const record = engine.evaluateState(read.value);
    let calls = 0;
    const broken = { ...engine, readable: (value) => (++calls > 2 ? assert.fail('injected') : engine.readable(value)) };
    const failures = [];
    const view = presentThenShow(
      () => renderers(root, broken).present(record),
      (shown) => show(shown, slots),
      (error) => failures.push(error.message),
    );
    assert.equal(view, null);
    assert.deepEqual(failures, ['injected']);
    assert.deepEqual(outs(root), before);
    show(renderers(root, engine).present(record), slots);
    assert.equal(slots.optimal.getAttribute('data-alpha'), '9');
  });
});
