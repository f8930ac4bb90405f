/**
 * The exact engine of the post-processing lesson's two labs: generator/lessons/postprocessing/
 * lab_state.py (its readers and records) and charts.py (the charts' data sets) mirrored in
 * BigInt, over the generic exact machinery and the core's post-processing and group
 * privacy (generator/core/post_processing.py, group_privacy.py):
 *
 *   exact/numbers.mjs    numbers and lists read against their limits;
 *   exact/profile.mjs    channels, δ*(α) with its maximal event, pure ε, law records;
 *   exact/logarithm.mjs  ln to 3 decimals by interval arithmetic (the ε decimals).
 *
 * A map f is a row-stochastic matrix typed "1,0;0,1" (`readMap`): a row of plain integers is
 * weights divided by their sum, any other row exact fractions summing to 1. The image of a
 * channel (a_z, b_z over D) under F⁰ (x = 0) and F¹ (x = 1) has weights Σ_z a_z F⁰[z][y]·L and
 * Σ_z b_z F¹[z][y]·L over D·L, L the lcm of every entry's denominator, reduced by their gcd
 * (`postProcessByInput`); a map of the output alone is F⁰ = F¹.
 *
 * Rules kept: no float decides anything; exact values leave as reduced fraction strings;
 * floats appear only as chart coordinates, each the nearest double to its exact string.
 * The golden vectors of generator/lessons/postprocessing/golden.py hold every reader and
 * record to the Python (tests/js/postprocessing_engine.test.mjs).
 *
 * The module has no side effect; it runs in browsers and in node.
 *
 * @module postprocessing/engine
 */

import { lnDecimal } from '#lab/exact/logarithm.mjs';
import { canonicalNumber, parseChoice, parseField, parseNumber, readList as readCounts } from '#lab/exact/numbers.mjs';
import { channelOf, channelPureEpsilon, deltaStar, lawRecord, makeProfile, orderByRatio, profilePoint } from '#lab/exact/profile.mjs';
import { add, compare, fraction, fractionStr, gcd, multiply, power, subtract, toNumber } from '#lab/exact/rational.mjs';
import { outputSetText } from '#lab/exact/readable.mjs';

// What the kit's fields ask of `numbers` (kit/fields' Numbers), and the formatters.
export { canonicalNumber, parseField, parseNumber } from '#lab/exact/numbers.mjs';
export { decimalStr, fraction, fractionStr, toNumber } from '#lab/exact/rational.mjs';
export { readable } from '#lab/exact/readable.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('#lab/exact/profile.mjs').FiniteChannel} FiniteChannel */

export const SOURCES = Object.freeze(['fresh', 'rows']);
export const POST_PARAMS = Object.freeze(['source', 'p', 'k', 'weights0', 'weights1', 'map', 'reads', 'map1', 'alpha']);
export const POST_FIELDS = Object.freeze(POST_PARAMS.filter((name) => name !== 'source'));
export const GROUP_PARAMS = Object.freeze(['p', 'g', 'alpha1']);
export const GRID_END = 20;
export const CURVE_STEPS = 10;

const ONE = fraction(1n);
const DIGITS = /^[0-9]+$/;
const ENTRY = /^ *([^ ,;]+) *$/;

/** @param {Fraction} a @param {Fraction} b @returns {Fraction} a / b (b ≠ 0) */
function divide(a, b) {
  return fraction(a.num * b.den, a.den * b.num);
}

// ---------------------------------------------------------------------------------------
// Reading (lab_state.read_map, read_post_state, read_group_state)

/**
 * The canonical rows of a typed matrix, or why it was refused (lab_state.read_map): the
 * checks run in the same order (empty, length, grammar, rows and columns, shape, then each
 * row: a weight's grid and range, its sum).
 * @param {unknown} text @param {any} limit the matrix's limit (input_limits.MatrixLimit)
 * @returns {{ok: true, value: string[]} | {ok: false, reason: string}}
 */
