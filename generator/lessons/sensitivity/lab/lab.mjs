/**
 * The noise-mechanism lab: its definition for the lab kit (kit/lab.mjs), over the engine
 * (engine.mjs).
 *
 * The server renders the whole lab with its default state (generator/lessons/sensitivity/
 * lab_page.py, templates sensitivity_lab.html and results.html); this module patches values
 * and attributes into the same elements:
 *
 * - `database` (data-value "D;D′"), `answers` (data-value "f(D),f(D′)"), `sensitivity`
 *   (data-value Δ, "inf" or empty), `eps-pure` and `eps-guarantee` (data-value, data-ratio),
 *   `delta-required` and `accuracy` (data-exact and the number markup of kit/markup),
 *   `max-event` (data-direction, data-outputs);
 * - the table of the two laws `[data-lab-rows="laws"]`, one row per output of the range,
 *   its caption, and the chart's data set (kit/charts, spec "sensitivity", kind "laws").
 *
 * The mechanism (radio group `mechanism`) decides which fields count (engine.ignored): kit/lab
 * disables the others and keeps their text. Every sentence is one of the page's (the root's
 * data-text-*, lab_page.TEXTS); no Korean is typed here. `present` computes every string of a
 * state and may throw; `show` only assigns.
 *
 * @module sensitivity/lab
 */

import { cellHtml, numberHtml, readingText } from '#lab/kit/markup.mjs';
import { escapeHtml, labText } from '#lab/kit/text.mjs';

/** Every element `show` writes, by name (kit/lab finds them once, at mount). */
export const SLOTS = Object.freeze({
  database: '[data-out="database"]',
  answers: '[data-out="answers"]',
  sensitivity: '[data-out="sensitivity"]',
  epsPure: '[data-out="eps-pure"]',
  guarantee: '[data-out="eps-guarantee"]',
  deltaRequired: '[data-out="delta-required"]',
  maxEvent: '[data-out="max-event"]',
  accuracy: '[data-out="accuracy"]',
  rows: '[data-lab-rows="laws"]',
  tableCaption: '[data-lab-caption="laws"]',
  error: '[data-lab-error]',
  notice: '[data-lab-notice]',
  live: '[data-lab-live]',
});

const ANSWERS = Object.freeze({ 'k-ary': 'answers-k-ary', exponential: 'answers-exponential' });

/** "3, −1, 7" as the page writes a database. @param {number[]} values */
const numbers = (values) => values.map((v) => String(v).replace('-', '−')).join(', ');

