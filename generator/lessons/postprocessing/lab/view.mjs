/**
 * The slot both of this lesson's labs show alike, the twin of view.py's `max_event`: a
 * maximal event, with its sentences from the lab's texts (a pure ε is the kit's `pureEpsilon`).
 *
 * @module postprocessing/view
 */

import { text } from '#lab/kit/shown.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';

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
