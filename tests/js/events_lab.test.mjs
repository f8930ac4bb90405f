// The events lab (generator/lessons/events/lab/lab.mjs) mounted by the kit on the markup the
// Python renders (tests/js/fake_dom.mjs parses it), against Python's own rendering of the
// same states: every [data-out] element's attributes and markup, the table of outputs, the
// captions, the event's checkboxes and the chart's data sets. Then the failures (a bad
// list, rows of different lengths, an event index beyond the outputs, a bad address), and
// two labs of two bundles on one page, each with its own state.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { compositionLab } from '../../generator/lessons/composition/lab/composition.mjs';
import * as compositionEngine from '../../generator/lessons/composition/lab/engine.mjs';
import * as engine from '../../generator/lessons/events/lab/engine.mjs';
import { eventsLab, renderers, show, SLOTS } from '../../generator/lessons/events/lab/lab.mjs';
import { findSlots, mountLab } from '../../site_overrides/assets/javascripts/lab/kit/lab.mjs';
import { mountLabs } from '../../site_overrides/assets/javascripts/lab/kit/mount.mjs';
import { presentThenShow } from '../../site_overrides/assets/javascripts/lab/kit/update.mjs';
import { clickEvent, fakeDocumentOf, fakeWindow, FakeElement, normalHtml, parseHtml } from './fake_dom.mjs';
import { pythonOnce } from './python_render.mjs';

const PAGE = 'http://127.0.0.1/lessons/events.html';

// Typed states that Python renders too (read_state, state_record, the card and figure
// templates): a zero weight and rows of different sums, equal laws with the empty event
// (δ* = 0, ε = 0), eight outputs with a fractional δ, and a claim that passes.
const STATES = [
  { weights0: '1,3', weights1: '0,4', alpha: '3.0', delta: '0', event: '0,1' },
  { weights0: '1,2', weights1: '2,4', alpha: '1.0', delta: '0', event: '' },
  { weights0: '5,0,3,1,1,2,7,9', weights1: '1,1,1,1,1,1,1,1', alpha: '2.5', delta: '1/3', event: '0,7' },
  { weights0: '9,6,1', weights1: '1,6,9', alpha: '3.0', delta: '0.375', event: '0' },
];

const RENDER = `
import json, sys
from types import SimpleNamespace
from generator.course.placeholders import record_of
from generator.course.templates import render
from generator.lessons.composition.lab_page import lab_html as composition_lab_html
from generator.lessons.events import lab_page
from generator.lessons.events.catalogue import CATALOGUE
from generator.lessons.events.charts import chart_rows
from generator.lessons.events.data import FILE
from generator.lessons.events.lab_state import read_state
from generator.lessons.events.records import state_record


def rendering(record, slug, title, query):
    shown = lab_page.view(record)
    example = SimpleNamespace(slug=slug, title=title)
    card = render("card.html", FILE.path.parent, example=example, query=query, root_id=lab_page.ROOT_ID, **shown)
    figure = render("figure.html", FILE.path.parent, slug=slug, chart="", **shown)
    return {"card": card, "figure": figure, "chart": chart_rows(record), "outputs": len(record["outputs"])}


out = {"lab": lab_page.lab_html(), "composition": composition_lab_html("composition"), "examples": [], "states": []}
for example in CATALOGUE:
    query = lab_page.lab_query(example)
    out["examples"].append(
        {"slug": example.slug, "query": query, **rendering(record_of(example.slug), example.slug, example.title, query)}
    )
for texts in json.loads(sys.argv[1]):
    state = read_state(texts)
    record = state_record(state.channel(), state.alpha, state.delta, state.event)
    out["states"].append({"texts": texts, **rendering(record, "state", "", "")})
print(json.dumps(out, ensure_ascii=False))
`;

/** Python's rendering of the lab, the catalogue examples and STATES (once). */
const rendered = pythonOnce(RENDER, STATES);

/** A fake vega-embed that keeps the spec it embedded and the data sets of every draw. */
function fakeVega() {
  const draws = [];
  const specs = [];
  const vegaEmbed = async (_target, spec) => {
    specs.push(spec);
    const sets = {};
    draws.push(sets);
    return {
      finalize() {},
      view: {
        data(name, rows) {
          draws[draws.length - 1][name] = rows;
        },
        resize() {
          return this;
        },
        runAsync: async () => {
          draws.push({});
        },
      },
    };
  };
  return { draws, specs, load: async () => vegaEmbed };
}

