/**
 * The events lab ("events of a finite channel"): its definition for the lab kit
 * (kit/lab.mjs), over the engine (engine.mjs).
 *
 * The server renders the whole lab with its default state (generator/lessons/events/
 * lab_page.py, templates events_lab.html and results.html); this module patches values
 * and attributes into the same elements, with the markup those templates write:
 *
 * - every `[data-out]`: the ticked event S (`event`, data-value), its masses, excesses and
 *   the δ it needs (`event-p`, `event-q`, `event-excess-01`, `event-excess-10`,
 *   `event-delta`, each with data-exact and the number markup of kit/markup) and its
 *   verdict (`event-claim`, data-value pass/fail); the claim's verdict (`claim`), δ*(α)
 *   (`delta-required`), the maximal event (`max-event`, data-direction and data-outputs),
 *   the pure ε (`eps-pure`, data-value) and the total variation (`tv`);
 * - the table of outputs `[data-lab-rows="outputs"]`: one row per possible output
 *   (tr[data-output=i]); rows of outputs the channel does not have are hidden and empty;
 * - the event's checkboxes (label[data-output=i]): an index beyond the channel's outputs is
 *   hidden and disabled unless it is ticked, so a learner can untick an index that no
 *   longer exists (that state is refused, "no-output", and shows the last valid one);
 * - the captions of the chart and of the table, and the chart's data sets (kit/charts,
 *   spec "tradeoff", kind "tradeoff").
 *
 * Every sentence is one of the page's (the root's data-text-*, lab_page.TEXTS, filled by
 * kit/text's labText); no Korean is typed here. `present` computes every string of a state
 * and may throw; `show` only assigns them.
 *
 * @module events/lab
 */

import { cellHtml, numberHtml, readingText } from '#lab/kit/markup.mjs';
import { escapeHtml, labText } from '#lab/kit/text.mjs';

/** Every element `show` writes, by name (kit/lab finds them once, at mount). */
export const SLOTS = Object.freeze({
  event: '[data-out="event"]',
  eventP: '[data-out="event-p"]',
  eventQ: '[data-out="event-q"]',
  eventExcess01: '[data-out="event-excess-01"]',
  eventExcess10: '[data-out="event-excess-10"]',
  eventDelta: '[data-out="event-delta"]',
  eventClaim: '[data-out="event-claim"]',
  claim: '[data-out="claim"]',
  deltaRequired: '[data-out="delta-required"]',
  maxEvent: '[data-out="max-event"]',
  epsPure: '[data-out="eps-pure"]',
  tv: '[data-out="tv"]',
  rows: '[data-lab-rows="outputs"]',
  outputs: '[data-field="event"]',
  caption: '[data-lab-caption="tradeoff"]',
  tableCaption: '[data-lab-caption="outputs"]',
  error: '[data-lab-error]',
  notice: '[data-lab-notice]',
  live: '[data-lab-live]',
});

/** The exact values of the event's list, by slot and record key. */
const EVENT_VALUES = Object.freeze([
  ['eventP', 'mass0'],
  ['eventQ', 'mass1'],
  ['eventExcess01', 'excess_01'],
  ['eventExcess10', 'excess_10'],
  ['eventDelta', 'required'],
]);
const ROW_KEYS = Object.freeze(['p', 'q', 'excess_01', 'excess_10']);
/** A table row of an output the channel does not have, as the server writes it. */
const EMPTY_ROW = Object.freeze({
  hidden: true,
  cells: Object.freeze(ROW_KEYS.map(() => Object.freeze({ exact: '', html: '' }))),
  inMax: 'false',
  inMaxText: '',
});

