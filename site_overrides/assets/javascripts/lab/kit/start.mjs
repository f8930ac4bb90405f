/**
 * Starting a lab bundle: each lab's entry (generator/lessons/<slug>/lab/main.mjs), bundled
 * by esbuild into the classic script assets/javascripts/lab/<slug>.js, calls `startLabs`
 * with its registry while the script runs. Every `[data-lab="<name>"]` of each page shown
 * that the registry names is then mounted (kit/mount), with what every lab shares: the
 * window, the document, one loader of vega-embed (found beside the site's own files, from
 * this script's address) and whether the page keeps its host's history clean.
 *
 * @module kit/start
 */

import { vegaLoader } from './charts.mjs';
import { engineLab, mountLab } from './lab.mjs';
import { mountLabs, onEveryPage } from './mount.mjs';
import { replacesHistory } from './url.mjs';

/**
 * @param {Record<string, (root: Element, env: object) => unknown>} registry lab name -> mount
 * @param {any} [win] @param {any} [doc]
 */
export function startLabs(registry, win = window, doc = document) {
  // Read while the bundle runs: currentScript is null once it has run.
  const script = doc.currentScript;
  const vegaUrl = script ? new URL('../../vendor/vega/vega-embed.js', script.src).href : null;
  const env = {
    win,
    doc,
    loadVega: vegaLoader(win, doc, vegaUrl),
    replaceHistory: replacesHistory(doc),
  };
  onEveryPage(win, doc, (page) => mountLabs(page, registry, env));
}

/**
 * Starts the labs of one lesson's bundle from their modules (lab name -> the module's
 * namespace, generator/lessons/<slug>/lab/<name>.mjs): each is mounted with the definition
 * kit/lab's `engineLab` makes of it.
 * @param {Record<string, any>} modules @param {any} [win] @param {any} [doc]
 */
export function startLabModules(modules, win = window, doc = document) {
  /** @type {Record<string, (root: Element, env: object) => unknown>} */
  const registry = {};
  for (const name of Object.keys(modules)) {
    registry[name] = (root, env) => mountLab(root, engineLab(/** @type {HTMLElement} */ (root), modules[name]), /** @type {any} */ (env));
  }
  startLabs(registry, win, doc);
}
