/**
 * The noise-mechanism lab in the browser: the twin of generator/lessons/sensitivity/
 * (setting.py's worst neighbour, records.py, view.py and lab.py's rules and ignored fields),
 * over the generic exact machinery:
 *
 *   exact/sensitivity.mjs     the queries, clipping and their sensitivity (core/sensitivity.py);
 *   exact/discrete_noise.mjs  the folded geometric law, k-ary response, the exponential
 *                             mechanism and the accuracy (core/discrete_noise.py);
 *   exact/profile.mjs         δ*(α) with its maximal event, the pure ε, and their records.
 *
 * The kit (kit/lab.mjs's `engineLab`) reads the fields, applies `rules` with the page's
 * limits (every field's data-limit and the root's data-rule-limits: no limit is typed here),
 * disables the fields `ignored` names (of the `IGNORABLE` ones), and writes `view`'s slots into the page with the
 * page's sentences (the root's data-text-*: no sentence is typed here); `evaluate` returns
 * the record of records.state_record (same keys, same strings), `charts` the live chart's
 * rows. The golden vectors of the lab hold every export to the Python
 * (tests/js/engines.test.mjs). No float decides anything; floats are chart coordinates only,
 * each the nearest double to the exact value beside it.
 *
 * @module sensitivity/lab
 */

import { exponentialChannel, geometricChannel, kAryChannel, within } from '#lab/exact/discrete_noise.mjs';
import { channelPureEpsilon, lawRecord, makeProfile, profilePoint, pureRecord } from '#lab/exact/profile.mjs';
import { compare, fraction, fractionStr, power, toNumber } from '#lab/exact/rational.mjs';
import { outputSetText } from '#lab/exact/readable.mjs';
import { answer, clip, sensitivity } from '#lab/exact/sensitivity.mjs';
import { cellHtml, exactOf, numberHtml, readingText } from '#lab/kit/markup.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('#lab/exact/profile.mjs').FiniteChannel} FiniteChannel */
/** @typedef {import('#lab/exact/profile.mjs').PureEpsilon} PureEpsilon */
/** @typedef {import('./types.mjs').StateRecord} StateRecord */
/** @typedef {import('./types.mjs').Pure} Pure */
/**
 * A setting of the lesson (setting.Setting).
 * @typedef {{values: number[], query: string, bound: number | null, neighbour: string,
 *            mechanism: string, alpha0: Fraction, lo: number, hi: number, k: number | null,
 *            tolerance: number}} Setting
 * @typedef {{database0: number[], database1: number[], answer0: number, answer1: number}} Neighbours
 */

const CATEGORICAL = Object.freeze(['k-ary', 'exponential']);

/**
 * The fields a state of this mechanism (and query) does not use (lab.ignored).
 * @param {Record<string, string | undefined>} texts @returns {string[]}
 */
export function ignored(texts) {
  if (texts.mechanism === 'geometric') return texts.query === 'sum' ? ['k'] : ['k', 'bound'];
  if (texts.mechanism === 'k-ary') return ['query', 'bound', 'neighbour', 'lo', 'hi', 'tolerance'];
  if (texts.mechanism === 'exponential') return ['query', 'bound', 'lo', 'hi', 'tolerance'];
  return [];
}

/** Every field some state ignores, which the kit disables while one does: what `ignored` names. */
export const IGNORABLE = Object.freeze([
  ...new Set(['geometric', 'k-ary', 'exponential'].flatMap((mechanism) => ignored({ mechanism, query: 'count' }))),
]);

/**
 * The geometric mechanism's query and bound B (null: unclipped), if they read (lab._clipping).
 * @param {Record<string, any>} values @returns {{query: 'count' | 'sum', bound: number | null} | null}
 */
function clipping(values) {
  if (values.query === 'count') return { query: 'count', bound: null };
  if (values.query === 'unclipped') return { query: 'sum', bound: null };
  return values.query === 'sum' && typeof values.bound === 'number' ? { query: 'sum', bound: values.bound } : null;
}

