// The post-processing lesson's two labs (lab/postprocessing.mjs, lab/group.mjs) mounted by the
// kit on the markup the Python renders (tests/js/fake_dom.mjs parses it): mounting rewrites
// the default state into the same markup; typed states show what the core computes; a map
// that reads x fails visibly and says where; bad input shows its Korean message beside its
// field and keeps the last state; the address holds a matrix readably ("1,0;0,1").

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import * as engine from '../../generator/lessons/postprocessing/lab/engine.mjs';
import { groupLab } from '../../generator/lessons/postprocessing/lab/group.mjs';
import { postprocessingLab } from '../../generator/lessons/postprocessing/lab/postprocessing.mjs';
import { mountLab } from '../../site_overrides/assets/javascripts/lab/kit/lab.mjs';
import { fakeDocumentOf, fakeWindow, FakeElement, normalHtml } from './fake_dom.mjs';
import { pythonOnce } from './python_render.mjs';

const PAGE = 'http://127.0.0.1/lessons/postprocessing.html';
const RENDER = `
import json
from generator.lessons.postprocessing.lab_page import group_lab_html, post_lab_html
print(json.dumps({"post": post_lab_html(), "group": group_lab_html()}, ensure_ascii=False))
`;
const rendered = pythonOnce(RENDER, null);

const noVega = { load: async () => async () => ({ finalize() {}, view: { data() {}, resize() { return this; }, runAsync: async () => {} } }) };

function mount(which, href = PAGE) {
  const doc = fakeDocumentOf(rendered()[which]);
  const win = fakeWindow(href);
  const name = which === 'post' ? 'postprocessing' : 'group';
  const root = doc.querySelector(`[data-lab="${name}"]`);
  const definition = which === 'post' ? postprocessingLab(root, engine) : groupLab(root, engine);
  mountLab(root, definition, { win, doc, loadVega: noVega.load, replaceHistory: false });
  return { doc, win, root };
}

function outs(container) {
  const found = {};
  for (const element of container.querySelectorAll('[data-out]')) found[element.getAttribute('data-out')] = normalHtml(element.outerHTML);
  return found;
}

function type(root, id, text) {
  const input = root.querySelector('#' + id);
  input.value = text;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new Event('change'));
}

const out = (root, name) => root.querySelector(`[data-out="${name}"]`);
const messages = (root, name) => JSON.parse(root.querySelector(`[data-field="${name}"]`).getAttribute('data-messages'));
const error = (root, name) => root.querySelector(`[data-error-for="${name}"]`);

describe('the post-processing lab', () => {
  before(() => rendered());

  test('mounting on the default markup rewrites it into the same markup', () => {
    const holder = new FakeElement('div');
    holder.innerHTML = rendered().post;
    const { root, win } = mount('post');
    assert.equal(root.hasAttribute('data-lab-mounted'), true);
    assert.deepEqual(outs(root), outs(holder));
    assert.deepEqual(win.history.calls, []);
    assert.equal(root.querySelector('#cl-post-weights0').disabled, true, 'the other source is off');
    assert.equal(root.querySelector('#cl-post-map1').disabled, true, 'F¹ is off while f does not read x');
  });

  test('f reading x fails visibly and says where; the address holds the matrices', () => {
    const { root, win } = mount('post', PAGE + '?source=rows&weights0=1,1&weights1=1,1&map=1,0;1,0&map1=0,1;0,1&alpha=2.0#postprocessing-lab');
    assert.equal(out(root, 'claim').getAttribute('data-value'), 'pass');
    const box = root.querySelector('input[name="reads"]');
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    assert.equal(out(root, 'claim').getAttribute('data-value'), 'fail');
    assert.equal(out(root, 'violation').getAttribute('data-value'), '1');
    assert.match(out(root, 'violation').textContent, /α = 1/);
    assert.equal(out(root, 'delta-required').getAttribute('data-exact'), '1');
    assert.equal(out(root, 'delta-channel').getAttribute('data-exact'), '0');
    const cells = root.querySelector('tr[data-alpha="1"]').querySelectorAll('td');
    assert.equal(cells[cells.length - 1].getAttribute('data-holds'), 'false');
    assert.match(win.location.search, /map=1,0;1,0&reads=1&map1=0,1;0,1&alpha=2.0$/);
  });

  test('bad matrices get their message beside the field and the last state stays', () => {
    const { root } = mount('post');
    const shown = outs(root);
    for (const [text, reason] of [
      ['1,0;0,1', 'rows'],
      ['1/2,1/3;1,0;0,1;0,1', 'row-sum'],
      ['1,0;0', 'shape'],
      ['0,0;1,0;0,1;0,1', 'zero-sum'],
      ['<script>', 'syntax'],
      ['', 'empty'],
    ]) {
      type(root, 'cl-post-map', text);
      assert.equal(error(root, 'map').textContent, messages(root, 'map')[reason], text);
      assert.equal(root.getAttribute('data-lab-stale'), 'input', text);
      assert.deepEqual(outs(root), shown, text);
    }
    type(root, 'cl-post-map', '1;1;1;1');
    assert.equal(error(root, 'map').hidden, true);
    assert.equal(out(root, 'delta-required').getAttribute('data-exact'), '0');
    type(root, 'cl-post-p', '0.7501');
    assert.equal(error(root, 'p').textContent, messages(root, 'p').step);
  });
});

describe('the group lab', () => {
  test('mounting keeps the default; typed states equal the engine; α₁ above the ratio is refused', () => {
    const holder = new FakeElement('div');
    holder.innerHTML = rendered().group;
    const { root, win } = mount('group');
    assert.deepEqual(outs(root), outs(holder));
    assert.equal(out(root, 'delta-required').getAttribute('data-exact'), '11/64');
    type(root, 'cl-group-g', '4');
    const record = engine.groupRecord({ p: engine.parseNumber('0.75'), g: 4, alpha1: engine.parseNumber('2.5') });
    assert.equal(out(root, 'delta-required').getAttribute('data-exact'), record.delta_required);
    assert.equal(out(root, 'chain-sum').getAttribute('data-exact'), record.chain_sum);
    assert.equal(out(root, 'eps-pure').getAttribute('data-value'), '4.394');
    assert.equal(win.location.search, '?p=0.750&g=4&alpha1=2.5');
    const shown = outs(root);
    type(root, 'cl-group-alpha1', '3.1');
    assert.equal(error(root, 'alpha1').textContent, messages(root, 'alpha1')['above-ratio']);
    assert.deepEqual(outs(root), shown);
    type(root, 'cl-group-g', '21');
    assert.equal(error(root, 'g').textContent, messages(root, 'g').range);
  });
});
