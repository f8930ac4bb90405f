/**
 * The composition lab: its definition for the lab kit (kit/lab.mjs), over the engine
 * (engine.mjs, `evaluateLab`).
 *
 * The server renders the whole lab with its default state (generator/lessons/composition/
 * lab_page.py, templates composition_lab.html and results.html); this module patches
 * values and attributes into the same elements, with the markup those templates write:
 *
 * - every `[data-out]` of the result list and the composition panel (`delta-required`,
 *   `max-event`, `eps-pure`, `alpha0`, `delta0`, `queries`, `theorem-eps`, `theorem-delta`,
 *   `composed-delta-exact`): its markup and its data-* attributes (OUT_DATA; a slot that
 *   xor leaves empty loses them), and the verdict `claim` (data-value pass/fail);
 * - the composition note, the ε lines of α and α₀, and the captions of both charts;
 * - the profile table `[data-lab-rows="profile"]`: the selected α's row, then one row per
 *   α of the integer grid, the same for every state (only their δ cells change);
 * - the probability table `[data-lab-rows="distribution"]`, whose rows follow the
 *   channel's outputs: laid out again, cell by cell as results.html writes them, when mode,
 *   p or k change; otherwise only its "in the maximal event" column is rewritten (at
 *   k = 100 laying out its 300 cells costs more than everything else in an update);
 * - the charts' data sets (kit/charts; the specs are per mode).
 *
 * Every sentence, term and caption is one of the page's (the root's data-text-*,
 * result_html.TEXTS, filled by kit/text's labText and labHtml); no Korean is typed here.
 * `present` computes every string of a state and may throw; `show` only assigns them. No
 * number reaches the page except through the engine's exact strings and decimals.
 *
 * @module composition
 */

import { cellHtml as exactCellHtml, numberHtml as exactHtml, readingText } from '#lab/kit/markup.mjs';
import { escapeHtml, labHtml, labText } from '#lab/kit/text.mjs';

export const FIELDS = Object.freeze(['k', 'p', 'alpha', 'delta', 'alpha0']);
export const PARAMS = Object.freeze(['mode', ...FIELDS]);
/** The charts' x values (generator/lessons/composition/charts.py X_LABELS). */
const X_LABELS = ['x = 0', 'x = 1'];

/** Each [data-out] of the lists (results.html), with the data-* attributes it may carry. */
export const OUT_DATA = Object.freeze({
  'delta-required': ['exact'],
  'max-event': ['direction', 'outputs'],
  'eps-pure': ['value'],
  alpha0: ['exact'],
  delta0: ['exact'],
  queries: ['exact'],
  'theorem-eps': ['value', 'alpha'],
  'theorem-delta': ['exact'],
  'composed-delta-exact': ['exact'],
});
const OUTS = Object.keys(OUT_DATA);
/** The composition panel's slots that only a composed channel fills (result_html.COMPOSED). */
const COMPOSED = ['delta0', 'queries', 'theorem-eps', 'theorem-delta', 'composed-delta-exact'];

/** Every element `show` writes, by name (kit/lab finds them once, at mount). */
export const SLOTS = Object.freeze({
  claim: '[data-out="claim"]',
  ...Object.fromEntries(OUTS.map((name) => [name, '[data-out="' + name + '"]'])),
  note: '[data-lab-composition-note]',
  epsAlpha: '[data-lab-eps="alpha"]',
  epsAlpha0: '[data-lab-eps="alpha0"]',
  captionDistribution: '[data-lab-caption="distribution"]',
  captionProfile: '[data-lab-caption="profile"]',
  rowsDistribution: '[data-lab-rows="distribution"]',
  rowsProfile: '[data-lab-rows="profile"]',
  xorReason: '[data-lab-xor-reason]',
  xor: '[data-lab-xor]',
  error: '[data-lab-error]',
  notice: '[data-lab-notice]',
  live: '[data-lab-live]',
});

