/**
 * Writing a lab's view into its page: the browser's twin of generator/course/shown.py.
 *
 * A view maps slot names ("out:claim", "caption:tradeoff", "rows:outputs", "field:event",
 * "note:composition") to what each slot shows: attributes (null removes one), text or
 * markup, hidden, disabled (the inputs inside), items (a container's `[data-item]`
 * children, cloned from its `<template>` when the view has more; extra ones removed when it
 * has a template, else hidden) and cells (an item's `th`/`td` children, in order). The
 * server renders the same slots from a view of the default state with the same rules, so
 * this module writes values and attributes into existing markup and builds none of its own.
 *
 * The helpers `exact`, `exactCell`, `text` and `verdict` make the slots every lab shows, as
 * their Python twins of the same names do.
 *
 * @module kit/shown
 */

import { cellHtml, numberHtml } from './markup.mjs';
import { escapeHtml } from './text.mjs';

/** @typedef {{attrs?: Record<string, string | null>, text?: string, html?: string, hidden?: boolean,
 *             disabled?: boolean, items?: Shown[], cells?: Shown[]}} Shown */

const PLACES = Object.freeze({
  out: 'data-out',
  caption: 'data-lab-caption',
  rows: 'data-lab-rows',
  field: 'data-field',
  note: 'data-lab-note',
});

/**
 * An exact value (a reduced fraction string): its fraction in data-exact, its reading as content.
 * @param {string} value @param {Record<string, string | null>} [attrs] @returns {Shown}
 */
export function exact(value, attrs = {}) {
  return { attrs: { 'data-exact': value, ...attrs }, html: numberHtml(value) };
}

/** An exact value in a table cell (a long one waits for the table's switch). @param {string} value @returns {Shown} */
export function exactCell(value) {
  return { attrs: { 'data-exact': value }, html: cellHtml(value) };
}

/** A text, with the attributes given (none: no attrs, as the JSON form leaves out what is unset). @param {string} value @param {Record<string, string | null>} [attrs] @returns {Shown} */
export function text(value, attrs = {}) {
  return Object.keys(attrs).length ? { attrs, text: value } : { text: value };
}

/** A pass/fail verdict: data-value "pass" or "fail", and its sentence. @param {boolean} passes @param {string} sentence @returns {Shown} */
export function verdict(passes, sentence) {
  return { attrs: { 'data-value': passes ? 'pass' : 'fail' }, text: sentence };
}

/**
 * A pure ε (course/shown.py's `pure_epsilon`): the lab's sentence for 0 or ∞ (texts
 * "eps-zero", "eps-infinite"), else "ln(3) ≈ 1.099", its decimal in data-value.
 * @param {{kind: string, exact: string, decimal: string}} pure @param {Record<string, string>} texts @returns {Shown}
 */
export function pureEpsilon(pure, texts) {
  const html =
    pure.kind !== 'finite'
      ? escapeHtml(texts['eps-' + pure.kind])
      : escapeHtml(pure.exact) + ' <span class="cl-decimal">≈ ' + escapeHtml(pure.decimal) + '</span>';
  return { attrs: { 'data-value': pure.decimal }, html };
}

/** The CSS selector of a slot's element: "out:claim" -> '[data-out="claim"]'. @param {string} name */
export function slotSelector(name) {
  const at = name.indexOf(':');
  const place = name.slice(0, at);
  const attribute = Object.prototype.hasOwnProperty.call(PLACES, place) ? PLACES[place] : null;
  if (at < 1 || !attribute || at === name.length - 1) throw new Error('a slot is named <place>:<name>, not ' + name);
  return '[' + attribute + '="' + name.slice(at + 1) + '"]';
}

/** @param {any} element @returns {any[]} the element's items, in document order */
function itemsOf(element) {
  return Array.from(element.querySelectorAll('[data-item]'));
}

/** @param {any} element @returns {any[]} an item's cells */
function cellsOf(element) {
  return Array.from(element.children).filter((child) => child.tagName === 'TD' || child.tagName === 'TH');
}

/**
 * The markup each element was last given by `showSlot`: markup that has not changed is not
 * parsed and laid out again (a table of a hundred rows keeps most of its cells from one state
 * to the next). Only this module writes a slot's content, so what it wrote is what is there.
 * @type {WeakMap<object, string>}
 */
const written = new WeakMap();

/**
 * Writes one slot's state into its element.
 * @param {any} element @param {Shown} shown
 */
export function showSlot(element, shown) {
  const attrs = shown.attrs || {};
  for (const name of Object.keys(attrs)) {
    const value = attrs[name];
    // Only a change is written: an attribute that styles match invalidates the element's style.
    if (value === null) element.removeAttribute(name);
    else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
  if (shown.html !== undefined) {
    if (written.get(element) !== shown.html) {
      element.innerHTML = shown.html;
      written.set(element, shown.html);
    }
  } else if (shown.text !== undefined) {
    if (element.textContent !== shown.text) element.textContent = shown.text;
    written.delete(element);
  }
  if (shown.hidden !== undefined) element.hidden = shown.hidden;
  if (shown.disabled !== undefined) for (const input of element.querySelectorAll('input')) input.disabled = shown.disabled;
  if (shown.items) showItems(element, shown.items);
  if (shown.cells) {
    const cells = cellsOf(element);
    if (cells.length !== shown.cells.length) throw new Error('a row has ' + cells.length + ' cells, its view ' + shown.cells.length);
    shown.cells.forEach((cell, i) => showSlot(cells[i], cell));
  }
}

/** @param {any} container @param {Shown[]} items */
function showItems(container, items) {
  const template = Array.from(container.children).find((child) => child.tagName === 'TEMPLATE');
  let existing = itemsOf(container);
  while (template && existing.length < items.length) {
    container.appendChild(template.content.firstElementChild.cloneNode(true));
    existing = itemsOf(container);
  }
  if (!template && existing.length < items.length) throw new Error('a list shows ' + existing.length + ' items, its view ' + items.length);
  existing.forEach((element, i) => {
    if (i < items.length) showSlot(element, items[i]);
    else if (template) element.remove();
    else element.hidden = true;
  });
}

/**
 * Finds every slot a view names, once (a missing one stops the mount, not an update).
 * @param {any} root @param {string[]} names @returns {Record<string, Element>}
 */
export function findViewSlots(root, names) {
  /** @type {Record<string, Element>} */
  const slots = {};
  for (const name of names) {
    const element = root.querySelector(slotSelector(name));
    if (!element) throw new Error("the lab's markup has no slot " + name);
    slots[name] = element;
  }
  return slots;
}

/**
 * Writes a whole view (only assignments: the view was computed before).
 * @param {Record<string, Shown>} view @param {Record<string, Element>} slots
 */
export function showView(view, slots) {
  for (const name of Object.keys(view)) {
    const element = slots[name];
    if (!element) throw new Error('no slot ' + name + ' was found at mount');
    showSlot(element, view[name]);
  }
}