/** The index of the first largest entry. @param {readonly number[]} entries */
function firstLargest(entries) {
  let best = 0;
  for (let i = 1; i < entries.length; i++) if (entries[i] > entries[best]) best = i;
  return best;
}

/**
 * D and its worst neighbour D′ for a count or a sum, whatever the output range
 * (setting.geometric_neighbours).
 * @param {number[]} values @param {'count' | 'sum'} query @param {number | null} bound @param {string} neighbour
 * @returns {Neighbours}
 */
function geometricNeighbours(values, query, bound, neighbour) {
  let other;
  if (neighbour === 'add-remove') {
    other = [...values, bound !== null ? bound : values[firstLargest(values.map(Math.abs))]];
  } else {
    const index = firstLargest(values.map((v) => Math.abs(bound === null ? v : clip(v, bound))));
    const old = bound === null ? values[index] : clip(values[index], bound);
    const fresh = bound === null ? -old : old >= 0 ? -bound : bound;
    other = [...values.slice(0, index), fresh, ...values.slice(index + 1)];
  }
  return { database0: values, database1: other, answer0: answer(query, values, bound), answer1: answer(query, other, bound) };
}

/**
 * The rules of the whole state (lab.rules), on the values that read; `limits` are the page's
 * (the widest range is `limits.width`'s high end).
 * @param {Record<string, any>} values @param {Record<string, any>} limits @returns {Record<string, string>}
 */
export function rules(values, limits) {
  const records = values.values;
  if (CATEGORICAL.includes(values.mechanism)) {
    const k = values.k;
    const outside = Array.isArray(records) && typeof k === 'number' && records.some((v) => v < 0 || v >= k);
    return outside ? { values: 'category' } : {};
  }
  const { lo, hi } = values;
  if (values.mechanism !== 'geometric' || typeof lo !== 'number' || typeof hi !== 'number') return {};
  if (hi < lo) return { hi: 'order' };
  if (hi - lo > Number(limits.width.high)) return { hi: 'width' };
  const typed = clipping(values);
  if (!Array.isArray(records) || typed === null || typeof values.neighbour !== 'string') return {};
  const pair = geometricNeighbours(records, typed.query, typed.bound, values.neighbour);
  const inside = (/** @type {number} */ t) => lo <= t && t <= hi;
  return inside(pair.answer0) && inside(pair.answer1) ? {} : { lo: 'narrow', hi: 'narrow' };
}

/**
 * The lesson's setting of the values of a state whose rules hold (lab.setting_of).
 * @param {Record<string, any>} values @returns {Setting}
 */
function settingOf(values) {
  const { values: records, mechanism, alpha0 } = values;
  if (mechanism === 'geometric') {
    const typed = clipping(values);
    if (typed === null) throw new Error('the geometric mechanism needs a query (and a bound for a clipped sum)');
    return { values: records, ...typed, neighbour: values.neighbour, mechanism, alpha0, lo: values.lo, hi: values.hi, k: null, tolerance: values.tolerance };
  }
  const kAry = mechanism === 'k-ary';
  const k = values.k;
  return {
    values: records,
    query: kAry ? 'answer' : 'mode',
    bound: null,
    neighbour: kAry ? 'replace' : values.neighbour,
    mechanism,
    alpha0,
    lo: 0,
    hi: k - 1,
    k,
    tolerance: 0,
  };
}

/** The scores of the categories: how many records are in each (setting.histogram). @param {readonly number[]} values @param {number} k */
function histogram(values, k) {
  const counts = new Array(k).fill(0);
  for (const value of values) counts[value] += 1;
  return counts;
}

/** The most common category, the lowest on a tie (setting.mode). @param {readonly number[]} values @param {number} k */
function modeOf(values, k) {
  const scores = histogram(values, k);
  return scores.indexOf(Math.max(...scores));
}

