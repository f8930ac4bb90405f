// The lab kit (site_overrides/assets/javascripts/lab/kit/) on plain objects and a tiny fake
// DOM: the address (canonical queries, defaults for bad parameters, push or replace), the
// all-or-nothing update and its failure marks, fields and steps against their limits, in-place
// links, mounting several labs on one page, each on its own, writing a view (markup parsed
// again only when it changes), and the chart queue (a burst draws its first and last state).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import * as numbers from '../../site_overrides/assets/javascripts/lab/exact/numbers.mjs';
import * as rational from '../../site_overrides/assets/javascripts/lab/exact/rational.mjs';
import {
  canonicalText,
  fieldMessage,
  fieldOf,
  fieldRule,
  fieldText,
  readText,
  setFieldText,
  showFieldError,
  steppedText,
} from '../../site_overrides/assets/javascripts/lab/kit/fields.mjs';
import { lookup } from '../../site_overrides/assets/javascripts/lab/kit/lookup.mjs';
import { digitCount, numberHtml } from '../../site_overrides/assets/javascripts/lab/kit/markup.mjs';
import { inPlaceQuery } from '../../site_overrides/assets/javascripts/lab/kit/links.mjs';
import { mountLabs, onEveryPage } from '../../site_overrides/assets/javascripts/lab/kit/mount.mjs';
import { escapeHtml, fillTemplate, labText } from '../../site_overrides/assets/javascripts/lab/kit/text.mjs';
import {
  STALE_ON_FAILURE,
  failedEvent,
  markCurrent,
  markFailed,
  presentThenShow,
  showFailure,
} from '../../site_overrides/assets/javascripts/lab/kit/update.mjs';
import {
  addressChange,
  addressIsFor,
  historyEntry,
  queryString,
  readQuery,
  replacesHistory,
} from '../../site_overrides/assets/javascripts/lab/kit/url.mjs';
import { ChartQueue } from '../../site_overrides/assets/javascripts/lab/kit/charts.mjs';
import { showSlot } from '../../site_overrides/assets/javascripts/lab/kit/shown.mjs';
import { FakeElement, fakeDocument, parseHtml } from './fake_dom.mjs';

// The composition lab's limits, as generator/core/input_limits.py hands them to the page.
// (grid: the decimals of the grid, null for any exact value; the golden vectors of
// engines.test.mjs hold the exact reader to Python's.)
const LIMITS = {
  k: { name: 'k', kind: 'count', low: '1', high: '100', grid: 0, max_chars: 1000 },
  alpha: { name: 'alpha', kind: 'number', low: '1', high: '100', grid: 1, places: 1, max_chars: 1000 },
  delta: { name: 'delta', kind: 'number', low: '0', high: '1', grid: null, places: null, max_chars: 1000 },
};
const NAMES = ['mode', 'k', 'alpha', 'delta'];
const MODES = ['fresh', 'copy', 'xor'];
const read = (name, text) => (name === 'mode' ? numbers.parseChoice(text, MODES) : numbers.parseField(text, LIMITS[name]));
const canonical = (name, value) => (name === 'mode' ? value : canonicalText(undefined, LIMITS[name], value));
const DEFAULTS = { mode: 'fresh', k: '2', alpha: '3.0', delta: '0' };

