/**
 * The slots both of this lesson's labs show alike, the twins of view.py's `epsilon` and
 * `max_event`: a pure ε and a maximal event, with their sentences from the lab's texts.
 *
 * @module postprocessing/view
 */

import { text } from '#lab/kit/shown.mjs';
import { escapeHtml, fillTemplate } from '#lab/kit/text.mjs';

/**
 * A pure ε: its sentence for 0 or ∞ (texts "eps-zero", "eps-infinite"), else "ln(3) ≈ 1.099".
 * @param {{kind: string, exact: string, decimal: string}} pure @param {Record<string, string>} texts
 */
export function epsilon(pure, texts) {
  const html =
    pure.kind !== 'finite'
      ? escapeHtml(texts['eps-' + pure.kind])
      : escapeHtml(pure.exact) + ' <span class="cl-decimal">≈ ' + escapeHtml(pure.decimal) + '</span>';
  return { attrs: { 'data-value': pure.decimal }, html };
}

/**
 * The maximal event with its direction, or the sentence for none.
 * @param {{direction: string, outputs: string[], text: string}} event @param {Record<string, string>} texts
 */
export function maxEvent(event, texts) {
  const sentence = event.outputs.length
    ? fillTemplate(texts['max-event'], { event: event.text, direction: event.direction })
    : texts['max-event-none'];
  return text(sentence, { 'data-direction': event.direction, 'data-outputs': event.outputs.join(' ') });
}
