/**
 * One event of a finite channel checked against the DP inequality, and the trade-off
 * region of its tests: generator/core/events.py mirrored in BigInt.
 *
 * For α = n/d and an event S (a set of outputs) with P(S) = A/D and Q(S) = B/D, the two
 * excesses P(S) − α·Q(S) and Q(S) − α·P(S) are (d·A − n·B)/(d·D) and (d·B − n·A)/(d·D),
 * and the least δ this one event allows is max(0, both). Each event is also the test
 * "say x = 0 when the output is in S", the point (FPR, TPR) = (Q(S), P(S)); the upper
 * boundary of all of them joins the prefixes of the ratio order (Neyman–Pearson), the
 * lower one the prefixes of the reversed order.
 *
 * Rules kept: exact fractions, reduced (exact/rational.mjs); an event's outputs are sorted
 * indices, each an output of the channel and listed once; every event of a channel of at
 * most 8 outputs is listed by size, then in index order (itertools.combinations).
 *
 * The module has no side effect; it runs in browsers and in node.
 *
 * @module exact/events
 */

import { checkAlpha } from './profile.mjs';
import { compare, fraction } from './rational.mjs';

/** @typedef {import('./rational.mjs').Fraction} Fraction */
/** @typedef {import('./profile.mjs').FiniteChannel} FiniteChannel */

/** 2^8 = 256 events: the region is drawn point by point. */
export const MAX_OUTPUTS_FOR_ALL_EVENTS = 8;

/**
 * @typedef {object} EventCheck
 * @property {number[]} outputs  sorted output indices
 * @property {Fraction} alpha
 * @property {Fraction} mass0  P(S)
 * @property {Fraction} mass1  Q(S)
 * @property {Fraction} excess01  P(S) − α·Q(S)
 * @property {Fraction} excess10  Q(S) − α·P(S)
 * @property {Fraction} required  max(0, both excesses)
 */

/**
 * The event as sorted output indices (check_outputs); throws for an index that is no
 * output of the channel, and for a repeat.
 * @param {FiniteChannel} channel @param {Iterable<number>} outputs @returns {number[]}
 */
export function checkOutputs(channel, outputs) {
  const chosen = Array.from(outputs);
  const n = channel.labels.length;
  if (chosen.some((i) => !Number.isInteger(i) || i < 0 || i >= n)) {
    throw new RangeError(`an event lists output indices 0 to ${n - 1}, got ${JSON.stringify(chosen)}`);
  }
  if (new Set(chosen).size !== chosen.length) {
    throw new RangeError(`an event lists each output once, got ${JSON.stringify(chosen)}`);
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * P(S), Q(S) and both excesses of the event S at α, exactly (check_event).
 * @param {FiniteChannel} channel @param {Iterable<number>} outputs @param {Fraction} alpha
 * @returns {EventCheck}
 */
export function checkEvent(channel, outputs, alpha) {
  checkAlpha(alpha);
  const chosen = checkOutputs(channel, outputs);
  let a = 0n;
  let b = 0n;
  for (const i of chosen) {
    a += channel.weights0[i];
    b += channel.weights1[i];
  }
  const d = alpha.den;
  const n = alpha.num;
  const scale = d * channel.denominator;
  const excess01 = fraction(d * a - n * b, scale);
  const excess10 = fraction(d * b - n * a, scale);
  let required = fraction(0n);
  if (compare(excess01, required) > 0) required = excess01;
  if (compare(excess10, required) > 0) required = excess10;
  return {
    outputs: chosen,
    alpha,
    mass0: fraction(a, channel.denominator),
    mass1: fraction(b, channel.denominator),
    excess01,
    excess10,
    required,
  };
}

/**
 * Every event of a channel with at most 8 outputs, by size, then in index order.
 * @param {FiniteChannel} channel @returns {number[][]}
 */
export function allEvents(channel) {
  const n = channel.labels.length;
  if (n > MAX_OUTPUTS_FOR_ALL_EVENTS) throw new RangeError(`a channel of ${n} outputs has too many events to list`);
  /** @type {number[][]} */
  const events = [];
  /** @param {number} size @param {number} from @param {number[]} prefix */
  const extend = (size, from, prefix) => {
    if (prefix.length === size) {
      events.push(prefix.slice());
      return;
    }
    for (let i = from; i <= n - (size - prefix.length); i++) {
      prefix.push(i);
      extend(size, i + 1, prefix);
      prefix.pop();
    }
  };
  for (let size = 0; size <= n; size++) extend(size, 0, []);
  return events;
}

/**
 * @typedef {{fpr: Fraction, tpr: Fraction}} TradeoffPoint  a test's (Q(S), P(S))
 */

/** @param {FiniteChannel} channel @param {readonly number[]} order @returns {TradeoffPoint[]} */
function chain(channel, order) {
  const d = channel.denominator;
  let a = 0n;
  let b = 0n;
  const points = [{ fpr: fraction(0n), tpr: fraction(0n) }];
  for (const i of order) {
    a += channel.weights0[i];
    b += channel.weights1[i];
    points.push({ fpr: fraction(b, d), tpr: fraction(a, d) });
  }
  return points;
}

/** The best tests: prefixes of the ratio order, from (0, 0) to (1, 1). @param {FiniteChannel} channel */
export function upperBoundary(channel) {
  return chain(channel, channel.ratioOrder);
}

/** The worst tests: prefixes of the reversed ratio order. @param {FiniteChannel} channel */
export function lowerBoundary(channel) {
  return chain(channel, channel.ratioOrder.slice().reverse());
}
