/**
 * The optimal-composition lab in the browser: the twin of generator/lessons/optimal/
 * (records.py's `state_record`, view.py, charts.py's `chart_rows` and lab.py's `ignored`),
 * over the generic exact machinery:
 *
 *   exact/optimal_composition.mjs   the worst case's law of k equal steps or of steps of
 *                                   their own, its exact profile δ(α), the smallest α at δ;
 *   exact/advanced_composition.mjs  the basic theorem and the advanced theorem's interval;
 *   exact/logarithm.mjs             ε = ln α correctly rounded, and chart coordinates as
 *                                   the nearest double to an exact (or certified) value.
 *
 * The kit (kit/lab.mjs's `engineLab`) reads the fields, disables those `ignored` names (of
 * `IGNORABLE`), and
 * writes `view`'s slots into the page; `evaluate` returns the record of records.state_record
 * (same keys, same strings, the same chart doubles), `charts` the live charts' rows. The
 * golden vectors of the lab hold every export to the Python (tests/js/engines.test.mjs). No
 * float decides anything.
 *
 * @module optimal/lab
 */

import { advancedInterval, basicComposition } from '#lab/exact/advanced_composition.mjs';
import { decimalText, lnDecimal, lnNumber, nearestNumber } from '#lab/exact/logarithm.mjs';
import { deltaAt, deltaFrom, mixedLaw, sameLaw, smallestAlpha } from '#lab/exact/optimal_composition.mjs';
import { compare, fraction, fractionStr, multiply, power, subtract, toNumber } from '#lab/exact/rational.mjs';
import { readable } from '#lab/exact/readable.mjs';
import { exactOf, numberHtml, readingText } from '#lab/kit/markup.mjs';
import { escapeHtml, fillTemplate } from '#lab/kit/text.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('#lab/exact/optimal_composition.mjs').Law} Law */
/** @typedef {import('./types.mjs').StateRecord} StateRecord */
/** @typedef {import('./types.mjs').AnswerPoint} AnswerPoint */

const CURVE_POINTS = 80;
const CURVE_FLOOR = { num: 1n, den: 1000n };
const BAR_MASS = { num: 1n, den: 1000000n };
const ONE = fraction(1n);

/** The fields each mode does not use (lab.py's IGNORED). */
const IGNORED = Object.freeze({ same: ['steps'], mixed: ['alpha0', 'delta0', 'k'] });
/** The fields a state may ignore, which the kit disables while it does. */
export const IGNORABLE = Object.freeze(['alpha0', 'delta0', 'k', 'steps']);

/** Each answer's name in the profile chart's legend (charts.py's SERIES). */
const SERIES = Object.freeze({ optimal: '최적 합성', advanced: '고급 합성 정리', basic: '기본 합성 정리' });

/** The fields the state's mode does not use (lab.ignored). @param {Record<string, string | undefined>} texts */
export function ignored(texts) {
  return IGNORED[/** @type {'same' | 'mixed'} */ (texts.mode)] || [];
}

/** @param {{num: bigint, den: bigint}} a @param {Fraction} b: is a < b (a unreduced)? */
const below = (a, b) => a.num * b.den < b.num * a.den;

/**
 * The profile's kinks as chart points (records.curve_rows): α = 1 and every ratio above 1,
 * up to the first whose δ is below the floor δ·CURVE_FLOOR, at most CURVE_POINTS of them.
 * @param {Law} law @param {Fraction} delta
 */
function curveRows(law, delta) {
  const floor = multiply(delta, CURVE_FLOOR);
  // kink 0 is α = 1 (the atoms from `lowest` are above it); kink i > 0 is atom lowest + i − 1
  const kinks = law.size - law.lowest + 1;
  const ratioOf = (/** @type {number} */ i) => (i === 0 ? ONE : law.ratio(law.lowest + i - 1));
  const at = (/** @type {number} */ i) => deltaFrom(law, ratioOf(i), law.lowest + i);
  let last = kinks - 1;
  if (below(at(last), floor)) {
    let low = 0;
    let high = last;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (below(at(middle), floor)) high = middle;
      else low = middle + 1;
    }
    last = low;
  }
  const count = Math.min(CURVE_POINTS, last + 1);
  const spread = Math.max(count - 1, 1);
  const indices = [...new Set(Array.from({ length: count }, (_, i) => Math.floor((i * last) / spread)))].sort((a, b) => a - b);
  return indices.map((i) => {
    const value = at(i);
    return { epsilon: lnNumber(ratioOf(i)), delta: below(value, floor) ? toNumber(floor) : toNumber(value) };
  });
}