/** The two exact laws of a setting on a pair (Setting._channel). @param {Setting} setting @param {Neighbours} pair @returns {FiniteChannel} */
function channelOfPair(setting, pair) {
  const { alpha0 } = setting;
  if (setting.mechanism === 'geometric') return geometricChannel(pair.answer0, pair.answer1, setting.lo, setting.hi, alpha0);
  const k = /** @type {number} */ (setting.k);
  if (setting.mechanism === 'k-ary') return kAryChannel(pair.answer0, pair.answer1, k, alpha0);
  return exponentialChannel(histogram(pair.database0, k), histogram(pair.database1, k), alpha0);
}

/**
 * D and its worst neighbour D′ under the setting's relation (Setting.neighbours).
 * @param {Setting} setting @returns {Neighbours}
 */
function neighbours(setting) {
  const values = setting.values;
  if (setting.mechanism === 'geometric') {
    return geometricNeighbours(values, /** @type {'count' | 'sum'} */ (setting.query), setting.bound, setting.neighbour);
  }
  const k = /** @type {number} */ (setting.k);
  const of = (/** @type {number[]} */ other) => ({
    database0: values,
    database1: other,
    answer0: setting.mechanism === 'k-ary' ? values[0] : modeOf(values, k),
    answer1: setting.mechanism === 'k-ary' ? other[0] : modeOf(other, k),
  });
  if (setting.mechanism === 'k-ary') return of([(values[0] + 1) % k, ...values.slice(1)]);
  const firsts = values.map((_, i) => i).filter((i) => values.indexOf(values[i]) === i);
  /** @type {number[][]} */
  const others = [];
  if (setting.neighbour === 'add-remove') {
    for (let c = 0; c < k; c++) others.push([...values, c]);
    for (const i of firsts) others.push([...values.slice(0, i), ...values.slice(i + 1)]);
  } else {
    for (const i of firsts) {
      for (let c = 0; c < k; c++) if (c !== values[i]) others.push([...values.slice(0, i), c, ...values.slice(i + 1)]);
    }
  }
  // The first neighbour whose laws have the largest likelihood ratio.
  let best = null;
  let bestRatio = null;
  for (const other of others.filter((candidate) => candidate.length > 0)) {
    const pair = of(other);
    const pure = channelPureEpsilon(channelOfPair(setting, pair));
    const ratio = pure.kind === 'zero' ? fraction(1n) : power(pure.ratio, pure.multiplier);
    if (bestRatio === null || compare(ratio, bestRatio) > 0) {
      best = pair;
      bestRatio = ratio;
    }
  }
  return /** @type {Neighbours} */ (best);
}

/** @param {number} multiplier @param {Fraction} ratio @returns {PureEpsilon} */
function pureOf(multiplier, ratio) {
  if (multiplier === 0 || ratio.num === ratio.den) return { kind: 'zero', multiplier: 0, ratio: fraction(1n) };
  return { kind: 'finite', multiplier, ratio };
}

/** @type {PureEpsilon} */
const INFINITE = Object.freeze({ kind: 'infinite', multiplier: 0, ratio: fraction(1n) });

/** Δ of the released value (records._sensitivity). @param {Setting} setting */
function sensitivityOf(setting) {
  if (setting.mechanism === 'k-ary') return { kind: 'none', value: null };
  if (setting.mechanism === 'exponential') return { kind: 'finite', value: 1 };
  const delta = sensitivity(/** @type {'count' | 'sum'} */ (setting.query), /** @type {any} */ (setting.neighbour), setting.bound);
  return delta === null ? { kind: 'infinite', value: null } : { kind: 'finite', value: delta };
}