/** The last data sets drawn (the draws list ends with an empty set opened by runAsync). */
function lastDrawn(vega) {
  const full = vega.draws.filter((sets) => Object.keys(sets).length);
  return full[full.length - 1];
}

const charted = (root, sequence) =>
  new Promise((resolve) => {
    if (root.getAttribute('data-lab-charted') === String(sequence)) return resolve();
    root.addEventListener('cl:lab-charted', function listener(event) {
      if (event.detail.sequence === sequence) {
        root.removeEventListener('cl:lab-charted', listener);
        resolve();
      }
    });
  });

/** The events lab mounted on Python's markup at `href`. */
function mountEvents(href = PAGE, html = rendered().lab) {
  const doc = fakeDocumentOf(html);
  const win = fakeWindow(href);
  const vega = fakeVega();
  const root = doc.querySelector('[data-lab="events"]');
  const lab = mountLab(root, eventsLab(root, engine), { win, doc, loadVega: vega.load, replaceHistory: false });
  return { doc, win, root, lab, vega };
}

/** name -> the [data-out] element's attributes and markup, in one normal form. */
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

/** Python's rendering of a state, parsed: its card's outputs, its figure's rows and captions. */
function expected(rendering) {
  const card = fragment(rendering.card);
  const figure = fragment(rendering.figure);
  return {
    outs: outs(card),
    rows: figure.querySelectorAll('tr[data-output]').map((row) => normalHtml(row.innerHTML)),
    caption: figure.querySelector('figcaption').textContent,
    tableCaption: figure.querySelector('caption').textContent,
    link: card.querySelector('a[href]'),
  };
}

/** The lab shows exactly what Python renders for the state of `rendering`. */
function assertShows(root, rendering, label) {
  const want = expected(rendering);
  assert.deepEqual(outs(root), want.outs, `${label}: [data-out]`);
  const rows = root.querySelector('[data-lab-rows="outputs"]').querySelectorAll('tr[data-output]');
  assert.equal(rows.length, 8);
  rows.forEach((row, i) => {
    if (i < rendering.outputs) {
      assert.equal(row.hidden, false, `${label}: row ${i} shown`);
      assert.equal(normalHtml(row.innerHTML), want.rows[i], `${label}: row ${i}`);
    } else {
      assert.equal(row.hidden, true, `${label}: row ${i} hidden`);
      assert.deepEqual(
        row.querySelectorAll('td').map((cell) => [cell.getAttribute('data-exact'), cell.getAttribute('data-in-max'), cell.innerHTML]),
        [['', null, ''], ['', null, ''], ['', null, ''], ['', null, ''], [null, 'false', '']],
        `${label}: row ${i} empty`,
      );
    }
  });
  const labels = root.querySelectorAll('label[data-output]');
  assert.deepEqual(
    labels.map((l) => [l.hidden, l.querySelector('input').disabled]),
    labels.map((_, i) => [i >= rendering.outputs, i >= rendering.outputs]),
    `${label}: the event's boxes of outputs that exist`,
  );
  assert.equal(root.querySelector('[data-lab-caption="tradeoff"]').textContent, want.caption, `${label}: chart caption`);
  if (root.hasAttribute('data-text-outputs-caption')) {
    assert.equal(root.querySelector('[data-lab-caption="outputs"]').textContent, want.tableCaption, `${label}: table caption`);
  }
}

/** Types `text` into a text field as a person does: input events, then change. */
function type(root, name, text) {
  const input = root.querySelector('#cl-events-' + name);
  input.value = text;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new Event('change'));
}

/** Ticks exactly the boxes of `indices`, one change event per box that changes. */
function tick(root, indices) {
  for (const box of root.querySelectorAll('input[name="event"]')) {
    const want = indices.includes(Number(box.value));
    if (box.checked !== want) {
      box.checked = want;
      box.dispatchEvent(new Event('change'));
    }
  }
}

const errorOf = (root, name) => root.querySelector(`[data-error-for="${name}"]`);
const messagesOf = (root, name) => JSON.parse(root.querySelector(`[data-field="${name}"]`).getAttribute('data-messages'));