/**
 * The law of L as bars of mass at least BAR_MASS (records.bar_rows). Mass N·Aᵢ/D >= m ⇔
 * Aᵢ >= ⌈D·m / N⌉, one division for all.
 * @param {Law} law
 */
function barRows(law) {
  const N = law.noReveal;
  const rows = [];
  if (N.num !== 0n) {
    const top = law.denominator * BAR_MASS.num * N.den;
    const bottom = BAR_MASS.den * N.num;
    const least = (top + bottom - 1n) / bottom;
    for (let i = 0; i < law.size; i += 1) {
      if (law.weight0[i] < least) continue;
      rows.push({
        loss: lnNumber(law.ratio(i)),
        probability: toNumber({ num: N.num * law.weight0[i], den: N.den * law.denominator }),
      });
    }
  }
  return rows;
}

/**
 * The answers that exist, as points (records.point_rows): optimal and advanced at the target
 * δ, basic at Σ δᵢ clamped into [δ·CURVE_FLOOR, 1].
 * @param {Fraction} delta @param {Fraction | null} alpha @param {{alpha: Fraction, delta: Fraction}} basic
 * @param {Fraction} deltaPrime @param {{alpha: Fraction}[]} steps @returns {AnswerPoint[]}
 */
function pointRows(delta, alpha, basic, deltaPrime, steps) {
  const target = toNumber(delta);
  const rows = [];
  if (alpha !== null) rows.push({ answer: 'optimal', epsilon: lnNumber(alpha), delta: target });
  if (deltaPrime.num > 0n) {
    rows.push({ answer: 'advanced', epsilon: nearestNumber((bits) => advancedInterval(steps, deltaPrime, bits)), delta: target });
  }
  const floor = multiply(delta, CURVE_FLOOR);
  const spent = compare(basic.delta, floor) < 0 ? floor : compare(basic.delta, ONE) > 0 ? ONE : basic.delta;
  rows.push({ answer: 'basic', epsilon: lnNumber(basic.alpha), delta: toNumber(spent) });
  return rows;
}

/**
 * The record of one state (records.state_record).
 * @param {{mode: string, alpha0: Fraction, delta0: Fraction, k: number, steps: Fraction[][], delta: Fraction}} values
 * @returns {StateRecord}
 */
export function evaluate(values) {
  const mixed = values.mode === 'mixed';
  const { delta } = values;
  const steps = mixed
    ? values.steps.map(([alpha, stepDelta]) => ({ alpha, delta: stepDelta }))
    : Array.from({ length: values.k }, () => ({ alpha: values.alpha0, delta: values.delta0 }));
  const law = mixed ? mixedLaw(steps) : sameLaw(values.alpha0, values.delta0, values.k);
  // k equal steps: α₀^k and k·δ₀ at once, rather than k products
  const basic = mixed
    ? basicComposition(steps)
    : { alpha: power(values.alpha0, values.k), delta: multiply(fraction(BigInt(values.k)), values.delta0) };
  const alpha = smallestAlpha(law, delta);
  const deltaPrime = subtract(delta, basic.delta);
  const applies = deltaPrime.num > 0n;
  const bars = barRows(law);
  return {
    delta: fractionStr(delta),
    optimal: { alpha: alpha === null ? null : fractionStr(alpha), epsilon: alpha === null ? 'inf' : lnDecimal(alpha) },
    basic: {
      alpha: fractionStr(basic.alpha),
      epsilon: lnDecimal(basic.alpha),
      delta: fractionStr(basic.delta),
      applies: compare(basic.delta, delta) <= 0,
    },
    advanced: {
      delta_prime: fractionStr(deltaPrime),
      epsilon: applies ? decimalText((bits) => advancedInterval(steps, deltaPrime, bits)) : null,
      applies,
    },
    delta_at_basic: fractionStr(deltaAt(law, basic.alpha)),
    mode: values.mode,
    k: steps.length,
    support_size: law.size,
    infinite: fractionStr(subtract(ONE, law.noReveal)),
    curve: curveRows(law, delta),
    points: pointRows(delta, alpha, basic, deltaPrime, steps),
    bars,
    omitted_bars: law.size - bars.length,
  };
}

