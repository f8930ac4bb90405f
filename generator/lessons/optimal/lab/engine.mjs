/**
 * The optimal-composition lab's exact engine: generator/lessons/optimal/lab_state.py (over
 * generator/core/optimal_composition.py, advanced_composition.py and logarithm.py) mirrored
 * in BigInt. `readState` reads the six texts as `read_state` does, `evaluateState` returns
 * the record of `state_record` (same keys, same strings, the same chart floats), and the
 * golden vectors of generator/lessons/optimal/golden.py hold both to the Python
 * (tests/js/optimal_engine.test.mjs).
 *
 * The worst case of k steps is the product of Kairouz, Oh and Viswanath's M̃ᵢ: with
 * probability N = Π(1 − δᵢ) no step reveals x and the output is the steps' randomized
 * responses, otherwise L = +∞. So δ(α) = (1 − N) + N·δ_RR(α), where the responses' law is
 * a list of atoms i in ascending likelihood ratio rᵢ with integer weights Aᵢ (x = 0) and
 * Bᵢ (x = 1) over one denominator D, Aᵢ = rᵢ·Bᵢ, and
 *
 *   δ_RR(α) = Σ_{rᵢ > α} (Aᵢ − α·Bᵢ) / D,
 *
 * read off the suffix sums of A and B at the first atom above α (a binary search). The
 * smallest α with δ(α) <= δ: δ_RR(α) <= τ = 1 − (1 − δ)/N (no α when N < 1 − δ); δ_RR
 * falls as α grows, so the least atom c whose ratio meets τ bounds the answer's line, on
 * which the positive part is the tails from c: α = (A_{>=c} − τ·D)/B_{>=c}, at least 1.
 *
 * The law of each mode:
 * - same (k steps of α₀ = n/d): atom c = 0..k counts the truthful responses, with ratio
 *   α₀^(2c−k), A_c = C(k,c) n^c d^(k−c), B_c = C(k,c) d^c n^(k−c), D = (n + d)^k, made by
 *   one pass from c = k down: A_{c−1} = A_c·c·d / ((k − c + 1)·n), an exact division (and
 *   likewise B), so no binomial and no power is ever multiplied out twice;
 * - mixed: the product of the steps' responses built step by step, atoms of equal ratio
 *   merged (at most 2^12 of them).
 *
 * No float decides anything; floats appear only as chart coordinates, each the nearest
 * double to an exact value (as Python's float(Fraction)). The module has no side effect.
 *
 * @module optimal/engine
 */

import { addIntervals, decimalText, lnDecimal, lnInterval, multiplyIntervals, scaleInterval, sqrtInterval } from '#lab/exact/logarithm.mjs';
import { canonicalNumber as gridNumber, parseChoice, parseField, parseNumber, readList as readCounts } from '#lab/exact/numbers.mjs';
import { add, compare, fraction, fractionStr, multiply, power, subtract, toNumber } from '#lab/exact/rational.mjs';

export { parseField, parseNumber } from '#lab/exact/numbers.mjs';
export { fraction, fractionStr, toNumber } from '#lab/exact/rational.mjs';
export { readable } from '#lab/exact/readable.mjs';
export { lnDecimal } from '#lab/exact/logarithm.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */

export const MODES = Object.freeze(['same', 'mixed']);
/** The lab's parameters, in the address's order (lab_state.PARAMS). */
export const PARAMS = Object.freeze(['mode', 'alpha0', 'delta0', 'k', 'steps', 'delta']);
export const FIELDS = Object.freeze(['alpha0', 'delta0', 'k', 'steps', 'delta']);
const CURVE_POINTS = 80;
const CURVE_FLOOR = { num: 1n, den: 1000n };
const BAR_MASS = { num: 1n, den: 1000000n };
const CHART_PLACES = 4;
const ONE = { num: 1n, den: 1n };

/**
 * A number as the address and the fields keep it (lab_state.number_text): its shortest
 * decimal ("1.1", never the grid's "1.100"), or its reduced fraction ("1/3").
 * @param {Fraction} value
 */
export function canonicalNumber(value) {
  return gridNumber(value, null);
}

const STEP = /^ *([^ :,]+) *: *([^ :,]+) *$/;

/**
 * A typed list of steps "3:0, 2:0.01" (lab_state.read_steps): the canonical text of each
 * step ("3:0", "2:0.01"), or why it was refused; the checks run in the same order.
 * @param {unknown} text @param {any} limit the steps' limit (input_limits.StepListLimit)
 * @returns {{ok: true, value: string[]} | {ok: false, reason: string}}
 */