describe('the address', () => {
  test('a query is read into canonical texts; missing parameters take their defaults', () => {
    const read1 = readQuery('?alpha=57/10&delta=0.5000&k=007', NAMES, read, canonical, DEFAULTS);
    assert.deepEqual(read1, {
      texts: { mode: 'fresh', k: '7', alpha: '5.7', delta: '0.5' },
      bad: [],
      present: true,
    });
    assert.deepEqual(readQuery('', NAMES, read, canonical, DEFAULTS), {
      texts: DEFAULTS,
      bad: [],
      present: false,
    });
  });

  test('a bad or repeated parameter takes its default and is named', () => {
    const read1 = readQuery('mode=quantum&k=2&k=3&alpha=1/3&delta=1/3', NAMES, read, canonical, DEFAULTS);
    assert.deepEqual(read1.bad, ['mode', 'k', 'alpha']);
    assert.deepEqual(read1.texts, { mode: 'fresh', k: '2', alpha: '3.0', delta: '1/3' });
    // the defaults themselves are read with no defaults yet: a bad one keeps its text
    assert.deepEqual(readQuery('k=x', ['k'], read, canonical, undefined).texts, { k: 'x' });
  });

  test('the written query is canonical, in parameter order, with "/" kept', () => {
    const values = { mode: 'copy', k: 20, alpha: numbers.parseNumber('5.70'), delta: numbers.parseNumber('2/6') };
    assert.equal(queryString(NAMES, values, canonical), 'mode=copy&k=20&alpha=5.7&delta=1/3');
    const decimal = { ...values, delta: numbers.parseNumber('0.10') };
    assert.equal(queryString(NAMES, decimal, canonical), 'mode=copy&k=20&alpha=5.7&delta=0.1');
  });

  test('push or replace: a standalone view (LMS, frame) always replaces', () => {
    assert.equal(historyEntry('push', false), 'push');
    assert.equal(historyEntry('replace', false), 'replace');
    assert.equal(historyEntry('push', true), 'replace');
    const meta = (content) => ({ querySelector: () => ({ getAttribute: () => content }) });
    assert.equal(replacesHistory(meta('scorm')), true);
    assert.equal(replacesHistory(meta('embed')), true);
    assert.equal(replacesHistory(meta('')), false);
    assert.equal(replacesHistory({ querySelector: () => null }), false);
  });

  test('pushing the address already shown adds nothing; replacing it still writes', () => {
    const location = { pathname: '/lessons/composition.html', search: '?k=2', hash: '#lab' };
    assert.equal(addressChange(location, 'k=2', 'push'), null);
    assert.deepEqual(addressChange(location, 'k=2', 'replace'), {
      method: 'replaceState',
      url: '/lessons/composition.html?k=2#lab',
    });
    assert.deepEqual(addressChange(location, 'k=3', 'push'), {
      method: 'pushState',
      url: '/lessons/composition.html?k=3#lab',
    });
  });
});

describe('all or nothing', () => {
  test('a view that presents is shown, and fail is not called', () => {
    const calls = [];
    const view = presentThenShow(
      () => ({ text: 'new' }),
      (shown) => calls.push(['show', shown.text]),
      (error) => calls.push(['fail', error]),
    );
    assert.deepEqual(view, { text: 'new' });
    assert.deepEqual(calls, [['show', 'new']]);
  });

  test('a present that throws halfway writes nothing: show never sees a partial view', () => {
    const screen = { a: 'old a', b: 'old b' };
    const failures = [];
    const present = () => {
      const view = { a: 'new a' };
      view.b = rational.decimalStr(null); // throws, as a broken formatter would
      return view;
    };
    const view = presentThenShow(present, (shown) => Object.assign(screen, shown), (error) => failures.push(error));
    assert.equal(view, null);
    assert.deepEqual(screen, { a: 'old a', b: 'old b' });
    assert.equal(failures.length, 1);
    assert.ok(failures[0] instanceof TypeError);
  });

  test('a failure marks the lab, its areas and charts stale; showing clears the areas', () => {
    const area = new FakeElement('div', { 'data-lab-area': '' });
    const chart = new FakeElement('figure', { 'data-lab-chart': 'profile' });
    const other = new FakeElement('p');
    const root = new FakeElement('section', { 'data-lab': 'composition' }, [area, chart, other]);
    const events = [];
    root.addEventListener('cl:lab-failed', (event) => events.push(event.detail));
    markFailed(root, 2);
    root.dispatchEvent(failedEvent(new Error('injected')));
    assert.equal(root.getAttribute('data-lab-failures'), '2');
    assert.equal(root.getAttribute('data-lab-stale'), 'error');
    assert.deepEqual(
      root.querySelectorAll(STALE_ON_FAILURE).map((element) => element.hasAttribute('data-stale')),
      [true, true],
    );
    assert.equal(other.hasAttribute('data-stale'), false);
    assert.deepEqual(events, [{ message: 'injected' }]);
    assert.deepEqual(failedEvent('plain').detail, { message: 'plain' });

    markCurrent(root);
    assert.equal(root.hasAttribute('data-lab-stale'), false);
    assert.equal(area.hasAttribute('data-stale'), false);
    assert.equal(chart.hasAttribute('data-stale'), true); // the charts clear when drawn
  });

  test('the failure notice shows its text and hides when emptied', () => {
    const notice = { textContent: '', hidden: true };
    showFailure(notice, '계산하지 못했습니다.');
    assert.deepEqual(notice, { textContent: '계산하지 못했습니다.', hidden: false });
    showFailure(notice, '');
    assert.deepEqual(notice, { textContent: '', hidden: true });
  });
});

