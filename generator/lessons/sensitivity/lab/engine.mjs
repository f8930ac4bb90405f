/**
 * The noise-mechanism lab's exact engine: generator/lessons/sensitivity/lab_state.py (over
 * the catalogue's worst neighbour, generator/core/sensitivity.py and discrete_noise.py)
 * mirrored in BigInt. `readState` reads the eleven texts as `read_state` does,
 * `evaluateState` returns the record of `state_record` (same keys, same strings), and the
 * golden vectors of generator/lessons/sensitivity/golden.py hold both to the Python
 * (tests/js/sensitivity_engine.test.mjs).
 *
 * The laws, all with integer weights (discrete_noise.py derives them):
 * - geometric with ratio 1/α₀, α₀ = n/d, folded onto [lo, hi], m = hi − lo: the weight of y
 *   is (n − d)·n^(m−|y−t|)·d^|y−t| inside and n^(m−|y−t|+1)·d^|y−t| at an end (all 1 when
 *   α₀ = 1, and 1 for a range of one output);
 * - k-ary randomized response: n for the true category, d for each other;
 * - exponential with score u (the count of each category): n^(u−u_min)·d^(u_max−u).
 * Each pair of rows is normalised by exact/profile's channelOf, as the core's from_rows.
 *
 * No float decides anything; floats appear only as chart coordinates, each the nearest
 * double to an exact value. The module has no side effect.
 *
 * @module sensitivity/engine
 */

import { parseField, readList } from '#lab/exact/numbers.mjs';
import { channelOf, channelPureEpsilon, lawRecord, makeProfile, profilePoint, pureRecord } from '#lab/exact/profile.mjs';
import { compare, fraction, fractionStr, power, toNumber } from '#lab/exact/rational.mjs';
import { outputSetText } from '#lab/exact/readable.mjs';

export { canonicalNumber, parseField, parseNumber, readList } from '#lab/exact/numbers.mjs';
export { fraction, fractionStr, toNumber } from '#lab/exact/rational.mjs';
export { readable } from '#lab/exact/readable.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */

/** The lab's parameters, in the address's order (lab_state.PARAMS). */
export const PARAMS = Object.freeze(['values', 'query', 'bound', 'neighbour', 'mechanism', 'alpha0', 'k', 'lo', 'hi', 'alpha', 'tolerance']);
/** The radio groups among them; the others are text fields. */
export const CHOICES = Object.freeze(['query', 'neighbour', 'mechanism']);
/** Every field that some mechanism ignores. */
export const IGNORABLE = Object.freeze(['query', 'bound', 'neighbour', 'k', 'lo', 'hi', 'tolerance']);
const MAX_RANGE_WIDTH = 60;

/**
 * The fields a state of this mechanism (and query) does not use (lab_state.ignored).
 * @param {string | undefined} mechanism @param {string | undefined} query @returns {string[]}
 */
export function ignored(mechanism, query) {
  if (mechanism === 'geometric') return query === 'sum' ? ['k'] : ['k', 'bound'];
  if (mechanism === 'k-ary') return ['query', 'bound', 'neighbour', 'lo', 'hi', 'tolerance'];
  if (mechanism === 'exponential') return ['query', 'bound', 'lo', 'hi', 'tolerance'];
  return [];
}

// ---------------------------------------------------------------------------------------
// Queries and the worst neighbour (core/sensitivity.py, catalogue.Example.neighbours)

/** @param {number} value @param {number} bound */
const clip = (value, bound) => Math.max(-bound, Math.min(bound, value));

/** The scores of the categories: how many records are in each. @param {readonly number[]} values @param {number} k */
export function histogram(values, k) {
  const counts = new Array(k).fill(0);
  for (const value of values) counts[value] += 1;
  return counts;
}

/** The most common category, the lowest on a tie. @param {readonly number[]} values @param {number} k */
function modeOf(values, k) {
  const scores = histogram(values, k);
  return scores.indexOf(Math.max(...scores));
}

/**
 * A setting: the catalogue's Example of a state (lab_state.LabState.example).
 * @typedef {{values: number[], mechanism: string, query: string, bound: number | null,
 *            neighbour: string, alpha0: Fraction, k: number | null, lo: number, hi: number,
 *            tolerance: number}} Setting
 */

/**
 * @param {any} state a read state @param {number} [lo] @param {number} [hi] another output range
 * @returns {Setting}
 */