describe('the events lab against Python’s rendering', () => {
  before(() => {
    rendered();
  });

  test('mounting on the default markup rewrites it into exactly the same markup', () => {
    const pristine = fragment(rendered().lab);
    const { root, win } = mountEvents();
    assert.equal(root.hasAttribute('data-lab-mounted'), true);
    assert.deepEqual(outs(root), outs(pristine));
    const rows = (container) => container.querySelectorAll('tr[data-output]').map((row) => normalHtml(row.outerHTML));
    assert.deepEqual(rows(root), rows(pristine));
    const boxes = (container) => container.querySelectorAll('label[data-output]').map((label) => normalHtml(label.outerHTML));
    assert.deepEqual(boxes(root), boxes(pristine));
    assert.equal(root.querySelector('[data-lab-static]').hidden, true);
    assert.equal(root.querySelector('[data-lab-notice]').hidden, true);
    assert.deepEqual(win.history.calls, [], 'an address without the lab’s state is left alone');
  });

  test('every catalogue example, opened by its card’s link, shows what its card and figure show', async () => {
    const { doc, root, win, vega } = mountEvents();
    for (const example of rendered().examples) {
      const link = expected(example).link;
      assert.equal(link.getAttribute('href'), `?${example.query}#events-lab`);
      const event = clickEvent(link);
      doc.dispatchEvent(event);
      assert.equal(event.defaultPrevented, true, `${example.slug}: the link opens in place`);
      assertShows(root, example, example.slug);
      assert.equal(win.location.search, '?' + example.query, `${example.slug}: the address is canonical`);
      await charted(root, Number(root.getAttribute('data-lab-sequence')));
      assert.deepEqual(lastDrawn(vega), example.chart, `${example.slug}: chart rows`);
    }
    assert.ok(vega.specs.length >= 1 && vega.specs.every((spec) => Array.isArray(spec.layer)), 'the trade-off spec is embedded');
    assert.equal(root.querySelector('#cl-events-title').focused, true, 'a link moves the focus to the lab’s title');
  });

  test('typed states (fields and boxes) show what Python renders for the same texts', async () => {
    const { root, win, vega } = mountEvents();
    for (const state of rendered().states) {
      const { texts } = state;
      type(root, 'weights0', texts.weights0);
      type(root, 'weights1', texts.weights1);
      type(root, 'alpha', texts.alpha);
      type(root, 'delta', texts.delta);
      tick(root, texts.event === '' ? [] : texts.event.split(',').map(Number));
      const label = new URLSearchParams(texts).toString();
      assert.equal(root.hasAttribute('data-lab-stale'), false, label);
      assertShows(root, state, label);
      const query = engine.PARAMS.map((name) => `${name}=${texts[name]}`).join('&');
      assert.equal(win.location.search, '?' + query, label);
      await charted(root, Number(root.getAttribute('data-lab-sequence')));
      assert.deepEqual(lastDrawn(vega), state.chart, `${label}: chart rows`);
    }
  });

  test('weights 1,3 and 0,4: the values by hand, and the announcement', async () => {
    const { root } = mountEvents();
    type(root, 'weights0', '1,3');
    type(root, 'weights1', '0,4');
    const text = (out) => root.querySelector(`[data-out="${out}"]`).textContent;
    assert.equal(text('event-p'), '1');
    assert.equal(text('event-excess-01'), '-2');
    assert.equal(text('delta-required'), '1/4 = 0.25');
    assert.equal(root.querySelector('[data-out="max-event"]').getAttribute('data-outputs'), '0');
    assert.equal(root.querySelector('[data-out="eps-pure"]').getAttribute('data-value'), 'inf');
    assert.equal(root.querySelector('[data-out="tv"]').getAttribute('data-exact'), '1/4');
    assert.equal(root.querySelectorAll('tr[data-output]').filter((row) => !row.hidden).length, 2);
    await new Promise((resolve) => setTimeout(resolve, 450));
    const say = (name, values) => root.getAttribute('data-text-' + name).replace(/\{(\w+)\}/g, (_, key) => values[key]);
    assert.equal(
      root.querySelector('[data-lab-live]').textContent,
      say('announcement', {
        verdict: say('verdict-fail', { required: '1/4 = 0.25', delta: '0' }),
        event: say('event-pass', { required: '0' }),
      }),
    );
  });
});

