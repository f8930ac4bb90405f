/**
 * One lab on a page: its typed fields (numbers, lists, checkbox groups; kit/fields), an
 * optional choice (radio group), presets, the address, all-or-nothing updates and live
 * charts. What the lab computes and writes comes from its definition (for example
 * generator/lessons/composition/lab/composition.mjs); everything else is here.
 *
 * Rules:
 * - A field that does not parse gets its message (kit/fields) and the last valid result
 *   stays on screen (data-lab-stale="input", and the "bad-input" text is announced).
 * - A state whose fields parse one by one but break a rule across fields (the
 *   definition's `checkState`) fails the same way: each field the rule names shows that
 *   reason's message (from its own data-messages), unless it has a refusal of its own.
 * - An update is all or nothing (kit/update): the definition's `present` computes every
 *   string of the new state, and only then its `show` writes them.
 * - The address holds the state whenever every field parses (kit/url): an edit of a field
 *   (typing, a step button, an arrow key, a choice) adds an entry when something else changed
 *   the state last and replaces the entry while the same field keeps changing (`editEntry`);
 *   a preset or a link always adds one; in an LMS or a frame every change replaces. A bad or repeated parameter falls back to its
 *   default, and the notice `[data-lab-notice]` names it ("bad-url"); so does one that
 *   fails `checkState` (kit/url's readQuery says how). On a page with several labs the
 *   address holds the state of the lab its fragment names (#<root id>): each lab opens it
 *   only then, and writes its own id as the fragment; a lab whose state the address does
 *   not hold keeps its own on back and forward.
 * - Links to the lab on the page apply in place (kit/links); back and forward reopen the
 *   state of their entry.
 * - Every valid update numbers itself in data-lab-sequence and fires "cl:lab-updated"
 *   (detail: {sequence}); the charts follow (kit/charts; a lab without charts is marked
 *   data-lab-charted at once, as if drawn), and so do the summary bar of key
 *   results (kit/summary), the preset that holds the state shown (aria-pressed="true") and
 *   the link to the state (kit/share).
 *
 * The definition:
 *   label        the lab's name in console messages ("composition lab")
 *   numbers      the engine's number reader (kit/fields' Numbers; with `readList` for a
 *                lab with list fields)
 *   params       the URL parameters, in order; `fields` the typed ones among them (text
 *                inputs and checkbox groups) and `choice` the name of the radio group, if any
 *   readChoice   (text) -> {ok, value | reason} for the choice
 *   checkState   (values) -> {name: reason} for the rules across fields (optional): the
 *                values of the parameters that read (a refused one is absent); {} passes
 *   ignored      (texts) -> the fields this state ignores (disabled, never refused);
 *                `ignorable` the fields that may be
 *   onTexts      (root, texts) after reading the fields (optional)
 *   slots        name -> selector of every element `show` writes; must include
 *                error, notice and live
 *   charts       the chart kinds (`[data-lab-chart="<kind>"]`)
 *                (optional; by default the JSON is that already)
 *   title        the selector of the element that takes the focus on reveal
 *   evaluate     (values) -> result, may throw
 *   present      (result, memory) -> view {announcement, charts: ChartRows, ...}, may throw
 *   show         (view, slots, memory), only assignments
 *
 * @module kit/lab
 */

import { ChartQueue } from './charts.mjs';
import { canonicalText, fieldOf, fieldText, readText, setFieldText, showFieldError, steppedText } from './fields.mjs';
import { inPlaceQuery, reveal } from './links.mjs';
import { ShareLink } from './share.mjs';
import { findViewSlots, showSlot } from './shown.mjs';
import { readState } from './state.mjs';
import { showSummary } from './summary.mjs';
import { labText } from './text.mjs';
import { failedEvent, markCurrent, markFailed, presentThenShow, showFailure } from './update.mjs';
import { addressIsFor, historyEntry, queryString, readQuery, writeAddress } from './url.mjs';

/** Every element `show` writes, found once: a missing one stops the mount, not an update. */
export function findSlots(root, selectors) {
  /** @type {Record<string, Element>} */
  const slots = {};
  for (const name of Object.keys(selectors)) {
    const slot = root.querySelector(selectors[name]);
    if (!slot) throw new Error("the lab's markup has no " + selectors[name]);
    slots[name] = slot;
  }
  return slots;
}