export function readSteps(text, limit) {
  if (text === undefined || text === null) text = '';
  if (typeof text !== 'string') return { ok: false, reason: 'syntax' };
  if (/^ *$/.test(text)) return { ok: false, reason: 'empty' };
  if ([...text].length > limit.max_chars) return { ok: false, reason: 'too-long' };
  const matches = text.split(',').map((part) => STEP.exec(part));
  if (matches.some((match) => match === null)) return { ok: false, reason: 'syntax' };
  if (matches.length < limit.min_items || matches.length > limit.max_items) return { ok: false, reason: 'count' };
  const value = [];
  for (const match of /** @type {RegExpExecArray[]} */ (matches)) {
    const alpha = parseField(match[1], limit.alpha);
    if (!alpha.ok) return alpha;
    const delta = parseField(match[2], limit.delta);
    if (!delta.ok) return delta;
    value.push(canonicalNumber(alpha.value) + ':' + canonicalNumber(delta.value));
  }
  return { ok: true, value };
}

/**
 * The kit's reader of list fields (kit/fields): the steps' list (a limit with `pairs`), or
 * a list of counts.
 * @param {unknown} text @param {any} limit
 */
export function readList(text, limit) {
  return limit.pairs ? readSteps(text, limit) : readCounts(text, limit);
}

/** The mode's radio group: "same" or "mixed". @param {unknown} text */
export function parseMode(text) {
  return parseChoice(text, MODES);
}

/** A canonical step text "3:0.01" as its exact (α, δ). @param {string} text */
function stepOf(text) {
  const [alpha, delta] = text.split(':').map((part) => /** @type {Fraction} */ (parseNumber(part)));
  return { alpha, delta };
}

/**
 * The state of the six texts, or each refused field's reason (read_state).
 * @param {Record<string, string | undefined>} texts @param {Record<string, any>} limits
 */
export function readState(texts, limits) {
  /** @type {Record<string, string>} */
  const reasons = {};
  /** @type {Record<string, any>} */
  const values = {};
  const mode = parseMode(texts.mode);
  if (mode.ok) values.mode = mode.value;
  else reasons.mode = mode.reason;
  for (const name of FIELDS) {
    const read = name === 'steps' ? readSteps(texts[name], limits[name]) : parseField(texts[name], limits[name]);
    if (read.ok) values[name] = read.value;
    else reasons[name] = read.reason;
  }
  if (Object.keys(reasons).length) return { ok: false, reasons };
  return { ok: true, value: values };
}

// ---------------------------------------------------------------------------------------
// The responses' law, in ascending ratio

/**
 * @typedef {{
 *   size: number,
 *   ratio: (i: number) => Fraction,
 *   weight0: bigint[], weight1: bigint[], denominator: bigint,
 *   tails0: bigint[], tails1: bigint[],
 *   lowest: number,
 *   noReveal: Fraction,
 * }} Law  tails0[i] = Σ_{j >= i} weight0[j]; lowest = the first atom whose ratio is above 1
 */

/** @param {bigint[]} weights @returns {bigint[]} suffix sums, one longer */
function suffixSums(weights) {
  const sums = new Array(weights.length + 1);
  sums[weights.length] = 0n;
  for (let i = weights.length - 1; i >= 0; i -= 1) sums[i] = sums[i + 1] + weights[i];
  return sums;
}

/** Π(1 − δᵢ) of steps. @param {{delta: Fraction}[]} steps */
function noRevealOf(steps) {
  return steps.reduce((product, step) => multiply(product, subtract(ONE, step.delta)), ONE);
}

/**
 * k responses of α₀ = n/d: the atoms c = 0..k (or one atom when α₀ = 1).
 * @param {Fraction} alpha0 @param {Fraction} delta0 @param {number} k @returns {Law}
 */
