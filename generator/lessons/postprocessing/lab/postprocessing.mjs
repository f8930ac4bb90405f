/**
 * The post-processing lab: its definition for the lab kit (kit/lab.mjs), over the engine
 * (engine.mjs). The server renders the lab whole with its default state
 * (generator/lessons/postprocessing/lab_page.py, templates post_lab.html and results.html);
 * this module patches values and attributes into the same elements:
 *
 * - every `[data-out]`: `claim` and `violation` (data-value pass/fail, and the first α where
 *   the image needs more δ or ""), `delta-required` and `delta-channel` (data-exact, the
 *   number markup of kit/markup), `max-event` (data-direction, data-outputs), `eps-pure` and
 *   `eps-pure-channel` (data-value), `invertible` (data-value yes/no);
 * - the grid's table `[data-lab-rows="grid"]`: one row per α = 1..20 (tr[data-alpha]); rows
 *   beyond the state's grid are hidden and empty;
 * - the captions, and the chart's data set (kit/charts, spec "profiles", kind "profiles").
 *
 * The channel's source is the radio group `source`; the fields of the other source, and F¹
 * while f does not read x, are ignored (disabled, their text kept, never refused). Every
 * sentence is the page's (data-text-*, lab_page.POST_TEXTS); `present` computes every
 * string of a state and may throw, `show` only assigns.
 *
 * @module postprocessing/lab
 */

import { cellHtml, numberHtml, readingText } from '#lab/kit/markup.mjs';
import { escapeHtml, labText } from '#lab/kit/text.mjs';

export const SLOTS = Object.freeze({
  claim: '[data-out="claim"]',
  violation: '[data-out="violation"]',
  deltaRequired: '[data-out="delta-required"]',
  deltaChannel: '[data-out="delta-channel"]',
  maxEvent: '[data-out="max-event"]',
  epsPure: '[data-out="eps-pure"]',
  epsPureChannel: '[data-out="eps-pure-channel"]',
  invertible: '[data-out="invertible"]',
  rows: '[data-lab-rows="grid"]',
  caption: '[data-lab-caption="profiles"]',
  gridCaption: '[data-lab-caption="grid"]',
  error: '[data-lab-error]',
  notice: '[data-lab-notice]',
  live: '[data-lab-live]',
});

const ROW_KEYS = Object.freeze(['channel', 'image', 'difference']);
const EMPTY_ROW = Object.freeze({
  hidden: true,
  cells: Object.freeze(ROW_KEYS.map(() => Object.freeze({ exact: '', html: '' }))),
  holds: 'false',
  holdsText: '',
});

/**
 * The shared renderers of this lesson's labs: sentences from the root (data-text-*), numbers
 * by the engine's readable.
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function renderers(root, engine) {
  const say = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ values) => labText(root, name, values);
  const readable = (value) => engine.readable(value);
  const value = (/** @type {string} */ exact) => ({ exact, html: numberHtml(exact, readable) });
  const reading = (/** @type {string} */ exact) => readingText(exact, readable);
  const cell = (/** @type {string} */ exact) => ({ exact, html: cellHtml(exact, readable) });

  /** results.html's eps: the sentence for 0 or ∞, else "ln(3) ≈ 1.099". */
  function epsilon(pure) {
    const html =
      pure.kind === 'infinite'
        ? escapeHtml(say('eps-infinite'))
        : pure.kind === 'zero'
          ? escapeHtml(say('eps-zero'))
          : escapeHtml(pure.exact) + ' <span class="cl-decimal">≈ ' + escapeHtml(pure.decimal) + '</span>';
    return { html, value: pure.decimal };
  }

  function maxEvent(event) {
    return {
      text: event.outputs.length ? say('max-event', { event: event.text, direction: event.direction }) : say('max-event-none'),
      direction: event.direction,
      outputs: event.outputs.join(' '),
    };
  }

  return { say, value, reading, cell, epsilon, maxEvent };
}

/**
 * Every string of one post-processing state (lab_page.post_view), computed before anything
 * is written (may throw).
 * @param {ReturnType<typeof renderers>} render @param {any} engine @param {any} record
 */