// ---------------------------------------------------------------------------------------
// The view (view.py)

const exact = (/** @type {string} */ value) => ({ attrs: { 'data-exact': value }, html: numberHtml(value) });

/** A sentence whose slots take markup (templates.fill_html): the sentence is escaped. */
const html = (/** @type {string} */ template, /** @type {Record<string, string>} */ values) => fillTemplate(escapeHtml(template), values);

/**
 * An answer with its α: "2.197 (α = 9)", or for a long α "4.072 (α ≈ 58.66)" (view._with_alpha).
 * @param {string} epsilon @param {string} alpha @param {Record<string, string>} texts
 */
function withAlpha(epsilon, alpha, texts) {
  const name = readable(exactOf(alpha)).long ? 'eps-with-long-alpha' : 'eps-with-alpha';
  return { attrs: { 'data-value': epsilon, 'data-alpha': alpha }, html: html(texts[name], { epsilon: escapeHtml(epsilon), alpha: numberHtml(alpha) }) };
}

/**
 * Every slot of one state (view.view).
 * @param {StateRecord} record evaluate's @param {Record<string, string>} texts the lab's sentences
 */
export function view(record, texts) {
  const { optimal, basic, advanced } = record;
  const count = record.support_size;
  const reading = (/** @type {string} */ value) => escapeHtml(readingText(value));
  return {
    'out:eps-optimal':
      optimal.alpha === null
        ? { attrs: { 'data-value': 'inf', 'data-alpha': null }, html: html(texts['eps-infinite'], { reveal: reading(record.infinite) }) }
        : withAlpha(optimal.epsilon, optimal.alpha, texts),
    'out:eps-basic': basic.applies
      ? withAlpha(basic.epsilon, basic.alpha, texts)
      : { attrs: { 'data-value': null, 'data-alpha': null }, html: html(texts['basic-over'], { sum: reading(basic.delta) }) },
    'out:eps-advanced': advanced.applies
      ? {
          attrs: { 'data-value': advanced.epsilon },
          html: html(texts['advanced-value'], { epsilon: escapeHtml(advanced.epsilon), delta_prime: reading(advanced.delta_prime) }),
        }
      : { attrs: { 'data-value': null }, html: html(texts['advanced-over'], {}) },
    'out:theorem-delta': exact(basic.delta),
    'out:delta-at-basic': exact(record.delta_at_basic),
    'out:loss-infinite': exact(record.infinite),
    'out:support-size': { attrs: { 'data-value': String(count) }, text: fillTemplate(texts.support, { count }) },
    'caption:profile': {
      text: fillTemplate(texts['caption-profile'], {
        points: record.curve.length,
        floor: readingText(fractionStr(multiply(exactOf(record.delta), CURVE_FLOOR))),
      }),
    },
    'caption:loss': {
      text: fillTemplate(texts['caption-loss'], {
        count,
        shown: record.bars.length,
        omitted: record.omitted_bars,
        infinite: readingText(record.infinite),
      }),
    },
  };
}

/** What the live region says after an update (view.announcement). @param {StateRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  const { optimal, basic, advanced } = record;
  return fillTemplate(texts.announcement, {
    optimal: optimal.alpha !== null ? optimal.epsilon : '∞',
    advanced: advanced.applies ? advanced.epsilon : '—',
    basic: basic.applies ? basic.epsilon : '—',
  });
}

// ---------------------------------------------------------------------------------------
// The live charts (charts.chart_rows)

/** The named data sets of both charts, from a state's record. @param {StateRecord} record */
export function charts(record) {
  return {
    spec: 'optimal',
    data: {
      profile: {
        curve: record.curve.map((row) => ({ ...row })),
        points: record.points.map((point) => ({
          series: SERIES[/** @type {'optimal' | 'advanced' | 'basic'} */ (point.answer)],
          epsilon: point.epsilon,
          delta: point.delta,
        })),
      },
      loss: { bars: record.bars.map((row) => ({ ...row })) },
    },
  };
}