export function sameLaw(alpha0, delta0, k) {
  const noReveal = power(subtract(ONE, delta0), k);
  if (alpha0.num === alpha0.den) {
    return { size: 1, ratio: () => ONE, weight0: [1n], weight1: [1n], denominator: 1n, tails0: [1n, 0n], tails1: [1n, 0n], lowest: 1, noReveal };
  }
  const n = alpha0.num;
  const d = alpha0.den;
  const K = BigInt(k);
  const weight0 = new Array(k + 1);
  const weight1 = new Array(k + 1);
  weight0[k] = n ** K;
  weight1[k] = d ** K;
  for (let c = k; c > 0; c -= 1) {
    const C = BigInt(c);
    const down = (K - C + 1n);
    weight0[c - 1] = (weight0[c] * C * d) / (down * n);
    weight1[c - 1] = (weight1[c] * C * n) / (down * d);
  }
  // ratio(c) = α₀^(2c − k) = n^j / d^j: powers made on demand, once each.
  /** @type {Map<number, Fraction>} */
  const ratios = new Map();
  const ratio = (/** @type {number} */ c) => {
    let known = ratios.get(c);
    if (!known) {
      const j = BigInt(2 * c - k);
      known = j >= 0n ? { num: n ** j, den: d ** j } : { num: d ** -j, den: n ** -j };
      ratios.set(c, known);
    }
    return known;
  };
  return {
    size: k + 1,
    ratio,
    weight0,
    weight1,
    denominator: (n + d) ** K,
    tails0: suffixSums(weight0),
    tails1: suffixSums(weight1),
    lowest: Math.floor(k / 2) + 1,
    noReveal,
  };
}

/**
 * The product of the steps' responses, atoms of equal ratio merged (optimal_composition's
 * HeterogeneousComposition.responses).
 * @param {{alpha: Fraction, delta: Fraction}[]} steps @returns {Law}
 */
export function mixedLaw(steps) {
  /** @type {Map<string, {ratio: Fraction, a: bigint, b: bigint}>} */
  let law = new Map([['1', { ratio: ONE, a: 1n, b: 1n }]]);
  let denominator = 1n;
  for (const { alpha } of steps) {
    const n = alpha.num;
    const d = alpha.den;
    /** @type {Map<string, {ratio: Fraction, a: bigint, b: bigint}>} */
    const merged = new Map();
    const put = (/** @type {Fraction} */ ratio, /** @type {bigint} */ a, /** @type {bigint} */ b) => {
      const key = fractionStr(ratio);
      const old = merged.get(key);
      if (old) {
        old.a += a;
        old.b += b;
      } else merged.set(key, { ratio, a, b });
    };
    for (const atom of law.values()) {
      put(multiply(atom.ratio, alpha), atom.a * n, atom.b * d);
      put(multiply(atom.ratio, { num: d, den: n }), atom.a * d, atom.b * n);
    }
    law = merged;
    denominator *= n + d;
  }
  const atoms = [...law.values()].sort((x, y) => compare(x.ratio, y.ratio));
  const weight0 = atoms.map((atom) => atom.a);
  const weight1 = atoms.map((atom) => atom.b);
  const lowest = atoms.findIndex((atom) => atom.ratio.num > atom.ratio.den);
  return {
    size: atoms.length,
    ratio: (i) => atoms[i].ratio,
    weight0,
    weight1,
    denominator,
    tails0: suffixSums(weight0),
    tails1: suffixSums(weight1),
    lowest: lowest < 0 ? atoms.length : lowest,
    noReveal: noRevealOf(steps),
  };
}

