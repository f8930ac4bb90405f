/**
 * Mounting the labs of a page. Each lab is an element `[data-lab="<name>"]` that the page
 * renders whole, with its default state (a lesson's lab page, generator/lessons/<slug>/);
 * the module registered under `<name>` takes it over. Each lab's bundle registers its own
 * labs only, so a lab of another name is another bundle's ("other") and is left alone; the
 * build makes sure that a page loads the bundle of every lab it holds
 * (generator/course/lab_bundle.py). Every lab mounts on its own, with its own state: a lab
 * that mounted carries data-lab-mounted and is left alone when a page is mounted again. A
 * mount that throws is logged with console.error, and that lab keeps its server-rendered
 * state (which says that it is static); the other labs go on.
 *
 * @module kit/mount
 */

/**
 * @typedef {(root: Element, env: object) => unknown} MountLab
 * @typedef {{root: Element, name: string, outcome: 'mounted' | 'other' | 'failed' | 'skipped', error?: unknown}} Mounted
 */

/**
 * Mounts every lab in `page` with the module registered under its name.
 * @param {{querySelectorAll(selector: string): Iterable<Element>}} page
 * @param {Record<string, MountLab>} registry lab name -> mount function
 * @param {object} env what every lab gets (window, document, loaders)
 * @param {{error(...args: unknown[]): void}} [log]
 * @returns {Mounted[]} what became of each lab, in page order
 */
export function mountLabs(page, registry, env, log = console) {
  /** @type {Mounted[]} */
  const outcomes = [];
  for (const root of page.querySelectorAll('[data-lab]')) {
    const name = root.getAttribute('data-lab') || '';
    if (root.hasAttribute('data-lab-mounted')) {
      outcomes.push({ root, name, outcome: 'skipped' });
      continue;
    }
    const mount = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : null;
    if (!mount) {
      outcomes.push({ root, name, outcome: 'other' });
      continue;
    }
    try {
      mount(root, env);
      outcomes.push({ root, name, outcome: 'mounted' });
    } catch (error) {
      // The server-rendered default state stays readable, and says that it is static.
      log.error(`${name} lab: the lab could not start; the default state stays`, error);
      outcomes.push({ root, name, outcome: 'failed', error });
    }
  }
  return outcomes;
}

/**
 * Runs `mount(document)` for every page shown: on Material's `document$` (which also fires
 * after instant navigation) through storage.js's `CompositionLab.onEveryPage`, else once
 * the document is parsed.
 * @param {any} win @param {any} doc @param {(page: any) => void} mount
 */
export function onEveryPage(win, doc, mount) {
  const namespace = win.CompositionLab;
  if (namespace && typeof namespace.onEveryPage === 'function') namespace.onEveryPage(mount);
  else if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', () => mount(doc));
  else mount(doc);
}
