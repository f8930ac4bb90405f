/**
 * The noise mechanisms lab in the browser: the twin of generator/lessons/gaussian/ (lab.py's
 * state, view.py's slots and announcement).
 *
 * Every ε of this lab but the Laplace's pure one is irrational, so nothing here computes one:
 * the core certified every point of the lab's grid at build time, and the page carries that
 * table as data ([data-lab-table], read by the kit's `engineLab`). `evaluate` looks the chosen
 * point up by its key ("gaussian|sigma|sensitivity|k|delta" or "laplace|scale|sensitivity|delta",
 * each the choice's text), and `view` writes its strings into the slots with the page's
 * sentences (the root's data-text-*: no sentence is typed here). The golden vectors hold every
 * export to the Python (tests/js/engines.test.mjs).
 *
 * @module gaussian/lab
 */

import { lookup } from '#lab/kit/lookup.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';

/** @typedef {import('./types.mjs').StateRecord} StateRecord */
/** @typedef {import('./types.mjs').Ball} Ball */
/** @typedef {import('./types.mjs').Bound} Bound */

const KEYS = Object.freeze({
  gaussian: ['mechanism', 'sigma', 'sensitivity', 'k', 'delta'],
  laplace: ['mechanism', 'scale', 'sensitivity', 'delta'],
});

/**
 * The record of a point of the grid (lab.record): the table's entry for its key.
 * @param {Record<string, string>} values @param {Record<string, StateRecord> | null} table
 * @returns {StateRecord}
 */
export function evaluate(values, table) {
  return lookup(table, values.mechanism === 'gaussian' ? KEYS.gaussian : KEYS.laplace, values);
}

/** @param {Ball} found */
function ballAttrs(found) {
  return { 'data-value': found.value, 'data-lower': found.lower, 'data-upper': found.upper };
}

/** A value the setting does not have (view._absent). @param {string} sentence @param {Record<string, string>} [extra] */
function absent(sentence, extra = {}) {
  return { attrs: { 'data-value': '', 'data-lower': '', 'data-upper': '', ...extra }, text: sentence };
}

/** @param {StateRecord} record @param {Record<string, string>} texts */
function classicShown(record, texts) {
  const found = record.classic;
  if (record.classic_reason === 'covered') {
    return { attrs: ballAttrs(found), text: fillTemplate(texts['classic-value'], { value: found.value }) };
  }
  if (record.classic_reason === 'over-one') {
    return absent(fillTemplate(texts['classic-over-one'], { value: found.value }));
  }
  return absent(texts['gaussian-only']);
}

/** @param {Bound} found @param {Record<string, string>} texts */
function rdpShown(found, texts) {
  if (!found.value) return absent(texts['gaussian-only'], { 'data-order': '' });
  return {
    attrs: { ...ballAttrs(found), 'data-order': found.order },
    text: fillTemplate(texts['rdp-value'], { value: found.value, order: found.order }),
  };
}

/** @param {Bound} found @param {string} rho @param {Record<string, string>} texts */
function zcdpShown(found, rho, texts) {
  if (!found.value) return absent(texts['gaussian-only']);
  return { attrs: ballAttrs(found), text: fillTemplate(texts['zcdp-value'], { value: found.value, rho }) };
}

/** @param {StateRecord} record @param {Record<string, string>} texts */
function pureShown(record, texts) {
  if (!record.pure) return { attrs: { 'data-value': '', 'data-exact': '' }, text: texts['laplace-only'] };
  return {
    attrs: { 'data-value': record.pure_decimal, 'data-exact': record.pure },
    text: fillTemplate(texts['pure-value'], { value: record.pure_decimal, exact: record.pure }),
  };
}

/** A δ of the curve, or the sentence saying there is no such bound (view._curve_cell). @param {string} value @param {Record<string, string>} texts */
function curveCell(value, texts) {
  return { attrs: { 'data-value': value }, text: value || texts['curve-none'] };
}

/**
 * The curve's columns as rows again, one per ε (records.curve_rows).
 * @param {import('./types.mjs').Curve} curve @returns {Array<{ [K in keyof import('./types.mjs').Curve]: string }>}
 */
function rowsOf(curve) {
  return curve.epsilon.map((epsilon, i) => ({
    epsilon,
    exact: curve.exact[i],
    rdp: curve.rdp[i],
    zcdp: curve.zcdp[i],
    exact_point: curve.exact_point[i],
    rdp_point: curve.rdp_point[i],
    zcdp_point: curve.zcdp_point[i],
  }));
}

/** One row per ε of the curve (view.curve_shown). @param {StateRecord} record @param {Record<string, string>} texts */
function curveRows(record, texts) {
  return {
    items: rowsOf(record.curve).map((row) => ({
      attrs: { 'data-epsilon': row.epsilon },
      cells: [
        { text: row.epsilon },
        curveCell(row.exact, texts),
        curveCell(row.rdp, texts),
        curveCell(row.zcdp, texts),
      ],
    })),
  };
}

/** Every slot of the lab for one point (view.view). @param {StateRecord} record @param {Record<string, string>} texts */
export function view(record, texts) {
  return {
    'out:eps-exact': { attrs: ballAttrs(record.exact), text: fillTemplate(texts['exact-value'], record.exact) },
    'out:eps-classic': classicShown(record, texts),
    'out:eps-rdp': rdpShown(record.rdp, texts),
    'out:eps-zcdp': zcdpShown(record.zcdp, record.rho, texts),
    'out:eps-pure': pureShown(record, texts),
    'caption:delta-curve': { text: fillTemplate(texts['curve-caption'], { value: record.exact.value }) },
    'rows:delta-curve': curveRows(record, texts),
  };
}

/** What the live region says (view.announcement). @param {StateRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  return fillTemplate(texts.announcement, { exact: record.exact.value });
}

// ---------------------------------------------------------------------------------------
// The live chart (charts.chart_rows)

/**
 * The rows of the δ-curve chart (the spec names each line): one per line and row of the table whose δ is above 0 (a
 * decimal or E-notation string, read as the nearest double, as Python's float reads it).
 * @param {StateRecord} record
 */
export function charts(record) {
  const curve = rowsOf(record.curve).flatMap((row) =>
    [
      ['exact', row.exact, row.exact_point],
      ['rdp', row.rdp, row.rdp_point],
      ['zcdp', row.zcdp, row.zcdp_point],
    ].flatMap(([line, text, point]) =>
      point && Number(point) > 0
        ? [{ line, epsilon: Number(row.epsilon), delta: Number(point), epsilon_text: row.epsilon, delta_text: text }]
        : [],
    ),
  );
  return { spec: 'delta-curve', data: { 'delta-curve': { curve } } };
}