/** The pure ε the mechanism meets over every pair of neighbours (Setting.guarantee). @param {Setting} setting */
function guarantee(setting) {
  if (setting.mechanism === 'geometric') {
    const delta = sensitivityOf(setting).value;
    return delta === null ? INFINITE : pureOf(delta, setting.alpha0);
  }
  return pureOf(setting.mechanism === 'exponential' && setting.neighbour === 'replace' ? 2 : 1, setting.alpha0);
}

const strings = (/** @type {number[]} */ values) => values.map(String);

/**
 * The record of one state (records.state_record). Throws for a state the rules refuse.
 * @param {Record<string, any>} values the values of the fields, as kit/state reads them
 * @returns {StateRecord}
 */
export function evaluate(values) {
  const setting = settingOf(values);
  const pair = neighbours(setting);
  const channel = channelOfPair(setting, pair);
  const point = profilePoint(makeProfile(channel), values.alpha);
  const delta = sensitivityOf(setting);
  const pairEpsilon = channelPureEpsilon(channel);
  const labels = point.event.outputs.map((i) => channel.labels[i]);
  const distribution0 = channel.weights0.map((w) => fraction(w, channel.denominator));
  return {
    mechanism: setting.mechanism,
    query: setting.query === 'sum' && setting.bound === null ? 'unclipped' : setting.query,
    neighbour: setting.neighbour,
    bound: setting.bound === null ? null : String(setting.bound),
    k: setting.k,
    lo: String(setting.lo),
    hi: String(setting.hi),
    alpha0: fractionStr(setting.alpha0),
    alpha: fractionStr(values.alpha),
    tolerance: String(setting.tolerance),
    database0: strings(pair.database0),
    database1: strings(pair.database1),
    answer0: String(pair.answer0),
    answer1: String(pair.answer1),
    distance: setting.mechanism === 'geometric' ? String(Math.abs(pair.answer0 - pair.answer1)) : null,
    sensitivity: { kind: delta.kind, value: delta.value === null ? null : String(delta.value) },
    channel: lawRecord(channel),
    delta: fractionStr(point.delta),
    event: { direction: point.event.direction, outputs: labels, text: outputSetText(labels) },
    pure_epsilon: pureRecord(delta.kind === 'infinite' ? INFINITE : pairEpsilon),
    pair_epsilon: pureRecord(pairEpsilon),
    guarantee: pureRecord(guarantee(setting)),
    accuracy: fractionStr(within(distribution0, setting.lo, pair.answer0, setting.tolerance)),
  };
}

// ---------------------------------------------------------------------------------------
// The view (view.py)

const ANSWERS = Object.freeze({ 'k-ary': 'answers-k-ary', exponential: 'answers-exponential' });

/** @param {string} value @param {Record<string, string>} [attrs] */
const text = (value, attrs) => (attrs ? { attrs, text: value } : { text: value });
const exact = (/** @type {string} */ value) => ({ attrs: { 'data-exact': value }, html: numberHtml(value) });
const exactCell = (/** @type {string} */ value) => ({ attrs: { 'data-exact': value }, html: cellHtml(value) });

/** "3, −1, 7" as the page writes a database (view._numbers). @param {string[]} values */
const numbers = (values) => values.map((v) => v.replace('-', '−')).join(', ');

/** An ε's sentence (view._epsilon_text). @param {Pure} pure @param {Pure | null} pair @param {Record<string, string>} texts @returns {string} */
function epsilonText(pure, pair, texts) {
  if (pair && pure.kind === 'infinite' && pair.kind !== 'infinite') return fillTemplate(texts['eps-uncalibrated'], { pair: epsilonText(pair, null, texts) });
  if (pure.kind === 'finite') return fillTemplate(texts['eps-value'], { exact: pure.exact, decimal: pure.decimal });
  return texts['eps-' + pure.kind];
}

/** An ε's slot (view.epsilon). @param {Pure} pure @param {Pure | null} pair @param {Record<string, string>} texts */
function epsilon(pure, pair, texts) {
  return text(epsilonText(pure, pair, texts), { 'data-value': pure.decimal, 'data-ratio': pure.max_ratio === null ? '' : pure.max_ratio });
}

