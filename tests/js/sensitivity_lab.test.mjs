// The noise-mechanism lab (generator/lessons/sensitivity/lab/lab.mjs) mounted by the kit on
// the markup the Python renders (tests/js/fake_dom.mjs parses it), against Python's own
// rendering of the same states: every [data-out] element's attributes and markup, the table
// of the two laws and the chart's data set. Then bad input in each field (its message
// beside it, the last state stays), the mechanism's ignored fields, and a bad address.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import * as engine from '../../generator/lessons/sensitivity/lab/engine.mjs';
import { sensitivityLab } from '../../generator/lessons/sensitivity/lab/lab.mjs';
import { mountLab } from '../../site_overrides/assets/javascripts/lab/kit/lab.mjs';
import { clickEvent, fakeDocumentOf, fakeWindow, FakeElement, normalHtml } from './fake_dom.mjs';
import { pythonOnce } from './python_render.mjs';

const PAGE = 'http://127.0.0.1/lessons/sensitivity.html';
const DEFAULTS = {
  values: '3,-1,7,2', query: 'sum', bound: '2', neighbour: 'replace', mechanism: 'geometric',
  alpha0: '2.0', k: '4', lo: '-10', hi: '10', alpha: '4.0', tolerance: '1',
};
const STATES = [
  { ...DEFAULTS, values: '0', neighbour: 'add-remove', bound: '1', lo: '0', hi: '2', tolerance: '0' },
  { ...DEFAULTS, query: 'unclipped', neighbour: 'add-remove', lo: '0', hi: '30', alpha0: '1.5' },
  { ...DEFAULTS, query: 'count', lo: '0', hi: '9', alpha: '1.0' },
  { ...DEFAULTS, mechanism: 'k-ary', values: '2,0,3', k: '4', alpha0: '3.0' },
  { ...DEFAULTS, mechanism: 'exponential', values: '0,2,2,1,2,3', k: '4', neighbour: 'add-remove', alpha: '1.5' },
];