export function settingOf(state, lo, hi) {
  if (state.mechanism === 'geometric') {
    return {
      values: state.values,
      mechanism: 'geometric',
      query: state.query === 'count' ? 'count' : 'sum',
      bound: state.query === 'sum' ? state.bound : null,
      neighbour: state.neighbour,
      alpha0: state.alpha0,
      k: null,
      lo: lo === undefined ? state.lo : lo,
      hi: hi === undefined ? state.hi : hi,
      tolerance: state.tolerance,
    };
  }
  const kAry = state.mechanism === 'k-ary';
  return {
    values: state.values,
    mechanism: state.mechanism,
    query: kAry ? 'answer' : 'mode',
    bound: null,
    neighbour: kAry ? 'replace' : state.neighbour,
    alpha0: state.alpha0,
    k: state.k,
    lo: 0,
    hi: state.k - 1,
    tolerance: 0,
  };
}

/** f(values) of a setting. @param {Setting} setting @param {readonly number[]} values */
function answerOf(setting, values) {
  if (setting.mechanism === 'geometric') {
    if (setting.query === 'count') return values.length;
    const bound = setting.bound;
    return values.reduce((sum, value) => sum + (bound === null ? value : clip(value, bound)), 0);
  }
  if (setting.mechanism === 'k-ary') return values[0];
  return modeOf(values, /** @type {number} */ (setting.k));
}

/** @param {Setting} setting @param {number[]} database1 */
function pairOf(setting, database1) {
  return {
    database0: setting.values,
    database1,
    answer0: answerOf(setting, setting.values),
    answer1: answerOf(setting, database1),
  };
}

/** The index of the first largest entry. @param {readonly number[]} entries */
function firstLargest(entries) {
  let best = 0;
  for (let i = 1; i < entries.length; i++) if (entries[i] > entries[best]) best = i;
  return best;
}

/**
 * D and its worst neighbour D′ under the setting's relation (catalogue.Example.neighbours).
 * @param {Setting} setting
 */
export function neighbours(setting) {
  const values = setting.values;
  if (setting.mechanism === 'geometric') {
    const bound = setting.bound;
    if (setting.neighbour === 'add-remove') {
      const added = bound !== null ? bound : values[firstLargest(values.map(Math.abs))];
      return pairOf(setting, [...values, added]);
    }
    const moved = values.map((v) => Math.abs(bound === null ? v : clip(v, bound)));
    const index = firstLargest(moved);
    const old = bound === null ? values[index] : clip(values[index], bound);
    const fresh = bound === null ? -old : old >= 0 ? -bound : bound;
    return pairOf(setting, [...values.slice(0, index), fresh, ...values.slice(index + 1)]);
  }
  const k = /** @type {number} */ (setting.k);
  if (setting.mechanism === 'k-ary') return pairOf(setting, [(values[0] + 1) % k, ...values.slice(1)]);
  const firsts = values.map((_, i) => i).filter((i) => values.indexOf(values[i]) === i);
  /** @type {number[][]} */
  let others = [];
  if (setting.neighbour === 'add-remove') {
    for (let c = 0; c < k; c++) others.push([...values, c]);
    for (const i of firsts) others.push([...values.slice(0, i), ...values.slice(i + 1)]);
  } else {
    for (const i of firsts) {
      for (let c = 0; c < k; c++) if (c !== values[i]) others.push([...values.slice(0, i), c, ...values.slice(i + 1)]);
    }
  }
  others = others.filter((other) => other.length > 0);
  let best = null;
  let bestRatio = null;
  for (const other of others) {
    const pair = pairOf(setting, other);
    const pure = channelPureEpsilon(channelOfPair(setting, pair));
    const ratio = pure.kind === 'zero' ? fraction(1n) : power(pure.ratio, pure.multiplier);
    if (bestRatio === null || compare(ratio, bestRatio) > 0) {
      best = pair;
      bestRatio = ratio;
    }
  }
  return /** @type {ReturnType<typeof pairOf>} */ (best);
}

/** Δ of the released value (catalogue.Example.sensitivity): null for ∞. @param {Setting} setting */
export function sensitivityOf(setting) {
  if (setting.mechanism === 'exponential') return 1;
  if (setting.query === 'count') return setting.neighbour === 'add-remove' ? 1 : 0;
  if (setting.bound === null) return null;
  return setting.neighbour === 'add-remove' ? setting.bound : 2 * setting.bound;
}

// ---------------------------------------------------------------------------------------
// The laws (core/discrete_noise.py)

/**
 * The folded geometric law's integer weights around `answer` on lo..hi.
 * @param {number} answer @param {number} lo @param {number} hi @param {Fraction} alpha0 @returns {bigint[]}
 */