export class Lab {
  /**
   * @param {HTMLElement} root the lab's element
   * @param {any} definition see the module's notes
   * @param {{win: Window, doc: Document, loadVega: () => Promise<Function>, replaceHistory: boolean}} env
   */
  constructor(root, definition, env) {
    this.root = root;
    this.definition = definition;
    this.env = env;
    this.label = definition.label;
    this.sequence = 0;
    this.failures = 0;
    /** @type {Record<string, any>} */
    this.values = {};
    this.result = null;
    /** The field (or choice group) whose edit wrote the current history entry; null after a preset, a link or Back. */
    this.lastEdit = null;
    /** What `present` and `show` keep between updates (for example, which tables are laid out). */
    this.memory = {};
    this.announceTimer = undefined;
    const specsElement = root.querySelector('[data-lab-specs]');
    this.specs = specsElement ? JSON.parse(specsElement.textContent || '{}') : {};
    // A lab that shares its page owns the address only when the fragment names it.
    const labs = env.doc.querySelectorAll ? Array.from(env.doc.querySelectorAll('[data-lab]')) : [];
    /** @type {string | null} */
    this.labId = labs.length > 1 && root.id ? root.id : null;
    this.slots = findSlots(root, definition.slots);
    this.replaceHistory = env.replaceHistory;
    /** @type {Record<string, any>} */
    this.fields = {};
    for (const name of definition.fields) {
      const wrapper = root.querySelector('[data-field="' + name + '"]');
      if (!wrapper) throw new Error("the lab's markup has no field " + name);
      this.fields[name] = fieldOf(wrapper, definition.numbers);
    }
    this.defaults = undefined;
    this.defaults = this.textsOfQuery(root.getAttribute('data-default')).texts;
    this.choices = definition.choice ? root.querySelectorAll('input[name="' + definition.choice + '"]') : [];
    this.charts = new ChartQueue({
      root,
      label: this.label,
      specs: this.specs,
      kinds: definition.charts,
      load: env.loadVega,
      failed: () => root.getAttribute('data-lab-stale') === 'error',
      notice: /** @type {any} */ (this.slots.error),
      failureText: this.text('charts-failed'),
      document: env.doc,
    });
    for (const name of definition.params) this.values[name] = this.read(name, this.defaults[name]).value;
    /** Each preset with the query of the state it opens, as the address would hold it. */
    this.presets = Array.from(root.querySelectorAll('[data-preset]'), (button) => ({
      button,
      query: this.queryOf(this.textsOfQuery(button.getAttribute('data-preset')).texts),
    }));
    this.share = new ShareLink(root, env, () => this.currentQuery(), this.labId);
    this.listen();
    this.open(this.addressQuery(), null);
    const staticNote = root.querySelector('[data-lab-static]');
    if (staticNote) /** @type {HTMLElement} */ (staticNote).hidden = true;
    root.setAttribute('data-lab-mounted', '');
  }

  /** The lab's sentence `name` (data-text-<name>), filled with `values`. */
  text(name, values) {
    return labText(this.root, name, values);
  }

  /** Reads a parameter's text: the choice by its reader, a field against its limit. */
  read(name, text) {
    const definition = this.definition;
    if (name === definition.choice) return definition.readChoice(text);
    return readText(definition.numbers, this.fields[name].limit, text);
  }

  /** The address's query if it holds this lab's state (kit/url's addressIsFor), else "". */
  addressQuery() {
    const location = this.env.win.location;
    return addressIsFor(location, this.labId) ? location.search : '';
  }

  /** The query of the state shown, as the address holds it. */
  currentQuery() {
    return queryString(this.definition.params, this.values, (name, value) => this.canonical(name, value));
  }

  /** The query of a state's texts (each read, as a preset's are), as the address would hold it. */
  queryOf(texts) {
    /** @type {Record<string, any>} */
    const values = {};
    for (const name of this.definition.params) values[name] = this.read(name, texts[name]).value;
    return queryString(this.definition.params, values, (name, value) => this.canonical(name, value));
  }