export function readMap(text, limit) {
  if (text === undefined || text === null) text = '';
  if (typeof text !== 'string') return { ok: false, reason: 'syntax' };
  if (/^ *$/.test(text)) return { ok: false, reason: 'empty' };
  if ([...text].length > limit.max_chars) return { ok: false, reason: 'too-long' };
  /** @type {string[][]} */
  const rows = [];
  for (const row of text.split(';')) {
    const entries = [];
    for (const part of row.split(',')) {
      const match = ENTRY.exec(part);
      if (!match) return { ok: false, reason: 'syntax' };
      entries.push(match[1]);
    }
    rows.push(entries);
  }
  const values = rows.map((row) => row.map(parseNumber));
  if (values.some((row) => row.some((value) => value === null))) return { ok: false, reason: 'syntax' };
  if (rows.length > limit.max_rows || rows.some((row) => row.length > limit.max_columns)) {
    return { ok: false, reason: 'count' };
  }
  if (new Set(rows.map((row) => row.length)).size !== 1) return { ok: false, reason: 'shape' };
  const canonical = [];
  for (let i = 0; i < rows.length; i++) {
    const row = /** @type {Fraction[]} */ (values[i]);
    const sum = row.reduce(add, fraction(0n));
    if (rows[i].every((entry) => DIGITS.test(entry))) {
      for (const entry of rows[i]) {
        const read = parseField(entry, limit.weight);
        if (!read.ok) return read;
      }
      if (sum.num === 0n) return { ok: false, reason: 'zero-sum' };
    } else if (compare(sum, ONE) !== 0) {
      return { ok: false, reason: 'row-sum' };
    }
    canonical.push(row.map((value) => canonicalNumber(value, null)).join(','));
  }
  return { ok: true, value: canonical };
}

/**
 * The kit's reader of list fields (kit/fields): a matrix (a limit with `matrix`), or a list
 * of counts.
 * @param {unknown} text @param {any} limit
 */
export function readList(text, limit) {
  return limit.matrix ? readMap(text, limit) : readCounts(text, limit);
}

/** The channel's source, a radio group: "fresh" or "rows". @param {unknown} text */
export function parseSource(text) {
  return parseChoice(text, SOURCES);
}

/** @param {string[]} rows canonical rows @returns {Fraction[][]} each row divided by its sum */
export function mapOf(rows) {
  return rows.map((row) => {
    const values = row.split(',').map((entry) => /** @type {Fraction} */ (parseNumber(entry)));
    const sum = values.reduce(add, fraction(0n));
    return values.map((value) => divide(value, sum));
  });
}

/**
 * The rules of the whole post-processing state (lab_state.post_refusals), on the values
 * that read (a refused field is absent).
 * @param {Record<string, any>} values @returns {Record<string, string>}
 */
export function postRefusals(values) {
  /** @type {Record<string, string>} */
  const refusals = {};
  let outputs = null;
  if (values.source === 'fresh' && values.k !== undefined) outputs = values.k + 1;
  else if (values.source === 'rows' && values.weights0) {
    outputs = values.weights0.length;
    if (values.weights1 && values.weights1.length !== outputs) refusals.weights1 = 'mismatch';
  }
  const reads = Array.isArray(values.reads) && values.reads.length === 1;
  const maps = reads ? ['map', 'map1'] : ['map'];
  for (const name of maps) {
    if (values[name] && outputs !== null && values[name].length !== outputs) refusals[name] = 'rows';
  }
  if (reads && values.map && values.map1 && !refusals.map1) {
    const width = (/** @type {string[]} */ rows) => rows[0].split(',').length;
    if (width(values.map) !== width(values.map1)) refusals.map1 = 'shape';
  }
  return refusals;
}

/**
 * The post-processing state of its nine texts, or each refused field's reason
 * (lab_state.read_post_state).
 * @param {Record<string, string | undefined>} texts @param {Record<string, any>} limits
 */
export function readPostState(texts, limits) {
  /** @type {Record<string, string>} */
  const reasons = {};
  /** @type {Record<string, any>} */
  const values = {};
  for (const name of POST_FIELDS) {
    const limit = limits[name];
    const text = texts[name] === undefined ? '' : texts[name];
    const read = limit.kind === 'list' ? readList(text, limit) : parseField(text, limit);
    if (read.ok) values[name] = read.value;
    else reasons[name] = read.reason;
  }
  const source = parseSource(texts.source);
  if (source.ok) values.source = source.value;
  else reasons.source = source.reason;
  for (const [name, reason] of Object.entries(postRefusals(values))) if (!(name in reasons)) reasons[name] = reason;
  if (Object.keys(reasons).length) return { ok: false, reasons };
  return { ok: true, value: values };
}