export function presentPost(render, engine, record) {
  const { say, value, reading, cell } = render;
  const verdict = say(record.passes ? 'verdict-pass' : 'verdict-fail', {
    alpha: record.alpha,
    image: reading(record.delta_image),
    channel: reading(record.delta_channel),
  });
  const found = record.violation;
  const violation = found
    ? say('violation', {
        alpha: found.alpha,
        event: found.event.text,
        direction: found.event.direction,
        image: reading(found.image),
        channel: reading(found.channel),
      })
    : say('violation-none');
  const end = record.grid.length;
  return {
    result: record,
    claim: { value: record.passes ? 'pass' : 'fail', text: verdict },
    violation: { value: found ? found.alpha : '', text: violation },
    deltaRequired: value(record.delta_image),
    deltaChannel: value(record.delta_channel),
    maxEvent: render.maxEvent(record.max_event),
    epsPure: render.epsilon(record.pure_image),
    epsPureChannel: render.epsilon(record.pure_channel),
    invertible: { value: record.invertible ? 'yes' : 'no', text: say(record.invertible ? 'invertible-yes' : 'invertible-no') },
    rows: record.grid.map((row) => ({
      hidden: false,
      cells: ROW_KEYS.map((key) => cell(row[key])),
      holds: row.holds ? 'true' : 'false',
      holdsText: say(row.holds ? 'holds' : 'breaks'),
    })),
    caption: say('caption', { verdict }),
    gridCaption: say('grid-caption', { end }),
    charts: {
      spec: 'profiles',
      data: { profiles: engine.postRows(record, [say('series-channel'), say('series-image')]) },
    },
    announcement: say('announcement', { verdict, violation }),
  };
}

/** @param {any} slot @param {{exact: string, html: string}} shown */
export function showValue(slot, shown) {
  slot.setAttribute('data-exact', shown.exact);
  slot.innerHTML = shown.html;
}

/** @param {any} slot @param {{value: string, text: string}} shown */
export function showVerdict(slot, shown) {
  slot.setAttribute('data-value', shown.value);
  slot.textContent = shown.text;
}

/** @param {any} slot @param {{text: string, direction: string, outputs: string}} shown */
export function showEvent(slot, shown) {
  slot.setAttribute('data-direction', shown.direction);
  slot.setAttribute('data-outputs', shown.outputs);
  slot.textContent = shown.text;
}

/** @param {any} slot @param {{html: string, value: string}} shown */
export function showEpsilon(slot, shown) {
  slot.setAttribute('data-value', shown.value);
  slot.innerHTML = shown.html;
}

/**
 * Writes a presented state: assignments only.
 * @param {any} view @param {Record<string, any>} slots
 */
export function show(view, slots) {
  showVerdict(slots.claim, view.claim);
  showVerdict(slots.violation, view.violation);
  showValue(slots.deltaRequired, view.deltaRequired);
  showValue(slots.deltaChannel, view.deltaChannel);
  showEvent(slots.maxEvent, view.maxEvent);
  showEpsilon(slots.epsPure, view.epsPure);
  showEpsilon(slots.epsPureChannel, view.epsPureChannel);
  showVerdict(slots.invertible, view.invertible);
  for (const row of slots.rows.querySelectorAll('tr[data-alpha]')) {
    const shown = view.rows[Number(row.getAttribute('data-alpha')) - 1] || EMPTY_ROW;
    row.hidden = shown.hidden;
    const cells = row.querySelectorAll('td');
    shown.cells.forEach((cell, i) => showValue(cells[i], cell));
    const last = cells[cells.length - 1];
    last.setAttribute('data-holds', shown.holds);
    last.textContent = shown.holdsText;
  }
  slots.caption.textContent = view.caption;
  slots.gridCaption.textContent = view.gridCaption;
}

/** The fields a state ignores: the other source's, and F¹ while f does not read x. */
export function ignoredFields(texts) {
  const ignored = texts.source === 'rows' ? ['p', 'k'] : ['weights0', 'weights1'];
  if (texts.reads !== '1') ignored.push('map1');
  return ignored;
}

/**
 * The post-processing lab's definition for kit/lab.mjs, on its root, over one engine.
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function postprocessingLab(root, engine) {
  const render = renderers(root, engine);
  return {
    label: 'post-processing lab',
    numbers: engine,
    params: engine.POST_PARAMS,
    fields: engine.POST_FIELDS,
    choice: 'source',
    readChoice: (text) => engine.parseSource(text),
    checkState: (values) => engine.postRefusals(values),
    ignorable: ['p', 'k', 'weights0', 'weights1', 'map1'],
    ignored: ignoredFields,
    slots: SLOTS,
    charts: ['profiles'],
    title: '#cl-post-title',
    evaluate: (values) => engine.postRecord(values),
    present: (record) => presentPost(render, engine, record),
    show,
  };
}
