/**
 * The composition lab: its parameters, and the mapping from the engine's result (engine.mjs,
 * `evaluateLab`) to the strings of every output slot, with the same markup and Korean texts
 * that the server writes (generator/lessons/composition/result_html.py, cards.py, figures.py, lab_page.py).
 * Everything else a lab does is the kit's (kit/lab.mjs).
 *
 * `present` computes every string of a state and may throw; `show` only assigns them. No
 * number reaches the page except through the engine's exact strings and decimals. The
 * probability and profile tables depend on the channel alone, except for the "in the
 * maximal event" column and the selected-α row; while mode, p and k stay, only those cells
 * are rewritten (at k = 100 laying out 300 fresh cells costs more than everything else in
 * an update).
 *
 * @module composition
 */

import { exactOf, numberHtml as exactHtml } from '#lab/kit/markup.mjs';
import { escapeHtml } from '#lab/kit/text.mjs';

export { exactOf };

export const FIELDS = Object.freeze(['k', 'p', 'alpha', 'delta', 'alpha0']);
export const PARAMS = Object.freeze(['mode', ...FIELDS]);
const MODE_NAMES = { fresh: '새 응답', copy: '복사', xor: 'XOR' };
const X_LABELS = ['x = 0', 'x = 1'];
const NONE = '—';
const TERMS = {
  'delta-required': '주장한 α에서 필요한 δ',
  'max-event': '최대 사건',
  'eps-pure': '최소 순수 ε',
  alpha0: '단계별 α₀',
  delta0: '단계별 δ₀',
  queries: '조건부 질의 수 q',
  'theorem-eps': '정리의 ε = q·ε₀',
  'theorem-delta': '정리의 δ = min(1, q·δ₀)',
  'composed-delta-exact': '합산 ε에서 정확한 δ',
};

