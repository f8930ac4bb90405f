/**
 * The events lab's exact engine: the lesson's Python (generator/lessons/events/lab_state.py,
 * records.py and charts.py) mirrored in BigInt, over the generic exact machinery:
 *
 *   exact/numbers.mjs   the fields read against their limits (numbers, and lists of counts);
 *   exact/profile.mjs   the channel of two rows, δ*(α) with its maximal event, the claim,
 *                       the pure ε of any finite channel, and their records;
 *   exact/events.mjs    one event's masses and excesses, every event, the trade-off chains.
 *
 * A state is two rows of weights (1 to 8 outputs), a claim (α, δ) and an event S (output
 * indices). `readState` reads the five texts as `read_state` does, `stateRecord` returns
 * the record of `records.state_record` (same keys, same strings), and `chartRows` the
 * named data sets of `charts.chart_rows`. The golden vectors of
 * generator/lessons/events/golden.py hold all three to the Python (tests/js/events_engine.test.mjs).
 *
 * Rules kept: no float decides anything; exact values leave as reduced fraction strings;
 * floats appear only as chart coordinates, each the nearest double to the exact string
 * beside it (`coordinate`, as Python's float(Fraction)).
 *
 * The module has no side effect; it runs in browsers and in node.
 *
 * @module events/engine
 */

import { allEvents, checkEvent, lowerBoundary, upperBoundary } from '#lab/exact/events.mjs';
import { parseField, readList } from '#lab/exact/numbers.mjs';
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

// What the kit's fields ask of `numbers` (kit/fields' Numbers), and the formatters.
export { canonicalNumber, listText, parseField, parseNumber, readList } from '#lab/exact/numbers.mjs';
export { decimalStr, fraction, fractionStr, toNumber } from '#lab/exact/rational.mjs';
export { readable } from '#lab/exact/readable.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('#lab/exact/profile.mjs').FiniteChannel} FiniteChannel */
/** @typedef {import('#lab/exact/events.mjs').EventCheck} EventCheck */

/** The lab's parameters, in the address's order; the first three are lists. */
export const PARAMS = Object.freeze(['weights0', 'weights1', 'alpha', 'delta', 'event']);
export const LISTS = Object.freeze(['weights0', 'weights1', 'event']);

/**
 * @typedef {{weights0: number[], weights1: number[], alpha: Fraction, delta: Fraction,
 *            event: number[]}} LabState
 */

// ---------------------------------------------------------------------------------------
// The state (lab_state.py)

/**
 * The rules across fields (read_state's last two), on the values that read (a refused
 * field is absent): weights1 must have as many outputs as weights0 ("mismatch"), and every
 * index of the event must be an output ("no-output").
 * @param {Partial<LabState>} values @returns {Record<string, string>}
 */
export function stateRefusals(values) {
  /** @type {Record<string, string>} */
  const refusals = {};
  const { weights0, weights1, event } = values;
  if (weights0 && weights1 && weights0.length !== weights1.length) refusals.weights1 = 'mismatch';
  if (weights0 && event && event.some((index) => index >= weights0.length)) refusals.event = 'no-output';
  return refusals;
}

/**
 * The state of the five texts, or each refused field's reason (read_state): every field
 * read on its own (the lists by readList, α and δ by parseField), then the rules across
 * fields.
 * @param {Record<string, string | undefined>} texts
 * @param {Record<string, any>} limits each field's limit, as the page (or the golden vectors) hand them over
 * @returns {{ok: true, value: LabState} | {ok: false, reasons: Record<string, string>}}
 */
export function readState(texts, limits) {
  /** @type {Record<string, string>} */
  const reasons = {};
  /** @type {Record<string, any>} */
  const values = {};
  for (const name of PARAMS) {
    const text = texts[name] === undefined ? '' : texts[name];
    const read = LISTS.indexOf(name) >= 0 ? readList(text, limits[name]) : parseField(text, limits[name]);
    if (read.ok) values[name] = read.value;
    else reasons[name] = read.reason;
  }
  Object.assign(reasons, stateRefusals(values));
  if (Object.keys(reasons).length) return { ok: false, reasons };
  return { ok: true, value: /** @type {LabState} */ (values) };
}