export function geometricWeights(answer, lo, hi, alpha0) {
  const size = hi - lo + 1;
  if (alpha0.num === alpha0.den) return new Array(size).fill(1n);
  const n = alpha0.num;
  const d = alpha0.den;
  const m = BigInt(hi - lo);
  const weights = [];
  for (let y = lo; y <= hi; y++) {
    const distance = BigInt(Math.abs(y - answer));
    if (lo < y && y < hi) weights.push((n - d) * n ** (m - distance) * d ** distance);
    else if (lo === hi) weights.push(1n);
    else weights.push(n ** (m - distance + 1n) * d ** distance);
  }
  return weights;
}

/** k-ary response's weights on `value`. @param {number} value @param {number} k @param {Fraction} alpha0 */
export function kAryWeights(value, k, alpha0) {
  return Array.from({ length: k }, (_, c) => (c === value ? alpha0.num : alpha0.den));
}

/** The exponential mechanism's weights ∝ α^u. @param {readonly number[]} scores @param {Fraction} alpha */
export function exponentialWeights(scores, alpha) {
  const low = Math.min(...scores);
  const high = Math.max(...scores);
  return scores.map((u) => alpha.num ** BigInt(u - low) * alpha.den ** BigInt(high - u));
}

/** @param {Setting} setting @param {{database0: number[], database1: number[], answer0: number, answer1: number}} pair */
function channelOfPair(setting, pair) {
  const { lo, hi, alpha0 } = setting;
  const labels = Array.from({ length: hi - lo + 1 }, (_, i) => String(lo + i));
  if (setting.mechanism === 'geometric') {
    return channelOf(labels, geometricWeights(pair.answer0, lo, hi, alpha0), geometricWeights(pair.answer1, lo, hi, alpha0));
  }
  const k = /** @type {number} */ (setting.k);
  if (setting.mechanism === 'k-ary') return channelOf(labels, kAryWeights(pair.answer0, k, alpha0), kAryWeights(pair.answer1, k, alpha0));
  return channelOf(labels, exponentialWeights(histogram(pair.database0, k), alpha0), exponentialWeights(histogram(pair.database1, k), alpha0));
}

/**
 * P(|Y − t| <= τ) for a law over lo, lo + 1, … (discrete_noise.within).
 * @param {{weights0: bigint[], denominator: bigint}} channel @param {number} lo @param {number} answer @param {number} tolerance
 */
export function within(channel, lo, answer, tolerance) {
  let mass = 0n;
  channel.weights0.forEach((w, i) => {
    if (Math.abs(lo + i - answer) <= tolerance) mass += w;
  });
  return fraction(mass, channel.denominator);
}

// ---------------------------------------------------------------------------------------
// The state (lab_state.read_state)

/**
 * The rules of the whole state (lab_state.state_refusals), on values that each read; the
 * fields the state ignores are the caller's to drop.
 * @param {Record<string, any>} values @returns {Record<string, string>}
 */
export function stateRefusals(values) {
  const needed = ['values', 'mechanism', 'query', 'bound', 'neighbour', 'k', 'lo', 'hi'];
  if (needed.some((name) => values[name] === undefined)) return {};
  if (values.mechanism !== 'geometric') {
    return values.values.every((v) => v >= 0 && v < values.k) ? {} : { values: 'category' };
  }
  if (values.hi < values.lo) return { hi: 'order' };
  if (values.hi - values.lo > MAX_RANGE_WIDTH) return { hi: 'width' };
  const far = 1000 * 11 * 2;
  const pair = neighbours(settingOf({ ...values, alpha0: fraction(1n) }, -far, far));
  const inside = (/** @type {number} */ t) => values.lo <= t && t <= values.hi;
  return inside(pair.answer0) && inside(pair.answer1) ? {} : { lo: 'narrow', hi: 'narrow' };
}

/**
 * The rules across fields as the kit asks them (its checkState): those of the fields the
 * state uses.
 * @param {Record<string, any>} values
 */
export function checkState(values) {
  const skip = ignored(values.mechanism, values.query);
  const refusals = stateRefusals(values);
  for (const name of skip) delete refusals[name];
  return refusals;
}

/**
 * The state of the texts, or each refused field's reason (read_state); an ignored field is
 * not refused and takes the fallback's value.
 * @param {Record<string, string | undefined>} texts @param {Record<string, any>} limits
 * @param {Record<string, string>} fallback the default state's texts
 */
