/**
 * The composition lab in the browser: the twin of generator/lessons/composition/ (records.py,
 * view.py, charts.py's rows and lab.py's `ignored`), over the generic exact machinery:
 *
 *   exact/channels.mjs     the releases fresh, copy and xor, and their pure ε;
 *   exact/composition.mjs  the composition panel: δ₀, q, the theorem's bound, the exact δ;
 *   exact/profile.mjs      δ*(α) with its maximal event, the claim, and their records.
 *
 * The kit (kit/lab.mjs's `engineLab`) reads the fields, disables those `ignored` names (of
 * `IGNORABLE`), and writes `view`'s slots into the page; `evaluate` returns the record of
 * records.state_record (same keys, same strings), `charts` the live charts' rows and the
 * mode's spec. The golden vectors of the lab hold every export to the Python
 * (tests/js/engines.test.mjs). No float decides anything;
 * floats are chart coordinates only, each the nearest double to the exact value beside it.
 *
 * @module composition/lab
 */

import { buildChannel, releasePureEpsilon } from '#lab/exact/channels.mjs';
import { compose } from '#lab/exact/composition.mjs';
import { logTerm } from '#lab/exact/logarithm.mjs';
import { checkClaim, claimRecord, deltaStar, INTEGER_GRID, lawRecord, makeProfile, pureRecord } from '#lab/exact/profile.mjs';
import { fraction, fractionStr, toNumber } from '#lab/exact/rational.mjs';
import { outputSetText } from '#lab/exact/readable.mjs';
import { exactOf, numberHtml, readingText } from '#lab/kit/markup.mjs';
import { exact, exactCell, text, verdict } from '#lab/kit/shown.mjs';
import { escapeHtml, fillTemplate } from '#lab/kit/text.mjs';

/** @typedef {import('#lab/exact/rational.mjs').Fraction} Fraction */
/** @typedef {import('./types.mjs').StateRecord} StateRecord */
/** @typedef {import('./types.mjs').Log} Log */
/** @typedef {import('#lab/kit/shown.mjs').Shown} Shown */

const X_LABELS = ['x = 0', 'x = 1'];
/** The composition panel's slots that only a composed release fills, with their attributes. */
const COMPOSED = {
  delta0: ['data-exact'],
  queries: ['data-exact'],
  'theorem-eps': ['data-value', 'data-alpha'],
  'theorem-delta': ['data-exact'],
  'composed-delta-exact': ['data-exact'],
};

/** The fields a state may ignore, which the kit disables while it does (lab.py's IGNORED_BY_XOR). */
export const IGNORABLE = Object.freeze(['k', 'p']);

/**
 * xor releases R and x XOR R whatever k and p are: neither is read (lab.py's `ignored`).
 * @param {Record<string, string | undefined>} texts @returns {readonly string[]}
 */
export function ignored(texts) {
  return texts.mode === 'xor' ? IGNORABLE : [];
}

/** @param {Fraction | null} value */
const optional = (value) => (value === null ? null : fractionStr(value));

/**
 * The record of one state (records.state_record).
 * @param {{mode: 'fresh' | 'copy' | 'xor', k: number, p: number, alpha: Fraction, delta: Fraction, alpha0: Fraction}} values
 * @returns {StateRecord}
 */
export function evaluate(values) {
  const channel = buildChannel(values.mode, values.p, values.k);
  const profile = makeProfile(channel);
  const panel = compose(profile, values.alpha0);
  const claim = claimRecord(channel, checkClaim(profile, values.alpha, values.delta));
  return {
    channel: {
      ...lawRecord(channel),
      mode: channel.mode,
      p: channel.p,
      k: channel.k,
      truth_probability: fractionStr(fraction(BigInt(channel.p), 100n)),
    },
    claim: { ...claim, event: { ...claim.event, text: outputSetText(claim.event.outputs) } },
    pure_epsilon: pureRecord(releasePureEpsilon(channel)),
    composition: {
      alpha0: fractionStr(panel.alpha0),
      delta0: optional(panel.delta0),
      queries: panel.queries,
      composed_alpha: optional(panel.composedAlpha),
      theorem_delta: optional(panel.theoremDelta),
      exact_delta: optional(panel.exactDelta),
    },
    grid: {
      alphas: INTEGER_GRID.map(fractionStr),
      deltas: INTEGER_GRID.map((alpha) => fractionStr(deltaStar(profile, alpha))),
    },
    epsilon: {
      claim: logTerm(1, values.alpha),
      step: logTerm(1, values.alpha0),
      theorem: panel.queries === null ? null : logTerm(panel.queries, values.alpha0),
    },
  };
}

