// Every lab, mounted by the kit on the markup the server renders for it (tests/js/fake_dom.mjs
// parses it), against the server's own rendering of other states, by one test body over all
// labs (generator/course/golden.py writes the pages). What a person sees is checked slot by
// slot: every view slot's markup, every field's text and tick, and the notices. A lesson adds
// a lab; this file does not change.
//
// - mounting on the default markup leaves every slot exactly as the server wrote it;
// - opening the address of a preset or a sampled state shows what the server renders for it,
//   and the address becomes that state's canonical query;
// - every text of every field that the core refuses, typed into that field in one mounted
//   lab, shows its message beside the field, marks the results stale, and changes no slot;
// - every state that breaks a rule across fields names the same fields with the same reasons;
// - a view that throws halfway leaves every slot as it was (all or nothing).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { engineLab, mountLab } from '../../site_overrides/assets/javascripts/lab/kit/lab.mjs';
import { slotSelector } from '../../site_overrides/assets/javascripts/lab/kit/shown.mjs';
import { fakeDocumentOf, fakeWindow, FakeElement, normalHtml } from './fake_dom.mjs';
import { labGoldens, ROOT } from './golden.mjs';

const goldens = labGoldens();
const modules = await Promise.all(goldens.map((golden) => import(pathToFileURL(join(ROOT, golden.module)).href)));

/** Charts never draw here: the kit's loader waits forever, so chart boxes stay as rendered. */
const noVega = () => new Promise(() => {});

/** The lab of `golden` mounted on the server's markup of `html`, at the address `search`. */
function mount(golden, engine, html, search = '') {
  const doc = fakeDocumentOf(html);
  const win = fakeWindow('http://127.0.0.1/lessons/page.html' + search);
  const root = doc.querySelector('[data-lab="' + golden.lab + '"]');
  const lab = mountLab(root, engineLab(root, engine), { win, doc, loadVega: noVega, replaceHistory: false });
  return { doc, win, root, lab };
}

const holder = (html) => {
  const element = new FakeElement('div');
  element.innerHTML = html;
  return element.querySelector('[data-lab]');
};

/**
 * A slot's markup in one normal form: attributes by name, no white space between tags, and
 * no `checked` attribute (a box's tick is its property, compared on its own).
 */
const normalSlot = (element) =>
  normalHtml(element.outerHTML)
    .replace(/>\s+</g, '><')
    .replace(/ checked=""/g, '');

/** What a person sees of a lab: every slot's markup, every field's text and tick, the notices. */
function seen(root, slots) {
  const shown = {};
  for (const name of slots) shown[name] = normalSlot(root.querySelector(slotSelector(name)));
  for (const input of root.querySelectorAll('input')) {
    const name = input.getAttribute('name');
    const type = input.getAttribute('type');
    if (type === 'checkbox' || type === 'radio') shown['input:' + name + '=' + input.getAttribute('value')] = input.checked;
    else if (name) shown['input:' + name] = input.value;
  }
  for (const notice of ['[data-lab-notice]', '[data-lab-error]']) shown[notice] = root.querySelector(notice).hidden;
  return shown;
}

/** Types `text` into a field as a person does (a text input: input, then change). */
function type(root, name, text) {
  const input = root.querySelector('[data-field="' + name + '"]').querySelector('input');
  input.value = text;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new Event('change'));
}

goldens.forEach((golden, index) => {
  const engine = modules[index];
  const slots = Object.keys(golden.samples[0].view);
  const [home, ...others] = golden.pages;
  describe(`${golden.lab} lab, mounted`, () => {
    test('mounting on the default markup leaves every slot as the server wrote it', () => {
      const { root, win } = mount(golden, engine, home.html);
      assert.equal(root.hasAttribute('data-lab-mounted'), true, 'mounted');
      assert.deepEqual(seen(root, slots), seen(holder(home.html), slots));
      assert.deepEqual(win.history.calls, [], 'an address without the lab’s state is left alone');
      // A lab without charts has drawn all it has once its state is shown (charts never draw here).
      const charted = root.querySelector('[data-lab-chart]') ? null : '1';
      assert.equal(root.getAttribute('data-lab-charted'), charted, 'charted');
    });

    test(`${others.length} addresses show what the server renders for them`, () => {
      const { root, lab, win } = mount(golden, engine, home.html);
      for (const page of others) {
        lab.open('?' + page.query, 'push');
        assert.equal(root.hasAttribute('data-lab-stale'), false, page.query);
        assert.deepEqual(seen(root, slots), seen(holder(page.html), slots), page.query);
        assert.equal(win.location.search, '?' + page.query, 'the address is canonical');
      }
    });

    test('every refused text of every typed field: its message beside it, the last state kept', () => {
      const { root } = mount(golden, engine, home.html);
      const before = seen(root, slots);
      let typed = 0;
      for (const [name, text, answer] of golden.parse_cases) {
        const wrapper = root.querySelector('[data-field="' + name + '"]');
        const messages = JSON.parse(wrapper.getAttribute('data-messages'));
        const input = wrapper.querySelector('input');
        if (!(answer in messages) || input.getAttribute('type') !== 'text' || input.disabled) continue;
        const good = input.value;
        type(root, name, text);
        typed += 1;
        const error = root.querySelector('[data-error-for="' + name + '"]');
        assert.equal(error.hidden, false, `${name} ${JSON.stringify(text.slice(0, 30))}: the message shows`);
        assert.equal(error.textContent, messages[answer], `${name} ${JSON.stringify(text.slice(0, 30))}`);
        assert.equal(input.getAttribute('aria-invalid'), 'true');
        assert.equal(root.getAttribute('data-lab-stale'), 'input');
        const now = seen(root, slots);
        for (const slot of slots) assert.equal(now[slot], before[slot], `${name}: ${slot} is kept`);
        type(root, name, good);
        assert.equal(error.hidden, true, `${name}: the message goes once the text reads`);
      }
      // A lab whose fields are all radio groups has no text to refuse (a bad address is the notice's).
      const textFields = golden.params.filter(
        (name) => root.querySelector('[data-field="' + name + '"]').querySelector('input').getAttribute('type') === 'text',
      );
      assert.ok(typed > 0 || textFields.length === 0, 'some refusals were typed');
      assert.deepEqual(seen(root, slots), before);
    });

    test('a state that breaks a rule across fields names each field with its reason', () => {
      const { root, lab } = mount(golden, engine, home.html);
      for (const { texts, refusals } of golden.state_cases) {
        lab.setTexts(texts);
        lab.update('replace');
        for (const name of golden.params) {
          const error = root.querySelector('[data-error-for="' + name + '"]');
          const messages = JSON.parse(root.querySelector('[data-field="' + name + '"]').getAttribute('data-messages'));
          assert.equal(error.textContent, name in refusals ? messages[refusals[name]] : '', `${JSON.stringify(texts)}: ${name}`);
        }
        assert.equal(root.getAttribute('data-lab-stale'), 'input');
      }
    });

    test('a view that throws leaves every slot as it was, marked stale', () => {
      let fail = false;
      const flaky = { ...engine, view: (record, texts) => (fail ? null.slot : engine.view(record, texts)) };
      const { root, lab } = mount(golden, flaky, home.html);
      const before = seen(root, slots);
      fail = true;
      const logged = console.error;
      console.error = () => {};
      try {
        lab.open('?' + (others[0] || home).query, 'push');
      } finally {
        console.error = logged;
      }
      assert.equal(root.getAttribute('data-lab-stale'), 'error');
      const now = seen(root, slots);
      for (const slot of slots) assert.equal(now[slot], before[slot], `${slot} is kept`);
    });
  });
});