/** The first atom whose ratio is above α >= 1 (law.size when none is). @param {Law} law @param {Fraction} alpha */
function firstAbove(law, alpha) {
  let low = law.lowest;
  let high = law.size;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(law.ratio(middle), alpha) > 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * δ(α) = 1 − N + N·δ_RR(α) with the atoms from `from` on above α, unreduced
 * (for a comparison or a chart coordinate).
 * @param {Law} law @param {Fraction} alpha @param {number} from
 */
function deltaFrom(law, alpha, from) {
  const excess = law.tails0[from] * alpha.den - law.tails1[from] * alpha.num; // δ_RR = excess / (D·α.den)
  const { num, den } = law.noReveal;
  const scale = law.denominator * alpha.den;
  return { num: (den - num) * scale + num * excess, den: den * scale };
}

/**
 * δ(α) exactly, reduced (the core's OptimalComposition.delta). Above the largest ratio
 * nothing is in excess: δ = 1 − N, reduced already.
 * @param {Law} law @param {Fraction} alpha
 */
export function deltaAt(law, alpha) {
  const from = firstAbove(law, alpha);
  if (from === law.size) return subtract(ONE, law.noReveal);
  const value = deltaFrom(law, alpha, from);
  return fraction(value.num, value.den);
}

/** @param {{num: bigint, den: bigint}} a @param {Fraction} b: is a < b (a unreduced)? */
const below = (a, b) => a.num * b.den < b.num * a.den;

/**
 * The smallest α >= 1 with δ(α) <= δ, or null when none is (ε = ∞).
 * @param {Law} law @param {Fraction} delta in (0, 1)
 */
export function smallestAlpha(law, delta) {
  const N = law.noReveal;
  // N < 1 − δ: even α → ∞ leaves the reveal mass 1 − N above δ.
  if (N.num === 0n || compare(N, subtract(ONE, delta)) < 0) return null;
  const tau = subtract(ONE, multiply(subtract(ONE, delta), { num: N.den, den: N.num }));
  if (law.lowest >= law.size) return ONE;
  const D = law.denominator;
  // does δ_RR at the ratio of atom c (the atoms above c) meet τ?
  const meets = (/** @type {number} */ c) => {
    const r = law.ratio(c);
    const excess = law.tails0[c + 1] * r.den - law.tails1[c + 1] * r.num;
    return tau.den * excess <= tau.num * D * r.den;
  };
  let low = law.lowest;
  let high = law.size - 1; // the last atom always meets: nothing is above it
  while (low < high) {
    const middle = (low + high) >> 1;
    if (meets(middle)) high = middle;
    else low = middle + 1;
  }
  const top = law.tails0[low] * tau.den - tau.num * D;
  const bottom = tau.den * law.tails1[low];
  return top <= bottom ? ONE : fraction(top, bottom);
}

// ---------------------------------------------------------------------------------------
// The advanced theorem (advanced_composition.advanced_interval)

/**
 * ε′ = √(2 ln(1/δ′) Σ εᵢ²) + Σ εᵢ(αᵢ − 1), εᵢ = ln αᵢ, correctly rounded to `places`
 * decimals, by the core's interval arithmetic (equal αᵢ share one logarithm).
 * @param {{alpha: Fraction}[]} steps @param {Fraction} deltaPrime in (0, 1) @param {number} [places]
 */
export function advancedEpsilon(steps, deltaPrime, places = 3) {
  /** @type {Map<string, {alpha: Fraction, count: bigint}>} */
  const counts = new Map();
  for (const { alpha } of steps) {
    const key = fractionStr(alpha);
    const known = counts.get(key);
    if (known) known.count += 1n;
    else counts.set(key, { alpha, count: 1n });
  }
  return decimalText((bits) => {
    const zero = { lo: 0n, hi: 0n, bits };
    let squares = zero;
    let drift = zero;
    for (const { alpha, count } of counts.values()) {
      const log = lnInterval(alpha, bits);
      squares = addIntervals(squares, scaleInterval(multiplyIntervals(log, log), { num: count, den: 1n }));
      drift = addIntervals(drift, scaleInterval(log, multiply({ num: count, den: 1n }, subtract(alpha, ONE))));
    }
    const inverse = lnInterval({ num: deltaPrime.den, den: deltaPrime.num }, bits);
    return addIntervals(sqrtInterval(scaleInterval(multiplyIntervals(inverse, squares), { num: 2n, den: 1n })), drift);
  }, places);
}

// ---------------------------------------------------------------------------------------
// The record (lab_state.state_record)

/** ln(ratio) as a chart coordinate: CHART_PLACES decimals, then the nearest double. */
const logCoordinate = (/** @type {Fraction} */ ratio) => Number(lnDecimal(ratio, CHART_PLACES));

/**
 * The profile's kinks as chart points (lab_state.curve_rows): α = 1 and every ratio above
 * 1, up to the first whose δ is below the floor δ·CURVE_FLOOR, at most CURVE_POINTS of them.
 * @param {Law} law @param {Fraction} delta
 */
function curveRows(law, delta) {
  const floor = multiply(delta, CURVE_FLOOR);
  // kink 0 is α = 1 (the atoms from `lowest` are above it); kink i > 0 is atom lowest + i − 1
  const kinks = law.size - law.lowest + 1;
  const at = (/** @type {number} */ i) =>
    i === 0 ? deltaFrom(law, ONE, law.lowest) : deltaFrom(law, law.ratio(law.lowest + i - 1), law.lowest + i);
  const ratioOf = (/** @type {number} */ i) => (i === 0 ? ONE : law.ratio(law.lowest + i - 1));
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
    return { epsilon: logCoordinate(ratioOf(i)), delta: below(value, floor) ? toNumber(floor) : toNumber(value) };
  });
}

