/**
 * The DP-SGD accountant lab in the browser: the twin of generator/lessons/dpsgd/ (lab.py's
 * state, view.py's slots and announcement).
 *
 * Every ε of this lab is irrational, so nothing here computes one: the core certified every
 * point of the lab's grid at build time, and the page carries that table as data
 * ([data-lab-table], read by the kit's `engineLab`). `evaluate` looks the chosen point up by
 * its key ("rate|sigma|steps|delta", each the choice's text), and `view` writes its strings into
 * the slots with the page's sentences (the root's data-text-*: no sentence is typed here). The
 * golden vectors hold every export to the Python (tests/js/engines.test.mjs).
 *
 * @module dpsgd/lab
 */

import { lookup } from '#lab/kit/lookup.mjs';
import { fillTemplate } from '#lab/kit/text.mjs';

/** @typedef {import('./types.mjs').StateRecord} StateRecord */
/** @typedef {import('./types.mjs').Accountant} Accountant */

const GRID = Object.freeze(['rate', 'sigma', 'steps', 'delta']);

/**
 * The record of a point of the grid (lab.record): the table's entry for its key.
 * @param {Record<string, string>} values @param {Record<string, StateRecord> | null} table
 * @returns {StateRecord}
 */
export function evaluate(values, table) {
  return lookup(table, GRID, values);
}

/** An RDP accountant's ε with its order (view.accountant_shown). @param {Accountant} shown @param {Record<string, string>} texts */
function accountantShown(shown, texts) {
  return {
    attrs: {
      'data-value': shown.epsilon,
      'data-order': String(shown.order),
      'data-lower': shown.lower,
      'data-upper': shown.upper,
    },
    text: fillTemplate(texts['rdp-value'], { epsilon: shown.epsilon, order: shown.order }),
  };
}

/** Every slot of the lab for one point (view.view). @param {StateRecord} record @param {Record<string, string>} texts */
export function view(record, texts) {
  return {
    'out:eps-rdp': accountantShown(record.rdp, texts),
    'out:eps-rdp-classic': accountantShown(record.rdp_classic, texts),
  };
}

/** What the live region says (view.announcement). @param {StateRecord} record @param {Record<string, string>} texts */
export function announcement(record, texts) {
  return fillTemplate(texts.announcement, { rdp: record.rdp.epsilon, classic: record.rdp_classic.epsilon });
}