describe('failures keep the last state', () => {
  test('a bad list: its message beside it, the last result stays, marked stale', async () => {
    const { root, win } = mountEvents();
    type(root, 'weights0', '1,3');
    type(root, 'weights1', '0,4');
    const shown = outs(root);
    const address = win.location.href;
    type(root, 'weights0', '1,,2');
    assert.equal(errorOf(root, 'weights0').hidden, false);
    assert.equal(errorOf(root, 'weights0').textContent, messagesOf(root, 'weights0').syntax);
    assert.equal(root.querySelector('#cl-events-weights0').getAttribute('aria-invalid'), 'true');
    assert.equal(errorOf(root, 'weights1').hidden, true, 'no rule across fields without a valid weights0');
    assert.equal(root.getAttribute('data-lab-stale'), 'input');
    assert.deepEqual(outs(root), shown);
    assert.equal(win.location.href, address);
    await new Promise((resolve) => setTimeout(resolve, 450));
    assert.equal(root.querySelector('[data-lab-live]').textContent, root.getAttribute('data-text-bad-input'));
    type(root, 'weights0', '1, 2');
    assert.equal(errorOf(root, 'weights0').hidden, true);
    assert.equal(root.hasAttribute('data-lab-stale'), false);
    assert.equal(win.location.search, '?weights0=1,2&weights1=0,4&alpha=3.0&delta=0&event=0,1');
  });

  test('rows of different lengths: "mismatch" beside weights1; more outputs appear once they agree', () => {
    const { root } = mountEvents();
    const shown = outs(root);
    type(root, 'weights0', '1,2,3,4');
    assert.equal(errorOf(root, 'weights0').hidden, true);
    assert.equal(errorOf(root, 'weights1').textContent, messagesOf(root, 'weights1').mismatch);
    assert.equal(root.querySelector('#cl-events-weights1').getAttribute('aria-invalid'), 'true');
    assert.equal(root.getAttribute('data-lab-stale'), 'input');
    assert.deepEqual(outs(root), shown);
    assert.equal(root.querySelector('label[data-output="3"]').hidden, true);
    type(root, 'weights1', '4,3,2,1');
    assert.equal(errorOf(root, 'weights1').hidden, true);
    assert.equal(root.querySelector('label[data-output="3"]').hidden, false);
    assert.equal(root.querySelector('label[data-output="3"]').querySelector('input').disabled, false);
    assert.equal(root.querySelector('tr[data-output="3"]').hidden, false);
  });

  test('an event index beyond the outputs: "no-output" beside the event, and its box stays to untick', () => {
    const { root, win } = mountEvents(PAGE + '?weights0=1,2,3,4&weights1=4,3,2,1&alpha=3.0&delta=0&event=3');
    assert.equal(root.querySelector('[data-out="event"]').getAttribute('data-value'), '3');
    type(root, 'weights0', '1,2,3');
    type(root, 'weights1', '3,2,1');
    const box = root.querySelector('label[data-output="3"]');
    assert.equal(errorOf(root, 'event').textContent, messagesOf(root, 'event')['no-output']);
    assert.equal(errorOf(root, 'event').hidden, false);
    assert.equal(root.querySelector('input[name="event"][value="3"]').getAttribute('aria-invalid'), 'true');
    assert.equal(root.getAttribute('data-lab-stale'), 'input');
    assert.equal(box.hidden, false);
    assert.equal(box.querySelector('input').disabled, false);
    tick(root, []);
    assert.equal(errorOf(root, 'event').hidden, true);
    assert.equal(root.hasAttribute('data-lab-stale'), false);
    assert.equal(box.hidden, true);
    assert.equal(box.querySelector('input').disabled, true);
    assert.equal(root.querySelector('[data-out="event"]').textContent, '∅');
    assert.equal(win.location.search, '?weights0=1,2,3&weights1=3,2,1&alpha=3.0&delta=0&event=');
  });

  test('the address: a bad, repeated or rule-breaking parameter falls back and is named', () => {
    const open = (query) => {
      const { root } = mountEvents(PAGE + query);
      const notice = root.querySelector('[data-lab-notice]');
      const names = notice.hidden ? [] : /\(([^)]*)\)/.exec(notice.textContent)[1].split(', ');
      const ticked = root.querySelectorAll('input[name="event"]').filter((box) => box.checked);
      const texts = Object.fromEntries(
        engine.PARAMS.map((name) => [
          name,
          name === 'event' ? ticked.map((box) => box.value).join(',') : root.querySelector('#cl-events-' + name).value,
        ]),
      );
      return { names, texts, root };
    };
    const defaults = { weights0: '9,6,1', weights1: '1,6,9', alpha: '3.0', delta: '0', event: '0,1' };
    // an event index the default channel does not have
    const outside = open('?event=0,5');
    assert.deepEqual([outside.names, outside.texts], [['event'], defaults]);
    assert.equal(outside.root.querySelector('[data-lab-notice]').textContent, outside.root.getAttribute('data-text-bad-url').replace('{names}', 'event'));
    // rows of different lengths: weights1 falls back, still differs, so the whole state does
    assert.deepEqual(open('?weights0=1,2,3,4&event=0').names, ['weights0', 'event']);
    assert.deepEqual(open('?weights0=1,2,3,4&event=0').texts, defaults);
    // a repeated parameter and a bad list, the rest kept (canonical)
    const mixed = open('?weights0=3,1&weights0=1,3&weights1=%201%20,%203,2&alpha=57/10&event=1,0');
    assert.deepEqual(mixed.names, ['weights0']);
    assert.deepEqual(mixed.texts, { ...defaults, weights1: '1,3,2', alpha: '5.7', event: '0,1' });
    // a repeated weights0 falls back to 9,6,1, which a two-entry weights1 no longer matches
    assert.deepEqual(open('?weights0=3,1&weights0=1,3&weights1=1,3').names, ['weights0', 'weights1']);
    // rows and event that agree are opened as they are
    const wide = open('?weights0=1,2,3,4&weights1=4,3,2,1&alpha=2.0&delta=1/3&event=3');
    assert.deepEqual(wide.names, []);
    assert.equal(wide.root.querySelector('[data-out="event"]').textContent, '{3}');
  });

  test('a list field does not step; a number field does, with the arrow keys', () => {
    const { root } = mountEvents();
    const key = (name, keyName) => {
      const event = new Event('keydown');
      event.key = keyName;
      root.querySelector('#cl-events-' + name).dispatchEvent(event);
    };
    key('weights0', 'ArrowUp');
    assert.equal(root.querySelector('#cl-events-weights0').value, '9,6,1');
    key('alpha', 'ArrowUp');
    assert.equal(root.querySelector('#cl-events-alpha').value, '3.1');
    assert.equal(root.querySelector('[data-out="claim"]').getAttribute('data-value'), 'fail');
  });

  test('present throwing halfway leaves every slot as it was (all or nothing)', () => {
    const root = fragment(rendered().lab).querySelector('[data-lab="events"]');
    const slots = findSlots(root, SLOTS);
    const before = outs(root);
    const read = engine.readState({ weights0: '1,3', weights1: '0,4', alpha: '3.0', delta: '0', event: '0' }, {
      weights0: JSON.parse(root.querySelector('[data-field="weights0"]').getAttribute('data-limit')),
      weights1: JSON.parse(root.querySelector('[data-field="weights1"]').getAttribute('data-limit')),
      event: JSON.parse(root.querySelector('[data-field="event"]').getAttribute('data-limit')),
      alpha: JSON.parse(root.querySelector('[data-field="alpha"]').getAttribute('data-limit')),
      delta: JSON.parse(root.querySelector('[data-field="delta"]').getAttribute('data-limit')),
    });
    assert.ok(read.ok);
    const record = engine.evaluateState(read.value);
    let calls = 0;
    const broken = { ...engine, readable: (value) => (++calls > 3 ? assert.fail('injected') : engine.readable(value)) };
    const failures = [];
    const view = presentThenShow(
      () => renderers(root, broken).present(record),
      (shown) => show(shown, slots),
      (error) => failures.push(error.message),
    );
    assert.equal(view, null);
    assert.deepEqual(failures, ['injected']);
    assert.deepEqual(outs(root), before);
    // the same record through a working engine is shown
    show(renderers(root, engine).present(record), slots);
    assert.equal(slots.tv.getAttribute('data-exact'), '1/4');
  });
});