describe('fields', () => {
  const wrapper = (limit, places) =>
    new FakeElement('div', {
      'data-limit': JSON.stringify(limit),
      'data-places': String(places),
      'data-messages': JSON.stringify({ range: '1과 100 사이', step: '0.1 단위' }),
    });

  test('a field reads its limit, step and messages from its markup', () => {
    const rule = fieldRule(wrapper(LIMITS.alpha, 1));
    assert.deepEqual(rule.min, rational.fraction(1n));
    assert.deepEqual(rule.max, rational.fraction(100n));
    assert.equal(rule.places, 1);
    assert.equal(fieldMessage(rule, 'range'), '1과 100 사이');
    assert.equal(fieldMessage(rule, null), '');
    assert.throws(() => fieldRule(new FakeElement('div')), /no data-limit/);
  });

  test('steps go to the grid, exactly, and stop at the range ends', () => {
    const alpha = fieldRule(wrapper(LIMITS.alpha, 1));
    const at = (text) => numbers.parseNumber(text);
    assert.equal(steppedText(undefined, alpha, at('5.75'), 1), '5.8');
    assert.equal(steppedText(undefined, alpha, at('5.75'), -1), '5.7');
    assert.equal(steppedText(undefined, alpha, at('3'), 10), '4.0');
    assert.equal(steppedText(undefined, alpha, at('99.95'), 10), '100.0');
    assert.equal(steppedText(undefined, alpha, at('1'), -1), '1.0');
    const k = fieldRule(wrapper(LIMITS.k, 0));
    assert.equal(steppedText(undefined, k, 99, 10), '100');
    assert.equal(steppedText(undefined, k, 2, -1), '1');
    assert.equal(steppedText(undefined, k, 1, -1), '1');
  });
});

describe('texts', () => {
  test('escaping and templates', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;');
    assert.equal(fillTemplate('값({names})과 {other}', { names: 'k, p' }), '값(k, p)과 {other}');
    const root = new FakeElement('section', { 'data-text-bad-url': '못 쓰는 값: {names}' });
    assert.equal(labText(root, 'bad-url', { names: 'alpha' }), '못 쓰는 값: alpha');
    assert.equal(labText(root, 'absent'), '');
  });
});