  /**
   * Marks the preset that holds the state shown (if one does) with aria-pressed="true"; with
   * `none`, no preset: the fields hold a state that is not shown (a bad value, a failure).
   */
  markPreset(none = false) {
    const shown = none ? null : this.currentQuery();
    for (const preset of this.presets) {
      const pressed = String(preset.query === shown);
      // Only a change is written: an attribute that styles match invalidates the buttons' style.
      if (preset.button.getAttribute('aria-pressed') !== pressed) preset.button.setAttribute('aria-pressed', pressed);
    }
  }

  /** The text the URL and the field keep for a valid value. */
  canonical(name, value) {
    if (name === this.definition.choice) return value;
    return canonicalText(this.definition.numbers, this.fields[name].limit, value);
  }

  /** @param {'push' | 'replace'} wanted */
  entry(wanted) {
    return historyEntry(wanted, this.replaceHistory);
  }

  /**
   * The history entry an edit of `name` writes: a new one when something else changed the
   * state last (another field, a preset, a link, Back), else the same one again, so that six
   * presses of + or a typed number leave one entry, and Back leaves the lab's last state of
   * the field before.
   * @param {string} name
   */
  editEntry(name) {
    const same = this.lastEdit === name;
    this.lastEdit = name;
    return same ? 'replace' : this.entry('push');
  }

  textsOfQuery(query) {
    return readQuery(
      query,
      this.definition.params,
      (name, text) => this.read(name, text),
      (name, value) => this.canonical(name, value),
      this.defaults,
      this.definition.checkState,
    );
  }

  /**
   * Shows the state of a query string (the address, a popped history entry, a link or a
   * preset): its texts in the fields, a notice for what could not be used, and the update.
   * `history` is how the address follows (null: it already holds this state).
   */
  open(query, history) {
    const fromQuery = this.textsOfQuery(query);
    this.setTexts(fromQuery.texts);
    this.showNotice(fromQuery.bad);
    this.update(history === null && fromQuery.present ? 'replace' : history);
  }

  showNotice(bad) {
    const notice = /** @type {HTMLElement} */ (this.slots.notice);
    if (!bad.length) {
      notice.hidden = true;
      notice.textContent = '';
      return;
    }
    notice.textContent = this.text('bad-url', { names: bad.join(', ') });
    notice.hidden = false;
  }

  setTexts(texts) {
    for (const name of this.definition.fields) setFieldText(this.fields[name], texts[name]);
    for (const radio of this.choices) radio.checked = radio.value === texts[this.definition.choice];
  }

  texts() {
    /** @type {Record<string, string>} */
    const texts = {};
    if (this.definition.choice) {
      texts[this.definition.choice] = '';
      for (const radio of this.choices) if (radio.checked) texts[this.definition.choice] = radio.value;
    }
    for (const name of this.definition.fields) texts[name] = fieldText(this.fields[name]);
    return texts;
  }

  listen() {
    const win = this.env.win;
    // The handlers below end in update(), which catches its own failures; anything else
    // that throws is a bug in this script: it is shown and logged, never swallowed.
    const guard = (/** @type {(this: Lab, event: any) => void} */ handler) => (/** @type {any} */ event) => {
      try {
        handler.call(this, event);
      } catch (error) {
        this.fail(error);
      }
    };
    for (const name of this.definition.fields) {
      const field = this.fields[name];
      if (field.group) {
        // A tick is a committed edit, like a choice.
        for (const box of field.inputs) {
          box.addEventListener(
            'change',
            guard(function () {
              this.update(this.editEntry(name));
            }),
          );
        }
        continue;
      }
      field.input.addEventListener(
        'input',
        guard(function () {
          this.update(this.editEntry(name));
        }),
      );
      field.input.addEventListener(
        'keydown',
        guard(function (event) {
          const steps = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[event.key];
          if (!steps || !field.steps) return;
          event.preventDefault();
          this.step(name, steps);
          this.update(this.editEntry(name));
        }),
      );
      for (const button of field.buttons) {
        button.addEventListener(
          'click',
          guard(function () {
            this.step(name, Number(button.getAttribute('data-step')));
            this.update(this.editEntry(name));
          }),
        );
      }
    }
    for (const radio of this.choices) {
      radio.addEventListener(
        'change',
        guard(function () {
          this.update(this.editEntry(this.definition.choice || 'choice'));
        }),
      );
    }
    const form = this.root.querySelector('[data-lab-form]');
    if (form) form.addEventListener('submit', (event) => event.preventDefault());
    for (const button of this.root.querySelectorAll('[data-preset]')) {
      button.addEventListener(
        'click',
        guard(function () {
          this.open(button.getAttribute('data-preset'), this.entry('push'));
          this.lastEdit = null;
        }),
      );
    }
    this.env.doc.addEventListener('click', guard(this.followLink));
    win.addEventListener(
      'popstate',
      guard(function () {
        // An entry that holds another lab's state leaves this one as it is.
        if (!addressIsFor(win.location, this.labId)) return;
        this.open(win.location.search, null);
        this.lastEdit = null;
      }),
    );
  }

