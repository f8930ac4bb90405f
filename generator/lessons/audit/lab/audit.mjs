/**
 * The auditing lab in the browser: the twin of generator/lessons/audit/ (lab.py's rules and
 * keys, records.py's audit_record, view.py's slots and announcement).
 *
 * The counts' part of a record (the Clopper–Pearson bounds and the audit's ε) is computed
 * here for any n, tp and fp, proven by the kernel (exact/audit.mjs) and written as the Python
 * writes it. The mechanism's rates and curve and the least number of trials are costly, so the
 * core computed every point of their grids at build time, and the page carries their merged
 * table as data ([data-lab-table], read by the kit's `engineLab`): `evaluate` looks each of
 * those parts up by its own key ("rates|alpha0|k|threshold|delta",
 * "plan|alpha0|k|threshold|delta|confidence|target", each the choice's text). `view` writes
 * the strings into the slots with the page's sentences (the root's data-text-*: no sentence is
 * typed here). The golden vectors hold every export to the Python (tests/js/engines.test.mjs).
 *
 * @module audit/lab
 */

import { audit } from '#lab/exact/audit.mjs';
import { lnDirected } from '#lab/exact/logarithm.mjs';
import { parseNumber } from '#lab/exact/numbers.mjs';
import { ceilDecimal, floorDecimal, toNumber } from '#lab/exact/rational.mjs';
import { exactOf } from '#lab/kit/markup.mjs';
import { exact, text } from '#lab/kit/shown.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';

/** @typedef {import('./types.mjs').StateRecord} StateRecord */
/** @typedef {import('./types.mjs').Bound} Bound */

const KEYS = Object.freeze({
  rates: ['alpha0', 'k', 'threshold', 'delta'],
  plan: ['alpha0', 'k', 'threshold', 'delta', 'confidence', 'target'],
});
const PLACES = 3; // records.PLACES: ε_audit shown
const RATE_PLACES = 4; // records.RATE_PLACES: a bound shown
const BOUND_PLACES = 10; // records.BOUND_PLACES: data-lower and data-upper

/**
 * The rules across fields (lab.py's `rules`), on the values that read: the threshold at most
 * k + 1 ("no-test"), each count at most the trials ("over-trials").
 * @param {Record<string, any>} values @returns {Record<string, string>}
 */
export function rules(values) {
  /** @type {Record<string, string>} */
  const refusals = {};
  const { k, threshold, trials } = values;
  if (typeof k === 'string' && typeof threshold === 'string' && Number(threshold) > Number(k) + 1) {
    refusals.threshold = 'no-test';
  }
  for (const name of ['tp', 'fp']) {
    const count = values[name];
    if (typeof trials === 'number' && typeof count === 'number' && count > trials) {
      refusals[name] = 'over-trials';
    }
  }
  return refusals;
}

/**
 * One part's entry of the table.
 * @param {'rates' | 'plan'} part @param {Record<string, any>} values @param {Record<string, any> | null} table
 */
function entry(part, values, table) {
  const key = [part, ...KEYS[part].map((name) => values[name])].join('|');
  if (!table || !Object.prototype.hasOwnProperty.call(table, key)) {
    throw new Error('the lab has no computed values for ' + key);
  }
  return table[key];
}

/** A choice's text as its exact value. @param {string} text */
function exactChoice(text) {
  const found = parseNumber(text);
  if (!found) throw new Error('not an exact number: ' + text);
  return found;
}

/**
 * The counts' part (records.audit_record): both bounds on their safe side and as their cells
 * rounded outward, and ε_audit from ln of its α enclosure's ends ("" when nothing is certified).
 * @param {Record<string, any>} values @returns {import('./types.mjs').AuditPart}
 */