// ---------------------------------------------------------------------------------------
// The record (records.py)

/** @param {FiniteChannel} channel @param {EventCheck} check @param {Fraction} delta */
function eventCheckRecord(channel, check, delta) {
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

/** @param {{fpr: Fraction, tpr: Fraction}[]} points */
function points(points) {
  return points.map((point) => [fractionStr(point.fpr), fractionStr(point.tpr)]);
}

/**
 * Each event's test as (FPR, TPR) = (Q(S), P(S)), and the region's two boundaries.
 * @param {FiniteChannel} channel
 */
function tradeoffRecord(channel) {
  const one = fraction(1n);
  return {
    upper: points(upperBoundary(channel)),
    lower: points(lowerBoundary(channel)),
    events: allEvents(channel).map((event) => {
      const check = checkEvent(channel, event, one);
      return {
        text: outputSetText(check.outputs.map((i) => channel.labels[i])),
        fpr: fractionStr(check.mass1),
        tpr: fractionStr(check.mass0),
      };
    }),
  };
}

/**
 * Per output: P_z, Q_z, both excesses, and whether it is in the maximal event.
 * @param {FiniteChannel} channel @param {Fraction} alpha @param {readonly number[]} maximal
 */
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
 * What the lab shows of one state (records.state_record): the channel's laws, per output
 * the probabilities and excesses, the ticked event, the claim with its maximal event, the
 * pure ε, the total variation δ*(1) and the trade-off region. Throws for rows that are no
 * channel or an event that is not one of its events.
 * @param {readonly (number | bigint)[]} weights0 @param {readonly (number | bigint)[]} weights1
 * @param {Fraction} alpha @param {Fraction} delta @param {readonly number[]} event
 */
export function stateRecord(weights0, weights1, alpha, delta, event) {
  const labels = weights0.map((_, i) => String(i));
  const channel = channelOf(labels, weights0, weights1);
  const profile = makeProfile(channel);
  const result = checkClaim(profile, alpha, delta);
  const claim = claimRecord(channel, result);
  return {
    channel: lawRecord(channel),
    outputs: outputsRecord(channel, alpha, result.required.event.outputs),
    event: eventCheckRecord(channel, checkEvent(channel, event, alpha), delta),
    claim: { ...claim, event: { ...claim.event, text: outputSetText(claim.event.outputs) } },
    pure_epsilon: pureRecord(channelPureEpsilon(channel)),
    tv: fractionStr(deltaStar(profile, fraction(1n))),
    tradeoff: tradeoffRecord(channel),
  };
}

/** @param {LabState} state */
export function evaluateState(state) {
  return stateRecord(state.weights0, state.weights1, state.alpha, state.delta, state.event);
}

// ---------------------------------------------------------------------------------------
// The chart's data sets (charts.py)

/**
 * A chart coordinate from an exact fraction string ("3/8", "-1/2", "0"): the nearest
 * double, as generator/course/charts.py's `coordinate` (float(Fraction(exact))).
 * @param {string} exact
 */
export function coordinate(exact) {
  const parts = exact.split('/');
  return toNumber({ num: BigInt(parts[0]), den: BigInt(parts.length > 1 ? parts[1] : '1') });
}

/** @param {string} text @param {string} fpr @param {string} tpr */
function testRow(text, fpr, tpr) {
  return { text, fpr: coordinate(fpr), tpr: coordinate(tpr), fpr_exact: fpr, tpr_exact: tpr };
}

/** @param {string[][]} chainPoints */
function chainRows(chainPoints) {
  return chainPoints.map(([x, y], step) => ({ fpr: coordinate(x), tpr: coordinate(y), step }));
}

/**
 * The named data sets of the trade-off chart (charts.chart_rows), from a state's record:
 * events, upper, lower and chosen (the ticked event).
 * @param {ReturnType<typeof stateRecord>} record
 */
export function chartRows(record) {
  const tradeoff = record.tradeoff;
  const event = record.event;
  return {
    events: tradeoff.events.map((row) => testRow(row.text, row.fpr, row.tpr)),
    upper: chainRows(tradeoff.upper),
    lower: chainRows(tradeoff.lower),
    chosen: [testRow(event.text, event.mass1, event.mass0)],
  };
}
