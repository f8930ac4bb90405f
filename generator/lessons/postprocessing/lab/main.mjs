/**
 * The post-processing lesson's entry point, bundled by esbuild into the classic script
 * assets/javascripts/lab/postprocessing.js (generator/course/lab_bundle.py), which only a page
 * with its labs loads. It starts every `[data-lab="postprocessing"]` and `[data-lab="group"]`
 * of each page shown (kit/start); labs of other names are other bundles' and are left alone
 * (kit/mount). It publishes no global.
 */

import { mountLab } from '#lab/kit/lab.mjs';
import { startLabs } from '#lab/kit/start.mjs';
import * as engine from './engine.mjs';
import { groupLab } from './group.mjs';
import { postprocessingLab } from './postprocessing.mjs';

startLabs({
  postprocessing: (root, env) => mountLab(root, postprocessingLab(root, engine), env),
  group: (root, env) => mountLab(root, groupLab(root, engine), env),
});