// ---------------------------------------------------------------------------------------
// The view (view.py)


/** view.channel_text: the mode, k and p, or the mode alone for xor. @param {StateRecord} record @param {Record<string, string>} texts */
function channelText(record, texts) {
  const { mode, k, p } = record.channel;
  const name = texts['mode-' + mode];
  return mode === 'xor' ? name : fillTemplate(texts.channel, { mode: name, k, p });
}

/** view.epsilon_html: "2·ln(3) ≈ 2.197", "0", or the sentence for ∞. @param {Log} value @param {Record<string, string>} texts */
function epsilonHtml(value, texts) {
  if (value.exact === '0') return '0';
  if (value.exact === '∞') return escapeHtml(texts['eps-infinite']);
  return escapeHtml(value.exact) + ' <span class="cl-decimal">≈ ' + escapeHtml(value.decimal) + '</span>';
}

/** A sentence whose {slots} take markup (templates.fill_html): the sentence escaped, not the values. */
const fillHtml = (/** @type {string} */ template, /** @type {Record<string, unknown>} */ values) => fillTemplate(escapeHtml(template), values);

/** @param {StateRecord['claim']} claim @param {Record<string, string>} texts */
function verdictText(claim, texts) {
  return fillTemplate(texts[claim.passes ? 'verdict-pass' : 'verdict-fail'], {
    required: readingText(claim.required),
    delta: readingText(claim.delta),
  });
}

/**
 * view._composed: the panel's slots past α₀ ("—" and no attributes in xor).
 * @param {StateRecord} record @param {Record<string, string>} texts @returns {Record<string, Shown>}
 */
function composed(record, texts) {
  const panel = record.composition;
  /** @type {Record<string, Shown>} */
  const shown = {};
  if (panel.queries === null) {
    for (const name of Object.keys(COMPOSED)) {
      shown['out:' + name] = { attrs: Object.fromEntries(COMPOSED[name].map((attr) => [attr, null])), text: texts.none };
    }
    return shown;
  }
  const queries = String(panel.queries);
  const alpha = numberHtml(panel.composed_alpha);
  const theorem = record.epsilon.theorem;
  shown['out:delta0'] = exact(panel.delta0);
  shown['out:queries'] = { attrs: { 'data-exact': queries }, text: queries };
  shown['out:theorem-eps'] = {
    attrs: { 'data-value': theorem.decimal, 'data-alpha': panel.composed_alpha },
    html: fillHtml(texts['theorem-eps'], { epsilon: epsilonHtml(theorem, texts), alpha }),
  };
  shown['out:theorem-delta'] = {
    attrs: { 'data-exact': panel.theorem_delta },
    html: fillHtml(texts['theorem-delta'], { queries, delta0: escapeHtml(panel.delta0), delta: numberHtml(panel.theorem_delta) }),
  };
  shown['out:composed-delta-exact'] = {
    attrs: { 'data-exact': panel.exact_delta },
    html: fillHtml(texts['composed-delta-exact'], { delta: numberHtml(panel.exact_delta), alpha }),
  };
  return shown;
}

/**
 * view._tables: the probability table and the profile table (the claim's α, then the grid).
 * @param {StateRecord} record @param {Record<string, string>} texts @returns {Record<string, Shown>}
 */
function tables(record, texts) {
  const { channel, claim, grid } = record;
  const event = claim.event.outputs;
  return {
    'rows:distribution': {
      items: channel.labels.map((label, i) => ({
        attrs: { 'data-output': label },
        cells: [
          text(label),
          exactCell(channel.distribution0[i]),
          exactCell(channel.distribution1[i]),
          text(texts[event.indexOf(label) >= 0 ? 'in-event' : 'not-in-event']),
        ],
      })),
    },
    'rows:profile': {
      items: [
        {
          attrs: { class: 'cl-selected', 'data-alpha': claim.alpha },
          cells: [text(fillTemplate(texts['selected-alpha'], { alpha: claim.alpha })), exactCell(claim.required)],
        },
        ...grid.alphas.map((alpha, i) => ({ attrs: { 'data-alpha': alpha }, cells: [text(alpha), exactCell(grid.deltas[i])] })),
      ],
    },
  };
}

