/**
 * The optimal-composition lab: its definition for the lab kit (kit/lab.mjs), over the
 * engine (engine.mjs).
 *
 * The server renders the whole lab with its default state (generator/lessons/optimal/
 * lab_page.py, templates optimal_lab.html and results.html); this module patches values and
 * attributes into the same elements:
 *
 * - the answers `eps-optimal`, `eps-basic` (data-value, data-alpha; neither when the answer
 *   does not exist, then "∞" or "—" with its reason) and `eps-advanced` (data-value);
 * - the exact values `theorem-delta`, `delta-at-basic`, `loss-infinite` (data-exact and the
 *   number markup of kit/markup) and `support-size` (data-value);
 * - the captions of both figures and their charts' data sets (kit/charts, spec "optimal",
 *   kinds "profile" and "loss").
 *
 * The mode (radio group `mode`) decides which fields the state uses: "same" ignores the
 * list of steps, "mixed" ignores α₀, δ₀ and k (kit/lab disables them and keeps their text).
 *
 * Every sentence is one of the page's (the root's data-text-*, lab_page.TEXTS); no Korean is
 * typed here. `present` computes every string of a state and may throw; `show` only assigns.
 *
 * @module optimal/lab
 */

import { exactOf, numberHtml, readingText } from '#lab/kit/markup.mjs';
import { escapeHtml, labHtml, labText } from '#lab/kit/text.mjs';

/** Every element `show` writes, by name (kit/lab finds them once, at mount). */
export const SLOTS = Object.freeze({
  optimal: '[data-out="eps-optimal"]',
  basic: '[data-out="eps-basic"]',
  advanced: '[data-out="eps-advanced"]',
  theoremDelta: '[data-out="theorem-delta"]',
  deltaAtBasic: '[data-out="delta-at-basic"]',
  lossInfinite: '[data-out="loss-infinite"]',
  support: '[data-out="support-size"]',
  profileCaption: '[data-lab-caption="profile"]',
  lossCaption: '[data-lab-caption="loss"]',
  error: '[data-lab-error]',
  notice: '[data-lab-notice]',
  live: '[data-lab-live]',
});

const EXACT_SLOTS = Object.freeze([
  ['theoremDelta', (record) => record.basic.delta],
  ['deltaAtBasic', (record) => record.delta_at_basic],
  ['lossInfinite', (record) => record.infinite],
]);

/** The fields each mode ignores. */
const IGNORED = Object.freeze({ same: ['steps'], mixed: ['alpha0', 'delta0', 'k'] });

/**
 * The renderers of one lab: its sentences come from its root (data-text-*), its decimals
 * from the engine's readable (exact/readable.mjs).
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function renderers(root, engine) {
  const say = (name, values) => labText(root, name, values);
  const html = (name, values) => labHtml(root, name, values);
  const number = (exact) => numberHtml(exact, (value) => engine.readable(value));
  const reading = (exact) => readingText(exact, (value) => engine.readable(value));

  /** An answer with its α: "2.197 (α = 9)", or for a long α "4.072 (α ≈ 58.66)" (lab_page._with_alpha). */
  const withAlpha = (epsilon, alpha) => ({
    value: epsilon,
    alpha,
    html: html(engine.readable(exactOf(alpha)).long ? 'eps-with-long-alpha' : 'eps-with-alpha', {
      epsilon: escapeHtml(epsilon),
      alpha: number(alpha),
    }),
  });

  /**
   * Every string of one state, computed before anything is written (may throw).
   * @param {any} record engine.evaluateState's
   */
  function present(record) {
    const { optimal, basic, advanced } = record;
    const shownOptimal =
      optimal.alpha === null
        ? { value: 'inf', alpha: null, html: html('eps-infinite', { reveal: escapeHtml(reading(record.infinite)) }) }
        : withAlpha(optimal.epsilon, optimal.alpha);
    const shownBasic = basic.applies
      ? withAlpha(basic.epsilon, basic.alpha)
      : { value: null, alpha: null, html: html('basic-over', { sum: escapeHtml(reading(basic.delta)) }) };
    const shownAdvanced = advanced.applies
      ? {
          value: advanced.epsilon,
          alpha: null,
          html: html('advanced-value', { epsilon: escapeHtml(advanced.epsilon), delta_prime: escapeHtml(reading(advanced.delta_prime)) }),
        }
      : { value: null, alpha: null, html: html('advanced-over') };
    return {
      result: record,
      optimal: shownOptimal,
      basic: shownBasic,
      advanced: shownAdvanced,
      exact: EXACT_SLOTS.map(([slot, of]) => ({ slot, exact: of(record), html: number(of(record)) })),
      support: { value: String(record.support_size), text: say('support', { count: record.support_size }) },
      profileCaption: say('caption-profile', { points: record.curve.length, floor: reading(engine.curveFloor(record.delta)) }),
      lossCaption: say('caption-loss', {
        count: record.support_size,
        shown: record.bars.length,
        omitted: record.omitted_bars,
        infinite: reading(record.infinite),
      }),
      charts: { spec: 'optimal', data: engine.chartRows(record) },
      announcement: say('announcement', {
        optimal: optimal.epsilon === 'inf' ? '∞' : optimal.epsilon,
        advanced: advanced.applies ? advanced.epsilon : '—',
        basic: basic.applies ? basic.epsilon : '—',
      }),
    };
  }

  return { present, number };
}

/** @param {any} slot @param {string} name @param {string | null} value */
function setOrRemove(slot, name, value) {
  if (value === null) slot.removeAttribute(name);
  else slot.setAttribute(name, value);
}

/** @param {any} slot @param {{value: string | null, alpha: string | null, html: string}} shown */
function showAnswer(slot, shown) {
  setOrRemove(slot, 'data-value', shown.value);
  setOrRemove(slot, 'data-alpha', shown.alpha);
  slot.innerHTML = shown.html;
}

/**
 * Writes a presented state: assignments of strings computed already, and nothing else.
 * @param {any} view @param {Record<string, any>} slots
 */
export function show(view, slots) {
  showAnswer(slots.optimal, view.optimal);
  showAnswer(slots.basic, view.basic);
  showAnswer(slots.advanced, view.advanced);
  for (const shown of view.exact) {
    slots[shown.slot].setAttribute('data-exact', shown.exact);
    slots[shown.slot].innerHTML = shown.html;
  }
  slots.support.setAttribute('data-value', view.support.value);
  slots.support.textContent = view.support.text;
  slots.profileCaption.textContent = view.profileCaption;
  slots.lossCaption.textContent = view.lossCaption;
}

/**
 * The optimal-composition lab's definition for kit/lab.mjs, on its root, over one engine.
 * @param {{getAttribute(name: string): string | null}} root @param {any} engine
 */
export function optimalLab(root, engine) {
  const render = renderers(root, engine);
  return {
    label: 'optimal lab',
    numbers: engine,
    params: engine.PARAMS,
    fields: engine.FIELDS,
    choice: 'mode',
    readChoice: (text) => engine.parseMode(text),
    ignored: (texts) => IGNORED[texts.mode] || [],
    ignorable: ['alpha0', 'delta0', 'k', 'steps'],
    slots: SLOTS,
    charts: ['profile', 'loss'],
    title: '#cl-optimal-title',
    evaluate: (values) => engine.evaluateState(values),
    present: render.present,
    show,
  };
}