/**
 * α₁ may not exceed p/(1 − p) ("above-ratio", lab_state.read_group_state).
 * @param {Record<string, any>} values @returns {Record<string, string>}
 */
export function groupRefusals(values) {
  const { p, alpha1 } = values;
  if (!p || !alpha1) return {};
  return compare(alpha1, divide(p, subtract(ONE, p))) > 0 ? { alpha1: 'above-ratio' } : {};
}

/**
 * The group state of its three texts, or each refused field's reason.
 * @param {Record<string, string | undefined>} texts @param {Record<string, any>} limits
 */
export function readGroupState(texts, limits) {
  /** @type {Record<string, string>} */
  const reasons = {};
  /** @type {Record<string, any>} */
  const values = {};
  for (const name of GROUP_PARAMS) {
    const read = parseField(texts[name] === undefined ? '' : texts[name], limits[name]);
    if (read.ok) values[name] = read.value;
    else reasons[name] = read.reason;
  }
  for (const [name, reason] of Object.entries(groupRefusals(values))) if (!(name in reasons)) reasons[name] = reason;
  if (Object.keys(reasons).length) return { ok: false, reasons };
  return { ok: true, value: values };
}

// ---------------------------------------------------------------------------------------
// Channels and maps (generator/core/channels.py fresh_counts, post_processing.py)

/**
 * k fresh responses, each true with probability `truth` = u/s in [1/2, 1], released as their
 * count: w_t = C(k, t) v^t u^(k−t) over s^k, v = s − u; under x = 1 the row reversed.
 * @param {Fraction} truth @param {number} k @returns {FiniteChannel}
 */
export function freshCounts(truth, k) {
  const u = truth.num;
  const v = truth.den - truth.num;
  const weights0 = Array.from({ length: k + 1 }, () => 0n);
  if (u === 0n) weights0[k] = v ** BigInt(k);
  else {
    weights0[0] = u ** BigInt(k);
    for (let t = 0; t < k; t++) weights0[t + 1] = (weights0[t] * BigInt(k - t) * v) / (BigInt(t + 1) * u);
  }
  const weights1 = weights0.slice().reverse();
  return {
    labels: weights0.map((_, t) => String(t)),
    weights0,
    weights1,
    denominator: truth.den ** BigInt(k),
    ratioOrder: orderByRatio(weights0, weights1),
  };
}

/**
 * The release of F⁰ applied to the output under x = 0 and F¹ under x = 1
 * (post_processing.post_process_by_input); outputs are labelled "0", "1", ….
 * @param {FiniteChannel} channel @param {Fraction[][]} map0 @param {Fraction[][]} map1
 * @returns {FiniteChannel}
 */
export function postProcessByInput(channel, map0, map1) {
  const width = map0[0].length;
  let scale = 1n;
  for (const rows of [map0, map1]) {
    for (const row of rows) for (const entry of row) scale = (scale / gcd(scale, entry.den)) * entry.den;
  }
  const apply = (/** @type {bigint[]} */ weights, /** @type {Fraction[][]} */ rows) =>
    Array.from({ length: width }, (_, y) =>
      weights.reduce((sum, w, z) => sum + w * ((rows[z][y].num * scale) / rows[z][y].den), 0n),
    );
  const raw0 = apply(channel.weights0, map0);
  const raw1 = apply(channel.weights1, map1);
  let common = channel.denominator * scale;
  for (const w of [...raw0, ...raw1]) common = gcd(common, w);
  const weights0 = raw0.map((w) => w / common);
  const weights1 = raw1.map((w) => w / common);
  return {
    labels: weights0.map((_, y) => String(y)),
    weights0,
    weights1,
    denominator: (channel.denominator * scale) / common,
    ratioOrder: orderByRatio(weights0, weights1),
  };
}

/**
 * Whether F is deterministic and one-to-one on the outputs either law can produce
 * (post_processing.is_invertible_on).
 * @param {FiniteChannel} channel @param {Fraction[][]} rows
 */
export function isInvertibleOn(channel, rows) {
  const images = [];
  for (const z of channel.ratioOrder) {
    const row = rows[z];
    const ones = row.filter((entry) => entry.num === entry.den).length;
    const zeros = row.filter((entry) => entry.num === 0n).length;
    if (ones !== 1 || zeros !== row.length - 1) return false;
    images.push(row.findIndex((entry) => entry.num === entry.den));
  }
  return new Set(images).size === images.length;
}

