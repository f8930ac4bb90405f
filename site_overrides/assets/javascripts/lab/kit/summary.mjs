/**
 * The key results of a lab, kept in view while its inputs are edited: the summary bar
 * `[data-lab-summary]` (generator/course/templates/lab.html, the items of LabShell.summary)
 * repeats a few result slots in a line each. It sticks under the page's header (lab.css), so
 * on a phone the required δ, the verdict and the pure ε stay on screen above the field that
 * is being typed into.
 *
 * Each item `[data-summary-of="<out>"]` reads its result slot `[data-out="<out>"]` after a
 * state is shown, by one rule for every lab:
 * - the verdict `claim`: the lab's "summary-pass" or "summary-fail" text, and its data-value;
 * - a slot with an exact value (data-exact): that value's reading (exact/readable.mjs), so
 *   a 120-digit fraction reads "≈ 1 − 1.3 × 10⁻⁷" here too;
 * - any other slot: its text, with a long fraction's digits left out.
 * The bar is hidden until the lab mounts: without the script nothing can be edited.
 *
 * @module kit/summary
 */

import { readingText } from './markup.mjs';
import { labText } from './text.mjs';

/** A slot's text without the digits of its long fractions (details.cl-exact's .cl-fraction). */
function textWithoutFractions(slot) {
  let text = '';
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) text += child.nodeValue;
      else if (!(child.classList && child.classList.contains('cl-fraction'))) walk(child);
    }
  };
  walk(slot);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * What one item shows for its slot. @param {Element} root @param {Element} slot
 * @returns {{text: string, value: string | null}}
 */
export function summaryOf(root, slot) {
  if (slot.getAttribute('data-out') === 'claim') {
    const value = slot.getAttribute('data-value') || '';
    return { text: labText(root, 'summary-' + value), value };
  }
  const exact = slot.getAttribute('data-exact');
  return { text: exact === null ? textWithoutFractions(slot) : readingText(exact), value: null };
}

/**
 * Fills the summary bar from the slots of the state just shown, and shows it.
 * @param {HTMLElement} root the lab's element
 */
export function showSummary(root) {
  const bar = /** @type {HTMLElement | null} */ (root.querySelector('[data-lab-summary]'));
  if (!bar) return;
  for (const item of bar.querySelectorAll('[data-summary-of]')) {
    const slot = root.querySelector('[data-out="' + item.getAttribute('data-summary-of') + '"]');
    if (!slot) throw new Error("the lab's summary names no result " + item.getAttribute('data-summary-of'));
    const shown = summaryOf(root, slot);
    item.textContent = shown.text;
    if (shown.value === null) item.removeAttribute('data-value');
    else item.setAttribute('data-value', shown.value);
  }
  bar.hidden = false;
}