/** view._sensitivity @param {StateRecord} record @param {Record<string, string>} texts */
function sensitivitySlot(record, texts) {
  const { kind, value } = record.sensitivity;
  if (value === null) return text(texts['sensitivity-' + kind], { 'data-value': kind === 'infinite' ? 'inf' : '' });
  const shown =
    record.mechanism === 'exponential'
      ? fillTemplate(texts['sensitivity-score'], { value })
      : fillTemplate(texts.sensitivity, { value, distance: record.distance });
  return text(shown, { 'data-value': value });
}

/** One row per output of the two laws (view._rows). @param {StateRecord} record @param {Record<string, string>} texts */
function rows(record, texts) {
  const { labels, distribution0, distribution1 } = record.channel;
  const inMax = new Set(record.event.outputs);
  return {
    items: labels.map((/** @type {string} */ label, /** @type {number} */ i) => {
      const member = inMax.has(label);
      return {
        attrs: { 'data-output': label },
        cells: [
          text(label),
          exactCell(distribution0[i]),
          exactCell(distribution1[i]),
          text(texts[member ? 'in-max' : 'not-in-max'], { 'data-in-max': String(member) }),
        ],
      };
    }),
  };
}

/**
 * Every slot of one state (view.view).
 * @param {StateRecord} record evaluate's @param {Record<string, string>} texts the lab's sentences
 */
export function view(record, texts) {
  const { database0, database1, answer0, answer1, event } = record;
  return {
    'out:database': text(fillTemplate(texts.database, { d0: numbers(database0), d1: numbers(database1) }), {
      'data-value': database0.join(',') + ';' + database1.join(','),
    }),
    'out:answers': text(fillTemplate(texts[ANSWERS[record.mechanism] || 'answers'], { a0: answer0, a1: answer1 }), {
      'data-value': answer0 + ',' + answer1,
    }),
    'out:sensitivity': sensitivitySlot(record, texts),
    'out:eps-pure': epsilon(record.pure_epsilon, record.pair_epsilon, texts),
    'out:eps-guarantee': epsilon(record.guarantee, null, texts),
    'out:delta-required': exact(record.delta),
    'out:max-event': text(
      event.outputs.length ? fillTemplate(texts['max-event'], { event: event.text, direction: event.direction }) : texts['max-event-none'],
      { 'data-direction': event.direction, 'data-outputs': event.outputs.join(' ') },
    ),
    'out:accuracy': exact(record.accuracy),
    'caption:laws': text(fillTemplate(texts['laws-caption'], { lo: record.lo, hi: record.hi })),
    'rows:laws': rows(record, texts),
  };
}

/** What the live region says after an update (view.announcement). @param {StateRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  const { kind, value } = record.sensitivity;
  return fillTemplate(texts.announcement, {
    sensitivity: value === null ? texts['announce-' + kind] : value,
    epsilon: record.pure_epsilon.kind === 'infinite' ? texts['announce-infinite'] : record.pure_epsilon.decimal,
    delta: readingText(record.delta),
    accuracy: readingText(record.accuracy),
  });
}

// ---------------------------------------------------------------------------------------
// The live chart (charts.chart_rows)

const LAWS = Object.freeze(['D', 'D′']);

/** The chart's one data set `laws`: per output and neighbour its probability. @param {StateRecord} record */
export function charts(record) {
  const { labels, distribution0, distribution1 } = record.channel;
  const laws = [];
  for (const [index, distribution] of [distribution0, distribution1].entries()) {
    distribution.forEach((/** @type {string} */ p, /** @type {number} */ i) => {
      laws.push({ output: Number(labels[i]), law: LAWS[index], probability: toNumber(exactOf(p)), exact: p });
    });
  }
  return { spec: 'laws', data: { laws: { laws } } };
}