/**
 * The renderers of one lab: its sentences come from its root (data-text-*), its decimals
 * from the engine handed in (the page's published `window.CompositionLabEngine`), so a
 * test can wrap its formatters.
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function renderers(root, engine) {
  const say = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ values) => labText(root, name, values);
  const sayHtml = (/** @type {string} */ name, /** @type {Record<string, string>} */ values) => labHtml(root, name, values);

  /**
   * "3/8 = 0.375", "1/3 ≈ 0.333", "0", or a long value's reading (kit/markup, the server's
   * number_html), with the engine's readable, which a test may wrap.
   */
  function numberHtml(exact) {
    return exactHtml(exact, (value) => engine.readable(value));
  }

  /** A table cell's markup (the `cell` filter), with the engine's readable. */
  function cellHtml(exact) {
    return exactCellHtml(exact, (value) => engine.readable(value));
  }

  /** The templates' `reading` filter: an exact value as plain text for a sentence. */
  function reading(exact) {
    return readingText(exact, (value) => engine.readable(value));
  }

  /** result_html.epsilon_html: "2·ln(3) ≈ 2.197", "0", or the sentence for ∞. */
  function epsilonHtml(term) {
    if (term.exact === '0') return '0';
    if (term.exact === '∞') return escapeHtml(say('eps-infinite'));
    return escapeHtml(term.exact) + ' <span class="cl-decimal">≈ ' + escapeHtml(term.decimal) + '</span>';
  }

  const out = (html, data = {}) => ({ html, data });
  const value = (exact) => out(numberHtml(exact), { exact });
  const tableValue = (exact) => out(cellHtml(exact), { exact });

  function channelText(record) {
    const channel = record.channel;
    const name = say('mode-' + channel.mode);
    return channel.mode === 'xor' ? name : say('channel', { mode: name, k: channel.k, p: channel.p });
  }

  function verdictText(claim) {
    return say(claim.passes ? 'verdict-pass' : 'verdict-fail', {
      required: reading(claim.required),
      delta: reading(claim.delta),
    });
  }

  /** result_html.result_outs: each slot's markup and its data-* attributes. */
  function outs(record) {
    const claim = record.claim;
    const event = claim.event;
    const pure = record.pure_epsilon;
    const panel = record.composition;
    const epsilon = record.epsilon;
    const shown = {
      'delta-required': value(claim.required),
      'max-event': out(escapeHtml(say('max-event', { direction: event.direction, event: engine.outputSetText(event.outputs) })), {
        direction: event.direction,
        outputs: event.outputs.join(' '),
      }),
      'eps-pure': out(epsilonHtml(pure), { value: pure.decimal }),
      alpha0: out(sayHtml('alpha0', { alpha0: numberHtml(panel.alpha0), epsilon: epsilonHtml(epsilon.step) }), {
        exact: panel.alpha0,
      }),
    };
    if (panel.queries === null) {
      const none = out(escapeHtml(say('none')));
      for (const name of COMPOSED) shown[name] = none;
      return shown;
    }
    const queries = String(panel.queries);
    const composed = numberHtml(panel.composed_alpha);
    shown.delta0 = value(panel.delta0);
    shown.queries = out(queries, { exact: queries });
    shown['theorem-eps'] = out(sayHtml('theorem-eps', { epsilon: epsilonHtml(epsilon.theorem), alpha: composed }), {
      value: epsilon.theorem.decimal,
      alpha: panel.composed_alpha,
    });
    shown['theorem-delta'] = out(
      sayHtml('theorem-delta', {
        queries,
        delta0: escapeHtml(panel.delta0),
        delta: numberHtml(panel.theorem_delta),
      }),
      { exact: panel.theorem_delta },
    );
    shown['composed-delta-exact'] = out(
      sayHtml('composed-delta-exact', { delta: numberHtml(panel.exact_delta), alpha: composed }),
      { exact: panel.exact_delta },
    );
    return shown;
  }

  const inEventText = (record) => {
    const event = record.claim.event.outputs;
    return record.channel.labels.map((label) => say(event.indexOf(label) >= 0 ? 'in-event' : 'not-in-event'));
  };

  function cell(exact) {
    return '<td data-exact="' + escapeHtml(exact) + '">' + cellHtml(exact) + '</td>';
  }

  /** The probability table's body as results.html writes it: one row a line. */
  function probabilityRows(record) {
    const channel = record.channel;
    const inEvent = inEventText(record);
    const rows = channel.labels.map(
      (label, i) =>
        '<tr data-output="' + escapeHtml(label) + '"><th scope="row">' + escapeHtml(label) + '</th>' +
        cell(channel.distribution0[i]) + cell(channel.distribution1[i]) + '<td>' + escapeHtml(inEvent[i]) + '</td></tr>',
    );
    return '\n' + rows.join('\n') + '\n';
  }

  /** The charts' data sets, the fields of generator/lessons/composition/charts.py. */
  function chartRows(result) {
    const channel = result.channel;
    const event = result.claim.event.outputs;
    const chart = result.chart;
    const distribution = [];
    channel.labels.forEach((label, order) => {
      [channel.distribution0, channel.distribution1].forEach((exacts, x) => {
        distribution.push({
          output: label,
          order,
          x: X_LABELS[x],
          probability: (x === 0 ? chart.distribution0 : chart.distribution1)[order],
          exact: exacts[order],
          reading: reading(exacts[order]),
          in_event: event.indexOf(label) >= 0,
        });
      });
    });
    const profile = result.grid.alphas.map((alpha, i) => ({
      alpha: i + 1,
      alpha_exact: alpha,
      delta: chart.grid[i],
      delta_exact: result.grid.deltas[i],
      delta_reading: reading(result.grid.deltas[i]),
    }));
    const claim = [
      {
        alpha: chart.alpha,
        alpha_exact: result.claim.alpha,
        delta: chart.claim_delta,
        delta_exact: result.claim.delta,
        required: chart.required,
        required_exact: result.claim.required,
        required_reading: reading(result.claim.required),
      },
    ];
    return {
      spec: channel.mode,
      data: { distribution: { distribution }, profile: { profile, claim } },
    };
  }

  /**
   * Every string of one state, computed before anything is written (may throw).
   * @param {any} result engine.evaluateLab's
   * @param {{tableKey?: string}} memory which channel's tables are laid out
   */
  function present(result, memory) {
    const channel = result.channel;
    const claim = result.claim;
    const event = claim.event;
    const key = channel.mode + ' ' + channel.p + ' ' + channel.k;
    const fresh = key !== memory.tableKey;
    const verdict = verdictText(claim);
    const channelName = channelText(result);
    const eventShown = engine.outputSetText(event.outputs);
    return {
      result,
      claim: { value: claim.passes ? 'pass' : 'fail', text: verdict },
      outs: outs(result),
      note: say(result.composition.queries === null ? 'note-xor' : 'note-composed'),
      epsAlpha: sayHtml('eps-alpha', { epsilon: epsilonHtml(result.epsilon.claim) }),
      epsAlpha0: sayHtml('eps-alpha0', { epsilon: epsilonHtml(result.epsilon.step) }),
      captions: {
        distribution: event.outputs.length
          ? say('distribution-caption', { channel: channelName, event: eventShown, direction: event.direction })
          : say('distribution-caption-empty', { channel: channelName }),
        profile: say('profile-caption', {
          channel: channelName,
          delta: reading(claim.delta),
          alpha: claim.alpha,
          required: reading(claim.required),
        }),
      },
      tableKey: key,
      distributionRows: fresh ? probabilityRows(result) : null,
      inEvent: inEventText(result),
      selected: { alpha: claim.alpha, text: say('selected-alpha', { alpha: claim.alpha }), ...tableValue(claim.required) },
      grid: fresh ? result.grid.deltas.map(tableValue) : null,
      charts: chartRows(result),
      announcement: say('announcement', {
        verdict,
        direction: event.direction,
        event: eventShown,
        epsilon: result.pure_epsilon.exact,
      }),
    };
  }

  return { numberHtml, present, chartRows, probabilityRows };
}

