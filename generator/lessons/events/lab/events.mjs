/**
 * The events lab in the browser: the twin of generator/lessons/events/ (records.py, view.py
 * and lab.py's rules), over the generic exact machinery:
 *
 *   exact/profile.mjs   the channel of two rows, δ*(α) with its maximal event, the claim,
 *                       the pure ε of any finite channel, and their records;
 *   exact/events.mjs    one event's masses and excesses, every event, the trade-off chains.
 *
 * The kit (kit/lab.mjs's `engineLab`) reads the fields, applies `rules`, and writes `view`'s
 * slots into the page; `evaluate` returns the record of records.state_record (same keys,
 * same strings), `charts` the live chart's rows. The golden vectors of the lab hold every
 * export to the Python (tests/js/engines.test.mjs). No float decides anything; floats are
 * chart coordinates only, each the nearest double to the exact value beside it.
 *
 * @module events/lab
 */

import { allEvents, checkEvent, lowerBoundary, upperBoundary } from '#lab/exact/events.mjs';
import {
  channelOf,
  channelPureEpsilon,
  checkClaim,
  claimRecord,
  deltaStar,
  lawRecord,
  makeProfile,
  pureRecord,
} from '#lab/exact/profile.mjs';
import { compare, decimalStr, fraction, fractionStr, subtract, toNumber } from '#lab/exact/rational.mjs';
import { outputSetText } from '#lab/exact/readable.mjs';
import { cellHtml, exactOf, numberHtml, readingText } from '#lab/kit/markup.mjs';
import { pureEpsilon } from '#lab/kit/shown.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('./types.mjs').StateRecord} StateRecord */

const MAX_OUTPUTS = 8;

/**
 * The rules across fields (lab.py's `rules`), on the values that read: weights1 as long as
 * weights0 ("mismatch"), every index of the event an output ("no-output").
 * @param {Record<string, any>} values @returns {Record<string, string>}
 */
export function rules(values) {
  /** @type {Record<string, string>} */
  const refusals = {};
  const { weights0, weights1, event } = values;
  if (weights0 && weights1 && weights0.length !== weights1.length) refusals.weights1 = 'mismatch';
  if (weights0 && event && event.some((/** @type {number} */ index) => index >= weights0.length)) refusals.event = 'no-output';
  return refusals;
}

/** records.event_record */
function eventRecord(channel, check, delta) {
  const labels = check.outputs.map((i) => channel.labels[i]);
  return {
    outputs: check.outputs.slice(),
    labels,
    text: outputSetText(labels),
    mass0: fractionStr(check.mass0),
    mass1: fractionStr(check.mass1),
    excess_01: fractionStr(check.excess01),
    excess_10: fractionStr(check.excess10),
    required: fractionStr(check.required),
    required_decimal: decimalStr(check.required),
    advantage: fractionStr(subtract(check.mass0, check.mass1)),
    passes: compare(delta, check.required) >= 0,
  };
}

/** @param {{fpr: Fraction, tpr: Fraction}[]} chain @returns {[string, string][]} */
const points = (chain) => chain.map((point) => [fractionStr(point.fpr), fractionStr(point.tpr)]);

/** records.tradeoff_record */
function tradeoffRecord(channel) {
  const one = fraction(1n);
  return {
    upper: points(upperBoundary(channel)),
    lower: points(lowerBoundary(channel)),
    events: allEvents(channel).map((event) => {
      const check = checkEvent(channel, event, one);
      return { text: outputSetText(check.outputs.map((i) => channel.labels[i])), fpr: fractionStr(check.mass1), tpr: fractionStr(check.mass0) };
    }),
  };
}

/** records.outputs_record */
function outputsRecord(channel, alpha, maximal) {
  return channel.labels.map((label, index) => {
    const single = checkEvent(channel, [index], alpha);
    return {
      label,
      p: fractionStr(single.mass0),
      q: fractionStr(single.mass1),
      excess_01: fractionStr(single.excess01),
      excess_10: fractionStr(single.excess10),
      in_max_event: maximal.indexOf(index) >= 0,
    };
  });
}

/**
 * The record of one state (records.state_record). Throws for rows that are no channel.
 * @param {{weights0: number[], weights1: number[], alpha: Fraction, delta: Fraction, event: number[]}} values
 * @returns {StateRecord}
 */
export function evaluate(values) {
  const channel = channelOf(values.weights0.map((_, i) => String(i)), values.weights0, values.weights1);
  const profile = makeProfile(channel);
  const result = checkClaim(profile, values.alpha, values.delta);
  const claim = claimRecord(channel, result);
  return {
    channel: lawRecord(channel),
    outputs: outputsRecord(channel, values.alpha, result.required.event.outputs),
    event: eventRecord(channel, checkEvent(channel, values.event, values.alpha), values.delta),
    claim: { ...claim, event: { ...claim.event, text: outputSetText(claim.event.outputs) } },
    pure_epsilon: pureRecord(channelPureEpsilon(channel)),
    tv: fractionStr(deltaStar(profile, fraction(1n))),
    tradeoff: tradeoffRecord(channel),
  };
}

