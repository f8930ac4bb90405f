/**
 * The post-processing lab in the browser: the twin of generator/lessons/postprocessing/
 * (records.py's `post_record`, view.py's `post_view`, lab.py's rules), over the generic
 * exact machinery:
 *
 *   exact/channels.mjs         k fresh responses released as their count;
 *   exact/post_processing.mjs  the image of a channel under F⁰ (x = 0) and F¹ (x = 1), and
 *                              whether a map is invertible on the support;
 *   exact/profile.mjs          δ*(α) with its maximal event, the pure ε, law records.
 *
 * The kit (kit/lab.mjs's `engineLab`) reads the fields, applies `rules` and `ignored`, and
 * writes `view`'s slots into the page; `evaluate` returns the record of records.post_record
 * (same keys, same strings), `charts` the live chart's rows. The golden vectors of the lab
 * hold every export to the Python (tests/js/engines.test.mjs). No float decides anything;
 * floats are chart coordinates only, each the nearest double to the exact value beside it.
 *
 * @module postprocessing/lab
 */

import { freshCounts } from '#lab/exact/channels.mjs';
import { isInvertibleOn, postProcessByInput } from '#lab/exact/post_processing.mjs';
import { channelOf, channelPureEpsilon, deltaStar, eventRecord, lawRecord, makeProfile, profilePoint, pureRecord } from '#lab/exact/profile.mjs';
import { add, compare, fraction, fractionStr, power, subtract, toNumber } from '#lab/exact/rational.mjs';
import { outputSetText } from '#lab/exact/readable.mjs';
import { exactOf, readingText } from '#lab/kit/markup.mjs';
import { exact, exactCell, pureEpsilon, text, verdict } from '#lab/kit/shown.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';
import { maxEvent } from './view.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('#lab/exact/profile.mjs').FiniteChannel} FiniteChannel */
/** @typedef {import('./types.mjs').PostRecord} PostRecord */
/** @typedef {import('./types.mjs').GridRow} GridRow */

const GRID_END = 20;

/** The fields a state may ignore (kit/lab.mjs disables them while it does). */
export const IGNORABLE = Object.freeze(['p', 'k', 'weights0', 'weights1', 'map1']);

/**
 * The rules across fields (lab.py's `post_rules`), on the values that read: weights1 as long
 * as weights0 ("mismatch"); F⁰, and F¹ when f reads x, one row per output ("rows"); F¹ as
 * wide as F⁰ ("shape").
 * @param {Record<string, any>} values @returns {Record<string, string>}
 */
export function rules(values) {
  /** @type {Record<string, string>} */
  const refusals = {};
  const { source, k, weights0, weights1 } = values;
  let outputs = null;
  if (source === 'fresh' && Number.isInteger(k)) outputs = k + 1;
  else if (source === 'rows' && weights0) {
    outputs = weights0.length;
    if (weights1 && weights1.length !== outputs) refusals.weights1 = 'mismatch';
  }
  const maps = Array.isArray(values.reads) && values.reads.length === 1 ? ['map', 'map1'] : ['map'];
  for (const name of maps) if (values[name] && outputs !== null && values[name].length !== outputs) refusals[name] = 'rows';
  if (maps.length === 2 && values.map && values.map1 && !refusals.map1 && values.map[0].length !== values.map1[0].length) {
    refusals.map1 = 'shape';
  }
  return refusals;
}

/**
 * The fields a state ignores (lab.py's `post_ignored`): the other source's, and F¹ while the
 * toggle is off (its text blank).
 * @param {Record<string, string | undefined>} texts @returns {string[]}
 */
export function ignored(texts) {
  const off = texts.source === 'rows' ? ['p', 'k'] : ['weights0', 'weights1'];
  if (/^ *$/.test(texts.reads || '')) off.push('map1');
  return off;
}

/** records.stochastic: each row divided by its sum. @param {Fraction[][]} rows @returns {Fraction[][]} */
function stochastic(rows) {
  return rows.map((row) => {
    const sum = row.reduce(add, fraction(0n));
    return row.map((entry) => fraction(entry.num * sum.den, entry.den * sum.num));
  });
}

/** course records.event: the maximal event's direction, its outputs' labels and their set's text. */
function eventOf(channel, event) {
  const found = eventRecord(channel, event);
  return { ...found, text: outputSetText(found.outputs) };
}

/** records.grid_end: min(20, ⌈largest e^ε⌉), 20 when one ε is ∞. */
function gridEnd(pures) {
  if (pures.some((pure) => pure.kind === 'infinite')) return GRID_END;
  let end = 1;
  for (const pure of pures) {
    const ratio = power(pure.ratio, pure.multiplier);
    const ceiling = ratio.num / ratio.den + (ratio.num % ratio.den === 0n ? 0n : 1n);
    end = Math.max(end, ceiling > BigInt(GRID_END) ? GRID_END : Number(ceiling));
  }
  return end;
}

/**
 * The record of one state (records.post_record).
 * @param {Record<string, any>} values the fields' values (kit/state's `readState`)
 * @returns {PostRecord}
 */