describe('links to the lab', () => {
  const location = {
    href: 'http://127.0.0.1/lessons/composition.html?k=2#top',
    origin: 'http://127.0.0.1',
    pathname: '/lessons/composition.html',
  };
  const click = (href, extra = {}) => {
    const link = new FakeElement('a', { href, ...(extra.target ? { target: extra.target } : {}) });
    const inner = link.append(new FakeElement('span'));
    return { target: inner, button: 0, defaultPrevented: false, ...extra };
  };

  test('a plain click on "?<state>#lab" of this page opens the state in place', () => {
    assert.equal(inPlaceQuery(click('?mode=copy&k=3#lab'), location, 'lab'), '?mode=copy&k=3');
    assert.equal(inPlaceQuery(click('composition.html?p=90#lab'), location, 'lab'), '?p=90');
  });

  test('other links and modified clicks are the browser’s', () => {
    assert.equal(inPlaceQuery(click('?k=3#other-lab'), location, 'lab'), null);
    assert.equal(inPlaceQuery(click('../index.html?k=3#lab'), location, 'lab'), null);
    assert.equal(inPlaceQuery(click('http://example.org/lessons/composition.html?k=3#lab'), location, 'lab'), null);
    assert.equal(inPlaceQuery(click('?k=3#lab', { ctrlKey: true }), location, 'lab'), null);
    assert.equal(inPlaceQuery(click('?k=3#lab', { button: 1 }), location, 'lab'), null);
    assert.equal(inPlaceQuery(click('?k=3#lab', { target: '_blank' }), location, 'lab'), null);
    assert.equal(inPlaceQuery(click('?k=3#lab', { defaultPrevented: true }), location, 'lab'), null);
    assert.equal(inPlaceQuery({ ...click('?k=3#lab'), target: { nodeType: 3 } }, location, 'lab'), null);
  });
});

describe('mounting', () => {
  const quietLog = () => {
    const errors = [];
    return { errors, error: (...args) => errors.push(args) };
  };

  /** A registry entry that keeps each lab's own state on its root, as a real lab does. */
  function counterLab(created) {
    return (root, env) => {
      const state = { root, env, clicks: 0 };
      root.addEventListener('click', () => {
        state.clicks += 1;
        root.setAttribute('data-clicks', String(state.clicks));
      });
      root.setAttribute('data-lab-mounted', '');
      created.push(state);
    };
  }

  test('two labs on one page mount independently, each with its own state', () => {
    const first = new FakeElement('section', { id: 'lab-a', 'data-lab': 'counter' });
    const second = new FakeElement('section', { id: 'lab-b', 'data-lab': 'counter' });
    const page = fakeDocument([first, new FakeElement('div', {}, [second])]);
    const created = [];
    const log = quietLog();
    const env = { shared: 'page' };
    const outcomes = mountLabs(page, { counter: counterLab(created) }, env, log);
    assert.deepEqual(outcomes.map((o) => [o.root.id, o.outcome]), [['lab-a', 'mounted'], ['lab-b', 'mounted']]);
    assert.equal(created.length, 2);
    assert.notEqual(created[0], created[1]);
    assert.equal(created[0].env, env);
    first.dispatchEvent(new Event('click'));
    first.dispatchEvent(new Event('click'));
    second.dispatchEvent(new Event('click'));
    assert.equal(first.getAttribute('data-clicks'), '2');
    assert.equal(second.getAttribute('data-clicks'), '1');
    assert.deepEqual(log.errors, []);

    // Mounting the page again (Material's document$ fires per page) leaves both alone.
    const again = mountLabs(page, { counter: counterLab(created) }, env, log);
    assert.deepEqual(again.map((o) => o.outcome), ['skipped', 'skipped']);
    assert.equal(created.length, 2);
  });

  test("another bundle's lab is left alone, a lab that throws is logged; the others mount", () => {
    const unknown = new FakeElement('section', { 'data-lab': 'optimal' });
    const broken = new FakeElement('section', { 'data-lab': 'broken' });
    const good = new FakeElement('section', { 'data-lab': 'counter' });
    const inherited = new FakeElement('section', { 'data-lab': 'toString' });
    const page = fakeDocument([unknown, broken, good, inherited]);
    const created = [];
    const log = quietLog();
    const registry = {
      counter: counterLab(created),
      broken: () => {
        throw new Error("the lab's markup has no [data-lab-results]");
      },
    };
    const outcomes = mountLabs(page, registry, {}, log);
    assert.deepEqual(outcomes.map((o) => [o.name, o.outcome]), [
      ['optimal', 'other'],
      ['broken', 'failed'],
      ['counter', 'mounted'],
      ['toString', 'other'],
    ]);
    assert.equal(created.length, 1);
    assert.equal(log.errors.length, 1);
    assert.match(log.errors[0][0], /^broken lab: the lab could not start; the default state stays/);
    assert.equal(log.errors[0][1].message, "the lab's markup has no [data-lab-results]");
    // a lab that did not mount keeps its server-rendered state, unmarked
    assert.equal(unknown.hasAttribute('data-lab-mounted'), false);
    assert.equal(broken.hasAttribute('data-lab-mounted'), false);
  });

  test('pages mount through CompositionLab.onEveryPage, or at once without it', () => {
    const seen = [];
    const doc = fakeDocument();
    const subscribers = [];
    onEveryPage({ CompositionLab: { onEveryPage: (mount) => subscribers.push(mount) } }, doc, (page) => seen.push(page));
    assert.equal(seen.length, 0);
    subscribers[0](doc);
    assert.deepEqual(seen, [doc]);
    onEveryPage({}, doc, (page) => seen.push(page));
    assert.deepEqual(seen, [doc, doc]);
  });
});