/** Every element `show` writes, by name (kit/lab finds them once, at mount). */
export const SLOTS = Object.freeze({
  claim: '[data-out="claim"]',
  results: '[data-lab-results]',
  composition: '[data-lab-composition]',
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

function channelText(record) {
  const channel = record.channel;
  const name = MODE_NAMES[channel.mode];
  if (channel.mode === 'xor') return name;
  return name + ' · k = ' + channel.k + ' · p = ' + channel.p + '%';
}

function eventText(outputs) {
  return outputs.length ? '{' + outputs.join(', ') + '}' : '∅';
}

/** result_html.verdict_text */
export function verdictText(claim) {
  return claim.passes
    ? '주장 통과: 필요한 δ ' + claim.required + ' ≤ 주장한 δ ' + claim.delta
    : '주장 실패: δ ≥ ' + claim.required + ' 필요';
}

/** cards.epsilon_html */
function epsilonHtml(exact, decimal) {
  if (exact === '0') return '0';
  if (exact === '∞') return '∞ (유한한 순수 ε가 없음)';
  return escapeHtml(exact) + ' <span class="cl-decimal">≈ ' + escapeHtml(decimal) + '</span>';
}

function lnHtml(term) {
  return epsilonHtml(term.exact, term.decimal);
}

/**
 * The renderers of one engine. The engine is handed in (the page's published
 * `window.CompositionLabEngine`), so a test can wrap its formatters.
 * @param {any} engine
 */
export function renderers(engine) {
  /**
   * "3/8 = 0.375", "1/3 ≈ 0.333", or "0" (kit/markup, the server's number_html), with the
   * engine's decimalForm, which a test may wrap.
   */
  function numberHtml(exact) {
    return exactHtml(exact, (value) => engine.decimalForm(value));
  }

  function entry(out, valueHtml, data) {
    let attributes = '';
    for (const name of Object.keys(data || {})) attributes += ' data-' + name + '="' + escapeHtml(data[name]) + '"';
    return (
      '<div><dt>' + escapeHtml(TERMS[out]) + '</dt><dd data-out="' + out + '"' + attributes + '>' + valueHtml +
      '</dd></div>'
    );
  }

  function resultsHtml(record) {
    const claim = record.claim;
    const event = claim.event;
    const pure = record.pure_epsilon;
    return (
      entry('delta-required', numberHtml(claim.required), { exact: claim.required }) +
      entry('max-event', escapeHtml(event.direction) + ' 방향, ' + escapeHtml(eventText(event.outputs)), {
        direction: event.direction,
        outputs: event.outputs.join(' '),
      }) +
      entry('eps-pure', epsilonHtml(pure.exact, pure.decimal), { value: pure.decimal })
    );
  }

  function compositionHtml(record, epsilon) {
    const panel = record.composition;
    const head = entry('alpha0', numberHtml(panel.alpha0) + ' (ε₀ = ' + lnHtml(epsilon.step) + ')', {
      exact: panel.alpha0,
    });
    if (panel.queries === null) {
      return (
        head +
        ['delta0', 'queries', 'theorem-eps', 'theorem-delta', 'composed-delta-exact']
          .map((name) => entry(name, NONE))
          .join('')
      );
    }
    const composed = numberHtml(panel.composed_alpha);
    return (
      head +
      entry('delta0', numberHtml(panel.delta0), { exact: panel.delta0 }) +
      entry('queries', String(panel.queries), { exact: String(panel.queries) }) +
      entry('theorem-eps', lnHtml(epsilon.theorem) + ' (α = ' + composed + ')', {
        value: epsilon.theorem.decimal,
        alpha: panel.composed_alpha,
      }) +
      entry(
        'theorem-delta',
        'min(1, ' + panel.queries + ' × ' + escapeHtml(panel.delta0) + ') = ' + numberHtml(panel.theorem_delta),
        { exact: panel.theorem_delta },
      ) +
      entry('composed-delta-exact', numberHtml(panel.exact_delta) + ' (α = ' + composed + ')', {
        exact: panel.exact_delta,
      })
    );
  }

  function distributionCaption(record) {
    const event = record.claim.event;
    return (
      channelText(record) + ': 출력마다 ' + X_LABELS[0] + '일 때의 확률은 파랑, ' + X_LABELS[1] +
      '일 때는 주황 막대입니다. 최대 사건 ' + eventText(event.outputs) + '(' + event.direction +
      ' 방향)의 막대에 검은 윤곽선이 있습니다.'
    );
  }

  function profileCaption(record) {
    const claim = record.claim;
    return (
      channelText(record) + ': 정수 α = 1, 2, …, 100에서 정확히 계산한 δ*(α)가 파란 점이고, 점 사이의 ' +
      '선은 안내선입니다. 주황 선은 주장한 δ = ' + claim.delta + ', 빨간 점은 선택한 α = ' + claim.alpha +
      '에서 따로 정확히 계산한 δ* = ' + claim.required + '입니다.'
    );
  }

  function cell(exact) {
    return '<td data-exact="' + escapeHtml(exact) + '">' + numberHtml(exact) + '</td>';
  }

  function probabilityRows(record) {
    const channel = record.channel;
    const event = record.claim.event.outputs;
    return channel.labels
      .map(
        (label, i) =>
          '<tr data-output="' + escapeHtml(label) + '"><th scope="row">' + escapeHtml(label) + '</th>' +
          cell(channel.distribution0[i]) + cell(channel.distribution1[i]) + '<td>' +
          (event.indexOf(label) >= 0 ? '예' : '아니요') + '</td></tr>',
      )
      .join('');
  }

  function selectedRow(claim) {
    return (
      '<tr class="cl-selected" data-alpha="' + escapeHtml(claim.alpha) + '"><th scope="row">' +
      escapeHtml(claim.alpha) + ' (선택)</th>' + cell(claim.required) + '</tr>'
    );
  }

  function profileRows(record) {
    const grid = record.grid;
    return (
      selectedRow(record.claim) +
      grid.alphas
        .map(
          (alpha, i) =>
            '<tr data-alpha="' + escapeHtml(alpha) + '"><th scope="row">' + escapeHtml(alpha) + '</th>' +
            cell(grid.deltas[i]) + '</tr>',
        )
        .join('')
    );
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
          decimal: engine.decimalStr(exactOf(exacts[order])),
          in_event: event.indexOf(label) >= 0,
        });
      });
    });
    const profile = result.grid.alphas.map((alpha, i) => ({
      alpha: i + 1,
      alpha_exact: alpha,
      delta: chart.grid[i],
      delta_exact: result.grid.deltas[i],
      delta_decimal: engine.decimalStr(exactOf(result.grid.deltas[i])),
    }));
    const claim = [
      {
        alpha: chart.alpha,
        alpha_exact: result.claim.alpha,
        delta: chart.claim_delta,
        delta_exact: result.claim.delta,
        required: chart.required,
        required_exact: result.claim.required,
        required_decimal: result.claim.required_decimal,
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
    const key = channel.mode + ' ' + channel.p + ' ' + channel.k;
    const event = result.claim.event.outputs;
    return {
      result,
      claim: { value: result.claim.passes ? 'pass' : 'fail', text: verdictText(result.claim) },
      results: resultsHtml(result),
      composition: compositionHtml(result, result.epsilon),
      note: result.composition.queries === null ? 'data-note-xor' : 'data-note-composed',
      epsAlpha: 'ε = ln α = ' + lnHtml(result.epsilon.claim),
      epsAlpha0: 'ε₀ = ln α₀ = ' + lnHtml(result.epsilon.step),
      captions: { distribution: distributionCaption(result), profile: profileCaption(result) },
      tableKey: key,
      tables:
        key === memory.tableKey ? null : { distribution: probabilityRows(result), profile: profileRows(result) },
      inEvent: channel.labels.map((label) => (event.indexOf(label) >= 0 ? '예' : '아니요')),
      selectedRow: selectedRow(result.claim),
      charts: chartRows(result),
      announcement:
        verdictText(result.claim) + '. 최대 사건은 ' + result.claim.event.direction + ' 방향 ' +
        eventText(result.claim.event.outputs) + ', 최소 순수 ε는 ' + result.pure_epsilon.exact + '.',
    };
  }

  return { numberHtml, present, chartRows, probabilityRows, profileRows };
}