export function evaluate(values) {
  const reads = values.reads.length === 1;
  const channel =
    values.source === 'fresh'
      ? freshCounts(values.p, values.k)
      : channelOf(values.weights0.map((_, i) => String(i)), values.weights0, values.weights1);
  const map0 = stochastic(values.map);
  const map1 = reads ? stochastic(values.map1) : map0;
  const image = postProcessByInput(channel, map0, map1);
  const before = makeProfile(channel);
  const after = makeProfile(image);
  const pures = [channelPureEpsilon(channel), channelPureEpsilon(image)];
  const grid = Array.from({ length: gridEnd(pures) }, (_, i) => fraction(BigInt(i + 1)));
  const rows = grid.map((alpha) => {
    const old = deltaStar(before, alpha);
    const now = deltaStar(after, alpha);
    return {
      alpha: fractionStr(alpha),
      channel: fractionStr(old),
      image: fractionStr(now),
      difference: fractionStr(subtract(old, now)),
      holds: compare(now, old) <= 0,
    };
  });
  const probes = grid.some((alpha) => compare(alpha, values.alpha) === 0) ? grid : [...grid, values.alpha].sort(compare);
  let violation = null;
  for (const alpha of probes) {
    const needed = deltaStar(before, alpha);
    const found = profilePoint(after, alpha);
    if (compare(found.delta, needed) > 0) {
      violation = { alpha: fractionStr(alpha), channel: fractionStr(needed), image: fractionStr(found.delta), event: eventOf(image, found.event) };
      break;
    }
  }
  const point = profilePoint(after, values.alpha);
  const channelDelta = deltaStar(before, values.alpha);
  const strings = (/** @type {Fraction[][]} */ map) => map.map((row) => row.map(fractionStr));
  return {
    reads_x: reads,
    channel: lawRecord(channel),
    image: lawRecord(image),
    map0: strings(map0),
    map1: strings(map1),
    alpha: fractionStr(values.alpha),
    delta_image: fractionStr(point.delta),
    delta_channel: fractionStr(channelDelta),
    difference: fractionStr(subtract(channelDelta, point.delta)),
    passes: compare(point.delta, channelDelta) <= 0,
    max_event: eventOf(image, point.event),
    pure_channel: pureRecord(pures[0]),
    pure_image: pureRecord(pures[1]),
    invertible: !reads && isInvertibleOn(channel, map0),
    grid: rows,
    violation,
  };
}

// ---------------------------------------------------------------------------------------
// The view (view.py's post_view)

/** @param {PostRecord} record @param {Record<string, string>} texts */
function verdictText(record, texts) {
  return fillTemplate(texts[record.passes ? 'verdict-pass' : 'verdict-fail'], {
    alpha: record.alpha,
    image: readingText(record.delta_image),
    channel: readingText(record.delta_channel),
  });
}

/** @param {PostRecord} record @param {Record<string, string>} texts */
function violation(record, texts) {
  const found = record.violation;
  if (!found) return text(texts['violation-none'], { 'data-value': '' });
  const sentence = fillTemplate(texts.violation, {
    alpha: found.alpha,
    event: found.event.text,
    direction: found.event.direction,
    image: readingText(found.image),
    channel: readingText(found.channel),
  });
  return text(sentence, { 'data-value': found.alpha });
}

/** @param {GridRow} row @param {Record<string, string>} texts */
function gridRow(row, texts) {
  return {
    attrs: { 'data-alpha': row.alpha },
    cells: [
      text(row.alpha),
      exactCell(row.channel),
      exactCell(row.image),
      exactCell(row.difference),
      text(texts[row.holds ? 'holds' : 'breaks'], { 'data-holds': row.holds ? 'true' : 'false' }),
    ],
  };
}

/**
 * Every slot of one state (view.post_view).
 * @param {PostRecord} record evaluate's @param {Record<string, string>} texts the lab's sentences
 */
export function view(record, texts) {
  const sentence = verdictText(record, texts);
  return {
    'out:claim': verdict(record.passes, sentence),
    'out:violation': violation(record, texts),
    'out:delta-required': exact(record.delta_image),
    'out:delta-channel': exact(record.delta_channel),
    'out:max-event': maxEvent(record.max_event, texts),
    'out:eps-pure': pureEpsilon(record.pure_image, texts),
    'out:eps-pure-channel': pureEpsilon(record.pure_channel, texts),
    'out:invertible': text(texts[record.invertible ? 'invertible-yes' : 'invertible-no'], { 'data-value': record.invertible ? 'yes' : 'no' }),
    'caption:profiles': text(fillTemplate(texts.caption, { verdict: sentence })),
    'caption:grid': text(fillTemplate(texts['grid-caption'], { end: record.grid.length })),
    'rows:grid': { items: record.grid.map((row) => gridRow(row, texts)) },
  };
}

/** What the live region says after an update (view.post_announcement). @param {PostRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  return fillTemplate(texts.announcement, { verdict: verdictText(record, texts), violation: violation(record, texts).text });
}

// ---------------------------------------------------------------------------------------
// The live chart (charts.post_rows)

const coordinate = (/** @type {string} */ value) => toNumber(exactOf(value));

/** The rows of the profiles chart: per grid α, δ*_M and δ*_{f∘M}. @param {PostRecord} record */
export function charts(record) {
  const series = (/** @type {'channel' | 'image'} */ key) =>
    record.grid.map((row) => ({ alpha: coordinate(row.alpha), delta: coordinate(row[key]), exact: row[key] }));
  return { spec: 'profiles', data: { profiles: { channel: series('channel'), image: series('image') } } };
}