describe('two labs of two bundles on one page', () => {
  function page(href) {
    const doc = fakeDocumentOf(rendered().composition + rendered().lab);
    const win = fakeWindow(href);
    const vega = fakeVega();
    const env = { win, doc, loadVega: vega.load, replaceHistory: false };
    const quiet = { error: (...args) => assert.fail(String(args)) };
    // each bundle registers its own lab only (kit/start → kit/mount)
    const first = mountLabs(doc, { composition: (root, e) => mountLab(root, compositionLab(root, compositionEngine), e) }, env, quiet);
    const second = mountLabs(doc, { events: (root, e) => mountLab(root, eventsLab(root, engine), e) }, env, quiet);
    const composition = doc.querySelector('#lab');
    const events = doc.querySelector('#events-lab');
    return { doc, win, first, second, composition, events };
  }

  const compositionOuts = (root) => ({
    claim: root.querySelector('[data-out="claim"]').textContent,
    required: root.querySelector('[data-out="delta-required"]').getAttribute('data-exact'),
    k: root.querySelector('#cl-lab-k').value,
    alpha: root.querySelector('#cl-lab-alpha').value,
  });

  test('both mount; each keeps its own state, and the address names the lab it is for', () => {
    const { doc, win, first, second, composition, events } = page('http://127.0.0.1/lessons/both.html');
    assert.deepEqual(first.map((o) => [o.name, o.outcome]), [['composition', 'mounted'], ['events', 'other']]);
    assert.deepEqual(second.map((o) => [o.name, o.outcome]), [['composition', 'skipped'], ['events', 'mounted']]);
    assert.equal(composition.hasAttribute('data-lab-mounted') && events.hasAttribute('data-lab-mounted'), true);
    const compositionBefore = compositionOuts(composition);

    type(events, 'weights0', '3,1');
    type(events, 'weights1', '1,3');
    assert.equal(win.location.hash, '#events-lab');
    assert.equal(win.location.search, '?weights0=3,1&weights1=1,3&alpha=3.0&delta=0&event=0,1');
    assert.equal(events.querySelector('[data-out="tv"]').getAttribute('data-exact'), '1/2');
    assert.deepEqual(compositionOuts(composition), compositionBefore, 'typing in the events lab leaves the composition lab alone');

    const k = composition.querySelector('#cl-lab-k');
    k.value = '3';
    k.dispatchEvent(new Event('input'));
    k.dispatchEvent(new Event('change'));
    assert.equal(win.location.hash, '#lab');
    assert.match(win.location.search, /^\?mode=fresh&k=3&/);
    const compositionNow = compositionOuts(composition);
    assert.equal(compositionNow.k, '3');
    assert.equal(events.querySelector('[data-out="tv"]').getAttribute('data-exact'), '1/2');

    // back to the events lab's entry: it reopens its state; the composition lab keeps its own
    win.history.back();
    assert.equal(win.location.hash, '#events-lab');
    assert.deepEqual(compositionOuts(composition), compositionNow);
    assert.equal(events.querySelector('#cl-events-weights0').value, '3,1');

    // a link goes to the lab its fragment names, and only to it
    const link = parseHtml('<a href="?weights0=1,1&amp;weights1=1,3&amp;alpha=2.0&amp;delta=0&amp;event=1#events-lab">x</a>')[0];
    const click = clickEvent(link);
    doc.dispatchEvent(click);
    assert.equal(click.defaultPrevented, true);
    assert.equal(events.querySelector('[data-out="event"]').textContent, '{1}');
    assert.deepEqual(compositionOuts(composition), compositionNow);
  });

  test('an address for one lab is not read by the other, whose parameters overlap', () => {
    const { composition, events } = page('http://127.0.0.1/lessons/both.html?weights0=3,1&weights1=1,3&alpha=5.0&delta=0&event=0#events-lab');
    assert.equal(events.querySelector('#cl-events-alpha').value, '5.0');
    assert.equal(composition.querySelector('#cl-lab-alpha').value, '3.0');
    assert.equal(composition.querySelector('[data-lab-notice]').hidden, true);
    assert.equal(events.querySelector('[data-lab-notice]').hidden, true);
  });
});