/**
 * Writes a presented state: assignments of strings computed already, and nothing else.
 * @param {any} view @param {Record<string, any>} slots @param {{tableKey?: string}} memory
 */
export function show(view, slots, memory) {
  slots.claim.setAttribute('data-value', view.claim.value);
  slots.claim.textContent = view.claim.text;
  slots.results.innerHTML = view.results;
  slots.composition.innerHTML = view.composition;
  slots.note.textContent = slots.note.getAttribute(view.note);
  slots.epsAlpha.innerHTML = view.epsAlpha;
  slots.epsAlpha0.innerHTML = view.epsAlpha0;
  slots.captionDistribution.textContent = view.captions.distribution;
  slots.captionProfile.textContent = view.captions.profile;
  const distribution = slots.rowsDistribution;
  const profile = slots.rowsProfile;
  if (view.tables) {
    distribution.innerHTML = view.tables.distribution;
    profile.innerHTML = view.tables.profile;
    memory.tableKey = view.tableKey;
  } else {
    Array.prototype.forEach.call(distribution.rows, (row, i) => {
      const last = row.cells[row.cells.length - 1];
      if (last.textContent !== view.inEvent[i]) last.textContent = view.inEvent[i];
    });
    const holder = profile.ownerDocument.createElement('tbody');
    holder.innerHTML = view.selectedRow;
    profile.replaceChild(holder.firstChild, profile.rows[0]);
  }
}

/**
 * The composition lab's definition for kit/lab.mjs, over one engine.
 * @param {any} engine
 */
export function compositionLab(engine) {
  const render = renderers(engine);
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
    onTexts(root, texts) {
      const xor = texts.mode === 'xor';
      root.querySelector('[data-lab-xor-reason]').hidden = !xor;
      root.querySelector('[data-lab-xor]').hidden = !xor;
    },
    slots: SLOTS,
    charts: ['distribution', 'profile'],
    title: '#cl-lab-title',
    evaluate: (values) => engine.evaluateLab(values),
    present: render.present,
    show,
  };
}