/**
 * The law of L as bars of mass at least BAR_MASS, and how many are left out
 * (lab_state.bar_rows). Mass N·Aᵢ/D >= m ⇔ Aᵢ >= ⌈D·m / N⌉, one division for all.
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
        loss: logCoordinate(law.ratio(i)),
        probability: toNumber({ num: N.num * law.weight0[i], den: N.den * law.denominator }),
      });
    }
  }
  return { rows, omitted: law.size - rows.length };
}

/**
 * What the lab shows of one state (lab_state.state_record).
 * @param {{mode: string, alpha0: Fraction, delta0: Fraction, k: number, steps: string[], delta: Fraction}} state
 */
export function evaluateState(state) {
  const mixed = state.mode === 'mixed';
  const steps = mixed ? state.steps.map(stepOf) : null;
  const law = mixed ? mixedLaw(/** @type {any} */ (steps)) : sameLaw(state.alpha0, state.delta0, state.k);
  const k = mixed ? /** @type {any[]} */ (steps).length : state.k;
  const basicAlpha = mixed
    ? /** @type {any[]} */ (steps).reduce((product, step) => multiply(product, step.alpha), ONE)
    : power(state.alpha0, state.k);
  const basicDelta = mixed
    ? /** @type {any[]} */ (steps).reduce((sum, step) => add(sum, step.delta), fraction(0n))
    : fraction(BigInt(state.k) * state.delta0.num, state.delta0.den);
  const alpha = smallestAlpha(law, state.delta);
  const deltaPrime = subtract(state.delta, basicDelta);
  const hasPrime = deltaPrime.num > 0n;
  const advancedSteps = mixed ? /** @type {any[]} */ (steps) : [{ alpha: state.alpha0 }];
  const bars = barRows(law);
  const advanced = hasPrime
    ? mixed
      ? advancedEpsilon(advancedSteps, deltaPrime)
      : advancedEpsilon(Array.from({ length: state.k }, () => advancedSteps[0]), deltaPrime)
    : null;
  return {
    mode: state.mode,
    k,
    delta: fractionStr(state.delta),
    optimal: { alpha: alpha === null ? null : fractionStr(alpha), epsilon: alpha === null ? 'inf' : lnDecimal(alpha) },
    basic: {
      alpha: fractionStr(basicAlpha),
      epsilon: lnDecimal(basicAlpha),
      delta: fractionStr(basicDelta),
      applies: compare(basicDelta, state.delta) <= 0,
    },
    advanced: { delta_prime: fractionStr(deltaPrime), epsilon: advanced, applies: hasPrime },
    delta_at_basic: fractionStr(deltaAt(law, basicAlpha)),
    support_size: law.size,
    infinite: fractionStr(subtract(ONE, law.noReveal)),
    curve: curveRows(law, state.delta),
    bars: bars.rows,
    omitted_bars: bars.omitted,
  };
}

// ---------------------------------------------------------------------------------------
// The charts' data sets (charts.py)

export const SERIES = Object.freeze(['최적 합성', '고급 합성 정리', '기본 합성 정리']);

/** "3/8", "2" as its exact value (the record's reduced strings). @param {string} text */
function exactOf(text) {
  const [num, den = '1'] = text.split('/');
  return { num: BigInt(num), den: BigInt(den) };
}

/**
 * The named data sets of both charts (charts.chart_rows), from a state's record: the curve,
 * the answers as points (optimal and advanced at the target δ, basic at Σ δᵢ clamped into
 * [δ·CURVE_FLOOR, 1]), the bars of L.
 * @param {ReturnType<typeof evaluateState>} record
 */
export function chartRows(record) {
  const target = exactOf(record.delta);
  const points = [];
  if (record.optimal.alpha !== null) {
    points.push({ series: SERIES[0], epsilon: Number(record.optimal.epsilon), delta: toNumber(target) });
  }
  if (record.advanced.applies) {
    points.push({ series: SERIES[1], epsilon: Number(record.advanced.epsilon), delta: toNumber(target) });
  }
  const floor = multiply(target, CURVE_FLOOR);
  const spent = exactOf(record.basic.delta);
  const clamped = compare(spent, floor) < 0 ? floor : compare(spent, ONE) > 0 ? ONE : spent;
  points.push({ series: SERIES[2], epsilon: Number(record.basic.epsilon), delta: toNumber(clamped) });
  return { profile: { curve: record.curve.slice(), points }, loss: { bars: record.bars.slice() } };
}

/** The floor of the curve's log axis, δ·CURVE_FLOOR, as its reduced string. @param {string} delta */
export function curveFloor(delta) {
  return fractionStr(multiply(exactOf(delta), CURVE_FLOOR));
}