  /** A click on a link to this lab on this page opens its state in place (kit/links). */
  followLink(event) {
    const query = inPlaceQuery(event, this.env.win.location, this.root.id);
    if (query === null) return;
    event.preventDefault();
    this.open(query, this.entry('push'));
    this.lastEdit = null;
    const title = this.root.querySelector(this.definition.title) || this.root;
    reveal(this.root, /** @type {HTMLElement} */ (title), this.env.win);
  }

  /**
   * Steps a field by `count` grid steps from its value, or from its last valid value while
   * the text does not parse, clamped to the field's range.
   */
  step(name, count) {
    const field = this.fields[name];
    if (!field.steps || field.input.disabled) return;
    const parsed = this.read(name, field.input.value);
    const value = parsed.ok ? parsed.value : this.values[name];
    field.input.value = steppedText(this.definition.numbers, field, value, count);
  }

  /** Disables the fields this state ignores (their text is kept, never refused). */
  setIgnored(ignored) {
    for (const name of this.definition.ignorable || []) {
      const field = this.fields[name];
      const off = ignored.indexOf(name) >= 0;
      for (const input of field.inputs) input.disabled = off;
      for (const button of field.buttons) button.disabled = off;
      field.wrapper.classList.toggle('cl-lab-field-disabled', off);
    }
  }

  /**
   * Parses every field, checks the state's rules across fields, and shows each failure
   * beside its field; evaluates a valid state, writes the address, and shows the state
   * whole, or, if anything fails, nothing of it.
   */
  update(history) {
    const definition = this.definition;
    const texts = this.texts();
    const { values: candidate, reasons, ignored } = readState(
      definition.params,
      {},
      texts,
      { rules: definition.checkState, ignored: definition.ignored },
      this.values,
      (name, text) => this.read(name, text),
    );
    for (const name of definition.fields) showFieldError(this.fields[name], reasons[name] || null);
    const failures = definition.params.filter((name) => name in reasons);
    this.setIgnored(ignored);
    if (definition.onTexts) definition.onTexts(this.root, texts);
    if (failures.length) {
      this.root.setAttribute('data-lab-stale', 'input');
      this.markPreset(true);
      this.announce(this.text('bad-input'));
      return;
    }
    // The address holds what the fields show, even when this state cannot be shown.
    if (history) {
      const query = queryString(definition.params, candidate, (name, value) => this.canonical(name, value));
      writeAddress(this.env.win, query, history, this.label, this.labId === null ? undefined : '#' + this.labId);
    }
    const view = presentThenShow(
      () => definition.present(definition.evaluate(candidate), this.memory),
      (shown) => {
        this.values = candidate;
        this.result = shown.result;
        definition.show(shown, this.slots, this.memory);
        showSummary(this.root);
        this.markPreset();
        this.share.follow();
        markCurrent(this.root);
        showFailure(/** @type {any} */ (this.slots.error), '');
      },
      (error) => this.fail(error),
    );
    if (!view) return;
    this.sequence += 1;
    this.root.setAttribute('data-lab-sequence', String(this.sequence));
    this.root.dispatchEvent(new CustomEvent('cl:lab-updated', { detail: { sequence: this.sequence } }));
    // The state a page opens with is on screen already; only changes are announced.
    if (this.root.hasAttribute('data-lab-mounted')) this.announce(view.announcement);
    if (view.charts) this.charts.queue(view.charts, this.sequence);
    // A lab without charts has drawn all it has once its state is shown.
    else if (!this.definition.charts || this.definition.charts.length === 0) {
      this.root.setAttribute('data-lab-charted', String(this.sequence));
      this.root.dispatchEvent(new CustomEvent('cl:lab-charted', { detail: { sequence: this.sequence } }));
    }
  }

