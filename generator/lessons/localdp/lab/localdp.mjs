/**
 * The central-and-local lab in the browser: the twin of generator/lessons/localdp/ (lab.py's
 * rules, records.py's state_record, view.py's slots and announcement, charts.py's lab_rows),
 * over the exact arithmetic of ./estimates.mjs and ./laws.mjs and the course's exact
 * machinery (#lab/exact/…).
 *
 * The kit (kit/lab.mjs's `engineLab`) reads the fields with the page's limits, applies
 * `rules` (with the limits of the rules across fields, the root's data-rule-limits: no limit
 * is typed here), and writes `view`'s slots with the page's sentences (the root's
 * data-text-*: no sentence is typed here). `evaluate` returns the record of
 * records.state_record, same keys, same strings; the golden vectors hold every export to the
 * Python (tests/js/engines.test.mjs). No float decides anything.
 *
 * @module localdp/lab
 */

import { lnDecimal } from '#lab/exact/logarithm.mjs';
import { add, fractionStr, parseFractionStr } from '#lab/exact/rational.mjs';
import { numberHtml, readingText } from '#lab/kit/markup.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';

import {
  centralAccuracy,
  centralPrivacyVariance,
  countWindow,
  localAccuracy,
  localDelta,
  localPrivacyVariance,
  reportRate,
  samplingVariance,
  shuffledDelta,
  truth,
} from './estimates.mjs';
import { lawRows } from './laws.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('./types.mjs').StateRecord} StateRecord */

const PLACES = 3; // decimals of ε₀ = ln α₀ (records.PLACES)

/**
 * The rules of the whole state (lab.rules), on the values that read: α₀ > 1, the others' ones
 * at most n − 1, and π's reduced denominator at most the high end of `limits.denominator`.
 * @param {Record<string, any>} values @param {Record<string, any>} limits @returns {Record<string, string>}
 */
export function rules(values, limits) {
  /** @type {Record<string, string>} */
  const found = {};
  const { alpha0, n, ones, rate } = values;
  if (alpha0 && typeof alpha0.num === 'bigint' && alpha0.num === alpha0.den) found.alpha0 = 'uninformative';
  if (typeof n === 'number' && typeof ones === 'number' && ones > n - 1) found.ones = 'others';
  if (rate && typeof rate.den === 'bigint' && rate.den > BigInt(limits.denominator.high)) found.rate = 'precision';
  return found;
}

/**
 * The record of one state (records.state_record).
 * @param {Record<string, any>} values the values of the fields, as kit/state reads them
 * @returns {StateRecord}
 */
export function evaluate(values) {
  const { alpha0, n, rate, tolerance, ones, alpha } = values;
  const setting = { n, rate, alpha0 };
  const sampling = samplingVariance(setting);
  const local = localPrivacyVariance(setting);
  const central = centralPrivacyVariance(setting);
  const [lo, hi] = countWindow(setting, tolerance);
  return {
    alpha0: fractionStr(alpha0),
    n,
    rate: fractionStr(rate),
    tolerance: fractionStr(tolerance),
    ones,
    alpha: fractionStr(alpha),
    truth: fractionStr(truth(setting)),
    report_rate: fractionStr(reportRate(setting)),
    sampling_variance: fractionStr(sampling),
    estimate_privacy: fractionStr(local),
    estimate_variance: fractionStr(add(sampling, local)),
    window_lo: lo,
    window_hi: hi,
    within: fractionStr(localAccuracy(setting, tolerance)),
    central_privacy: fractionStr(central),
    central_variance: fractionStr(add(sampling, central)),
    within_central: fractionStr(centralAccuracy(setting, tolerance)),
    shuffled_delta: fractionStr(shuffledDelta(n, ones, alpha0, alpha)),
    local_delta: fractionStr(localDelta(alpha0, alpha)),
    eps_local: lnDecimal(alpha0, PLACES),
  };
}

const exact = (/** @type {string} */ value) => ({ attrs: { 'data-exact': value }, html: numberHtml(value) });

/**
 * Every slot of the lab for one state (view.view).
 * @param {StateRecord} record @param {Record<string, string>} texts
 */
export function view(record, texts) {
  return {
    'out:estimate-variance': exact(record.estimate_variance),
    'out:within': exact(record.within),
    'out:central-variance': exact(record.central_variance),
    'out:within-central': exact(record.within_central),
    'out:shuffled-delta': exact(record.shuffled_delta),
    'out:local-delta': exact(record.local_delta),
    'out:eps-local': {
      attrs: { 'data-value': record.eps_local },
      text: fillTemplate(texts['eps-local'], { value: record.eps_local }),
    },
  };
}

/**
 * What the live region says (view.announcement).
 * @param {StateRecord} record @param {Record<string, string>} texts
 */
export function announcement(record, texts) {
  return fillTemplate(texts.announcement, {
    local: readingText(record.estimate_variance),
    central: readingText(record.central_variance),
    shuffled: readingText(record.shuffled_delta),
  });
}

/**
 * The live chart's one data set `laws` (charts.lab_rows): both estimates' laws, named by the
 * page's sentences.
 * @param {StateRecord} record @param {Record<string, string>} texts
 */
export function charts(record, texts) {
  const models = /** @type {[string, string]} */ ([texts['model-local'], texts['model-central']]);
  const laws = lawRows(record.n, parseFractionStr(record.rate), parseFractionStr(record.alpha0), models);
  return { spec: 'laws', data: { laws: { laws } } };
}