/**
 * Every slot of one state (view.view).
 * @param {StateRecord} record evaluate's @param {Record<string, string>} texts the lab's sentences
 * @returns {Record<string, Shown>}
 */
export function view(record, texts) {
  const { claim, pure_epsilon: pure, composition: panel, epsilon } = record;
  const event = claim.event;
  const channel = channelText(record, texts);
  const xor = panel.queries === null;
  return {
    'out:claim': verdict(claim.passes, verdictText(claim, texts)),
    'out:delta-required': exact(claim.required),
    'out:max-event': {
      attrs: { 'data-direction': event.direction, 'data-outputs': event.outputs.join(' ') },
      text: fillTemplate(texts['max-event'], { direction: event.direction, event: event.text }),
    },
    'out:eps-pure': { attrs: { 'data-value': pure.decimal }, html: epsilonHtml(pure, texts) },
    'out:alpha0': {
      attrs: { 'data-exact': panel.alpha0 },
      html: fillHtml(texts.alpha0, { alpha0: numberHtml(panel.alpha0), epsilon: epsilonHtml(epsilon.step, texts) }),
    },
    ...composed(record, texts),
    'note:composition': text(texts[xor ? 'note-xor' : 'note-composed']),
    'note:eps-alpha': { html: fillHtml(texts['eps-alpha'], { epsilon: epsilonHtml(epsilon.claim, texts) }) },
    'note:eps-alpha0': { html: fillHtml(texts['eps-alpha0'], { epsilon: epsilonHtml(epsilon.step, texts) }) },
    'note:xor-reason': { hidden: !xor },
    'note:xor': { hidden: !xor },
    'caption:distribution': text(
      event.outputs.length
        ? fillTemplate(texts['distribution-caption'], { channel, event: event.text, direction: event.direction })
        : fillTemplate(texts['distribution-caption-empty'], { channel }),
    ),
    'caption:profile': text(
      fillTemplate(texts['profile-caption'], {
        channel,
        delta: readingText(claim.delta),
        alpha: claim.alpha,
        required: readingText(claim.required),
      }),
    ),
    ...tables(record, texts),
  };
}

/** What the live region says after an update (view.announcement). @param {StateRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  const { claim } = record;
  return fillTemplate(texts.announcement, {
    verdict: verdictText(claim, texts),
    direction: claim.event.direction,
    event: claim.event.text,
    epsilon: record.pure_epsilon.exact,
  });
}

// ---------------------------------------------------------------------------------------
// The live charts (charts.chart_rows)

const coordinate = (/** @type {string} */ value) => toNumber(exactOf(value));

/** The rows of both charts, and the spec of the record's mode. @param {StateRecord} record */
export function charts(record) {
  const { channel, claim, grid } = record;
  const event = claim.event.outputs;
  const distribution = [];
  channel.labels.forEach((label, order) => {
    [channel.distribution0, channel.distribution1].forEach((exacts, x) => {
      const value = exacts[order];
      distribution.push({
        output: label,
        order,
        x: X_LABELS[x],
        probability: coordinate(value),
        exact: value,
        reading: readingText(value),
        in_event: event.indexOf(label) >= 0,
      });
    });
  });
  const profile = grid.alphas.map((alpha, i) => ({
    alpha: coordinate(alpha),
    alpha_exact: alpha,
    delta: coordinate(grid.deltas[i]),
    delta_exact: grid.deltas[i],
    delta_reading: readingText(grid.deltas[i]),
  }));
  const claimRow = {
    alpha: coordinate(claim.alpha),
    alpha_exact: claim.alpha,
    delta: coordinate(claim.delta),
    delta_exact: claim.delta,
    required: coordinate(claim.required),
    required_exact: claim.required,
    required_reading: readingText(claim.required),
  };
  return { spec: channel.mode, data: { distribution: { distribution }, profile: { profile, claim: [claimRow] } } };
}