// ---------------------------------------------------------------------------------------
// Records (lab_state.post_record, group_record)

/**
 * A pure ε (lab_state.pure_view): kind, exact text, ln of e^ε to 3 decimals, e^ε exactly.
 * @param {{kind: string, multiplier: number, ratio: Fraction}} pure
 */
export function pureView(pure) {
  if (pure.kind === 'infinite') return { kind: pure.kind, exact: '∞', decimal: 'inf', max_ratio: null };
  if (pure.kind === 'zero') return { kind: pure.kind, exact: '0', decimal: '0', max_ratio: '1' };
  const log = `ln(${fractionStr(pure.ratio)})`;
  const ratio = power(pure.ratio, pure.multiplier);
  return {
    kind: pure.kind,
    exact: pure.multiplier === 1 ? log : `${pure.multiplier}·${log}`,
    decimal: lnDecimal(ratio),
    max_ratio: fractionStr(ratio),
  };
}

/** @param {FiniteChannel} channel @param {ReturnType<typeof profilePoint>} point */
function eventOf(channel, point) {
  const labels = point.event.outputs.map((i) => channel.labels[i]);
  return { direction: point.event.direction, outputs: labels, text: outputSetText(labels) };
}

/** @param {{kind: string, multiplier: number, ratio: Fraction}[]} pures */
function gridEnd(pures) {
  if (pures.some((pure) => pure.kind === 'infinite')) return GRID_END;
  let end = 1;
  for (const pure of pures) {
    if (pure.kind === 'zero') continue;
    const ratio = power(pure.ratio, pure.multiplier);
    const ceiling = ratio.num / ratio.den + (ratio.num % ratio.den === 0n ? 0n : 1n);
    end = Math.max(end, ceiling > BigInt(GRID_END) ? GRID_END : Number(ceiling));
  }
  return end;
}

/** The channel of a post-processing state. @param {Record<string, any>} state */
export function channelOfState(state) {
  if (state.source === 'fresh') return freshCounts(state.p, state.k);
  return channelOf(
    state.weights0.map((_, i) => String(i)),
    state.weights0,
    state.weights1,
  );
}

/**
 * Everything the post-processing lab shows of one state (lab_state.post_record).
 * @param {Record<string, any>} state readPostState's value
 */
export function postRecord(state) {
  const reads = state.reads.length === 1;
  const channel = channelOfState(state);
  const map0 = mapOf(state.map);
  const map1 = reads ? mapOf(state.map1) : map0;
  const image = postProcessByInput(channel, map0, map1);
  const before = makeProfile(channel);
  const after = makeProfile(image);
  const pures = [channelPureEpsilon(channel), channelPureEpsilon(image)];
  const grid = Array.from({ length: gridEnd(pures) }, (_, i) => fraction(BigInt(i + 1)));
  const rows = grid.map((alpha) => {
    const m = deltaStar(before, alpha);
    const f = deltaStar(after, alpha);
    return {
      alpha: fractionStr(alpha),
      channel: fractionStr(m),
      image: fractionStr(f),
      difference: fractionStr(subtract(m, f)),
      holds: compare(f, m) <= 0,
    };
  });
  const probes = grid.some((alpha) => compare(alpha, state.alpha) === 0) ? grid.slice() : [...grid, state.alpha];
  probes.sort(compare);
  let violation = null;
  for (const alpha of probes) {
    const m = deltaStar(before, alpha);
    const point = profilePoint(after, alpha);
    if (compare(point.delta, m) > 0) {
      violation = {
        alpha: fractionStr(alpha),
        channel: fractionStr(m),
        image: fractionStr(point.delta),
        event: eventOf(image, point),
      };
      break;
    }
  }
  const point = profilePoint(after, state.alpha);
  const channelDelta = deltaStar(before, state.alpha);
  const strings = (/** @type {Fraction[][]} */ rows_) => rows_.map((row) => row.map(fractionStr));
  return {
    reads_x: reads,
    channel: lawRecord(channel),
    image: lawRecord(image),
    map0: strings(map0),
    map1: strings(map1),
    alpha: fractionStr(state.alpha),
    delta_image: fractionStr(point.delta),
    delta_channel: fractionStr(channelDelta),
    difference: fractionStr(subtract(channelDelta, point.delta)),
    passes: compare(point.delta, channelDelta) <= 0,
    max_event: eventOf(image, point),
    pure_channel: pureView(pures[0]),
    pure_image: pureView(pures[1]),
    invertible: !reads && isInvertibleOn(channel, map0),
    grid: rows,
    violation,
  };
}