  /**
   * A state that could not be computed or shown: the last one stays whole, every output
   * area is marked stale, the notice says so, and the error is logged.
   */
  fail(error) {
    console.error(this.label + ': the update failed; the last state stays on screen', error);
    this.failures += 1;
    markFailed(this.root, this.failures);
    this.markPreset(true);
    showFailure(/** @type {any} */ (this.slots.error), this.text('failed'));
    this.announce(this.text('failed'));
    this.root.dispatchEvent(failedEvent(error));
  }

  announce(text) {
    const live = this.slots.live;
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => {
      live.textContent = text;
    }, 400);
  }
}

/** Mounts a lab of `definition` on `root` (a registry entry, see kit/mount). */
export function mountLab(root, definition, env) {
  return new Lab(root, definition, env);
}

/**
 * A lab's definition from its module (a lesson's lab/<name>.mjs, the twin of its Python
 * declaration generator/course/lab.py's `Lab`), with everything else read from the page:
 * the fields are the `[data-field]` wrappers in page order (their limits, messages and
 * widgets are the markup's), the sentences the root's data-text-*, the charts the
 * `[data-lab-chart]` elements, and the view's slots are found by name (kit/shown).
 *
 * The module exports `evaluate(values, table)` (the record of a state, may throw; `table` is
 * the JSON of the lab's `[data-lab-table]`, answers the core computed at build time, or null),
 * `view(record, texts)` (every slot's state), and optionally `rules(values, limits)` (the refusals of the
 * rules across fields; `limits` are every field's data-limit and the root's
 * data-rule-limits, by name), `ignored(texts)` (the fields a state does not use),
 * `charts(record, texts)` (the live charts' rows), `announcement(record, texts)` (what the live
 * region says) and, with `ignored`, `IGNORABLE` (the fields a state may ignore, which the
 * kit disables while it does).
 * @param {HTMLElement} root @param {any} engine
 */
export function engineLab(root, engine) {
  /** @type {Record<string, string>} */
  const texts = {};
  for (const name of root.getAttributeNames()) {
    if (name.startsWith('data-text-')) texts[name.slice('data-text-'.length)] = root.getAttribute(name) || '';
  }
  const wrappers = Array.from(root.querySelectorAll('[data-field]'));
  const params = wrappers.map((wrapper) => wrapper.getAttribute('data-field') || '');
  /** @type {Record<string, any>} */
  const limits = JSON.parse(root.getAttribute('data-rule-limits') || '{}');
  wrappers.forEach((wrapper, i) => {
    limits[params[i]] = JSON.parse(wrapper.getAttribute('data-limit') || 'null');
  });
  /** @type {Record<string, Element>} */
  const found = {};
  const slotOf = (/** @type {string} */ name) => found[name] || (found[name] = findViewSlots(root, [name])[name]);
  // A lab whose answers the core computed at build time carries them as data: the engine
  // only looks them up (`evaluate(values, table)`).
  const tableElement = root.querySelector('[data-lab-table]');
  const table = tableElement ? JSON.parse(tableElement.textContent || 'null') : null;
  return {
    label: root.getAttribute('data-lab') + ' lab',
    params,
    fields: params,
    checkState: engine.rules && ((/** @type {Record<string, any>} */ values) => engine.rules(values, limits)),
    ignored: engine.ignored,
    ignorable: engine.IGNORABLE || [],
    slots: { error: '[data-lab-error]', notice: '[data-lab-notice]', live: '[data-lab-live]' },
    charts: Array.from(root.querySelectorAll('[data-lab-chart]'), (chart) => chart.getAttribute('data-lab-chart')),
    title: '[data-lab-title]',
    evaluate: (/** @type {any} */ values) => engine.evaluate(values, table),
    present: (/** @type {any} */ record) => {
      const view = engine.view(record, texts);
      for (const name of Object.keys(view)) slotOf(name);
      return {
        result: record,
        view,
        charts: engine.charts ? engine.charts(record, texts) : null,
        announcement: engine.announcement ? engine.announcement(record, texts) : '',
      };
    },
    show: (/** @type {any} */ shown) => {
      for (const name of Object.keys(shown.view)) showSlot(found[name], shown.view[name]);
    },
  };
}