export function readState(texts, limits, fallback) {
  const skip = ignored(texts.mechanism, texts.query);
  /** @type {Record<string, string>} */
  const reasons = {};
  /** @type {Record<string, any>} */
  const values = {};
  for (const name of PARAMS) {
    const readOne = (/** @type {unknown} */ text) => (limits[name].kind === 'list' ? readList(text, limits[name]) : parseField(text, limits[name]));
    let read = readOne(texts[name] === undefined ? '' : texts[name]);
    if (!read.ok && skip.indexOf(name) >= 0) read = readOne(fallback[name]);
    if (read.ok) values[name] = read.value;
    else reasons[name] = read.reason;
  }
  if (Object.keys(reasons).length) return { ok: false, reasons };
  const across = checkState(values);
  if (Object.keys(across).length) return { ok: false, reasons: across };
  return { ok: true, value: values };
}

// ---------------------------------------------------------------------------------------
// The record (lab_state.state_record)

/** @param {number} multiplier @param {Fraction} ratio */
function pureOf(multiplier, ratio) {
  if (multiplier === 0 || ratio.num === ratio.den) return { kind: 'zero', multiplier: 0, ratio: fraction(1n) };
  return { kind: 'finite', multiplier, ratio };
}

const INFINITE = Object.freeze({ kind: 'infinite', multiplier: 0, ratio: fraction(1n) });

/** The mechanism's pure ε over every pair of neighbours (lab_state.guarantee). @param {any} state @param {number | null} deltaF */
function guarantee(state, deltaF) {
  if (state.mechanism === 'geometric') return deltaF === null ? INFINITE : pureOf(deltaF, state.alpha0);
  if (state.mechanism === 'k-ary') return pureOf(1, state.alpha0);
  return pureOf(state.neighbour === 'add-remove' ? 1 : 2, state.alpha0);
}

/** A value on the 0.1 grid as the fields keep it ("2.0"). @param {Fraction} value */
function tenths(value) {
  const scaled = (value.num * 10n) / value.den;
  return `${scaled / 10n}.${scaled % 10n}`;
}

/**
 * What the lab shows of one state (lab_state.state_record).
 * @param {any} state a read state (readState's value)
 */
export function evaluateState(state) {
  const setting = settingOf(state);
  const categorical = state.mechanism !== 'geometric';
  const pair = neighbours(setting);
  const channel = channelOfPair(setting, pair);
  const point = profilePoint(makeProfile(channel), state.alpha);
  const deltaF = state.mechanism === 'k-ary' ? null : sensitivityOf(setting);
  const pairEpsilon = channelPureEpsilon(channel);
  const unclipped = state.mechanism === 'geometric' && deltaF === null;
  const labels = point.event.outputs.map((i) => channel.labels[i]);
  return {
    mechanism: state.mechanism,
    query: setting.mechanism === 'geometric' ? state.query : setting.query,
    neighbour: setting.neighbour,
    bound: setting.bound,
    k: setting.k,
    lo: setting.lo,
    hi: setting.hi,
    alpha0: tenths(state.alpha0),
    alpha: tenths(state.alpha),
    tolerance: setting.tolerance,
    database0: pair.database0.slice(),
    database1: pair.database1.slice(),
    answer0: pair.answer0,
    answer1: pair.answer1,
    distance: categorical ? null : Math.abs(pair.answer0 - pair.answer1),
    sensitivity: state.mechanism === 'k-ary' ? null : deltaF === null ? 'inf' : String(deltaF),
    channel: lawRecord(channel),
    delta: fractionStr(point.delta),
    event: { direction: point.event.direction, outputs: labels, text: outputSetText(labels) },
    pure_epsilon: pureRecord(unclipped ? INFINITE : pairEpsilon),
    pair_epsilon: pureRecord(pairEpsilon),
    guarantee: pureRecord(guarantee(state, deltaF)),
    accuracy: fractionStr(within(channel, setting.lo, pair.answer0, setting.tolerance)),
  };
}

// ---------------------------------------------------------------------------------------
// The chart's data sets (charts.chart_rows)

/** "3/8" as the nearest double. @param {string} exact */
function coordinate(exact) {
  const [num, den = '1'] = exact.split('/');
  return toNumber({ num: BigInt(num), den: BigInt(den) });
}

export const LAWS = Object.freeze(['D', 'D′']);

/**
 * The chart's one data set `laws`: per output and neighbour its probability (charts.chart_rows).
 * @param {ReturnType<typeof evaluateState>} record
 */
export function chartRows(record) {
  const channel = record.channel;
  const rows = [];
  for (const [index, law] of [channel.distribution0, channel.distribution1].entries()) {
    law.forEach((exact, i) => {
      rows.push({ output: Number(channel.labels[i]), law: LAWS[index], probability: coordinate(exact), exact });
    });
  }
  return { laws: { laws: rows } };
}