/** min(1, x) @param {Fraction} x */
const capped = (x) => (compare(x, ONE) > 0 ? ONE : x);

/**
 * One person's δ₁ at α₁, the group's exact δ* at α₁^g, and the chain bounds
 * (group_privacy.approximate_chain, geometric_chain).
 */
function curvePoint(single, group, alpha1, g) {
  const delta1 = deltaStar(single, alpha1);
  const alpha = power(alpha1, g);
  let sum = fraction(0n);
  for (let i = 0; i < g; i++) sum = add(sum, power(alpha1, i));
  return {
    alpha1: fractionStr(alpha1),
    alpha: fractionStr(alpha),
    single: fractionStr(delta1),
    exact: fractionStr(deltaStar(group, alpha)),
    textbook: fractionStr(capped(multiply(fraction(BigInt(g)), multiply(power(alpha1, g - 1), delta1)))),
    sum: fractionStr(capped(multiply(delta1, sum))),
  };
}

/**
 * Everything the group lab shows of one state (lab_state.group_record).
 * @param {{p: Fraction, g: number, alpha1: Fraction}} state
 */
export function groupRecord(state) {
  const { p, g, alpha1 } = state;
  const groupChannel = freshCounts(p, g);
  const single = makeProfile(freshCounts(p, 1));
  const group = makeProfile(groupChannel);
  const ratio = divide(p, subtract(ONE, p));
  const pure = { kind: 'finite', multiplier: g, ratio };
  const own = channelPureEpsilon(groupChannel);
  if (compare(power(own.ratio, own.multiplier), power(ratio, g)) !== 0) {
    throw new Error("the group's pure ε is not g·ln(p/(1 − p))");
  }
  const chosen = curvePoint(single, group, alpha1, g);
  const step = subtract(ratio, ONE);
  const curve = Array.from({ length: CURVE_STEPS + 1 }, (_, i) =>
    curvePoint(single, group, add(ONE, multiply(step, fraction(BigInt(i), BigInt(CURVE_STEPS)))), g),
  );
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
    max_event: eventOf(groupChannel, profilePoint(group, power(alpha1, g))),
    pure: pureView(pure),
    pure_single: pureView({ kind: 'finite', multiplier: 1, ratio }),
    curve,
  };
}

// ---------------------------------------------------------------------------------------
// The charts' data sets (charts.py)

/** A chart coordinate from an exact fraction string: the nearest double (charts.coordinate). */
export function coordinate(exact) {
  const parts = exact.split('/');
  return toNumber({ num: BigInt(parts[0]), den: BigInt(parts.length > 1 ? parts[1] : '1') });
}

/**
 * The profiles chart's data set (charts.post_rows): one row per grid α and series.
 * @param {ReturnType<typeof postRecord>} record @param {string[]} names the series' names
 */
export function postRows(record, names) {
  const rows = [];
  for (const row of record.grid) {
    rows.push({ alpha: coordinate(row.alpha), delta: coordinate(row.channel), series: names[0], exact: row.channel });
    rows.push({ alpha: coordinate(row.alpha), delta: coordinate(row.image), series: names[1], exact: row.image });
  }
  return { profiles: rows };
}

/**
 * The group chart's data sets (charts.group_rows): the curve (exact δ* and both chain bounds
 * against α₁) and the chosen point.
 * @param {ReturnType<typeof groupRecord>} record @param {string[]} names the series' names
 */
export function groupRows(record, names) {
  const keys = ['exact', 'sum', 'textbook'];
  const curve = [];
  for (const point of record.curve) {
    keys.forEach((key, i) =>
      curve.push({ alpha1: coordinate(point.alpha1), delta: coordinate(point[key]), series: names[i], exact: point[key] }),
    );
  }
  const chosen = [
    { alpha1: coordinate(record.alpha1), delta: coordinate(record.delta_required), series: names[0], exact: record.delta_required },
  ];
  return { curve, chosen };
}
