/**
 * The group lab: its definition for the lab kit (kit/lab.mjs), over the engine (engine.mjs).
 * The server renders the lab whole with its default state (generator/lessons/postprocessing/
 * lab_page.py, templates group_lab.html and results.html); this module patches values and
 * attributes into the same elements:
 *
 * - every `[data-out]`: `delta-single`, `delta-required` (also data-alpha, α₁^g),
 *   `chain-sum`, `chain-textbook` (data-exact and the number markup), `eps-pure`
 *   (data-value, ln of (p/(1 − p))^g to 3 decimals), `max-event` (data-direction,
 *   data-outputs);
 * - the curve's table `[data-lab-rows="curve"]` (tr[data-point], 11 rows), its caption and
 *   the chart's caption, and the chart's data sets (kit/charts, spec "group", kind "group").
 *
 * Every sentence is the page's (data-text-*, lab_page.GROUP_TEXTS); `present` computes every
 * string of a state and may throw, `show` only assigns.
 *
 * @module postprocessing/group
 */

import { renderers, showEpsilon, showEvent, showValue } from './postprocessing.mjs';

export const SLOTS = Object.freeze({
  deltaSingle: '[data-out="delta-single"]',
  deltaRequired: '[data-out="delta-required"]',
  chainSum: '[data-out="chain-sum"]',
  chainTextbook: '[data-out="chain-textbook"]',
  epsPure: '[data-out="eps-pure"]',
  maxEvent: '[data-out="max-event"]',
  rows: '[data-lab-rows="curve"]',
  caption: '[data-lab-caption="group"]',
  curveCaption: '[data-lab-caption="curve"]',
  error: '[data-lab-error]',
  notice: '[data-lab-notice]',
  live: '[data-lab-live]',
});

const CURVE_KEYS = Object.freeze(['alpha1', 'single', 'alpha', 'exact', 'sum', 'textbook']);

/**
 * Every string of one group state (lab_page.group_view), computed before anything is
 * written (may throw).
 * @param {ReturnType<typeof renderers>} render @param {any} engine @param {any} record
 */
export function presentGroup(render, engine, record) {
  const { say, value, reading, cell } = render;
  return {
    result: record,
    deltaSingle: value(record.delta_single),
    deltaRequired: { ...value(record.delta_required), alpha: record.alpha },
    chainSum: value(record.chain_sum),
    chainTextbook: value(record.chain_textbook),
    epsPure: render.epsilon(record.pure),
    maxEvent: render.maxEvent(record.max_event),
    rows: record.curve.map((point) => CURVE_KEYS.map((key) => cell(point[key]))),
    caption: say('caption', { g: record.g, alpha1: record.alpha1 }),
    curveCaption: say('curve-caption', { ratio: record.ratio }),
    charts: {
      spec: 'group',
      data: { group: engine.groupRows(record, [say('series-exact'), say('series-sum'), say('series-textbook')]) },
    },
    announcement: say('announcement', {
      exact: reading(record.delta_required),
      sum: reading(record.chain_sum),
      textbook: reading(record.chain_textbook),
    }),
  };
}

/**
 * Writes a presented state: assignments only.
 * @param {any} view @param {Record<string, any>} slots
 */
export function show(view, slots) {
  showValue(slots.deltaSingle, view.deltaSingle);
  showValue(slots.deltaRequired, view.deltaRequired);
  slots.deltaRequired.setAttribute('data-alpha', view.deltaRequired.alpha);
  showValue(slots.chainSum, view.chainSum);
  showValue(slots.chainTextbook, view.chainTextbook);
  showEpsilon(slots.epsPure, view.epsPure);
  showEvent(slots.maxEvent, view.maxEvent);
  for (const row of slots.rows.querySelectorAll('tr[data-point]')) {
    const cells = row.querySelectorAll('td');
    view.rows[Number(row.getAttribute('data-point'))].forEach((cell, i) => showValue(cells[i], cell));
  }
  slots.caption.textContent = view.caption;
  slots.curveCaption.textContent = view.curveCaption;
}

/**
 * The group lab's definition for kit/lab.mjs, on its root, over one engine.
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function groupLab(root, engine) {
  const render = renderers(root, engine);
  return {
    label: 'group lab',
    numbers: engine,
    params: engine.GROUP_PARAMS,
    fields: engine.GROUP_PARAMS,
    checkState: (values) => engine.groupRefusals(values),
    slots: SLOTS,
    charts: ['group'],
    title: '#cl-group-title',
    evaluate: (values) => engine.groupRecord(values),
    present: (record) => presentGroup(render, engine, record),
    show,
  };
}
