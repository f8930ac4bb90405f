/**
 * The noise-mechanism lab's entry point, bundled by esbuild into the classic script
 * assets/javascripts/lab/sensitivity.js (generator/course/lab_bundle.py), which only a page
 * with this lab loads. It starts every `[data-lab="sensitivity"]` of each page shown
 * (kit/start); labs of other names are other bundles' and are left alone (kit/mount). It
 * publishes no global.
 */

import { mountLab } from '#lab/kit/lab.mjs';
import { startLabs } from '#lab/kit/start.mjs';
import * as engine from './engine.mjs';
import { sensitivityLab } from './lab.mjs';

startLabs({
  sensitivity: (root, env) => mountLab(root, sensitivityLab(root, engine), env),
});