/** A number cell (results.html's `cell`): its exact value and its markup. */
function showCell(cell, shown) {
  cell.setAttribute('data-exact', shown.data.exact);
  cell.innerHTML = shown.html;
}

/**
 * Writes a presented state: assignments of strings computed already, and nothing else.
 * @param {any} view @param {Record<string, any>} slots @param {{tableKey?: string}} memory
 */
export function show(view, slots, memory) {
  slots.claim.setAttribute('data-value', view.claim.value);
  slots.claim.textContent = view.claim.text;
  for (const name of OUTS) {
    const slot = slots[name];
    const shown = view.outs[name];
    for (const key of OUT_DATA[name]) {
      if (Object.prototype.hasOwnProperty.call(shown.data, key)) slot.setAttribute('data-' + key, shown.data[key]);
      else slot.removeAttribute('data-' + key);
    }
    slot.innerHTML = shown.html;
  }
  slots.note.textContent = view.note;
  slots.epsAlpha.innerHTML = view.epsAlpha;
  slots.epsAlpha0.innerHTML = view.epsAlpha0;
  slots.captionDistribution.textContent = view.captions.distribution;
  slots.captionProfile.textContent = view.captions.profile;
  const distribution = slots.rowsDistribution;
  if (view.distributionRows !== null) {
    distribution.innerHTML = view.distributionRows;
  } else {
    Array.prototype.forEach.call(distribution.rows, (row, i) => {
      const last = row.cells[row.cells.length - 1];
      if (last.textContent !== view.inEvent[i]) last.textContent = view.inEvent[i];
    });
  }
  const profile = slots.rowsProfile.rows;
  const selected = profile[0];
  selected.setAttribute('data-alpha', view.selected.alpha);
  selected.cells[0].textContent = view.selected.text;
  showCell(selected.cells[1], view.selected);
  if (view.grid !== null) view.grid.forEach((shown, i) => showCell(profile[i + 1].cells[1], shown));
  memory.tableKey = view.tableKey;
}

/**
 * The composition lab's definition for kit/lab.mjs, on its root, over one engine.
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function compositionLab(root, engine) {
  const render = renderers(root, engine);
  return {
    label: 'composition lab',
    numbers: engine,
    params: PARAMS,
    fields: FIELDS,
    choice: 'mode',
    readChoice: (text) => engine.parseMode(text),
    // XOR ignores k and p: their fields are disabled and never refused.
    ignorable: ['k', 'p'],
    ignored: (texts) => (texts.mode === 'xor' ? ['k', 'p'] : []),
    onTexts(lab, texts) {
      const xor = texts.mode === 'xor';
      lab.querySelector('[data-lab-xor-reason]').hidden = !xor;
      lab.querySelector('[data-lab-xor]').hidden = !xor;
    },
    slots: SLOTS,
    charts: ['distribution', 'profile'],
    title: '#cl-lab-title',
    evaluate: (values) => engine.evaluateLab(values),
    present: render.present,
    show,
  };
}