const RENDER = `
import json, sys
from generator.course.templates import render
from generator.lessons.sensitivity import lab_page
from generator.lessons.sensitivity.catalogue import CATALOGUE
from generator.lessons.sensitivity.charts import chart_rows
from generator.lessons.sensitivity.data import FILE
from generator.lessons.sensitivity.lab_state import example_state, read_state, state_record


def rendering(record, example, query):
    shown = lab_page.view(record)
    card = render("card.html", FILE.path.parent, example=example, query=query, root_id=lab_page.ROOT_ID, **shown)
    figure = render("figure.html", FILE.path.parent, slug="x", chart="", **shown)
    return {"card": card, "figure": figure, "caption": shown["laws_caption"], "chart": chart_rows(record)}


out = {"lab": lab_page.lab_html(), "examples": [], "states": []}
for example in CATALOGUE:
    state = example_state(example)
    query = state.query_string()
    out["examples"].append({"slug": example.slug, "query": query, **rendering(state_record(state), example, query)})
for texts in json.loads(sys.argv[1]):
    out["states"].append({"texts": texts, **rendering(state_record(read_state(texts)), CATALOGUE[0], "")})
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

function mount(href = PAGE) {
  const doc = fakeDocumentOf(rendered().lab);
  const win = fakeWindow(href);
  const vega = fakeVega();
  const root = doc.querySelector('[data-lab="sensitivity"]');
  const lab = mountLab(root, sensitivityLab(root, engine), { win, doc, loadVega: vega.load, replaceHistory: false });
  return { doc, win, root, lab, vega };
}

function outs(container) {
  const found = {};
  for (const element of container.querySelectorAll('[data-out]')) found[element.getAttribute('data-out')] = normalHtml(element.outerHTML);
  return found;
}

const fragment = (html) => {
  const holder = new FakeElement('div');
  holder.innerHTML = html;
  return holder;
};

const rowsOf = (container) => normalHtml(container.querySelector('tbody').innerHTML);

function assertShows(root, rendering, label) {
  assert.deepEqual(outs(root), outs(fragment(rendering.card)), `${label}: [data-out]`);
  assert.equal(rowsOf(root), rowsOf(fragment(rendering.figure)), `${label}: the table of laws`);
  assert.equal(root.querySelector('[data-lab-caption="laws"]').textContent, rendering.caption, `${label}: caption`);
}

function type(root, name, text) {
  const input = root.querySelector('#cl-sensitivity-' + name);
  input.value = text;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new Event('change'));
}

function choose(root, name, value) {
  const radio = root.querySelector(`input[name="${name}"][value="${value}"]`);
  for (const other of root.querySelectorAll(`input[name="${name}"]`)) other.checked = other === radio;
  radio.dispatchEvent(new Event('change'));
}

const errorOf = (root, name) => root.querySelector(`[data-error-for="${name}"]`);
const messagesOf = (root, name) => JSON.parse(root.querySelector(`[data-field="${name}"]`).getAttribute('data-messages'));
const RADIOS = ['query', 'neighbour', 'mechanism'];

describe('the sensitivity lab against Python’s rendering', () => {
  before(() => {
    rendered();
  });

  test('mounting on the default markup rewrites it into exactly the same markup', () => {
    const pristine = fragment(rendered().lab);
    const { root, win } = mount();
    assert.equal(root.hasAttribute('data-lab-mounted'), true);
    assert.deepEqual(outs(root), outs(pristine));
    assert.equal(rowsOf(root), rowsOf(pristine));
    assert.deepEqual(win.history.calls, []);
    assert.equal(root.querySelector('#cl-sensitivity-k').disabled, true, 'the geometric mechanism ignores k');
  });

  test('every catalogue example, opened by its card’s link, shows what its card shows', () => {
    const { doc, root, win } = mount();
    for (const example of rendered().examples) {
      const link = fragment(example.card).querySelector('a[href]');
      const event = clickEvent(link);
      doc.dispatchEvent(event);
      assert.equal(event.defaultPrevented, true, `${example.slug}: the link opens in place`);
      assertShows(root, example, example.slug);
      assert.equal(decodeURIComponent(win.location.search), '?' + example.query, `${example.slug}: the address is canonical`);
    }
  });

  test('typed states and the radios show what Python renders for the same texts', async () => {
    const { root, vega } = mount();
    for (const state of rendered().states) {
      const { texts } = state;
      for (const name of RADIOS) choose(root, name, texts[name]);
      for (const name of engine.PARAMS) if (!RADIOS.includes(name) && !root.querySelector('#cl-sensitivity-' + name).disabled) type(root, name, texts[name]);
      const label = new URLSearchParams(texts).toString();
      assert.equal(root.hasAttribute('data-lab-stale'), false, label);
      assertShows(root, state, label);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const last = rendered().states[rendered().states.length - 1];
    assert.deepEqual(Object.fromEntries(vega.draws.slice(-1)), last.chart);
  });

  test('a mechanism over categories disables the range, the query and the bound', () => {
    const { root } = mount();
    type(root, 'values', '1,0,1');
    choose(root, 'mechanism', 'k-ary');
    for (const name of ['lo', 'hi', 'bound', 'tolerance']) assert.equal(root.querySelector('#cl-sensitivity-' + name).disabled, true, name);
    assert.equal(root.querySelector('input[name="query"]').disabled, true);
    assert.equal(root.querySelector('[data-out="sensitivity"]').getAttribute('data-value'), '');
    assert.equal(root.querySelector('[data-out="eps-pure"]').getAttribute('data-ratio'), '2');
  });
});

describe('failures keep the last state', () => {
  const BAD = [
    ['values', '', 'empty'],
    ['values', 'a,b', 'syntax'],
    ['values', '1.5,2', 'syntax'],
    ['values', '1,2,3,4,5,6,7,8,9,10,11', 'count'],
    ['values', '101', 'range'],
    ['bound', '0', 'range'],
    ['bound', '2.5', 'step'],
    ['alpha0', '2.25', 'step'],
    ['alpha0', '<script>', 'syntax'],
    ['lo', '-10.5', 'step'],
    ['lo', 'ten', 'syntax'],
    ['lo', '4', 'narrow'],
    ['hi', '4', 'narrow'],
    ['hi', '-20', 'order'],
    ['hi', '100', 'width'],
    ['alpha', '', 'empty'],
    ['tolerance', '61', 'range'],
  ];
  for (const [name, text, reason] of BAD) {
    test(`${name} = ${JSON.stringify(text)}: "${reason}" beside it, the last result stays`, () => {
      const { root, win } = mount();
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

  test('records outside the categories are refused beside the database', () => {
    const { root } = mount();
    choose(root, 'mechanism', 'exponential');
    assert.equal(errorOf(root, 'values').textContent, messagesOf(root, 'values').category);
    type(root, 'values', '0,1,1');
    assert.equal(errorOf(root, 'values').hidden, true);
    assert.equal(root.hasAttribute('data-lab-stale'), false);
  });

  test('a bad address opens the default state and names what it could not use', () => {
    const { root } = mount(PAGE + '?values=&bound=0&lo=%3Cb%3E&mechanism=laplace&alpha=4');
    const notice = root.querySelector('[data-lab-notice]');
    assert.equal(notice.hidden, false);
    for (const name of ['values', 'bound', 'mechanism', 'lo']) assert.ok(notice.textContent.includes(name), notice.textContent);
    assert.equal(root.querySelector('[data-out="answers"]').getAttribute('data-value'), '5,1');
  });
});