export function auditPart(values) {
  const confidence = exactChoice(values.confidence);
  const level = { num: confidence.den - confidence.num, den: confidence.den };
  const found = audit(values.trials, values.tp, values.fp, exactChoice(values.delta), level);
  const { tprLow, fprHigh, alpha } = found;
  return {
    tpr_lower: {
      value: floorDecimal(tprLow.lower, RATE_PLACES),
      lower: floorDecimal(tprLow.lower, BOUND_PLACES),
      upper: ceilDecimal(tprLow.upper, BOUND_PLACES),
    },
    fpr_upper: {
      value: ceilDecimal(fprHigh.upper, RATE_PLACES),
      lower: floorDecimal(fprHigh.lower, BOUND_PLACES),
      upper: ceilDecimal(fprHigh.upper, BOUND_PLACES),
    },
    epsilon: alpha
      ? {
          value: floorDecimal(lnDirected(alpha.lower, PLACES, false), PLACES),
          lower: floorDecimal(lnDirected(alpha.lower, BOUND_PLACES, false), BOUND_PLACES),
          upper: ceilDecimal(lnDirected(alpha.upper, BOUND_PLACES, true), BOUND_PLACES),
        }
      : { value: '', lower: '', upper: '' },
  };
}

/**
 * The record of a state (lab.record): the counts' part computed, the others by their keys.
 * @param {Record<string, any>} values @param {Record<string, any> | null} table
 * @returns {StateRecord}
 */
export function evaluate(values, table) {
  return { rates: entry('rates', values, table), audit: auditPart(values), plan: entry('plan', values, table) };
}

/** view._bound_shown @param {Bound} found @param {string} template */
function boundShown(found, template) {
  return text(fillTemplate(template, found), { 'data-value': found.value, 'data-lower': found.lower, 'data-upper': found.upper });
}

/** view.epsilon_shown @param {Bound} found @param {Record<string, string>} texts */
function epsilonShown(found, texts) {
  if (!found.value) return text(texts['eps-none'], { 'data-value': '', 'data-lower': '', 'data-upper': '' });
  return boundShown(found, texts['eps-value']);
}

/** view.trials_shown @param {StateRecord} record @param {Record<string, string>} texts */
function trialsShown(record, texts) {
  const plan = record.plan;
  if (plan.trials) {
    return text(fillTemplate(texts['trials-value'], { value: plan.trials }), { 'data-value': plan.trials, 'data-reason': '' });
  }
  const reason = plan.reason === 'inside' ? 'trials-inside' : 'trials-limit';
  return text(texts[reason], { 'data-value': '', 'data-reason': plan.reason });
}

/** Every slot of the lab for one point (view.view). @param {StateRecord} record @param {Record<string, string>} texts */
export function view(record, texts) {
  const { rates, audit } = record;
  return {
    'out:fpr': exact(rates.fpr),
    'out:tpr': exact(rates.tpr),
    'out:advantage': exact(rates.advantage),
    'out:advantage-bound': exact(rates.advantage_bound),
    'out:yeom-bound': exact(rates.yeom_bound),
    'out:tpr-lower': boundShown(audit.tpr_lower, texts['tpr-lower-value']),
    'out:fpr-upper': boundShown(audit.fpr_upper, texts['fpr-upper-value']),
    'out:eps-audit': epsilonShown(audit.epsilon, texts),
    'out:trials-needed': trialsShown(record, texts),
    'caption:tradeoff': text(fillTemplate(texts['chart-caption'], { alpha: rates.alpha, fpr: rates.fpr, tpr: rates.tpr })),
  };
}

/** What the live region says (view.announcement). @param {StateRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  const epsilon = record.audit.epsilon.value || texts['announcement-none'];
  return fillTemplate(texts.announcement, { advantage: record.rates.advantage, epsilon });
}

// ---------------------------------------------------------------------------------------
// The live chart (charts.chart_rows)

const coordinate = (/** @type {string} */ value) => toNumber(exactOf(value));

const chain = (/** @type {string[][]} */ list) => list.map(([x, y], step) => ({ fpr: coordinate(x), tpr: coordinate(y), step }));

/**
 * The rows of the trade-off chart: the curve, the region's edges, the test and the audit's box
 * (a box edge is a decimal string, read as the nearest double, as Python's float does).
 * @param {StateRecord} record
 */
export function charts(record) {
  const { rates, audit } = record;
  return {
    spec: 'tradeoff',
    data: {
      tradeoff: {
        curve: chain(rates.curve),
        region: chain(rates.region),
        region_lower: chain(rates.region_lower),
        test: [{ fpr: coordinate(rates.fpr), tpr: coordinate(rates.tpr), fpr_exact: rates.fpr, tpr_exact: rates.tpr }],
        box: [{ x: 0, x2: Number(audit.fpr_upper.upper), y: Number(audit.tpr_lower.lower), y2: 1 }],
      },
    },
  };
}
