/**
 * The group lab in the browser: the twin of generator/lessons/postprocessing/ (records.py's
 * `group_record`, view.py's `group_view`, lab.py's `group_rules`), over the generic exact
 * machinery:
 *
 *   exact/channels.mjs       one person's randomized response, and the group's g fresh
 *                            responses (the others' answers cancel);
 *   exact/group_privacy.mjs  the summed and the textbook chain bounds;
 *   exact/profile.mjs        δ*(α) with its maximal event, the pure ε records.
 *
 * The kit (kit/lab.mjs's `engineLab`) reads the fields, applies `rules`, and writes `view`'s
 * slots into the page; `evaluate` returns the record of records.group_record, `charts` the
 * live chart's rows, all held to the Python by the golden vectors (tests/js/engines.test.mjs).
 *
 * @module postprocessing/group
 */

import { freshCounts } from '#lab/exact/channels.mjs';
import { approximateChain, geometricChain } from '#lab/exact/group_privacy.mjs';
import { channelPureEpsilon, deltaStar, eventRecord, makeProfile, profilePoint, pureRecord } from '#lab/exact/profile.mjs';
import { add, compare, fraction, fractionStr, multiply, power, subtract, toNumber } from '#lab/exact/rational.mjs';
import { outputSetText } from '#lab/exact/readable.mjs';
import { exactOf, readingText } from '#lab/kit/markup.mjs';
import { exact, exactCell, pureEpsilon, text } from '#lab/kit/shown.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';
import { maxEvent } from './view.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('./types.mjs').GroupRecord} GroupRecord */
/** @typedef {import('./types.mjs').CurvePoint} CurvePoint */

const CURVE_STEPS = 10;
const ONE = fraction(1n);

/** p/(1 − p) @param {Fraction} p */
const ratioOf = (p) => fraction(p.num, p.den - p.num);

/**
 * α₁ may not exceed p/(1 − p) ("above-ratio", lab.py's `group_rules`).
 * @param {Record<string, any>} values @returns {Record<string, string>}
 */
export function rules(values) {
  const { p, alpha1 } = values;
  return p && alpha1 && compare(alpha1, ratioOf(p)) > 0 ? { alpha1: 'above-ratio' } : {};
}

/**
 * records._curve_point: one person's δ₁ at α₁, the group's δ* at α₁^g, both chain bounds.
 * @returns {CurvePoint}
 */
function curvePoint(single, group, alpha1, g) {
  const delta1 = deltaStar(single, alpha1);
  const alpha = power(alpha1, g);
  return {
    alpha1: fractionStr(alpha1),
    alpha: fractionStr(alpha),
    single: fractionStr(delta1),
    exact: fractionStr(deltaStar(group, alpha)),
    textbook: fractionStr(approximateChain(alpha1, delta1, g)),
    sum: fractionStr(geometricChain(alpha1, delta1, g)),
  };
}

/**
 * The record of one state (records.group_record).
 * @param {{p: Fraction, g: number, alpha1: Fraction}} values
 * @returns {GroupRecord}
 */
export function evaluate(values) {
  const { p, g, alpha1 } = values;
  const groupChannel = freshCounts(p, g);
  const single = makeProfile(freshCounts(p, 1));
  const group = makeProfile(groupChannel);
  const ratio = ratioOf(p);
  const own = channelPureEpsilon(groupChannel);
  if (compare(power(own.ratio, own.multiplier), power(ratio, g)) !== 0) throw new Error("the group's pure ε is not g·ln(p/(1 − p))");
  const chosen = curvePoint(single, group, alpha1, g);
  const step = subtract(ratio, ONE);
  const curve = Array.from({ length: CURVE_STEPS + 1 }, (_, i) =>
    curvePoint(single, group, add(ONE, multiply(step, fraction(BigInt(i), BigInt(CURVE_STEPS)))), g),
  );
  const found = eventRecord(groupChannel, profilePoint(group, power(alpha1, g)).event);
  return {
    p: fractionStr(p),
    g,
    ratio: fractionStr(ratio),
    alpha1: chosen.alpha1,
    alpha: chosen.alpha,
    delta_single: chosen.single,
    delta_required: chosen.exact,
    chain_textbook: chosen.textbook,
    chain_sum: chosen.sum,
    max_event: { ...found, text: outputSetText(found.outputs) },
    pure: pureRecord({ kind: 'finite', multiplier: g, ratio }),
    pure_single: pureRecord({ kind: 'finite', multiplier: 1, ratio }),
    curve,
  };
}

/** α₁, δ₁, α = α₁ᵍ, the group's δ*, the summed and the textbook chain. @param {CurvePoint} point @param {number} index */
function curveRow(point, index) {
  const values = [point.alpha1, point.single, point.alpha, point.exact, point.sum, point.textbook];
  return { attrs: { 'data-point': String(index) }, cells: values.map(exactCell) };
}

/**
 * Every slot of one state (view.group_view).
 * @param {GroupRecord} record evaluate's @param {Record<string, string>} texts the lab's sentences
 */
export function view(record, texts) {
  return {
    'out:delta-single': exact(record.delta_single),
    'out:delta-required': exact(record.delta_required, { 'data-alpha': record.alpha }),
    'out:chain-sum': exact(record.chain_sum),
    'out:chain-textbook': exact(record.chain_textbook),
    'out:eps-pure': pureEpsilon(record.pure, texts),
    'out:max-event': maxEvent(record.max_event, texts),
    'caption:group': text(fillTemplate(texts.caption, { g: record.g, alpha1: record.alpha1 })),
    'caption:curve': text(fillTemplate(texts['curve-caption'], { ratio: record.ratio })),
    'rows:curve': { items: record.curve.map(curveRow) },
  };
}

/** What the live region says after an update (view.group_announcement). @param {GroupRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  return fillTemplate(texts.announcement, {
    exact: readingText(record.delta_required),
    sum: readingText(record.chain_sum),
    textbook: readingText(record.chain_textbook),
  });
}

const coordinate = (/** @type {string} */ value) => toNumber(exactOf(value));

/** The rows of the group chart (charts.group_rows): each series over α₁, and the chosen α₁. @param {GroupRecord} record */
export function charts(record) {
  const series = (/** @type {'exact' | 'sum' | 'textbook'} */ key) =>
    record.curve.map((point) => ({ alpha1: coordinate(point.alpha1), delta: coordinate(point[key]), exact: point[key] }));
  const chosen = [{ alpha1: coordinate(record.alpha1), delta: coordinate(record.delta_required), exact: record.delta_required }];
  return { spec: 'group', data: { group: { exact: series('exact'), sum: series('sum'), textbook: series('textbook'), chosen } } };
}
