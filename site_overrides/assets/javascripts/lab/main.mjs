/**
 * The labs' entry point, bundled by esbuild into the classic script lab/lab.js
 * (generator/course/lab_bundle.py), which a page gets only when it has a lab.
 *
 * It publishes the composition engine as `window.CompositionLabEngine` (frozen), then
 * mounts every `[data-lab="<name>"]` of each page shown with the lab registered under that
 * name (kit/mount.mjs). Each lab gets its own state; what they share is the page: the
 * window, the document, one loader of vega-embed, and whether the page keeps its host's
 * history clean.
 *
 * A lab takes its engine from the published global when it mounts, so a test can wrap the
 * engine's formatters before the lab uses them (tests/browser/test_lab_parity.py).
 */

import { compositionLab } from './composition.mjs';
import * as compositionEngine from './engine.mjs';
import { vegaLoader } from './kit/charts.mjs';
import { mountLab } from './kit/lab.mjs';
import { mountLabs, onEveryPage } from './kit/mount.mjs';
import { replacesHistory } from './kit/url.mjs';

// Read while this script runs: the chart library sits beside the site's own files.
const script = document.currentScript;
const vegaUrl = script ? new URL('../../vendor/vega/vega-embed.js', script.src).href : null;

window.CompositionLabEngine = Object.freeze({ ...compositionEngine });

/** Lab name (data-lab) -> how it mounts. */
const LABS = {
  composition: (root, env) => mountLab(root, compositionLab(window.CompositionLabEngine), env),
};

const env = {
  win: window,
  doc: document,
  loadVega: vegaLoader(window, document, vegaUrl),
  replaceHistory: replacesHistory(document),
};

onEveryPage(window, document, (page) => mountLabs(page, LABS, env));