// ---------------------------------------------------------------------------------------
// The view (view.py)

const exact = (/** @type {string} */ value) => ({ attrs: { 'data-exact': value }, html: numberHtml(value) });
const exactCell = (/** @type {string} */ value) => ({ attrs: { 'data-exact': value }, html: cellHtml(value) });
const verdict = (/** @type {boolean} */ passes, /** @type {string} */ text) => ({ attrs: { 'data-value': passes ? 'pass' : 'fail' }, text });

function row(index, output, texts) {
  const member = output.in_max_event;
  return {
    attrs: { 'data-output': String(index) },
    cells: [
      { text: String(index) },
      exactCell(output.p),
      exactCell(output.q),
      exactCell(output.excess_01),
      exactCell(output.excess_10),
      { attrs: { 'data-in-max': member ? 'true' : 'false' }, text: texts[member ? 'in-max' : 'not-in-max'] },
    ],
  };
}

/** The event's checkboxes: an index beyond the outputs is hidden and disabled unless ticked. */
function options(record) {
  const outputs = record.channel.labels.length;
  const items = [];
  for (let index = 0; index < MAX_OUTPUTS; index++) {
    const off = index >= outputs && record.event.outputs.indexOf(index) < 0;
    items.push({ attrs: { 'data-output': String(index) }, hidden: off, disabled: off });
  }
  return { items };
}

/**
 * Every slot of one state (view.view).
 * @param {StateRecord} record evaluate's @param {Record<string, string>} texts the lab's sentences
 */
export function view(record, texts) {
  const { claim, event } = record;
  const maximal = claim.event;
  const say = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ values) => fillTemplate(texts[name], values);
  return {
    'out:event': { attrs: { 'data-value': event.outputs.join(',') }, text: event.text },
    'out:event-claim': verdict(event.passes, say(event.passes ? 'event-pass' : 'event-fail', { required: readingText(event.required) })),
    'out:claim': verdict(
      claim.passes,
      say(claim.passes ? 'verdict-pass' : 'verdict-fail', { required: readingText(claim.required), delta: readingText(claim.delta) }),
    ),
    'out:event-p': exact(event.mass0),
    'out:event-q': exact(event.mass1),
    'out:event-excess-01': exact(event.excess_01),
    'out:event-excess-10': exact(event.excess_10),
    'out:event-delta': exact(event.required),
    'out:delta-required': exact(claim.required),
    'out:max-event': {
      attrs: { 'data-direction': maximal.direction, 'data-outputs': maximal.outputs.join(' ') },
      text: maximal.outputs.length ? say('max-event', { event: maximal.text, direction: maximal.direction }) : texts['max-event-none'],
    },
    'out:eps-pure': pureEpsilon(record.pure_epsilon, texts),
    'out:tv': exact(record.tv),
    'caption:tradeoff': { text: say('caption', { count: record.tradeoff.events.length, event: event.text }) },
    'caption:outputs': { text: say('outputs-caption', { alpha: claim.alpha }) },
    'rows:outputs': { items: record.outputs.map((output, i) => row(i, output, texts)) },
    'field:event': options(record),
  };
}

/** What the live region says after an update (view.announcement). @param {StateRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  const shown = view(record, texts);
  return fillTemplate(texts.announcement, { verdict: shown['out:claim'].text, event: shown['out:event-claim'].text });
}

// ---------------------------------------------------------------------------------------
// The live chart (charts.chart_rows)

const coordinate = (/** @type {string} */ value) => toNumber(exactOf(value));

function testRow(text, fpr, tpr) {
  return { text, fpr: coordinate(fpr), tpr: coordinate(tpr), fpr_exact: fpr, tpr_exact: tpr };
}

const chain = (/** @type {string[][]} */ list) => list.map(([x, y], step) => ({ fpr: coordinate(x), tpr: coordinate(y), step }));

/** The rows of the trade-off chart: every event, both boundaries and the chosen event. @param {StateRecord} record */
export function charts(record) {
  const { tradeoff, event } = record;
  return {
    spec: 'tradeoff',
    data: {
      tradeoff: {
        events: tradeoff.events.map((test) => testRow(test.text, test.fpr, test.tpr)),
        upper: chain(tradeoff.upper),
        lower: chain(tradeoff.lower),
        chosen: [testRow(event.text, event.mass1, event.mass0)],
      },
    },
  };
}