/**
 * The renderers of one lab: its sentences come from its root (data-text-*), its decimals
 * from the engine's readable (exact/readable.mjs).
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function renderers(root, engine) {
  const say = (name, values) => labText(root, name, values);
  const number = (exact) => numberHtml(exact, (value) => engine.readable(value));
  const cell = (exact) => cellHtml(exact, (value) => engine.readable(value));
  const reading = (exact) => readingText(exact, (value) => engine.readable(value));

  /** lab_page._epsilon: data-value, data-ratio and the sentence. */
  function epsilon(pure, pair) {
    let text;
    if (pair && pure.kind === 'infinite' && pair.kind !== 'infinite') text = say('eps-uncalibrated', { pair: epsilon(pair).text });
    else if (pure.kind === 'finite') text = say('eps-value', { exact: pure.exact, decimal: pure.decimal });
    else text = say('eps-' + pure.kind);
    return { value: pure.decimal, ratio: pure.max_ratio || '', text };
  }

  function sensitivityText(record) {
    if (record.sensitivity === null) return say('sensitivity-none');
    if (record.sensitivity === 'inf') return say('sensitivity-infinite');
    if (record.mechanism === 'exponential') return say('sensitivity-score', { value: record.sensitivity });
    return say('sensitivity', { value: record.sensitivity, distance: record.distance });
  }

  /**
   * Every string of one state, computed before anything is written (may throw).
   * @param {any} record engine.evaluateState's
   */
  function present(record) {
    const event = record.event;
    const channel = record.channel;
    const inMax = new Set(event.outputs);
    const rows = channel.labels
      .map((label, i) => {
        const p = channel.distribution0[i];
        const q = channel.distribution1[i];
        const max = inMax.has(label);
        return (
          `<tr data-output="${escapeHtml(label)}"><th scope="row">${escapeHtml(label)}</th>` +
          `<td data-exact="${escapeHtml(p)}">${cell(p)}</td><td data-exact="${escapeHtml(q)}">${cell(q)}</td>` +
          `<td data-in-max="${max}">${escapeHtml(say(max ? 'in-max' : 'not-in-max'))}</td></tr>`
        );
      })
      .join('');
    const pure = epsilon(record.pure_epsilon, record.pair_epsilon);
    const sensitivity = sensitivityText(record);
    return {
      result: record,
      database: {
        value: record.database0.join(',') + ';' + record.database1.join(','),
        text: say('database', { d0: numbers(record.database0), d1: numbers(record.database1) }),
      },
      answers: {
        value: record.answer0 + ',' + record.answer1,
        text: say(ANSWERS[record.mechanism] || 'answers', { a0: record.answer0, a1: record.answer1 }),
      },
      sensitivity: { value: record.sensitivity === null ? '' : record.sensitivity, text: sensitivity },
      epsPure: pure,
      guarantee: epsilon(record.guarantee),
      deltaRequired: { exact: record.delta, html: number(record.delta) },
      accuracy: { exact: record.accuracy, html: number(record.accuracy) },
      maxEvent: {
        direction: event.direction,
        outputs: event.outputs.join(' '),
        text: event.outputs.length ? say('max-event', { event: event.text, direction: event.direction }) : say('max-event-none'),
      },
      rows,
      tableCaption: say('laws-caption', { lo: record.lo, hi: record.hi }),
      charts: { spec: 'sensitivity', data: engine.chartRows(record) },
      announcement: say('announcement', {
        sensitivity: record.sensitivity === null ? '—' : record.sensitivity === 'inf' ? '∞' : record.sensitivity,
        epsilon: record.pure_epsilon.decimal === 'inf' ? '∞' : record.pure_epsilon.decimal,
        delta: reading(record.delta),
        accuracy: reading(record.accuracy),
      }),
    };
  }

  return { present, number };
}

/** @param {any} slot @param {{value: string, text: string}} shown */
function showText(slot, shown) {
  slot.setAttribute('data-value', shown.value);
  slot.textContent = shown.text;
}

/** @param {any} slot @param {{exact: string, html: string}} shown */
function showExact(slot, shown) {
  slot.setAttribute('data-exact', shown.exact);
  slot.innerHTML = shown.html;
}

/** @param {any} slot @param {{value: string, ratio: string, text: string}} shown */
function showEpsilon(slot, shown) {
  slot.setAttribute('data-ratio', shown.ratio);
  showText(slot, shown);
}

/**
 * Writes a presented state: assignments of strings computed already, and nothing else.
 * @param {any} view @param {Record<string, any>} slots
 */
export function show(view, slots) {
  showText(slots.database, view.database);
  showText(slots.answers, view.answers);
  showText(slots.sensitivity, view.sensitivity);
  showEpsilon(slots.epsPure, view.epsPure);
  showEpsilon(slots.guarantee, view.guarantee);
  showExact(slots.deltaRequired, view.deltaRequired);
  showExact(slots.accuracy, view.accuracy);
  slots.maxEvent.setAttribute('data-direction', view.maxEvent.direction);
  slots.maxEvent.setAttribute('data-outputs', view.maxEvent.outputs);
  slots.maxEvent.textContent = view.maxEvent.text;
  slots.rows.innerHTML = view.rows;
  slots.tableCaption.textContent = view.tableCaption;
}

/**
 * The noise-mechanism lab's definition for kit/lab.mjs, on its root, over one engine.
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function sensitivityLab(root, engine) {
  const render = renderers(root, engine);
  return {
    label: 'sensitivity lab',
    numbers: engine,
    params: engine.PARAMS,
    fields: engine.PARAMS,
    checkState: (values) => engine.checkState(values),
    ignored: (texts) => engine.ignored(texts.mechanism, texts.query),
    ignorable: engine.IGNORABLE,
    slots: SLOTS,
    charts: ['laws'],
    title: '#cl-sensitivity-title',
    evaluate: (values) => engine.evaluateState(values),
    present: render.present,
    show,
  };
}