describe('lists, checkbox groups and rules across fields', () => {
  const WEIGHTS = {
    name: 'weights0',
    kind: 'list',
    item: { name: 'weight', kind: 'count', low: '0', high: '1000000', grid: 0, max_chars: 1000 },
    min_items: 1,
    max_items: 8,
    distinct: false,
    positive_sum: true,
    max_chars: 1000,
  };
  const EVENT = { ...WEIGHTS, name: 'event', item: { ...WEIGHTS.item, high: '7' }, min_items: 0, distinct: true, positive_sum: false };
  const wrapper = (html) => parseHtml(html)[0];
  const limit = (value) => JSON.stringify(value).replace(/"/g, '&quot;');

  test('a list field is a text input that reads by readList and does not step', () => {
    const field = fieldOf(
      wrapper(`<div data-field="weights0" data-limit="${limit(WEIGHTS)}" data-messages="{&quot;syntax&quot;: &quot;쉼표&quot;}">` +
        '<input value="9,6,1"><p data-error-for="weights0" hidden></p></div>'),
      undefined,
    );
    assert.equal(field.group, false);
    assert.equal(field.steps, false);
    assert.equal(field.min, null);
    assert.equal(fieldText(field), '9,6,1');
    assert.deepEqual(readText(undefined, field.limit, ' 9 , 6 ,1 '), { ok: true, value: [9, 6, 1] });
    assert.equal(canonicalText(undefined, field.limit, [9, 6, 1]), '9,6,1');
    showFieldError(field, 'syntax');
    assert.equal(field.error.textContent, '쉼표');
    assert.equal(field.input.getAttribute('aria-invalid'), 'true');
    assert.throws(() => fieldRule(field.wrapper, /** @type {any} */ ({ parseNumber: numbers.parseNumber })), /needs a reader of lists/);
  });

  test('a checkbox group: its text is the ticked values in increasing order; a text ticks them', () => {
    const boxes = [3, 0, 1].map((i) => `<input type="checkbox" name="event" value="${i}">`).join('');
    const field = fieldOf(
      wrapper(`<fieldset data-field="event" data-limit="${limit(EVENT)}">${boxes}<p data-error-for="event" hidden></p></fieldset>`),
      undefined,
    );
    assert.equal(field.group, true);
    assert.equal(field.steps, false);
    assert.equal(fieldText(field), '');
    setFieldText(field, '3,1');
    assert.deepEqual(field.inputs.map((box) => box.checked), [true, false, true]);
    assert.equal(fieldText(field), '1,3');
    showFieldError(field, 'no-output');
    assert.deepEqual(field.inputs.map((box) => box.getAttribute('aria-invalid')), ['true', 'true', 'true']);
    showFieldError(field, null);
    assert.deepEqual(field.inputs.map((box) => box.hasAttribute('aria-invalid')), [false, false, false]);
  });

  test('the address: a parameter that breaks a rule across fields falls back; then the whole state', () => {
    const names = ['a', 'b'];
    const readList = (name, text) => numbers.readList(text, WEIGHTS);
    const join = (name, value) => value.join(',');
    const sameLength = (values) => (values.a && values.b && values.a.length !== values.b.length ? { b: 'mismatch' } : {});
    const defaults = { a: '1,2', b: '3,4' };
    const read = (query) => readQuery(query, names, readList, join, defaults, sameLength);
    assert.deepEqual(read('a=5,6&b=7,8'), { texts: { a: '5,6', b: '7,8' }, bad: [], present: true });
    assert.deepEqual(read('b=7,8,9'), { texts: defaults, bad: ['b'], present: true });
    assert.deepEqual(read('a=5,6,7'), { texts: defaults, bad: ['a'], present: true });
    assert.deepEqual(read('a=5,6,7&b=1'), { texts: defaults, bad: ['a', 'b'], present: true });
    assert.deepEqual(read('a=,&b=7,8'), { texts: { a: '1,2', b: '7,8' }, bad: ['a'], present: true });
  });

  test('lists stay readable in the address; several labs on a page address theirs by fragment', () => {
    assert.equal(queryString(['w', 'e'], { w: [9, 6, 1], e: [] }, (name, value) => value.join(',')), 'w=9,6,1&e=');
    const location = { pathname: '/p.html', search: '?w=1', hash: '#lab' };
    assert.deepEqual(addressChange(location, 'w=1', 'push', '#events-lab'), { method: 'pushState', url: '/p.html?w=1#events-lab' });
    assert.equal(addressChange(location, 'w=1', 'push', '#lab'), null);
    assert.equal(addressIsFor(location, null), true);
    assert.equal(addressIsFor(location, 'lab'), true);
    assert.equal(addressIsFor(location, 'events-lab'), false);
  });

  test('number markup, as the server writes it (negative values too)', () => {
    assert.equal(numberHtml('3/8'), '3/8 <span class="cl-decimal">= 0.375</span>');
    assert.equal(numberHtml('-3/8'), '-3/8 <span class="cl-decimal">= -0.375</span>');
    assert.equal(numberHtml('1/3'), '1/3 <span class="cl-decimal">≈ 0.333</span>');
    assert.equal(numberHtml('-19/8'), '-19/8 <span class="cl-decimal">= -2.375</span>');
    assert.equal(numberHtml('2'), '2');
    assert.equal(numberHtml('-2'), '-2');
  });

  test('a long value says how many digits its fraction has', () => {
    const long = '1/' + '3'.repeat(20);
    assert.match(numberHtml(long), /<span class="cl-digits">분자 1자리, 분모 20자리<\/span><\/details>$/);
    assert.equal(digitCount('-1' + '0'.repeat(30)), '31자리 정수');
    assert.equal(digitCount('-7/' + '9'.repeat(12)), '분자 1자리, 분모 12자리');
  });
});

describe('signed integers and radio groups (limits of kind "integer" and "choice")', () => {
  const integer = { name: 'lo', kind: 'integer', low: '-1000', high: '1000', grid: 0, max_chars: 1000 };
  const values = {
    name: 'values',
    kind: 'list',
    item: { name: 'value', kind: 'integer', low: '-100', high: '100', grid: 0, max_chars: 1000 },
    min_items: 1,
    max_items: 10,
    distinct: false,
    positive_sum: false,
    max_chars: 1000,
  };
  const choice = { name: 'mechanism', kind: 'choice', choices: ['geometric', 'k-ary'], max_chars: 1000 };
  const wrapper = (limit, inner = '<input>') =>
    parseHtml(`<div data-field="${limit.name}" data-limit='${JSON.stringify(limit)}' data-messages='{}'>${inner}<p data-error-for="${limit.name}"></p></div>`)[0];

  test('a signed integer reads "-3" and "007", refuses "2.5" (step), "+2", "−2", "2e1" (syntax) and -1001 (range)', () => {
    const cases = { '-3': -3, '007': 7, '-0': 0, '2.5': 'step', '-2.5': 'step', '+2': 'syntax', '−2': 'syntax', '2e1': 'syntax', '-1001': 'range', '': 'empty' };
    for (const [text, expected] of Object.entries(cases)) {
      const read = readText(undefined, integer, text);
      assert.equal(read.ok ? read.value : read.reason, expected, text);
    }
  });

  test('a list of signed integers reads "3, -1,7" and refuses an empty database, "1.5" and 101', () => {
    assert.deepEqual(readText(undefined, values, ' 3, -1,7 ').value, [3, -1, 7]);
    for (const [text, reason] of [['', 'empty'], ['1.5', 'syntax'], ['101', 'range'], ['1,-', 'syntax'], [Array(11).fill('1').join(','), 'count']]) {
      assert.equal(readText(undefined, values, text).reason, reason, text);
    }
    assert.equal(canonicalText(undefined, values, [3, -1, 7]), '3,-1,7');
  });

  test('a signed integer field steps across 0 and stops at its negative end', () => {
    const rule = fieldRule(wrapper(integer));
    assert.deepEqual([rule.min, rule.max], [rational.fraction(-1000n), rational.fraction(1000n)]);
    assert.equal(steppedText(undefined, rule, 1, -2), '-1');
    assert.equal(steppedText(undefined, rule, -999, -10), '-1000');
    assert.equal(canonicalText(undefined, integer, -4), '-4');
  });

  test('a radio group is a field: its text is the checked value, a choice not listed is refused', () => {
    const field = fieldOf(
      wrapper(choice, '<input type="radio" name="mechanism" value="geometric"><input type="radio" name="mechanism" value="k-ary">'),
      undefined,
    );
    assert.equal(field.group, true);
    assert.equal(field.steps, false);
    assert.equal(fieldText(field), '');
    setFieldText(field, 'k-ary');
    assert.equal(fieldText(field), 'k-ary');
    assert.deepEqual(readText(undefined, choice, 'k-ary'), { ok: true, value: 'k-ary' });
    assert.equal(readText(undefined, choice, 'laplace').reason, 'syntax');
    assert.equal(readText(undefined, choice, '').reason, 'empty');
    assert.equal(canonicalText(undefined, choice, 'k-ary'), 'k-ary');
  });
});

describe('writing a view', () => {
  test('a slot\'s markup is parsed again only when it changes', () => {
    const cell = new FakeElement('td');
    const parsed = [];
    const { get, set } = Object.getOwnPropertyDescriptor(FakeElement.prototype, 'innerHTML');
    Object.defineProperty(cell, 'innerHTML', {
      get: () => get.call(cell),
      set: (html) => {
        parsed.push(html);
        set.call(cell, html);
      },
    });
    showSlot(cell, { attrs: { 'data-exact': '3/8' }, html: '3/8 <span class="cl-decimal">= 0.375</span>' });
    showSlot(cell, { attrs: { 'data-exact': '3/8' }, html: '3/8 <span class="cl-decimal">= 0.375</span>' });
    assert.equal(parsed.length, 1);
    showSlot(cell, { attrs: { 'data-exact': '1/2' }, html: '1/2 <span class="cl-decimal">= 0.5</span>' });
    assert.equal(parsed.length, 2);
    assert.equal(cell.getAttribute('data-exact'), '1/2');
    showSlot(cell, { text: 'plain' });
    assert.equal(cell.textContent, 'plain');
    showSlot(cell, { html: '1/2 <span class="cl-decimal">= 0.5</span>' }); // text came between: written again
    assert.equal(parsed.length, 3);
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

describe('lookup', () => {
  const table = { 'a|1': { value: 'x' }, 'b|2': { value: 'y' } };
  test('joins the named fields by "|" in the given order', () => {
    assert.deepEqual(lookup(table, ['kind', 'n'], { n: '2', kind: 'b', other: 'z' }), { value: 'y' });
  });
  test('a point off the table, or no table, throws naming the key', () => {
    assert.throws(() => lookup(table, ['kind', 'n'], { kind: 'a', n: '2' }), /no certified values for a\|2/);
    assert.throws(() => lookup(null, ['kind'], { kind: 'a' }), /no certified values for a/);
    assert.throws(() => lookup(table, ['kind'], { kind: 'toString' }), /toString/);
  });
});