/**
 * The renderers of one lab: its sentences come from its root (data-text-*), its decimals
 * from the engine's readable (exact/readable.mjs).
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function renderers(root, engine) {
  const say = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ values) => labText(root, name, values);
  const number = (/** @type {string} */ exact) => numberHtml(exact, (value) => engine.readable(value));
  const reading = (/** @type {string} */ exact) => readingText(exact, (value) => engine.readable(value));
  const value = (/** @type {string} */ exact) => ({ exact, html: number(exact) });

  /** results.html's eps-pure: the sentence for 0 or ∞, else "ln(9) ≈ 2.197". */
  function epsilonHtml(pure) {
    if (pure.kind === 'infinite') return escapeHtml(say('eps-infinite'));
    if (pure.kind === 'zero') return escapeHtml(say('eps-zero'));
    return escapeHtml(pure.exact) + ' <span class="cl-decimal">≈ ' + escapeHtml(pure.decimal) + '</span>';
  }

  function maxEventText(maximal) {
    return maximal.outputs.length
      ? say('max-event', { event: maximal.text, direction: maximal.direction })
      : say('max-event-none');
  }

  function rowOf(output) {
    return {
      hidden: false,
      cells: ROW_KEYS.map((key) => ({ exact: output[key], html: cellHtml(output[key], (v) => engine.readable(v)) })),
      inMax: output.in_max_event ? 'true' : 'false',
      inMaxText: say(output.in_max_event ? 'in-max' : 'not-in-max'),
    };
  }

  /**
   * Every string of one state, computed before anything is written (may throw).
   * @param {any} record engine.stateRecord's
   */
  function present(record) {
    const claim = record.claim;
    const event = record.event;
    const verdict = say(claim.passes ? 'verdict-pass' : 'verdict-fail', {
      required: reading(claim.required),
      delta: reading(claim.delta),
    });
    const eventVerdict = say(event.passes ? 'event-pass' : 'event-fail', {
      delta: reading(claim.delta),
      required: reading(event.required),
    });
    const n = record.channel.labels.length;
    /** @type {boolean[]} */
    const ticked = [];
    for (const index of event.outputs) ticked[index] = true;
    return {
      result: record,
      event: { text: event.text, value: event.outputs.join(',') },
      values: EVENT_VALUES.map(([slot, key]) => ({ slot, ...value(event[key]) })),
      eventClaim: { value: event.passes ? 'pass' : 'fail', text: eventVerdict },
      claim: { value: claim.passes ? 'pass' : 'fail', text: verdict },
      deltaRequired: value(claim.required),
      maxEvent: {
        text: maxEventText(claim.event),
        direction: claim.event.direction,
        outputs: claim.event.outputs.join(' '),
      },
      epsPure: { html: epsilonHtml(record.pure_epsilon), value: record.pure_epsilon.decimal },
      tv: value(record.tv),
      outputs: n,
      ticked,
      rows: record.outputs.map(rowOf),
      caption: say('caption', { count: record.tradeoff.events.length, event: event.text }),
      tableCaption: say('outputs-caption', { alpha: claim.alpha }),
      charts: { spec: 'tradeoff', data: { tradeoff: engine.chartRows(record) } },
      announcement: say('announcement', { verdict, event: eventVerdict }),
    };
  }

  return { present, number };
}

/** @param {any} slot @param {{exact: string, html: string}} shown */
function showValue(slot, shown) {
  slot.setAttribute('data-exact', shown.exact);
  slot.innerHTML = shown.html;
}

/**
 * Writes a presented state: assignments of strings computed already, and nothing else.
 * @param {any} view @param {Record<string, any>} slots
 */
export function show(view, slots) {
  slots.event.setAttribute('data-value', view.event.value);
  slots.event.textContent = view.event.text;
  for (const shown of view.values) showValue(slots[shown.slot], shown);
  slots.eventClaim.setAttribute('data-value', view.eventClaim.value);
  slots.eventClaim.textContent = view.eventClaim.text;
  slots.claim.setAttribute('data-value', view.claim.value);
  slots.claim.textContent = view.claim.text;
  showValue(slots.deltaRequired, view.deltaRequired);
  slots.maxEvent.setAttribute('data-direction', view.maxEvent.direction);
  slots.maxEvent.setAttribute('data-outputs', view.maxEvent.outputs);
  slots.maxEvent.textContent = view.maxEvent.text;
  slots.epsPure.setAttribute('data-value', view.epsPure.value);
  slots.epsPure.innerHTML = view.epsPure.html;
  showValue(slots.tv, view.tv);
  for (const row of slots.rows.querySelectorAll('tr[data-output]')) {
    const shown = view.rows[Number(row.getAttribute('data-output'))] || EMPTY_ROW;
    row.hidden = shown.hidden;
    const cells = row.querySelectorAll('td');
    shown.cells.forEach((cell, i) => showValue(cells[i], cell));
    const last = cells[cells.length - 1];
    last.setAttribute('data-in-max', shown.inMax);
    last.textContent = shown.inMaxText;
  }
  for (const label of slots.outputs.querySelectorAll('label[data-output]')) {
    const index = Number(label.getAttribute('data-output'));
    const off = index >= view.outputs && !view.ticked[index];
    label.hidden = off;
    label.querySelector('input').disabled = off;
  }
  slots.caption.textContent = view.caption;
  if (view.tableCaption !== null) slots.tableCaption.textContent = view.tableCaption;
}

/**
 * The events lab's definition for kit/lab.mjs, on its root, over one engine.
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function eventsLab(root, engine) {
  const render = renderers(root, engine);
  return {
    label: 'events lab',
    numbers: engine,
    params: engine.PARAMS,
    fields: engine.PARAMS,
    checkState: (values) => engine.stateRefusals(values),
    slots: SLOTS,
    charts: ['tradeoff'],
    // The page writes {"tradeoff": spec}; the kit reads spec key -> kind -> spec.
    title: '#cl-events-title',
    evaluate: (values) => engine.evaluateState(values),
    present: render.present,
    show,
  };
}
