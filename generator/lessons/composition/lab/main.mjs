/**
 * The composition lab's entry point, bundled by esbuild into the classic script
 * assets/javascripts/lab/composition.js (generator/course/lab_bundle.py), which only a page
 * with this lab loads.
 *
 * It publishes the composition engine as `window.CompositionLabEngine` (frozen), then starts
 * every `[data-lab="composition"]` of each page shown (kit/start). A lab takes its engine
 * from the published global when it mounts, so a test can wrap the engine's formatters
 * before the lab uses them (tests/browser/test_lab_parity.py).
 */

import { mountLab } from '#lab/kit/lab.mjs';
import { startLabs } from '#lab/kit/start.mjs';
import { compositionLab } from './composition.mjs';
import * as compositionEngine from './engine.mjs';

window.CompositionLabEngine = Object.freeze({ ...compositionEngine });

startLabs({
  composition: (root, env) => mountLab(root, compositionLab(root, window.CompositionLabEngine), env),
});
